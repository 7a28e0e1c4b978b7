import { describe, expect, it } from 'vitest'
import {
	cartLineKey,
	lineChoicesText,
	lineOptionsText,
	normalizeOptionText,
	optionProblemMessage,
	priceChoices,
	readLineOptions,
	type OptionGroupView,
} from './item-options'
import { sizeOptionGroup } from '../../../tests/fixtures/menu'

const size = sizeOptionGroup(1200, [{ id: 'ten', name: '10″', priceDeltaCents: 2400, soldOut: true }])
const toppings: OptionGroupView = {
	id: 'toppings',
	name: 'Toppings',
	kind: 'MULTIPLE',
	required: false,
	minChoices: 1,
	maxChoices: 2,
	maxLength: 60,
	options: [
		{ id: 'strawberries', name: 'Strawberries', priceDeltaCents: 150, soldOut: false },
		{ id: 'coconut', name: 'Coconut', priceDeltaCents: 100, soldOut: false },
		{ id: 'pecans', name: 'Pecans', priceDeltaCents: 200, soldOut: false },
	],
}
const message: OptionGroupView = {
	id: 'message',
	name: 'Message on the cake',
	kind: 'TEXT',
	required: false,
	minChoices: 0,
	maxChoices: null,
	maxLength: 10,
	options: [],
}
const groups = [size, toppings, message]

