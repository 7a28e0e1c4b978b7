import type { MenuCategory } from '~/generated/prisma/enums'

/** The four menu categories (docs/product.md): database value, the label people see (and share in ?category=). */
export const menuCategories = [
	{ value: 'BRAZILIAN_PASTRIES', label: 'Brazilian Pastries' },
	{ value: 'MEXICAN_PASTRIES', label: 'Mexican Pastries' },
	{ value: 'CAKES', label: 'Cakes' },
	{ value: 'DONUTS', label: 'Donuts' },
] as const satisfies ReadonlyArray<{ value: MenuCategory; label: string }>

export type MenuCategoryLabel = (typeof menuCategories)[number]['label']

export function categoryLabel(value: MenuCategory): MenuCategoryLabel {
	return menuCategories.find((category) => category.value === value)!.label
}

/** Reads a ?category= value case-insensitively; unknown values give undefined. */
export function categoryFromParam(param: string | null): MenuCategory | undefined {
	if (!param) return undefined
	const wanted = param.trim().toLowerCase()
	return menuCategories.find((category) => category.label.toLowerCase() === wanted)?.value
}
