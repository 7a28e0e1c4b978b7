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
import { cartLineKey } from '~/domain/menu/item-options'

const tresLeches: CartProduct = {
	id: 'a',
	name: 'Tres Leches Cake',
	imageKey: null,
	imageAlt: 'cake',
	priceCents: 4200,
}
const brigadeiro: CartProduct = { id: 'b', name: 'Brigadeiro Cake', imageKey: null, imageAlt: 'cake', priceCents: 3850 }

function cartWith(...entries: Array<[CartProduct, number]>): CartItem[] {
	return entries.map(([product, quantity]) => ({
		...product,
		key: cartLineKey(product.id, product.choices ?? []),
		choices: product.choices ?? [],
		options: product.options ?? [],
		quantity,
	}))
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
		expect(cartReducer(start, { type: 'updateQuantity', key: 'a', quantity: 5 })).toEqual(
			cartWith([tresLeches, 5], [brigadeiro, 1]),
		)
		expect(cartReducer(start, { type: 'updateQuantity', key: 'a', quantity: 0 })[0]!.quantity).toBe(1)
		expect(cartReducer(start, { type: 'updateQuantity', key: 'a', quantity: -3 })[0]!.quantity).toBe(1)
	})

	it('ignores unknown ids on update and remove', () => {
		const start = cartWith([tresLeches, 2])
		expect(cartReducer(start, { type: 'updateQuantity', key: 'zzz', quantity: 9 })).toEqual(start)
		expect(cartReducer(start, { type: 'remove', key: 'zzz' })).toEqual(start)
	})

	it('stores the menu’s current unit prices of the lines named by key, and only those', () => {
		const start = cartWith([tresLeches, 2], [brigadeiro, 1])
		const prices = [
			{ key: 'a', priceCents: 4500 },
			{ key: 'constructor', priceCents: 1 },
		]
		expect(cartReducer(start, { type: 'reprice', prices })).toEqual(
			cartWith([{ ...tresLeches, priceCents: 4500 }, 2], [brigadeiro, 1]),
		)
	})

	it('removes by id', () => {
		expect(cartReducer(cartWith([tresLeches, 2], [brigadeiro, 1]), { type: 'remove', key: 'a' })).toEqual(
			cartWith([brigadeiro, 1]),
		)
	})

	it('clears', () => {
		expect(cartReducer(cartWith([tresLeches, 2]), { type: 'clear' })).toEqual([])
	})

	it('does not grow past the maximum number of lines', () => {
		const many = cartWith(
			...Array.from({ length: MAX_CART_LINES }, (_, index): [CartProduct, number] => [
				{ ...tresLeches, id: `i${index}` },
				1,
			]),
		)
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
		['a wrong version', JSON.stringify({ version: 3, items: [] })],
		['a negative price', JSON.stringify({ version: 1, items: [{ ...tresLeches, priceCents: -1, quantity: 1 }] })],
		['a zero quantity', JSON.stringify({ version: 1, items: [{ ...tresLeches, quantity: 0 }] })],
	])('discards %s safely', (_label, raw) => {
		expect(parseStoredCart(raw)).toEqual([])
	})

	it('drops duplicate lines from tampered data', () => {
		const raw = JSON.stringify({ version: 2, items: cartWith([tresLeches, 1], [tresLeches, 4]) })
		expect(parseStoredCart(raw)).toEqual(cartWith([tresLeches, 1]))
	})

	it('carries a cart stored before options (version 1) over, line by line', () => {
		const version1 = JSON.stringify({
			version: 1,
			items: [
				{ ...tresLeches, quantity: 2 },
				{ ...brigadeiro, quantity: 1 },
			],
		})
		expect(parseStoredCart(version1)).toEqual(cartWith([tresLeches, 2], [brigadeiro, 1]))
	})

	it('refuses a line whose key does not match its item and choices', () => {
		const [line] = cartWith([eightInch, 1])
		const raw = JSON.stringify({ version: 2, items: [{ ...line, key: tresLeches.id }] })
		expect(parseStoredCart(raw)).toEqual([])
	})
})

const eightInch: CartProduct = {
	...tresLeches,
	priceCents: 5400,
	choices: [{ groupId: 'size', optionIds: ['8in'] }],
	options: [{ group: 'Size', choice: '8″', priceDeltaCents: 1200 }],
}
const tenInch: CartProduct = {
	...tresLeches,
	priceCents: 6600,
	choices: [{ groupId: 'size', optionIds: ['10in'] }],
	options: [{ group: 'Size', choice: '10″', priceDeltaCents: 2400 }],
}

describe('lines with options', () => {
	it('keeps two sizes of one item as two lines and adds the same size to its line', () => {
		let cart = cartReducer([], { type: 'add', item: eightInch })
		cart = cartReducer(cart, { type: 'add', item: tenInch })
		cart = cartReducer(cart, { type: 'add', item: eightInch, quantity: 2 })
		expect(cart.map((line) => [line.options[0]?.choice, line.quantity])).toEqual([
			['8″', 3],
			['10″', 1],
		])
		expect(cartTotalCents(cart)).toBe(3 * 5400 + 6600)
	})

	it('changes and removes one line without touching the other size', () => {
		const cart = cartWith([eightInch, 1], [tenInch, 1])
		const tenKey = cart[1]!.key
		expect(
			cartReducer(cart, { type: 'updateQuantity', key: tenKey, quantity: 4 }).map((line) => line.quantity),
		).toEqual([1, 4])
		expect(cartReducer(cart, { type: 'remove', key: tenKey })).toEqual(cartWith([eightInch, 1]))
	})

	it('round-trips through storage with its choices', () => {
		const cart = cartWith([eightInch, 1], [tenInch, 2])
		expect(parseStoredCart(serializeCart(cart))).toEqual(cart)
	})
})
