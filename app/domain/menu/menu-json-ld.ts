import type { MenuCategory } from '~/generated/prisma/enums'
import { dietaryLabels, type ItemAllergens } from './allergens'
import { menuCategories } from './menu-categories'

interface MenuJsonLdItem {
	name: string
	description: string
	priceCents: number
	category: MenuCategory
	soldOut: boolean
	allergens: ItemAllergens | null
}

/** https://schema.org/… for each RestrictedDiet the item's labels vouch for, in schema.org's names. */
export function suitableForDiet(allergens: ItemAllergens | null): string[] {
	const diets = new Set(
		dietaryLabels.filter((label) => allergens?.diets.includes(label.key)).flatMap((label) => label.diets),
	)
	return [...diets].sort().map((diet) => `https://schema.org/${diet}`)
}

interface MenuJsonLdPage {
	/** The menu page's absolute URL in the page's language. */
	url: string
	/** The menu's name and its sections' names, in the page's language. */
	name: string
	sectionName: (category: MenuCategory) => string
}

/**
 * The whole menu as schema.org `Menu` → `MenuSection` (one per category, in menu order) → `MenuItem` with
 * an `Offer` (price in USD) and `suitableForDiet` when the owner's labels vouch for one.
 */
export function menuJsonLd(items: readonly MenuJsonLdItem[], { url, name, sectionName }: MenuJsonLdPage) {
	const sections = menuCategories
		.map(({ value }) => ({ category: value, items: items.filter((item) => item.category === value) }))
		.filter((section) => section.items.length > 0)
	return {
		'@context': 'https://schema.org',
		'@type': 'Menu',
		'@id': `${url}#menu`,
		name,
		url,
		hasMenuSection: sections.map((section) => ({
			'@type': 'MenuSection',
			name: sectionName(section.category),
			hasMenuItem: section.items.map((item) => {
				const diets = suitableForDiet(item.allergens)
				return {
					'@type': 'MenuItem',
					name: item.name,
					...(item.description ? { description: item.description } : {}),
					offers: {
						'@type': 'Offer',
						price: (item.priceCents / 100).toFixed(2),
						priceCurrency: 'USD',
						...(item.soldOut ? { availability: 'https://schema.org/SoldOut' } : {}),
					},
					...(diets.length > 0 ? { suitableForDiet: diets } : {}),
				}
			}),
		})),
	}
}
