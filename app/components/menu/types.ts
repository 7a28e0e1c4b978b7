import type { MenuCategory } from '~/generated/prisma/enums'

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
}
