import { Link } from '@remix-run/react'
import { useCart } from './cart-provider'
import { outlineButtonClass } from '~/components/ui/button-classes'
import { useLocalizedPath, useT } from '~/utils/i18n-react'

/**
 * The header's cart indicator (desktop navigation and mobile menu panel): a link to /cart with
 * the item count, shown only when the cart holds items (docs/product.md, the header).
 */
export function CartLink({ placement }: { placement: 'desktop' | 'mobile' }) {
	const { hydrated, count } = useCart()
	const t = useT()
	const localize = useLocalizedPath()
	if (!hydrated || count === 0) return null
	return (
		<Link
			to={localize('/cart')}
			aria-label={t('common.cartLinkLabel', { count })}
			data-placement={placement}
			className={`${outlineButtonClass} gap-2 px-3 py-1.5`}
		>
			<svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
				<path
					d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6.2"
					strokeLinecap="round"
					strokeLinejoin="round"
				/>
				<circle cx="10" cy="20" r="1.3" />
				<circle cx="17" cy="20" r="1.3" />
			</svg>
			<span aria-hidden="true">{count}</span>
		</Link>
	)
}
