import { describe, expect, it } from 'vitest'
import type { OptionGroupView } from '~/domain/menu/item-options'
import { sizeOptionGroup } from '../../../tests/fixtures/menu'
import { boxVariants, clubPlanSchema, decodeBoxVariant, encodeBoxVariant } from './plan-form'

const group = (overrides: Partial<OptionGroupView> & Pick<OptionGroupView, 'id' | 'kind'>): OptionGroupView => ({
	name: overrides.id,
	required: false,
	minChoices: 0,
	maxChoices: null,
	maxLength: 40,
	options: [],
	...overrides,
})
const choice = (id: string, priceDeltaCents = 0) => ({ id, name: id, priceDeltaCents, soldOut: false })

describe('box variants', () => {
	it('encodes an item and its choices so any id comes back as it was', () => {
		const choices = [{ groupId: 'size&=?', optionIds: ['8″ cake'] }]
		const value = encodeBoxVariant('item 1', choices)
		expect(decodeBoxVariant(value)).toEqual({ menuItemId: 'item 1', choices })
		expect(decodeBoxVariant(encodeBoxVariant('plain', []))).toEqual({ menuItemId: 'plain', choices: [] })
	})

	it.each(['', 'size=eight', 'item=', 'item=a&size=', '{"menuItemId":"a"}'])('refuses %j', (value) => {
		expect(decodeBoxVariant(value)).toBeNull()
	})

	it('offers an item without options as itself, at its price', () => {
		expect(boxVariants({ id: 'roll', name: 'Roll', priceCents: 250, optionGroups: [] })).toEqual([
			{ value: 'item=roll', name: 'Roll', unitPriceCents: 250 },
		])
	})

	it('offers each combination of the required choices, optional groups unanswered, sold-out choices too', () => {
		const soldOutTen = { ...choice('ten', 2400), name: '10″', soldOut: true }
		const filling = group({
			id: 'filling',
			kind: 'SINGLE',
			required: true,
			options: [choice('guava'), choice('cheese', 50)],
		})
		const toppings = group({ id: 'toppings', kind: 'MULTIPLE', options: [choice('nuts', 100)] })
		const message = group({ id: 'message', kind: 'TEXT' })
		const variants = boxVariants({
			id: 'cake',
			name: 'Cake',
			priceCents: 4000,
			optionGroups: [sizeOptionGroup(1200, [soldOutTen]), filling, toppings, message],
		})
		expect(variants.map((variant) => [variant.name, variant.unitPriceCents])).toEqual([
			['Cake (Size: 6″ · filling: guava)', 4000],
			['Cake (Size: 6″ · filling: cheese)', 4050],
			['Cake (Size: 8″ · filling: guava)', 5200],
			['Cake (Size: 8″ · filling: cheese)', 5250],
			['Cake (Size: 10″ · filling: guava)', 6400],
			['Cake (Size: 10″ · filling: cheese)', 6450],
		])
		expect(decodeBoxVariant(variants[3]!.value)).toEqual({
			menuItemId: 'cake',
			choices: [
				{ groupId: 'size', optionIds: ['eight'] },
				{ groupId: 'filling', optionIds: ['cheese'] },
			],
		})
	})

	it('offers nothing of an item that needs typed text or several choices, and at most 24 of one', () => {
		const named = group({ id: 'name', kind: 'TEXT', required: true })
		const twoFlavours = group({ id: 'flavours', kind: 'MULTIPLE', minChoices: 2, options: [choice('a'), choice('b')] })
		expect(boxVariants({ id: 'a', name: 'A', priceCents: 100, optionGroups: [named] })).toEqual([])
		expect(boxVariants({ id: 'b', name: 'B', priceCents: 100, optionGroups: [twoFlavours] })).toEqual([])
		const many = (id: string) =>
			group({ id, kind: 'SINGLE', required: true, options: 'abcdef'.split('').map((letter) => choice(letter)) })
		expect(boxVariants({ id: 'c', name: 'C', priceCents: 100, optionGroups: [many('x'), many('y')] })).toHaveLength(24)
	})
})

describe('the plan form', () => {
	const plan = {
		name: ' Saturday box ',
		frequency: 'EVERY_TWO_WEEKS',
		pickupWeekday: '6',
		windowStart: '09:00:00',
		windowEnd: '11:30',
		price: '$24.5',
		maxSubscribers: 20,
		cutoffDaysBefore: '3',
		cutoffTime: '20:00',
	}

	it('reads the box’s rows (empty ones left out, each line with its row) and the price in cents', () => {
		const parsed = clubPlanSchema.parse({
			...plan,
			lines: [
				{},
				{ variant: 'item=roll', quantity: 2 },
				{},
				{ variant: encodeBoxVariant('cake', [{ groupId: 's', optionIds: ['8'] }]), quantity: 1 },
			],
		})
		expect(parsed).toMatchObject({
			name: 'Saturday box',
			nameEs: null,
			description: '',
			pickupWeekday: 6,
			cutoffDaysBefore: 3,
			windowStart: '09:00',
			priceCents: 2450,
			active: false,
			lines: [
				{ row: 1, menuItemId: 'roll', quantity: 2, choices: [] },
				{ row: 3, menuItemId: 'cake', quantity: 1, choices: [{ groupId: 's', optionIds: ['8'] }] },
			],
		})
	})

	it('refuses the same item twice, beside the second row', () => {
		const parsed = clubPlanSchema.safeParse({
			...plan,
			lines: [
				{ variant: 'item=roll', quantity: 2 },
				{ variant: 'item=roll', quantity: 1 },
			],
		})
		expect(parsed.error?.issues).toEqual([
			expect.objectContaining({
				path: ['lines', 1, 'variant'],
				message: 'This item is in the box already: change its quantity instead.',
			}),
		])
	})

	it.each([
		['price', '0.99'],
		['price', '1000.01'],
		['maxSubscribers', 1001],
		['cutoffDaysBefore', '0'],
		['cutoffTime', '24:00'],
	])('refuses %s %j', (field, value) => {
		const parsed = clubPlanSchema.safeParse({ ...plan, [field]: value, lines: [{ variant: 'item=roll', quantity: 1 }] })
		expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([[field]])
	})
})
