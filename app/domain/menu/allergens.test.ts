import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { editMenuItemSchema } from './menu-schemas'
import {
	ALLERGENS_UNLISTED,
	allergenBadges,
	allergenContradictions,
	allergenKeysOf,
	allergens,
	allergenValuesOf,
	hiddenAllergensFrom,
	isSafeFor,
	itemAllergensOf,
	menuSearch,
	type ItemAllergens,
} from './allergens'

const item = (fields: Partial<ItemAllergens>): ItemAllergens => ({ contains: [], mayContain: [], diets: [], ...fields })

describe('the allergen vocabulary', () => {
	it('names the nine major food allergens in the words customers read', () => {
		expect(allergens.map((allergen) => allergen.word)).toEqual([
			'milk',
			'eggs',
			'fish',
			'crustacean shellfish',
			'tree nuts',
			'peanuts',
			'wheat',
			'soy',
			'sesame',
		])
	})

	it('says what an item contains, may contain and which labels it earns, as text', () => {
		const badges = allergenBadges(
			item({ contains: ['milk', 'eggs'], mayContain: ['tree-nuts'], diets: ['gluten-free'] }),
		)
		expect(badges).toEqual(['Contains: milk, eggs', 'May contain: tree nuts', 'Gluten-free'])
		expect(allergenBadges(item({ diets: ['vegetarian', 'vegan', 'dairy-free'] }))).toEqual([
			'No major allergens',
			'Vegan',
			'Dairy-free',
		])
		expect(allergenBadges(item({ mayContain: ['sesame'] }))).toEqual(['May contain: sesame'])
		expect(allergenBadges(null)).toEqual([ALLERGENS_UNLISTED])
	})

	it('reads database values in the vocabulary’s order without repeats, and writes them back', () => {
		expect(allergenKeysOf(['SESAME', 'MILK', 'MILK', 'CRUSTACEAN_SHELLFISH'])).toEqual(['milk', 'shellfish', 'sesame'])
		expect(allergenValuesOf(['tree-nuts', 'soy'])).toEqual(['TREE_NUTS', 'SOYBEANS'])
		const row = { allergens: ['EGGS' as const], mayContain: [], dietaryLabels: ['GLUTEN_FREE' as const] }
		expect(itemAllergensOf({ ...row, allergensListed: false })).toBeNull()
		expect(itemAllergensOf({ ...row, allergensListed: true })).toEqual(
			item({ contains: ['eggs'], diets: ['gluten-free'] }),
		)
	})
})

describe('the "Hide items containing" filter', () => {
	it('reads ?hide= as a comma list or repeated (a GET form), any case, dropping unknown keys', () => {
		expect(hiddenAllergensFrom(new URLSearchParams('hide=peanuts,Tree-Nuts'))).toEqual(['tree-nuts', 'peanuts'])
		expect(hiddenAllergensFrom(new URLSearchParams('hide=sesame&hide=peanuts&hide=nuts'))).toEqual([
			'peanuts',
			'sesame',
		])
		expect(hiddenAllergensFrom(new URLSearchParams('category=Cakes'))).toEqual([])
	})

	it('hides what contains or may contain a hidden allergen, and what has no allergens listed', () => {
		const hide = ['tree-nuts'] as const
		expect(isSafeFor(item({ contains: ['milk'] }), hide)).toBe(true)
		expect(isSafeFor(item({ contains: ['tree-nuts'] }), hide)).toBe(false)
		expect(isSafeFor(item({ mayContain: ['tree-nuts'] }), hide)).toBe(false)
		expect(isSafeFor(null, hide)).toBe(false)
		expect(isSafeFor(null, [])).toBe(true)
	})

	it('writes menu URLs that keep the category and the hidden allergens', () => {
		expect(menuSearch({ category: 'Brazilian Pastries', hide: ['peanuts', 'tree-nuts'] })).toBe(
			'?category=Brazilian%20Pastries&hide=peanuts,tree-nuts',
		)
		expect(menuSearch({ hide: [] })).toBe('')
	})
})

describe('labels that contradict the allergens', () => {
	it('finds each contradiction the database also refuses', () => {
		expect(allergenContradictions(item({ contains: ['milk'], diets: ['vegan'] })).rules).toEqual(['vegan'])
		expect(allergenContradictions(item({ contains: ['eggs'], diets: ['vegan'] })).rules).toEqual(['vegan'])
		expect(allergenContradictions(item({ contains: ['fish'], diets: ['vegetarian'] })).rules).toEqual(['vegetarian'])
		expect(allergenContradictions(item({ contains: ['milk'], diets: ['dairy-free'] })).rules).toEqual(['dairyFree'])
		expect(allergenContradictions(item({ mayContain: ['wheat'], diets: ['gluten-free'] })).rules).toEqual([
			'glutenFree',
		])
		expect(allergenContradictions(item({ contains: ['milk', 'sesame'], mayContain: ['sesame'] })).both).toEqual([
			'sesame',
		])
		expect(
			allergenContradictions(item({ contains: ['milk', 'eggs'], mayContain: ['tree-nuts'], diets: ['vegetarian'] })),
		).toEqual({ both: [], rules: [] })
	})

	it('the owner’s form refuses them with words beside the field, and keeps one ticked box as a list', () => {
		const form = new FormData()
		for (const [name, value] of Object.entries({ name: 'Flan', price: '4', category: 'CAKES', sortOrder: '1' })) {
			form.append(name, value)
		}
		form.append('allergens', 'milk')
		form.append('diets', 'vegan')
		form.append('diets', 'dairy-free')
		const refused = parseWithZod(form, { schema: editMenuItemSchema })
		expect(refused.status).toBe('error')
		expect(refused.reply().error?.diets).toEqual([
			'An item with milk, eggs, fish or shellfish can’t be labelled vegan.',
			'An item with milk can’t be labelled dairy-free.',
		])

		form.delete('diets')
		form.append('mayContain', 'milk')
		form.append('mayContain', 'peanuts')
		expect(parseWithZod(form, { schema: editMenuItemSchema }).reply().error?.mayContain).toEqual([
			'Choose either “contains” or “may contain” for milk, not both.',
		])

		form.delete('mayContain')
		form.append('allergens', 'almonds')
		expect(parseWithZod(form, { schema: editMenuItemSchema }).reply().error?.['allergens[1]']).toEqual([
			'Please choose allergens from the list.',
		])

		form.delete('allergens')
		form.append('allergens', 'milk')
		const accepted = parseWithZod(form, { schema: editMenuItemSchema })
		expect(accepted.status === 'success' && accepted.value.allergens).toEqual(['milk'])
	})
})
