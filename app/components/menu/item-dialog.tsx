import { Link } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import { Modal, ModalCloseButton } from '~/components/ui/modal'
import { StoredImage } from '~/components/stored-image'
import { formatPrice } from '~/utils/money'
import { useBusiness } from '~/config/business'
import { AllergenBadges } from './allergen-badges'
import { PickupLabels } from './menu-grid'
import { QuantityStepper } from './quantity-stepper'
import type { MenuItemView } from '~/utils/menu-item-view'

/** The one item modal for every menu page (docs/product.md): picture, details, quantity and the action. */
export function ItemDialog({
	item,
	onClose,
	onAdd,
}: {
	item: MenuItemView | null
	onClose: () => void
	onAdd: (item: MenuItemView, quantity: number) => void
}) {
	const [quantity, setQuantity] = useState(1)
	const [addedMessage, setAddedMessage] = useState<string | null>(null)
	const titleId = useId()
	const quantityId = useId()
	const { allergenStatement } = useBusiness()

	useEffect(() => {
		setQuantity(1)
		setAddedMessage(null)
	}, [item])

	const canAdd = item !== null && item.orderable && !item.soldOut && !item.unavailable
	return (
		<Modal open={item !== null} onClose={onClose} labelledBy={titleId}>
			{item ? (
				<>
					<div className="flex items-start justify-between gap-4">
						<h2 id={titleId} className="font-display text-2xl font-bold">
							{item.name}
						</h2>
						<ModalCloseButton onClose={onClose} />
					</div>
					{item.imageKey ? (
						<StoredImage
							imageKey={item.imageKey}
							alt={item.imageAlt}
							sizes="(min-width: 672px) 592px, calc(100vw - 4.5rem)"
							width={800}
							height={600}
							priority
							className="mt-3 aspect-[4/3] w-full rounded-xl object-cover"
						/>
					) : null}
					<p className="mt-4">{item.description}</p>
					<p className="mt-2 text-lg font-semibold">
						{formatPrice(item.priceCents)}
						{item.soldOut ? (
							<span className="ml-3 rounded-full bg-cocoa px-3 py-1 text-sm text-cream">Sold out</span>
						) : null}
					</p>
					{item.pickupLabels?.length ? (
						<div className="mt-3">
							<PickupLabels labels={item.pickupLabels} />
						</div>
					) : null}
					<div className="mt-3">
						<AllergenBadges allergens={item.allergens} />
						{allergenStatement ? <p className="mt-2 text-sm text-cocoa/90">{allergenStatement}</p> : null}
					</div>
					{/* Options (sizes, messages) go here as fieldsets, between the details and the quantity. */}
					<div className="mt-4 flex flex-wrap items-center justify-between gap-4">
						<QuantityStepper id={quantityId} label="Quantity" value={quantity} onChange={setQuantity} />
						{canAdd ? (
							<button
								type="button"
								className="rounded-full bg-cinnamon px-6 py-3 font-semibold text-white hover:bg-cocoa"
								onClick={() => {
									onAdd(item, quantity)
									setAddedMessage(`Added to cart: ${quantity} × ${item.name}`)
									setQuantity(1)
								}}
							>
								Add to Cart - {formatPrice(item.priceCents * quantity)}
							</button>
						) : (
							<button
								type="button"
								disabled
								className="cursor-not-allowed rounded-full bg-stone-500 px-6 py-3 font-semibold text-white"
							>
								{item.soldOut ? 'Sold out' : item.orderable && item.unavailable ? item.unavailable : 'Coming Soon!'}
							</button>
						)}
					</div>
					{/* The page behind the modal is inert, so the dialog announces additions itself. */}
					<p role="status" className="mt-3 min-h-6 font-semibold text-leaf">
						{addedMessage ? (
							<>
								{addedMessage}.{' '}
								<Link to="/cart" className="text-cinnamon underline">
									View cart
								</Link>
							</>
						) : null}
					</p>
				</>
			) : null}
		</Modal>
	)
}
