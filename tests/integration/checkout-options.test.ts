import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCakeOptions, createMenuItem } from '../fixtures/menu'
import { MOCK_STRIPE_TAX_PERCENT, startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'
import type { CartItem } from '~/domain/orders/cart'
import { currentCart, type CartMenu } from '~/domain/orders/cart-prices'
import { cartLineKey } from '~/domain/menu/item-options'

let stripe: MockStripe
let checkout: typeof import('./checkout-helpers')
let prisma: (typeof import('~/utils/db.server'))['prisma']
let resetEnv: () => void
const origin = 'https://bakery.test'
const customer = { name: 'Ana Souza', email: 'ana@example.com' }
const pickupAt = pickupSlot()

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_integration',
		STRIPE_WEBHOOK_SECRET: 'whsec_integration',
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	checkout = await import('./checkout-helpers')
	prisma = (await import('~/utils/db.server')).prisma
	resetEnv = (await import('~/utils/env.server')).resetEnv
	await openEveryDay({ ordersPerSlot: 1000 })
})

afterAll(async () => {
	await stripe.close()
})

beforeEach(async () => {
	stripe.requests.length = 0
	await clearPickupHolds()
})

afterEach(() => {
	delete process.env.SALES_TAX_RATE
	delete process.env.STRIPE_TAX
	resetEnv()
})

async function tresLeches() {
	const cake = await createMenuItem({ name: 'Tres leches', priceCents: 4200 })
	return { cake, options: await createCakeOptions(cake.id) }
}

function order(items: unknown[]) {
	return checkout.startCheckout({ customer, items, pickupAt }, { origin })
}

async function placedOrder(result: Awaited<ReturnType<typeof order>>) {
	if (!result.ok) throw new Error(`checkout refused: ${result.error}`)
	return prisma.order.findUniqueOrThrow({
		where: { id: result.orderId },
		include: { items: { orderBy: { id: 'asc' } } },
	})
}

