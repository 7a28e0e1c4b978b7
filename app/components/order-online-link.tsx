import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { orderLink, useBusiness } from '~/config/business'

/**
 * Order Online / Order Now: the third-party ordering page in a new tab when one is configured
 * (ORDER_ONLINE_URL), otherwise an in-site page in the same tab. Never a placeholder address.
 */
export function OrderOnlineLink({
	children = 'Order Online',
	fallbackPath = '/shop',
	className,
}: {
	children?: ReactNode
	fallbackPath?: string
	className?: string
}) {
	const { href, external } = orderLink(useBusiness(), fallbackPath)
	if (!external) {
		return (
			<Link to={href} className={className}>
				{children}
			</Link>
		)
	}
	return (
		<a href={href} target="_blank" rel="noopener noreferrer" className={className}>
			{children}
			<span className="sr-only"> (opens in a new tab)</span>
		</a>
	)
}

export const orderButtonClass =
	'inline-flex items-center justify-center gap-2 rounded-full bg-cinnamon px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-cocoa'
