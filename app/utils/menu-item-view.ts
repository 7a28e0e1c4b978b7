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
	/** Its allergens and dietary labels as keys (words in app/utils/allergens.ts); null: not listed yet. */
	allergens: ItemAllergens | null
	/** Its option groups (Size, Toppings, Message on the cake); absent when it has none. */
	optionGroups?: OptionGroupView[]
	/** Pickup words for this item ('Preorder for pickup Jan 2–6', 'Order 48 h ahead'), when any apply. */
	pickupLabels?: string[]
	/** Set when no pickup day of the ordering horizon can take it: the disabled button's text. */
	unavailable?: string
}
