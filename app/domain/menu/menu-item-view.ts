import type { BusinessConfig } from '~/config/business'
import type { MenuCategory } from '~/generated/prisma/enums'
import type { ItemAllergens } from './allergens'
import type { OptionGroupView } from './item-options'

/** A menu item as the public pages receive it from their loaders. */
export interface MenuItemView {
	id: string
	name: string
	description: string
	priceCents: number
	category: MenuCategory
	imageKey: string | null
	imageAlt: string
	orderable: boolean
	soldOut: boolean
	/** Its allergens and dietary labels as keys (words in app/domain/menu/allergens.ts); null: not listed yet. */
	allergens: ItemAllergens | null
	/** Its option groups (Size, Toppings, Message on the cake); absent when it has none. */
	optionGroups?: OptionGroupView[]
	/** Pickup words for this item ('Preorder for pickup Jan 2–6', 'Order 48 h ahead'), when any apply. */
	pickupLabels?: string[]
	/** Set when no pickup day of the ordering horizon can take it: the disabled button's text. */
	unavailable?: string
}

/**
 * How a menu item is ordered, decided per item (decision 051): in this site's cart when the owner sells it online,
 * else on the bakery's ordering page when one is configured (ORDER_ONLINE_URL), else only in the shop. A menu card's
 * call to action and the item's dialog both follow it.
 */
export type ItemOrdering = { way: 'cart' } | { way: 'ordering-page'; href: string } | { way: 'in-shop' }

export function itemOrdering(item: Pick<MenuItemView, 'orderable'>, business: BusinessConfig): ItemOrdering {
	if (item.orderable) return { way: 'cart' }
	return business.orderOnlineUrl ? { way: 'ordering-page', href: business.orderOnlineUrl } : { way: 'in-shop' }
}
