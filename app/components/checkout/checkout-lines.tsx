import { CartLineImage } from '~/components/cart/cart-line-image'
import { CartLineOptions, cartLineName } from '~/components/cart/cart-line-options'
import { useCart } from '~/components/cart-provider'
import type { CartItem } from '~/utils/cart'
import { formatPrice } from '~/utils/money'

const stepButton =
	'grid h-10 w-10 place-items-center rounded-full border border-cocoa/40 text-lg font-bold hover:bg-dough disabled:cursor-not-allowed disabled:opacity-40'

/** The order column: each line with − quantity + and Remove (minus stops at 1), then the total. */
export function CheckoutLines() {
	const cart = useCart()
	return (
		<div>
			<ul className="divide-y divide-dough">
				{cart.items.map((item) => (
					<CheckoutLine key={item.key} item={item} />
				))}
			</ul>
			<p className="mt-4 text-right text-xl font-bold">Total: {formatPrice(cart.totalCents)}</p>
		</div>
	)
}

function CheckoutLine({ item }: { item: CartItem }) {
	const cart = useCart()
	const lineName = cartLineName(item)
	return (
		<li className="flex flex-wrap items-center gap-3 py-3">
			<CartLineImage item={item} />
			<div className="min-w-32 flex-1">
				<p className="font-semibold">{item.name}</p>
				<CartLineOptions item={item} />
				<p>{formatPrice(item.priceCents)}</p>
			</div>
			<div className="flex items-center gap-2">
				<button
					type="button"
					className={stepButton}
					disabled={item.quantity <= 1}
					aria-label={`Decrease quantity of ${lineName}`}
					onClick={() => cart.updateQuantity(item.key, item.quantity - 1)}
				>
					−
				</button>
				<span className="w-8 text-center" aria-label={`Quantity of ${lineName}`}>
					{item.quantity}
				</span>
				<button
					type="button"
					className={stepButton}
					aria-label={`Increase quantity of ${lineName}`}
					onClick={() => cart.updateQuantity(item.key, item.quantity + 1)}
				>
					+
				</button>
			</div>
			<button
				type="button"
				className="font-semibold text-cinnamon underline underline-offset-4 hover:text-cocoa"
				aria-label={`Remove ${lineName}`}
				onClick={() => cart.remove(item.key)}
			>
				Remove
			</button>
		</li>
	)
}
