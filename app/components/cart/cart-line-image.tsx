import { StoredImage } from '~/components/stored-image'
import type { CartItem } from '~/domain/orders/cart'

export function CartLineImage({ item }: { item: CartItem }) {
	if (!item.imageKey) return <div className="h-20 w-20 shrink-0 rounded-lg bg-dough" />
	return (
		<StoredImage
			imageKey={item.imageKey}
			alt={item.imageAlt}
			sizes="80px"
			width={80}
			height={80}
			className="h-20 w-20 shrink-0 rounded-lg object-cover"
		/>
	)
}

/** Shown until the stored cart has been read, so the page never flashes 'Your cart is empty.' */
export function CartPlaceholder() {
	return (
		<div aria-busy="true" aria-label="Loading your cart" className="space-y-3">
			{[0, 1].map((index) => (
				<div key={index} className="h-24 animate-pulse rounded-xl bg-dough/70" />
			))}
		</div>
	)
}