describe('options priced on the server', () => {
	it('charges the item plus its chosen deltas and keeps two sizes as two lines with their choices', async () => {
		const { cake, options } = await tresLeches()
		const eight = {
			id: cake.id,
			quantity: 3,
			unitPriceCents: 4200 + 1200 + 300,
			choices: [
				{ groupId: options.size.id, optionIds: [options.size.eight] },
				{ groupId: options.toppings.id, optionIds: [options.toppings.strawberries] },
				{ groupId: options.message.id, text: '  Feliz   cumpleaños Ana ' },
			],
		}
		const six = { id: cake.id, quantity: 1, choices: [{ groupId: options.size.id, optionIds: [options.size.six] }] }
		const placed = await placedOrder(await order([eight, six]))

		expect(placed.totalCents).toBe(3 * 5700 + 4200)
		expect(
			placed.items.map(({ unitPriceCents, quantity, options }) => ({ unitPriceCents, quantity, options })),
		).toEqual([
			{
				unitPriceCents: 5700,
				quantity: 3,
				options: [
					{ group: 'Size', choice: '8″', priceDeltaCents: 1200 },
					{ group: 'Toppings', choice: 'Strawberries', priceDeltaCents: 300 },
					{ group: 'Message on the cake', text: 'Feliz cumpleaños Ana', priceDeltaCents: 0 },
				],
			},
			{ unitPriceCents: 4200, quantity: 1, options: [{ group: 'Size', choice: '6″', priceDeltaCents: 0 }] },
		])
		// Stripe's page shows each line's choices under its name.
		const params = stripe.requests[0]!.params
		expect(params.get('line_items[0][price_data][unit_amount]')).toBe('5700')
		expect(params.get('line_items[0][price_data][product_data][description]')).toBe(
			'Size: 8″ · Toppings: Strawberries · Message on the cake: “Feliz cumpleaños Ana”',
		)
		expect(params.get('line_items[1][price_data][product_data][description]')).toBe('Size: 6″')
		// Both lines count against the cake's pickup day together.
		expect(await prisma.itemDayUsage.findFirst({ where: { menuItemId: cake.id } })).toMatchObject({ quantity: 4 })
	})

	it('refuses a price the customer saw that the database does not charge, naming the item', async () => {
		const { cake, options } = await tresLeches()
		const result = await order([
			{
				id: cake.id,
				quantity: 1,
				unitPriceCents: 100,
				choices: [{ groupId: options.size.id, optionIds: [options.size.eight] }],
			},
		])
		expect(result).toMatchObject({
			ok: false,
			status: 409,
			error: 'The price of Tres leches is now $54.00. Please update your cart.',
		})
		expect(await prisma.order.count()).toBe(0)
	})

	it.each([
		[
			'a sold-out choice',
			(o: Options) => [{ groupId: o.size.id, optionIds: [o.size.ten] }],
			'Tres leches: “10″” (Size) is sold out.',
		],
		['no size', () => [], 'Tres leches: please choose Size.'],
		[
			'a choice from another group',
			(o: Options) => [{ groupId: o.size.id, optionIds: [o.toppings.coconut] }],
			'Tres leches: a choice for “Size” is no longer offered.',
		],
		[
			'three toppings',
			(o: Options) => [
				{ groupId: o.size.id, optionIds: [o.size.six] },
				{ groupId: o.toppings.id, optionIds: [o.toppings.strawberries, o.toppings.dulce, o.toppings.coconut] },
			],
			'Tres leches: please choose at most 2 for Toppings.',
		],
		[
			'a 61-character message',
			(o: Options) => [
				{ groupId: o.size.id, optionIds: [o.size.six] },
				{ groupId: o.message.id, text: 'x'.repeat(61) },
			],
			'Tres leches: Message on the cake can be at most 60 characters.',
		],
		['an unknown group', () => [{ groupId: 'nope', optionIds: ['nope'] }], 'Tres leches: its options have changed.'],
	])('refuses %s with a message that names it, and writes nothing', async (_label, choices, message) => {
		const { cake, options } = await tresLeches()
		const result = await order([{ id: cake.id, quantity: 1, choices: choices(options) }])
		expect(result).toMatchObject({ ok: false, status: 409, error: `${message} Please update your cart.` })
		expect(result.ok ? [] : result.unavailableIds).toEqual([cake.id])
		expect(await prisma.order.count()).toBe(0)
	})

	it('keeps the order’s choices when the owner later renames a choice and changes prices', async () => {
		const { cake, options } = await tresLeches()
		const placed = await placedOrder(
			await order([
				{ id: cake.id, quantity: 1, choices: [{ groupId: options.size.id, optionIds: [options.size.eight] }] },
			]),
		)
		await prisma.menuOption.update({
			where: { id: options.size.eight },
			data: { name: '20 cm', priceDeltaCents: 9900 },
		})
		await prisma.menuItem.update({ where: { id: cake.id }, data: { priceCents: 1, name: 'Renamed' } })
		const again = await prisma.orderItem.findFirstOrThrow({ where: { orderId: placed.id } })
		expect(again).toMatchObject({
			name: 'Tres leches',
			unitPriceCents: 5400,
			options: [{ group: 'Size', choice: '8″', priceDeltaCents: 1200 }],
		})
	})
})

type Options = Awaited<ReturnType<typeof createCakeOptions>>

