import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MenuErrorBoundary, MenuPageHeader, MenuPageShell, MenuSection, useMenuData } from '~/components/menu/menu-page'
import { loadCategoryMenu } from '~/domain/menu/menu-page.server'
import { outageHeaders } from '~/utils/outage.server'
import { useT } from '~/utils/i18n-react'
import { metaTranslator, pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.brazilianTitle'), description: t('shop.brazilianDescription') })
}

export async function loader({ request }: LoaderFunctionArgs) {
	return loadCategoryMenu('BRAZILIAN_PASTRIES', request)
}

export const headers = outageHeaders

export default function BrazilianPastries() {
	const t = useT()
	const menu = useMenuData(useLoaderData<typeof loader>())
	return (
		<MenuPageShell>
			<MenuPageHeader title={t('shop.brazilianTitle')}>{t('shop.brazilianIntro')}</MenuPageHeader>
			<MenuSection {...menu} showOrderNow />
		</MenuPageShell>
	)
}

export function ErrorBoundary() {
	const t = useT()
	return <MenuErrorBoundary message={t('shop.brazilianError')} />
}
