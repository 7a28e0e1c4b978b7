import type { MenuCategory } from '~/generated/prisma/enums'
import { listMenuCategories, listMenuItems } from '~/models/menu-item.server'
import { categoryFromParam, menuCategories } from './menu-categories'
import { withOutagePolicy } from './outage.server'

function inMenuOrder(categories: MenuCategory[]) {
	const order = menuCategories.map((category) => category.value as MenuCategory)
	return [...categories].sort((a, b) => order.indexOf(a) - order.indexOf(b))
}

/**
 * Loader data for a filterable menu page (/shop, /menu): ?category= works without JavaScript. Both
 * menu loaders follow the outage policy (the route exports `outageHeaders` as its `headers`).
 */
export function loadFilterableMenu(request: Request) {
	const param = new URL(request.url).searchParams.get('category')
	const activeCategory = categoryFromParam(param) ?? null
	// An unknown category matches nothing (and says so) rather than silently showing everything.
	const matchesNothing = Boolean(param) && !activeCategory
	return withOutagePolicy(async () => {
		const [items, categories] = await Promise.all([
			matchesNothing ? Promise.resolve([]) : listMenuItems(activeCategory ?? undefined),
			listMenuCategories(),
		])
		return { items, categories: inMenuOrder(categories), activeCategory }
	})
}

export function loadCategoryMenu(category: MenuCategory) {
	return withOutagePolicy(async () => ({ items: await listMenuItems(category) }))
}
