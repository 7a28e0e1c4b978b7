import { describe, expect, it } from 'vitest'
import type { CartItem } from './cart'
import { currentCart, type CartMenu } from './cart-prices'
import { cartLineKey } from '~/domain/menu/item-options'
import { sizeOptionGroup } from '../../../tests/fixtures/menu'

const size = sizeOptionGroup(1400)

/** A line as the browser stored it: the price and the options' words of the day it was added. */
function stored(id: string, priceCents: number, quantity = 1, choices: CartItem['choices'] = []): CartItem {
	return {
		key: cartLineKey(id, choices),
		id,
		name: `Stored ${id}`,
		imageKey: null,
		imageAlt: '',
		priceCents,
		quantity,
		choices,
		options: choices.length ? [{ group: 'Size', choice: '8″', priceDeltaCents: 1200 }] : [],
	}
}

const menu: CartMenu = {
	cake: { state: 'for-sale', name: 'Tres Leches Cake', priceCents: 4200 },
	sized: { state: 'for-sale', name: 'Chocoflan', priceCents: 4000, optionGroups: [size] },
	slice: {
		state: 'for-sale',
		name: 'Tres Leches Slice',
		priceCents: 650,
		unavailable: 'Sold out for the next 14 days',
	},
	flan: { state: 'sold-out', name: 'Flan' },
	pastry: { state: 'not-online', name: 'Pão de Queijo' },
}

describe('currentCart', () => {
	it('shows a line stored at an old price at the menu’s price, counts it in the total and names the change', () => {
		const cart = currentCart([stored('cake', 1, 2)], menu)
		expect(cart.lines).toEqual([{ ...stored('cake', 4200, 2), name: 'Tres Leches Cake' }])
		expect(cart.payable).toEqual(cart.lines)
		expect(cart.totalCents).toBe(8400)
		expect(cart.problems).toEqual({})
		expect(cart.changes).toEqual([{ key: 'cake', name: 'Tres Leches Cake', options: [], priceCents: 4200 }])
	})

	it('says nothing changed when the stored price is the menu’s (a name in another language is no change)', () => {
		const cart = currentCart([stored('cake', 4200)], menu)
		expect(cart.changes).toEqual([])
		expect(cart.lines[0]!.name).toBe('Tres Leches Cake')
		expect(cart.totalCents).toBe(4200)
	})

	it('prices a line’s options again: a changed delta changes its price and its words', () => {
		const choices = [{ groupId: 'size', optionIds: ['eight'] }]
		const cart = currentCart([stored('sized', 5200, 1, choices)], menu)
		expect(cart.lines[0]).toMatchObject({
			priceCents: 5400,
			options: [{ group: 'Size', choice: '8″', priceDeltaCents: 1400 }],
			choices,
		})
		expect(cart.changes).toEqual([
			{ key: 'sized|size=eight', name: 'Chocoflan', options: cart.lines[0]!.options, priceCents: 5400 },
		])
	})

	it('keeps lines that cannot be bought now, says why, and leaves them out of the total and of what is sent', () => {
		const items = [
			stored('cake', 4200),
			stored('gone', 900),
			stored('flan', 500),
			stored('pastry', 450),
			stored('sized', 5200, 1, [{ groupId: 'size', optionIds: ['twelve'] }]),
			stored('sized', 4000),
		]
		const cart = currentCart(items, menu)
		expect(cart.lines).toHaveLength(6)
		expect(cart.problems).toEqual({
			gone: { kind: 'off-menu' },
			flan: { kind: 'sold-out' },
			pastry: { kind: 'not-online' },
			'sized|size=twelve': { kind: 'options', problem: { kind: 'unknown-choice', group: 'Size' } },
			sized: { kind: 'options', problem: { kind: 'required', group: 'Size' } },
		})
		expect(cart.payable.map((line) => line.key)).toEqual(['cake'])
		expect(cart.totalCents).toBe(4200)
		// No price is announced for a line that cannot be bought.
		expect(cart.changes).toEqual([])
		// The stored line stays as it was (its name follows the menu's when the item is still there).
		expect(cart.lines[1]).toEqual(items[1])
		expect(cart.lines[2]!.name).toBe('Flan')
	})

	it('marks a line no pickup day can take with the menu’s words, still priced', () => {
		const cart = currentCart([stored('slice', 650, 3)], menu)
		expect(cart.unpickable).toEqual({ slice: 'Sold out for the next 14 days' })
		expect(cart.payable).toHaveLength(1)
		expect(cart.totalCents).toBe(1950)
	})

	it('never takes an inherited property for an item or a line', () => {
		const cart = currentCart([stored('constructor', 100), stored('__proto__', 100), stored('cake', 4200)], menu)
		expect(Object.entries(cart.problems)).toEqual([
			['constructor', { kind: 'off-menu' }],
			['__proto__', { kind: 'off-menu' }],
		])
		expect(cart.problems.toString).toBeUndefined()
		expect(cart.payable.map((line) => line.key)).toEqual(['cake'])
	})
})
