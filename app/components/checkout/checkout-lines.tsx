import { CartLineImage } from '~/components/cart/cart-line-image'
import { CartLineOptions, cartLineName } from '~/components/cart/cart-line-options'
import { useCart } from '~/components/cart-provider'
import { lineProblemText } from '~/components/cart/current-cart'
import type { CartItem } from '~/domain/orders/cart'
import type { CartLineProblem } from '~/domain/orders/cart-prices'
import { formatPrice } from '~/utils/money'
import { useLocale, useT } from '~/utils/i18n-react'

const stepButton =
	'grid h-10 w-10 place-items-center rounded-full border border-cocoa/40 text-lg font-bold hover:bg-dough disabled:cursor-not-allowed disabled:opacity-40'

/**
 * The order column: each line at the menu's current price (`useCurrentCart`) with − quantity + and Remove (minus
 * stops at 1), a line that cannot be bought now saying why instead of a price; then the total of the others.
 */
export function CheckoutLines({
	lines,
	problems,
	totalCents,
}: {
	lines: readonly CartItem[]
	problems: Readonly<Record<string, CartLineProblem>>
	totalCents: number
}) {
	const t = useT()
	const locale = useLocale()
	return (
		<div>
			<ul className="divide-y divide-dough">
				{lines.map((item) => (
					<CheckoutLine key={item.key} item={item} problem={problems[item.key]} />
				))}
			</ul>
			<p className="mt-4 text-right text-xl font-bold">
				{t('shop.total', { amount: formatPrice(totalCents, locale) })}
			</p>
		</div>
	)
}

function CheckoutLine({ item, problem }: { item: CartItem; problem?: CartLineProblem }) {
	const cart = useCart()
	const lineName = cartLineName(item)
	const t = useT()
	const locale = useLocale()
	return (
		<li className="flex flex-wrap items-center gap-3 py-3">
			<CartLineImage item={item} />
			<div className="min-w-32 flex-1">
				<p className="font-semibold">{item.name}</p>
				<CartLineOptions item={item} />
				{problem ? (
					<p className="font-semibold text-red-800">{lineProblemText(item.name, problem, t)}</p>
				) : (
					<p>{formatPrice(item.priceCents, locale)}</p>
				)}
			</div>
			<div className="flex items-center gap-2">
				<button
					type="button"
					className={stepButton}
					disabled={item.quantity <= 1}
					aria-label={t('shop.decreaseQuantityOf', { name: lineName })}
					onClick={() => cart.updateQuantity(item.key, item.quantity - 1)}
				>
					−
				</button>
				<span className="w-8 text-center" aria-label={t('shop.quantityOf', { name: lineName })}>
					{item.quantity}
				</span>
				<button
					type="button"
					className={stepButton}
					aria-label={t('shop.increaseQuantityOf', { name: lineName })}
					onClick={() => cart.updateQuantity(item.key, item.quantity + 1)}
				>
					+
				</button>
			</div>
			<button
				type="button"
				className="font-semibold text-cinnamon underline underline-offset-4 hover:text-cocoa"
				aria-label={t('shop.removeItem', { name: lineName })}
				onClick={() => cart.remove(item.key)}
			>
				{t('shop.remove')}
			</button>
		</li>
	)
}
