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
			{ origin: 'https://bakery.example', name: 'Doce Dulce Bakery' },
		)
		expect(data).toMatchObject({ '@type': 'Menu', url: 'https://bakery.example/menu' })
		expect(data.hasMenuSection.map((section) => [section.name, section.hasMenuItem.map((item) => item.name)])).toEqual([
			['Brazilian Pastries', ['Pão de Queijo']],
			['Cakes', ['Chocoflan']],
			['Donuts', ['Churro Donut']],
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
