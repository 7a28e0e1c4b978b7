import { Link } from '@remix-run/react'
import { useLocalizedPath, useT } from '~/utils/i18n-react'

export function EmptyCart() {
	const t = useT()
	const localize = useLocalizedPath()
	return (
		<div className="rounded-xl bg-dough/60 p-8 text-center">
			<p className="text-lg">{t('shop.cartEmpty')}</p>
			<Link to={localize('/menu')} className="mt-4 inline-block font-semibold text-cinnamon underline">
				{t('shop.browseMenu')}
			</Link>
		</div>
	)
}