describe('priceChoices', () => {
	it('adds every chosen option’s price to the item’s and writes the line in the groups’ order', () => {
		const priced = priceChoices(4200, groups, [
			{ groupId: 'message', text: 'Feliz  Ana ' },
			{ groupId: 'toppings', optionIds: ['coconut', 'strawberries'] },
			{ groupId: 'size', optionIds: ['eight'] },
		])
		expect(priced).toEqual({
			ok: true,
			unitPriceCents: 4200 + 1200 + 150 + 100,
			options: [
				{ group: 'Size', choice: '8″', priceDeltaCents: 1200 },
				{ group: 'Toppings', choice: 'Strawberries', priceDeltaCents: 150 },
				{ group: 'Toppings', choice: 'Coconut', priceDeltaCents: 100 },
				{ group: 'Message on the cake', text: 'Feliz Ana', priceDeltaCents: 0 },
			],
			chosen: [
				{ groupId: 'size', optionIds: ['eight'] },
				{ groupId: 'toppings', optionIds: ['strawberries', 'coconut'] },
				{ groupId: 'message', text: 'Feliz Ana' },
			],
		})
	})

	it('refuses a missing answer to a required one-choice group', () => {
		const priced = priceChoices(4200, groups, [{ groupId: 'toppings', optionIds: ['coconut'] }])
		expect(priced).toEqual({ ok: false, problem: { kind: 'required', group: 'Size' } })
		if (!priced.ok)
			expect(optionProblemMessage('Tres Leches Cake', priced.problem)).toBe('Tres Leches Cake: please choose Size.')
	})

	it('holds a several-choice group to its least and most', () => {
		const withToppings = (optionIds: string[]) =>
			priceChoices(4200, groups, [
				{ groupId: 'size', optionIds: ['six'] },
				{ groupId: 'toppings', optionIds },
			])
		expect(withToppings([])).toEqual({ ok: false, problem: { kind: 'too-few', group: 'Toppings', limit: 1 } })
		expect(withToppings(['coconut', 'pecans', 'strawberries'])).toEqual({
			ok: false,
			problem: { kind: 'too-many', group: 'Toppings', limit: 2 },
		})
		expect(withToppings(['pecans']).ok).toBe(true)
		expect(withToppings(['pecans', 'coconut']).ok).toBe(true)
		const tooMany = withToppings(['coconut', 'pecans', 'strawberries'])
		if (!tooMany.ok) {
			expect(optionProblemMessage('Cake', tooMany.problem)).toBe('Cake: please choose at most 2 for Toppings.')
		}
	})

	it('refuses two choices in a one-choice group', () => {
		expect(priceChoices(4200, [size], [{ groupId: 'size', optionIds: ['six', 'eight'] }])).toEqual({
			ok: false,
			problem: { kind: 'too-many', group: 'Size', limit: 1 },
		})
	})

	it('refuses a sold-out choice, naming it', () => {
		const priced = priceChoices(4200, [size], [{ groupId: 'size', optionIds: ['ten'] }])
		expect(priced).toEqual({ ok: false, problem: { kind: 'sold-out', group: 'Size', choice: '10″' } })
		if (!priced.ok)
			expect(optionProblemMessage('Tres Leches Cake', priced.problem)).toBe(
				'Tres Leches Cake: “10″” (Size) is sold out.',
			)
	})

	it('refuses choices and groups the item does not offer', () => {
		expect(priceChoices(4200, [size], [{ groupId: 'size', optionIds: ['twelve'] }])).toEqual({
			ok: false,
			problem: { kind: 'unknown-choice', group: 'Size' },
		})
		// A choice of another group is not a choice of this one.
		expect(priceChoices(4200, groups, [{ groupId: 'size', optionIds: ['coconut'] }])).toEqual({
			ok: false,
			problem: { kind: 'unknown-choice', group: 'Size' },
		})
		expect(
			priceChoices(
				4200,
				[size],
				[
					{ groupId: 'size', optionIds: ['six'] },
					{ groupId: 'flavour', optionIds: ['six'] },
				],
			),
		).toEqual({ ok: false, problem: { kind: 'unknown-group' } })
		expect(
			priceChoices(
				4200,
				[size],
				[
					{ groupId: 'size', optionIds: ['six'] },
					{ groupId: 'size', optionIds: ['eight'] },
				],
			),
		).toEqual({ ok: false, problem: { kind: 'unknown-group' } })
		// Text for a choice group and choices for a text group are refused, as is the same choice twice.
		expect(priceChoices(4200, [size], [{ groupId: 'size', text: '8″' }]).ok).toBe(false)
		expect(priceChoices(4200, [message], [{ groupId: 'message', optionIds: ['six'] }]).ok).toBe(false)
		expect(priceChoices(4200, [size], [{ groupId: 'size', optionIds: ['six', 'six'] }]).ok).toBe(false)
	})

	it('counts a message in characters, not UTF-16 units: ten emoji fit in ten, eleven do not', () => {
		const answer = (text: string) => priceChoices(4200, [message], [{ groupId: 'message', text }])
		const tenEmoji = '🎂'.repeat(10)
		expect(tenEmoji.length).toBe(20)
		expect(answer(tenEmoji)).toMatchObject({ ok: true, options: [{ text: tenEmoji }] })
		const eleven = answer('🎂'.repeat(11))
		expect(eleven).toEqual({ ok: false, problem: { kind: 'too-long', group: 'Message on the cake', limit: 10 } })
		if (!eleven.ok) {
			expect(optionProblemMessage('Cake', eleven.problem)).toBe(
				'Cake: Message on the cake can be at most 10 characters.',
			)
		}
		// Spaces around and between the words do not count against the limit.
		expect(answer('   Feliz\n\n   Ana   ').ok).toBe(true)
	})

	it('keeps the message as the customer meant it: trimmed, runs of spaces and line breaks made one space', () => {
		expect(normalizeOptionText('  Feliz \n cumpleaños\t Ana  ')).toBe('Feliz cumpleaños Ana')
		const long: OptionGroupView = { ...message, maxLength: 60 }
		expect(priceChoices(0, [long], [{ groupId: 'message', text: '  Feliz \n cumpleaños\t Ana  ' }])).toMatchObject({
			ok: true,
			chosen: [{ groupId: 'message', text: 'Feliz cumpleaños Ana' }],
		})
	})

	it('leaves out an optional message left blank, and refuses a required one', () => {
		expect(priceChoices(500, [message], [{ groupId: 'message', text: '   ' }])).toEqual({
			ok: true,
			unitPriceCents: 500,
			options: [],
			chosen: [],
		})
		expect(priceChoices(500, [{ ...message, required: true }], [{ groupId: 'message', text: ' \n ' }])).toEqual({
			ok: false,
			problem: { kind: 'required', group: 'Message on the cake' },
		})
	})
})

