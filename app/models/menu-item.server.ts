import type { MenuCategory } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'

const publicFields = {
	id: true,
	name: true,
	description: true,
	priceCents: true,
	category: true,
	imageKey: true,
	imageAlt: true,
	orderable: true,
	soldOut: true,
} as const

const menuOrder = [{ sortOrder: 'asc' as const }, { name: 'asc' as const }]

/** Menu items as the public pages show them, in the owner's sort order. */
export function listMenuItems(category?: MenuCategory) {
	return prisma.menuItem.findMany({
		where: category ? { category } : undefined,
		select: publicFields,
		orderBy: menuOrder,
	})
}

export type PublicMenuItem = Awaited<ReturnType<typeof listMenuItems>>[number]

/** The distinct categories that have at least one item, for the filter buttons. */
export async function listMenuCategories() {
	const rows = await prisma.menuItem.findMany({ distinct: ['category'], select: { category: true } })
	return rows.map((row) => row.category)
}

/** Items by id with what checkout needs to price them; missing ids are simply absent. */
export function findMenuItemsForCheckout(ids: readonly string[]) {
	return prisma.menuItem.findMany({
		where: { id: { in: [...ids] } },
		select: { id: true, name: true, priceCents: true, orderable: true, soldOut: true, imageKey: true },
	})
}
