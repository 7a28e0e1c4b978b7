import { describe, expect, it } from 'vitest'
import { menuJsonLd, suitableForDiet } from './menu-json-ld'

const base = { description: '', soldOut: false, allergens: null }

describe('the menu as schema.org data', () => {
	it('groups items into sections in menu order, each with its price in USD', () => {
		const data = menuJsonLd(
			[
				{ ...base, name: 'Churro Donut', priceCents: 350, category: 'DONUTS' },
				{
					...base,
					name: 'Pão de Queijo',
					priceCents: 450,
					category: 'BRAZILIAN_PASTRIES',
					description: 'Cheese bread.',
				},
				{ ...base, name: 'Chocoflan', priceCents: 4000, category: 'CAKES', soldOut: true },
			],
			{
				url: 'https://bakery.example/es/menu',
				name: 'Menú de Doce Dulce Bakery',
				sectionName: (category) =>
					({
						BRAZILIAN_PASTRIES: 'Panadería brasileña',
						MEXICAN_PASTRIES: 'Pan dulce mexicano',
						CAKES: 'Pasteles',
						DONUTS: 'Donas',
					})[category],
			},
		)
		expect(data).toMatchObject({
			'@type': 'Menu',
			'@id': 'https://bakery.example/es/menu#menu',
			name: 'Menú de Doce Dulce Bakery',
			url: 'https://bakery.example/es/menu',
		})
		expect(data.hasMenuSection.map((section) => [section.name, section.hasMenuItem.map((item) => item.name)])).toEqual([
			['Panadería brasileña', ['Pão de Queijo']],
			['Pasteles', ['Chocoflan']],
			['Donas', ['Churro Donut']],
		])
		expect(data.hasMenuSection[0]!.hasMenuItem[0]).toEqual({
			'@type': 'MenuItem',
			name: 'Pão de Queijo',
			description: 'Cheese bread.',
			offers: { '@type': 'Offer', price: '4.50', priceCurrency: 'USD' },
		})
		expect(data.hasMenuSection[1]!.hasMenuItem[0]!.offers.availability).toBe('https://schema.org/SoldOut')
	})

	it('states the RestrictedDiets the labels vouch for; dairy-free has no schema.org diet', () => {
		const labelled = (diets: Array<'vegan' | 'vegetarian' | 'gluten-free' | 'dairy-free'>) =>
			suitableForDiet({ contains: [], mayContain: [], diets })
		expect(labelled(['vegan', 'gluten-free'])).toEqual([
			'https://schema.org/GlutenFreeDiet',
			'https://schema.org/VeganDiet',
			'https://schema.org/VegetarianDiet',
		])
		expect(labelled(['dairy-free'])).toEqual([])
		expect(suitableForDiet(null)).toEqual([])
	})
})
