import { CartLineImage } from '~/components/cart/cart-line-image'
import { useCart } from '~/components/cart-provider'
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
					<li key={item.key} className="flex flex-wrap items-center gap-3 py-3">
						<CartLineImage item={item} />
						<div className="min-w-32 flex-1">
							<p className="font-semibold">{item.name}</p>
							<p>{formatPrice(item.priceCents)}</p>
						</div>
						<div className="flex items-center gap-2">
							<button
								type="button"
								className={stepButton}
								disabled={item.quantity <= 1}
								aria-label={`Decrease quantity of ${item.name}`}
								onClick={() => cart.updateQuantity(item.key, item.quantity - 1)}
							>
								−
							</button>
							<span className="w-8 text-center" aria-label={`Quantity of ${item.name}`}>
								{item.quantity}
							</span>
							<button
								type="button"
								className={stepButton}
								aria-label={`Increase quantity of ${item.name}`}
								onClick={() => cart.updateQuantity(item.key, item.quantity + 1)}
							>
								+
							</button>
						</div>
						<button
							type="button"
							className="font-semibold text-cinnamon underline underline-offset-4 hover:text-cocoa"
							aria-label={`Remove ${item.name}`}
							onClick={() => cart.remove(item.key)}
						>
							Remove
						</button>
					</li>
				))}
			</ul>
			<p className="mt-4 text-right text-xl font-bold">Total: {formatPrice(cart.totalCents)}</p>
		</div>
	)
}
