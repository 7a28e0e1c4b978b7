import type { MenuCategory, TaxCategory } from '~/generated/prisma/enums'
import type { MessageKey } from '~/utils/i18n'

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

/** A category's name in the page's language (?category= keeps the English label, so links work in every language). */
export const categoryLabelKeys = {
	BRAZILIAN_PASTRIES: 'shop.categoryBrazilianPastries',
	MEXICAN_PASTRIES: 'shop.categoryMexicanPastries',
	CAKES: 'shop.categoryCakes',
	DONUTS: 'shop.categoryDonuts',
} as const satisfies Record<MenuCategory, MessageKey>

/** Reads a ?category= value case-insensitively; unknown values give undefined. */
export function categoryFromParam(param: string | null): MenuCategory | undefined {
	if (!param) return undefined
	const wanted = param.trim().toLowerCase()
	return menuCategories.find((category) => category.label.toLowerCase() === wanted)?.value
}

/**
 * The sales-tax category a new item of `category` starts with (decision 039). All four categories are
 * bakery goods sold without utensils, so every one starts exempt (BAKERY); the owner marks a savoury item
 * with meat or cheese (a coxinha) as prepared food on its form. Unknown (no category chosen yet): BAKERY.
 */
export function defaultTaxCategory(category: MenuCategory | undefined): TaxCategory {
	return category ? categoryTaxDefaults[category] : 'BAKERY'
}

const categoryTaxDefaults: Record<MenuCategory, TaxCategory> = {
	BRAZILIAN_PASTRIES: 'BAKERY',
	MEXICAN_PASTRIES: 'BAKERY',
	CAKES: 'BAKERY',
	DONUTS: 'BAKERY',
}
