import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { orderLink, useBusiness } from '~/config/business'
import { useLocalizedPath, useT } from '~/utils/i18n-react'

/**
 * Order Online / Order Now: the third-party ordering page in a new tab when one is configured
 * (ORDER_ONLINE_URL), otherwise an in-site page in the same tab. Never a placeholder address.
 */
export function OrderOnlineLink({
	children,
	fallbackPath = '/shop',
	className,
}: {
	children?: ReactNode
	fallbackPath?: string
	className?: string
}) {
	const t = useT()
	const localize = useLocalizedPath()
	const { href, external } = orderLink(useBusiness(), fallbackPath)
	const label = children ?? t('common.orderOnline')
	if (!external) {
		return (
			<Link to={localize(href)} className={className}>
				{label}
			</Link>
		)
	}
	return (
		<a href={href} target="_blank" rel="noopener noreferrer" className={className}>
			{label}
			<span className="sr-only">{t('common.opensInNewTab')}</span>
		</a>
	)
}

export const orderButtonClass =
	'inline-flex items-center justify-center gap-2 rounded-full bg-cinnamon px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-cocoa'