describe('cartLineKey', () => {
	it('is the same for the same answers given in another order, and differs for another size', () => {
		const first = priceChoices(4200, groups, [
			{ groupId: 'message', text: 'Feliz Ana' },
			{ groupId: 'toppings', optionIds: ['coconut', 'strawberries'] },
			{ groupId: 'size', optionIds: ['eight'] },
		])
		const second = priceChoices(4200, groups, [
			{ groupId: 'size', optionIds: ['eight'] },
			{ groupId: 'toppings', optionIds: ['strawberries', 'coconut'] },
			{ groupId: 'message', text: ' Feliz   Ana' },
		])
		const otherSize = priceChoices(4200, groups, [
			{ groupId: 'size', optionIds: ['six'] },
			{ groupId: 'toppings', optionIds: ['strawberries', 'coconut'] },
			{ groupId: 'message', text: 'Feliz Ana' },
		])
		if (!first.ok || !second.ok || !otherSize.ok) throw new Error('expected all three to be accepted')
		expect(cartLineKey('cake', first.chosen)).toBe(cartLineKey('cake', second.chosen))
		expect(cartLineKey('cake', first.chosen)).not.toBe(cartLineKey('cake', otherSize.chosen))
		expect(cartLineKey('cake', [])).toBe('cake')
	})
})

describe('line texts', () => {
	const options = [
		{ group: 'Size', choice: '8″', priceDeltaCents: 1200 },
		{ group: 'Toppings', choice: 'Strawberries', priceDeltaCents: 150 },
		{ group: 'Toppings', choice: 'Coconut', priceDeltaCents: 100 },
		{ group: 'Message on the cake', text: 'Feliz cumpleaños Ana', priceDeltaCents: 0 },
	]

	it('writes the options under a line’s name, one group at a time', () => {
		expect(lineOptionsText(options)).toBe(
			'Size: 8″ · Toppings: Strawberries, Coconut · Message on the cake: “Feliz cumpleaños Ana”',
		)
		expect(lineOptionsText([])).toBe('')
	})

	it('gives the prep list the choices only, without the message', () => {
		expect(lineChoicesText(options)).toBe('8″, Strawberries, Coconut')
	})
})

describe('readLineOptions', () => {
	it('keeps well-formed stored options and leaves out malformed entries', () => {
		expect(
			readLineOptions([
				{ group: 'Size', choice: '8″', priceDeltaCents: 1200 },
				{ group: 'Message on the cake', text: 'Feliz Ana', priceDeltaCents: 0 },
				null,
				'Size: 8″',
				{ choice: '8″', priceDeltaCents: 0 },
				{ group: 'Size', choice: '8″', priceDeltaCents: 12.5 },
				{ group: 'Size', choice: '8″', priceDeltaCents: '1200' },
				{ group: 'Size', priceDeltaCents: 0 },
				{ group: 7, choice: '8″', priceDeltaCents: 0 },
			]),
		).toEqual([
			{ group: 'Size', choice: '8″', priceDeltaCents: 1200 },
			{ group: 'Message on the cake', text: 'Feliz Ana', priceDeltaCents: 0 },
		])
	})

	it('reads anything that is not a list as no options', () => {
		expect(readLineOptions(null)).toEqual([])
		expect(readLineOptions({ group: 'Size', choice: '8″', priceDeltaCents: 0 })).toEqual([])
		expect(readLineOptions('[]')).toEqual([])
	})
})
