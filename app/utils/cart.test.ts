import { describe, expect, it } from 'vitest'
import {
	cartCount,
	cartReducer,
	cartTotalCents,
	MAX_CART_LINES,
	MAX_QUANTITY_PER_LINE,
	parseStoredCart,
	serializeCart,
	type CartItem,
	type CartProduct,
} from './cart'

const tresLeches: CartProduct = { id: 'a', name: 'Tres Leches Cake', imageKey: null, imageAlt: 'cake', priceCents: 4200 }
const brigadeiro: CartProduct = { id: 'b', name: 'Brigadeiro Cake', imageKey: null, imageAlt: 'cake', priceCents: 3850 }

function cartWith(...entries: Array<[CartProduct, number]>): CartItem[] {
	return entries.map(([product, quantity]) => ({ ...product, quantity }))
}

describe('cartReducer', () => {
	it('appends a new item with quantity 1 by default', () => {
		expect(cartReducer([], { type: 'add', item: tresLeches })).toEqual(cartWith([tresLeches, 1]))
	})

	it('appends with the given quantity', () => {
		expect(cartReducer([], { type: 'add', item: tresLeches, quantity: 3 })).toEqual(cartWith([tresLeches, 3]))
	})

	it('merges an existing id by increasing its quantity, keeping the line order', () => {
		const start = cartWith([tresLeches, 1], [brigadeiro, 2])
		expect(cartReducer(start, { type: 'add', item: tresLeches, quantity: 2 })).toEqual(
			cartWith([tresLeches, 3], [brigadeiro, 2]),
		)
		expect(cartReducer(start, { type: 'add', item: brigadeiro })).toEqual(cartWith([tresLeches, 1], [brigadeiro, 3]))
	})

	it('never stores a quantity below 1 or above the per-line maximum', () => {
		expect(cartReducer([], { type: 'add', item: tresLeches, quantity: 0 })[0]!.quantity).toBe(1)
		expect(cartReducer([], { type: 'add', item: tresLeches, quantity: -4 })[0]!.quantity).toBe(1)
		expect(cartReducer([], { type: 'add', item: tresLeches, quantity: NaN })[0]!.quantity).toBe(1)
		const full = cartWith([tresLeches, MAX_QUANTITY_PER_LINE - 1])
		expect(cartReducer(full, { type: 'add', item: tresLeches, quantity: 5 })[0]!.quantity).toBe(MAX_QUANTITY_PER_LINE)
	})

	it('updates a quantity by id with a minimum of 1', () => {
		const start = cartWith([tresLeches, 2], [brigadeiro, 1])
		expect(cartReducer(start, { type: 'updateQuantity', id: 'a', quantity: 5 })).toEqual(
			cartWith([tresLeches, 5], [brigadeiro, 1]),
		)
		expect(cartReducer(start, { type: 'updateQuantity', id: 'a', quantity: 0 })[0]!.quantity).toBe(1)
		expect(cartReducer(start, { type: 'updateQuantity', id: 'a', quantity: -3 })[0]!.quantity).toBe(1)
	})

	it('ignores unknown ids on update and remove', () => {
		const start = cartWith([tresLeches, 2])
		expect(cartReducer(start, { type: 'updateQuantity', id: 'zzz', quantity: 9 })).toEqual(start)
		expect(cartReducer(start, { type: 'remove', id: 'zzz' })).toEqual(start)
	})

	it('removes by id', () => {
		expect(cartReducer(cartWith([tresLeches, 2], [brigadeiro, 1]), { type: 'remove', id: 'a' })).toEqual(
			cartWith([brigadeiro, 1]),
		)
	})

	it('clears', () => {
		expect(cartReducer(cartWith([tresLeches, 2]), { type: 'clear' })).toEqual([])
	})

	it('does not grow past the maximum number of lines', () => {
		const many = Array.from({ length: MAX_CART_LINES }, (_, index) => ({ ...tresLeches, id: `i${index}`, quantity: 1 }))
		expect(cartReducer(many, { type: 'add', item: { ...tresLeches, id: 'one-more' } })).toHaveLength(MAX_CART_LINES)
	})
})

describe('totals', () => {
	it('sums price × quantity in integer cents without floating-point drift', () => {
		const tenCents: CartProduct = { ...tresLeches, id: 'c', priceCents: 10 }
		const twentyCents: CartProduct = { ...tresLeches, id: 'd', priceCents: 20 }
		expect(cartTotalCents(cartWith([tenCents, 1], [twentyCents, 1]))).toBe(30)
		expect(cartTotalCents(cartWith([tresLeches, 2], [brigadeiro, 3]))).toBe(8400 + 11550)
		expect(cartTotalCents([])).toBe(0)
	})

	it('counts items, not lines', () => {
		expect(cartCount(cartWith([tresLeches, 2], [brigadeiro, 3]))).toBe(5)
	})
})

describe('stored cart', () => {
	it('round-trips', () => {
		const items = cartWith([tresLeches, 2])
		expect(parseStoredCart(serializeCart(items))).toEqual(items)
	})

	it.each([
		['nothing stored', null],
		['not JSON', '{oops'],
		['an old format', JSON.stringify([{ id: 'a', quantity: 1 }])],
		['a wrong version', JSON.stringify({ version: 2, items: [] })],
		['a negative price', JSON.stringify({ version: 1, items: [{ ...tresLeches, priceCents: -1, quantity: 1 }] })],
		['a zero quantity', JSON.stringify({ version: 1, items: [{ ...tresLeches, quantity: 0 }] })],
	])('discards %s safely', (_label, raw) => {
		expect(parseStoredCart(raw)).toEqual([])
	})

	it('drops duplicate lines from tampered data', () => {
		const raw = JSON.stringify({ version: 1, items: cartWith([tresLeches, 1], [tresLeches, 4]) })
		expect(parseStoredCart(raw)).toEqual(cartWith([tresLeches, 1]))
	})
})