describe('Washington sales tax', () => {
	it('taxes prepared food only, at the configured rate, rounded per line, and charges it as its own line', async () => {
		process.env.SALES_TAX_RATE = '10.6'
		resetEnv()
		const coxinha = await createMenuItem({ name: 'Coxinha', priceCents: 375, taxCategory: 'PREPARED_FOOD' })
		const concha = await createMenuItem({ name: 'Concha', priceCents: 300 })
		const placed = await placedOrder(
			await order([
				{ id: coxinha.id, quantity: 3 },
				{ id: concha.id, quantity: 2 },
			]),
		)
		// 3 × $3.75 = $11.25 → 10.6 % = 119.25 ¢ → $1.19; the conchas are exempt bakery items.
		expect(placed.items.map(({ taxCategory, taxCents }) => ({ taxCategory, taxCents }))).toEqual([
			{ taxCategory: 'PREPARED_FOOD', taxCents: 119 },
			{ taxCategory: 'BAKERY', taxCents: 0 },
		])
		expect(placed).toMatchObject({ taxCents: 119, totalCents: 1125 + 600 + 119 })
		const params = stripe.requests[0]!.params
		expect(params.get('line_items[2][price_data][product_data][name]')).toBe('Sales tax')
		expect(params.get('line_items[2][price_data][unit_amount]')).toBe('119')
		expect(params.get('automatic_tax[enabled]')).toBeNull()
	})

	it('leaves the tax to Stripe Tax with a tax code per line, and records what Stripe charged once paid', async () => {
		process.env.STRIPE_TAX = 'true'
		resetEnv()
		const coxinha = await createMenuItem({ name: 'Coxinha', priceCents: 400, taxCategory: 'PREPARED_FOOD' })
		const concha = await createMenuItem({ name: 'Concha', priceCents: 300 })
		const result = await order([
			{ id: coxinha.id, quantity: 1 },
			{ id: concha.id, quantity: 1 },
		])
		const pending = await placedOrder(result)
		expect(pending).toMatchObject({ taxCents: 0, totalCents: 700 })
		const params = stripe.requests[0]!.params
		expect(params.get('automatic_tax[enabled]')).toBe('true')
		expect(params.get('line_items[0][price_data][product_data][tax_code]')).toBe('txcd_99999999')
		expect(params.get('line_items[0][price_data][tax_behavior]')).toBe('exclusive')
		expect(params.get('line_items[1][price_data][product_data][tax_code]')).toBe('txcd_00000000')

		stripe.pay(pending.providerSessionId!)
		expect(await checkout.confirmCheckoutSession(pending.providerSessionId!)).toMatchObject({ status: 'PAID' })
		const tax = Math.round((400 * MOCK_STRIPE_TAX_PERCENT) / 100)
		expect(await prisma.order.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({
			status: 'PAID',
			taxCents: tax,
			totalCents: 700 + tax,
		})
	})
})

/** A line as the browser stored it the day it was added. */
function storedLine(id: string, priceCents: number, quantity: number, choices: CartItem['choices'] = []): CartItem {
	return {
		key: cartLineKey(id, choices),
		id,
		name: 'as stored',
		imageKey: null,
		imageAlt: '',
		priceCents,
		quantity,
		choices,
		options: [],
	}
}

/** What the checkout form posts for these lines. */
function orderLines(lines: readonly CartItem[]) {
	return order(
		lines.map(({ id, quantity, choices, priceCents }) => ({ id, quantity, choices, unitPriceCents: priceCents })),
	)
}

async function cartMenu(locale: 'en' | 'es' = 'en'): Promise<CartMenu> {
	const { invalidateMenuCache } = await import('~/domain/menu/menu-cache.server')
	invalidateMenuCache() // the owner's edits empty the cache; these tests write behind its back
	const menu = await (await import('~/domain/menu/menu-page.server')).loadCartMenu(locale)
	if (!menu) throw new Error('no menu')
	return menu
}

/**
 * The cart at the server's current prices (decision 051): the menu the cart and checkout pages receive
 * (`loadCartMenu`), priced in the browser by `currentCart`, is what `startCheckout` charges; a stored price that
 * is no longer the menu's is refused, never charged.
 */
describe('the cart at the current prices', () => {
	it('a line stored at an old price is shown at the menu’s, and the checkout charges exactly that', async () => {
		const cake = await createMenuItem({ name: 'Tres Leches Cake', priceCents: 4200 })
		const stale = [storedLine(cake.id, 1, 2)]

		const refused = await orderLines(stale)
		expect(refused).toMatchObject({
			ok: false,
			status: 409,
			error: 'The price of Tres Leches Cake is now $42.00. Please update your cart.',
		})

		const cart = currentCart(stale, await cartMenu())
		expect(cart.changes).toEqual([{ key: cake.id, name: 'Tres Leches Cake', options: [], priceCents: 4200 }])
		expect(cart.totalCents).toBe(8400)
		const placed = await orderLines(cart.payable)
		expect(placed.ok).toBe(true)
		if (!placed.ok) return
		expect((await prisma.order.findUniqueOrThrow({ where: { id: placed.orderId } })).totalCents).toBe(8400)
	})

	it('follows the owner’s new price of an item and of an option, and the checkout agrees', async () => {
		const cake = await createMenuItem({ name: 'Chocoflan', priceCents: 4000 })
		const options = await createCakeOptions(cake.id)
		const choices = [{ groupId: options.size.id, optionIds: [options.size.eight] }]
		const before = currentCart([storedLine(cake.id, 0, 1, choices)], await cartMenu())
		expect(before.payable[0]!.priceCents).toBe(5200)

		await prisma.menuItem.update({ where: { id: cake.id }, data: { priceCents: 4100 } })
		await prisma.menuOption.update({ where: { id: options.size.eight }, data: { priceDeltaCents: 1500 } })
		const after = currentCart(before.payable, await cartMenu())
		expect(after.changes).toEqual([
			{
				key: before.payable[0]!.key,
				name: 'Chocoflan',
				options: [{ group: 'Size', choice: '8″', priceDeltaCents: 1500 }],
				priceCents: 5600,
			},
		])
		expect((await orderLines(before.payable)).ok).toBe(false)
		expect((await orderLines(after.payable)).ok).toBe(true)
	})

	it('says which lines cannot be bought now, as the checkout would refuse them', async () => {
		const soldOut = await createMenuItem({ name: 'Flan', soldOut: true })
		const pastry = await createMenuItem({ name: 'Pão de Queijo', category: 'BRAZILIAN_PASTRIES', orderable: false })
		const sized = await createMenuItem({ name: 'Bolo de Cenoura', priceCents: 3400 })
		const options = await createCakeOptions(sized.id)
		const withEight = [{ groupId: options.size.id, optionIds: [options.size.eight] }]
		const gone = await createMenuItem({ name: 'Withdrawn Cake' })
		const stored = [
			storedLine(soldOut.id, 4200, 1),
			storedLine(pastry.id, 4200, 1),
			storedLine(sized.id, 4600, 1, withEight),
			storedLine(gone.id, 4200, 1),
		]
		await prisma.menuOption.delete({ where: { id: options.size.eight } })
		await prisma.menuItem.delete({ where: { id: gone.id } })

		const cart = currentCart(stored, await cartMenu())
		expect(cart.problems).toEqual({
			[soldOut.id]: { kind: 'sold-out' },
			[pastry.id]: { kind: 'not-online' },
			[stored[2]!.key]: { kind: 'options', problem: { kind: 'unknown-choice', group: 'Size' } },
			[gone.id]: { kind: 'off-menu' },
		})
		expect(cart.payable).toEqual([])
		for (const line of stored) expect((await orderLines([line])).ok, line.id).toBe(false)
	})

	it('names the items in the page’s language', async () => {
		const cake = await createMenuItem({ name: 'Carrot Cake', priceCents: 3400 })
		await prisma.menuItem.update({ where: { id: cake.id }, data: { nameEs: 'Pastel de zanahoria' } })
		expect((await cartMenu('es'))[cake.id]).toEqual({
			state: 'for-sale',
			name: 'Pastel de zanahoria',
			priceCents: 3400,
		})
	})

	it('the cart page and the checkout page receive that menu; the pickup fetches do not', async () => {
		const cake = await createMenuItem({ name: 'Tres Leches Cake', priceCents: 4200 })
		const forSale = { state: 'for-sale', name: 'Tres Leches Cake', priceCents: 4200 }
		await cartMenu()
		const { loader: cartLoader } = await import('~/routes/cart')
		const cart = (await cartLoader({ request: new Request('http://localhost/cart') } as never)) as {
			menu: CartMenu | null
		}
		expect(cart.menu?.[cake.id]).toEqual(forSale)
		const { loader: checkoutLoader } = await import('~/routes/checkout')
		const page = (await checkoutLoader({ request: new Request('http://localhost/checkout') } as never)) as {
			data: { menu: CartMenu | null }
		}
		expect(page.data.menu?.[cake.id]).toEqual(forSale)
		const fetched = (await checkoutLoader({
			request: new Request(`http://localhost/checkout?item=${cake.id}:1`),
		} as never)) as { data: { menu: CartMenu | null } }
		expect(fetched.data.menu).toBeNull()
	})
})
