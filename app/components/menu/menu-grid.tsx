import type { ReactNode } from 'react'
import { StoredImage } from '~/components/stored-image'
import { formatPrice } from '~/utils/money'
import { useLocale, useT } from '~/utils/i18n-react'
import type { MenuItemView } from '~/domain/menu/menu-item-view'
import { AllergenBadges } from './allergen-badges'

export { menuGridClass } from './menu-skeleton'

const CARD_IMAGE_SIZES = '(min-width: 1024px) 352px, (min-width: 640px) calc(50vw - 2.5rem), calc(100vw - 2rem)'

/**
 * Inside the card's button the name follows the picture; an alt text that only repeats the name
 * would be read twice, so such a picture is presented as decorative there (the dialog keeps it).
 */
function cardImageAlt(item: MenuItemView) {
	return item.imageAlt.trim().toLowerCase() === item.name.trim().toLowerCase() ? '' : item.imageAlt
}

/** Preorder window, lead time or 'Sold out for the next 14 days', as words (never colour alone). */
export function PickupLabels({ labels }: { labels?: readonly string[] }) {
	if (!labels?.length) return null
	return (
		<ul className="flex flex-wrap gap-2" aria-label="Pickup">
			{labels.map((label) => (
				<li key={label} className="rounded-full bg-dough px-3 py-1 text-sm font-semibold text-cocoa">
					{label}
				</li>
			))}
		</ul>
	)
}

/** What marks a button that opens an item's dialog; the grid handles its clicks (see `MenuGrid`). */
export const OPENS_ITEM = 'data-opens-item'

/** A card whose picture and name open the item dialog (click, Enter or Space). */
export function MenuCard({
	item,
	eagerImage = false,
	showDescription = false,
	footer,
}: {
	item: MenuItemView
	eagerImage?: boolean
	showDescription?: boolean
	footer?: ReactNode
}) {
	const t = useT()
	const locale = useLocale()
	return (
		<li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-dough">
			<button type="button" className="group text-left" aria-haspopup="dialog" {...{ [OPENS_ITEM]: item.id }}>
				<div className="relative aspect-[4/3] overflow-hidden bg-dough">
					{item.imageKey ? (
						<StoredImage
							imageKey={item.imageKey}
							alt={cardImageAlt(item)}
							sizes={CARD_IMAGE_SIZES}
							width={800}
							height={600}
							loading={eagerImage ? 'eager' : 'lazy'}
							className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
						/>
					) : null}
					{item.soldOut ? (
						<span className="absolute top-3 left-3 rounded-full bg-cocoa px-3 py-1 text-sm font-semibold text-cream">
							{t('shop.soldOut')}
						</span>
					) : null}
				</div>
				<span className="block px-4 pt-4 font-display text-xl font-bold group-hover:underline">{item.name}</span>
			</button>
			<div className="flex flex-1 flex-col gap-2 px-4 pt-1 pb-4">
				<p className="text-lg font-semibold text-cinnamon">{formatPrice(item.priceCents, locale)}</p>
				<PickupLabels labels={item.pickupLabels} />
				<AllergenBadges allergens={item.allergens} />
				{showDescription ? <p className="text-cocoa/90">{item.description}</p> : null}
				{footer ? <div className="mt-auto pt-2">{footer}</div> : null}
			</div>
		</li>
	)
}
