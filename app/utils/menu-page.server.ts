import type { MenuCategory } from '~/generated/prisma/enums'
import { listMenuCategories, listMenuItems } from '~/models/menu-item.server'
import { categoryFromParam, menuCategories } from './menu-categories'

function inMenuOrder(categories: MenuCategory[]) {
	const order = menuCategories.map((category) => category.value as MenuCategory)
	return [...categories].sort((a, b) => order.indexOf(a) - order.indexOf(b))
}

/** Loader data for a filterable menu page (/shop, /menu): ?category= works without JavaScript. */
export async function loadFilterableMenu(request: Request) {
	const param = new URL(request.url).searchParams.get('category')
	const activeCategory = categoryFromParam(param) ?? null
	// An unknown category matches nothing (and says so) rather than silently showing everything.
	const matchesNothing = Boolean(param) && !activeCategory
	const [items, categories] = await Promise.all([
		matchesNothing ? Promise.resolve([]) : listMenuItems(activeCategory ?? undefined),
		listMenuCategories(),
	])
	return { items, categories: inMenuOrder(categories), activeCategory }
}

export async function loadCategoryMenu(category: MenuCategory) {
	return { items: await listMenuItems(category) }
}
