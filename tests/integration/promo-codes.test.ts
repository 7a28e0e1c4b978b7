/**
 * Issue 38 (decisions 080 and 081): promo codes and tips on the order checkout. The server prices the code and the
 * tip; sales tax is on each line after its share of the discount; a code's use is taken in the statement that places
 * the pending order, so its limits hold under concurrency, and given back once when the order is not paid.
 */
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

const SECRET = 'whsec_promo_codes'
const signer = new Stripe('sk_test_signer')
const origin = 'https://bakery.test'
let stripe: MockStripe
let checkout: typeof import('./checkout-helpers')
let webhook: (typeof import('~/routes/webhooks.stripe'))['action']
let prisma: (typeof import('~/utils/db.server'))['prisma']

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_promo_codes',
		STRIPE_WEBHOOK_SECRET: SECRET,
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
		SALES_TAX_RATE: '10.6',
	})
	checkout = await import('./checkout-helpers')
	webhook = (await import('~/routes/webhooks.stripe')).action
	prisma = (await import('~/utils/db.server')).prisma
})

afterAll(() => stripe.close())

beforeEach(async () => {
	stripe.requests.length = 0
	await clearPickupHolds()
	await prisma.promoCode.deleteMany()
	await clearMailQueues()
	await openEveryDay({ ordersPerSlot: 1000 })
})

let codes = 0
function createCode(data: Partial<Parameters<typeof prisma.promoCode.create>[0]['data']> = {}) {
	codes += 1
	return prisma.promoCode.create({ data: { code: `TEST-${codes}`, kind: 'PERCENT', percentOff: 10, ...data } })
}

let customers = 0
function start(
	items: Array<{ id: string; quantity: number }>,
	{
		promoCode,
		tip,
		tipAmount,
		email,
		client,
		locale,
	}: { locale?: 'en' | 'es' | 'pt-BR' } & Partial<
		Record<'promoCode' | 'tip' | 'tipAmount' | 'email' | 'client', string>
	> = {},
) {
	customers += 1
	const customer = { name: `Customer ${customers}`, email: email ?? `p${customers}@example.com` }
	return checkout.startCheckout(
		{ customer, items, pickupAt: pickupSlot(2, '10:00'), promoCode, tip, tipAmount },
		{ origin, client: client ?? `198.51.100.${customers % 250}`, locale },
	)
}

let events = 0
function deliver(type: string, session: Record<string, unknown>) {
	const payload = JSON.stringify({ id: `evt_promo_${++events}`, object: 'event', type, data: { object: session } })
	const headers = new Headers({
		'Content-Type': 'application/json',
		'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
	})
	return webhook({
		request: new Request(`${origin}/webhooks/stripe`, { method: 'POST', headers, body: payload }),
		params: {},
		context: {},
	})
}

const orderOf = (orderId: string) =>
	prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: { items: { orderBy: { id: 'asc' } } } })
const usedCount = async (id: string) => (await prisma.promoCode.findUniqueOrThrow({ where: { id } })).usedCount
const liveUses = (promoCodeId: string) => prisma.promoCodeUse.count({ where: { promoCodeId, releasedAt: null } })

describe('pricing: the discount, tax after it, and the tip', () => {
	it('charges Stripe exactly what the order records: lines, Discount as a coupon, tax after it, an untaxed tip', async () => {
		const concha = await createMenuItem({ priceCents: 350, category: 'MEXICAN_PASTRIES' })
		const sandwich = await createMenuItem({ priceCents: 999, taxCategory: 'PREPARED_FOOD' })
		const code = await createCode({ kind: 'AMOUNT', percentOff: null, amountOffCents: 500 })
		const started = await start(
			[
				{ id: concha.id, quantity: 3 },
				{ id: sandwich.id, quantity: 1 },
			],
			{ promoCode: code.code.toLowerCase(), tip: '15' },
		)
		if (!started.ok) throw new Error(started.error)
		const order = await orderOf(started.orderId)
		// $20.49 of lines, $5 off spread $2.56 / $2.44, 10.6 % on the sandwich's $7.55 = 80 ¢, 15 % of $15.49 = $2.32.
		expect(order.items.map((line) => [line.discountCents, line.taxCents])).toEqual([
			[256, 0],
			[244, 80],
		])
		expect(order).toMatchObject({
			promoCode: code.code,
			discountCents: 500,
			taxCents: 80,
			tipCents: 232,
			totalCents: 2049 - 500 + 80 + 232,
		})
		const session = stripe.sessionJson(order.providerSessionId!)
		expect(session.amount_total).toBe(order.totalCents)
		expect(session.total_details.amount_discount).toBe(500)
		const params = stripe.sessions.get(order.providerSessionId!)!.params
		const coupon = stripe.coupons.get(params.get('discounts[0][coupon]')!)
		expect(coupon).toMatchObject({ amount_off: 500, name: code.code })
		expect(params.get('line_items[2][price_data][product_data][name]')).toBe('Sales tax')
		expect(params.get('line_items[3][price_data][product_data][name]')).toBe('Tip for the bakery team')
		expect(params.get('line_items[3][price_data][unit_amount]')).toBe('232')
	})

	it('refuses a code that does not apply, beside the code field, and holds nothing', async () => {
		const concha = await createMenuItem({ priceCents: 350, category: 'MEXICAN_PASTRIES' })
		const cakesOnly = await createCode({ categories: ['CAKES'] })
		const big = await createCode({ minimumOrderCents: 5000 })
		expect(await start([{ id: concha.id, quantity: 1 }], { promoCode: 'NOPE' })).toMatchObject({
			ok: false,
			status: 409,
			field: 'promoCode',
			error: 'We don’t know that code. Please check its spelling.',
		})
		expect(await start([{ id: concha.id, quantity: 1 }], { promoCode: cakesOnly.code })).toMatchObject({
			field: 'promoCode',
			error: 'This code doesn’t apply to anything in your cart.',
		})
		expect(await start([{ id: concha.id, quantity: 1 }], { promoCode: big.code })).toMatchObject({
			field: 'promoCode',
			error: 'This code needs an order of at least $50.00.',
		})
		expect(await start([{ id: concha.id, quantity: 1 }], { tip: 'custom', tipAmount: '500' })).toMatchObject({
			field: 'tipAmount',
			error: 'A tip can be at most $20.00 on this order.',
		})
		expect(await prisma.order.count()).toBe(0)
	})
})

describe('the order’s mails', () => {
	it('the receipt, in Spanish, and the owner’s alert say Subtotal, Discount (code), Tax, Tip and Total as charged', async () => {
		const sandwich = await createMenuItem({ priceCents: 1000, taxCategory: 'PREPARED_FOOD' })
		const code = await createCode({ percentOff: 20 })
		const started = await start([{ id: sandwich.id, quantity: 2 }], {
			promoCode: code.code,
			tip: 'custom',
			tipAmount: '3.50',
			locale: 'es',
		})
		if (!started.ok) throw new Error(started.error)
		const order = await orderOf(started.orderId)
		await deliver('checkout.session.completed', stripe.pay(order.providerSessionId!))
		// $20.00 − $4.00, 10.6 % of $16.00 = $1.70, tip $3.50: $21.20.
		expect(order).toMatchObject({ discountCents: 400, taxCents: 170, tipCents: 350, totalCents: 2120 })
		expect((await orderOf(started.orderId)).status).toBe('PAID')
		const { composeMail } = await import('~/domain/mail/compose.server')
		const context = { origin, reviewUrl: async () => origin, ownerEmails: ['owner@example.com'] }
		const receipt = await composeMail({ kind: 'order-receipt', orderId: order.id }, context)
		expect(receipt?.text).toMatch(
			new RegExp(
				`Subtotal\\s+\\$20\\.00[\\s\\S]*Descuento \\(${code.code}\\)\\s+−\\$4\\.00[\\s\\S]*\\$1\\.70[\\s\\S]*Propina\\s+\\$3\\.50[\\s\\S]*\\$21\\.20`,
			),
		)
		const alert = await composeMail({ kind: 'order-paid-owner', orderId: order.id }, context)
		expect(alert?.text).toMatch(new RegExp(`Discount \\(${code.code}\\)\\s+−\\$4\\.00[\\s\\S]*Tip\\s+\\$3\\.50`))
	})
})

describe('a code’s uses under concurrency', () => {
	it('a code limited to 10 uses under 50 concurrent checkouts: exactly 10 orders get it', async () => {
		const cake = await createMenuItem({ priceCents: 2000 })
		const code = await createCode({ maxUses: 10 })
		const results = await Promise.all(
			Array.from({ length: 50 }, () => start([{ id: cake.id, quantity: 1 }], { promoCode: code.code })),
		)
		expect(results.filter((result) => result.ok)).toHaveLength(10)
		const refused = results.filter((result) => !result.ok)
		expect(refused).toHaveLength(40)
		for (const result of refused)
			expect(result).toMatchObject({ field: 'promoCode', error: 'This code has been used up.' })
		expect(await prisma.order.count({ where: { promoCode: code.code, discountCents: 200 } })).toBe(10)
		expect(await prisma.order.count()).toBe(10)
		expect(await usedCount(code.id)).toBe(10)
		expect(await liveUses(code.id)).toBe(10)
	})

	it('one use per customer holds when the same e-mail checks out five times at once: the last tab keeps the code', async () => {
		const cake = await createMenuItem({ priceCents: 2000 })
		const code = await createCode({ maxUsesPerCustomer: 1 })
		const results = await Promise.all(
			[1, 2, 3, 4, 5].map((n) =>
				start([{ id: cake.id, quantity: 1 }], {
					promoCode: code.code,
					email: 'Ana@Example.com',
					client: `203.0.113.${n}`,
				}),
			),
		)
		// Each new tab replaces the customer's unpaid order holding the code (its payment page closed at Stripe).
		expect(results.every((result) => result.ok)).toBe(true)
		expect(await usedCount(code.id)).toBe(1)
		expect(await liveUses(code.id)).toBe(1)
		expect(await prisma.order.count({ where: { status: 'PENDING', promoCode: code.code } })).toBe(1)
		expect(await prisma.order.count({ where: { status: 'CANCELLED', promoCode: code.code } })).toBe(4)
		// Once paid, the code is used: the same customer is refused, another still gets it.
		const kept = await prisma.order.findFirstOrThrow({ where: { status: 'PENDING' } })
		await deliver('checkout.session.completed', stripe.pay(kept.providerSessionId!))
		expect(
			await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code, email: 'ana@example.com' }),
		).toMatchObject({
			field: 'promoCode',
			error: 'You’ve already used this code.',
		})
		expect(await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code })).toMatchObject({ ok: true })
		expect(await usedCount(code.id)).toBe(2)
	})

	it('counts an account’s uses, also after the account’s e-mail changed', async () => {
		const cake = await createMenuItem({ priceCents: 2000 })
		const code = await createCode({ maxUsesPerCustomer: 1 })
		const account = await prisma.customer.create({ data: { email: 'bea@example.com' } })
		const first = await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code, email: 'BEA@example.com' })
		if (!first.ok) throw new Error(first.error)
		expect(await prisma.promoCodeUse.findUnique({ where: { orderId: first.orderId } })).toMatchObject({
			email: 'bea@example.com',
			customerId: account.id,
		})
		await deliver('checkout.session.completed', stripe.pay((await orderOf(first.orderId)).providerSessionId!))
		await prisma.customer.update({ where: { id: account.id }, data: { email: 'bea.new@example.com' } })
		expect(
			await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code, email: 'bea.new@example.com' }),
		).toMatchObject({ error: 'You’ve already used this code.' })
	})

	it('a first-order-only code is refused to a returning customer, by the preview and by the database', async () => {
		const cake = await createMenuItem({ priceCents: 2000 })
		const code = await createCode({ firstOrderOnly: true })
		const earlier = await start([{ id: cake.id, quantity: 1 }], { email: 'cleo@example.com' })
		if (!earlier.ok) throw new Error(earlier.error)
		await prisma.order.update({ where: { id: earlier.orderId }, data: { status: 'PICKED_UP', paidAt: new Date() } })
		expect(
			await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code, email: 'cleo@example.com' }),
		).toMatchObject({
			field: 'promoCode',
			error: 'This code is for a first order only.',
		})
		// The database's own check: the same order placed without the preview's check.
		const { placePendingOrder } = await import('~/domain/orders/models/order.server')
		const refused = await placePendingOrder(
			{
				customer: { name: 'Cleo', email: 'cleo@example.com' },
				currency: 'usd',
				lines: [{ menuItemId: cake.id, name: cake.name, unitPriceCents: 2000, quantity: 1, discountCents: 200 }],
				promo: { id: code.id, code: code.code },
			},
			{
				slotStart: new Date(pickupSlot(2, '11:00')),
				pickupDate: pickupSlot(2, '11:00').slice(0, 10) as never,
				ordersPerSlot: 10,
				dailyLimits: new Map(),
			},
		)
		expect(refused).toEqual({ ok: false, reason: 'promo', problem: 'first-order' })
		expect(await usedCount(code.id)).toBe(0)
		// A new customer gets it.
		expect(await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code })).toMatchObject({ ok: true })
	})
})

describe('a use given back exactly once', () => {
	it('on expiry, replayed: the use comes back once; a late payment takes it again', async () => {
		const cake = await createMenuItem({ priceCents: 2000 })
		const code = await createCode({ maxUses: 1 })
		const started = await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code })
		if (!started.ok) throw new Error(started.error)
		const { providerSessionId } = await orderOf(started.orderId)
		const expired = stripe.expire(providerSessionId!)
		await deliver('checkout.session.expired', expired)
		await deliver('checkout.session.expired', expired)
		expect(await usedCount(code.id)).toBe(0)
		expect(await liveUses(code.id)).toBe(0)
		// Someone else may use it now; the expired order's late payment still counts (it was charged the discount).
		expect(await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code })).toMatchObject({ ok: true })
		await deliver('checkout.session.completed', stripe.pay(providerSessionId!))
		await deliver('checkout.session.completed', stripe.sessionJson(providerSessionId!))
		expect(await usedCount(code.id)).toBe(2)
		expect(await liveUses(code.id)).toBe(2)
		expect(await orderOf(started.orderId)).toMatchObject({ status: 'PAID', heldChargeCents: null })
	})

	it('on the customer’s cancel and a failed payment page; a paid order keeps its use', async () => {
		const cake = await createMenuItem({ priceCents: 2000 })
		const code = await createCode()
		const cancelled = await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code })
		const paid = await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code })
		if (!cancelled.ok || !paid.ok) throw new Error('checkout refused')
		expect(await usedCount(code.id)).toBe(2)
		const sessionOf = async (orderId: string) => (await orderOf(orderId)).providerSessionId!
		expect(await checkout.cancelCheckoutSession(await sessionOf(cancelled.orderId))).toBe('cancelled')
		expect(await checkout.cancelCheckoutSession(await sessionOf(cancelled.orderId))).toBe('not-pending')
		// Stripe refuses the payment page (its retries too): the order is cancelled and its use given back.
		stripe.failNext(500, 500, 500)
		expect(await start([{ id: cake.id, quantity: 1 }], { promoCode: code.code })).toMatchObject({
			ok: false,
			status: 502,
		})
		await deliver('checkout.session.completed', stripe.pay(await sessionOf(paid.orderId)))
		expect(await usedCount(code.id)).toBe(1)
		expect(await liveUses(code.id)).toBe(1)
		expect(await prisma.promoCodeUse.count({ where: { promoCodeId: code.id } })).toBe(3)
		expect((await orderOf(paid.orderId)).status).toBe('PAID')
	})
})

describe('tips reported per day to the owner', () => {
	it('sums the tips of the day’s paid orders; an unpaid or refunded order’s tip does not count', async () => {
		const cake = await createMenuItem({ priceCents: 2000 })
		const tipped = await Promise.all([
			start([{ id: cake.id, quantity: 1 }], { tip: '10' }),
			start([{ id: cake.id, quantity: 1 }], { tip: 'custom', tipAmount: '5' }),
			start([{ id: cake.id, quantity: 1 }], { tip: '20' }),
			start([{ id: cake.id, quantity: 1 }], { tip: '15' }),
			start([{ id: cake.id, quantity: 1 }]),
		])
		const ids = tipped.map((result) => (result.ok ? result.orderId : ''))
		for (const id of ids.slice(0, 3).concat(ids[4]!)) {
			await deliver('checkout.session.completed', stripe.pay((await orderOf(id)).providerSessionId!))
		}
		await prisma.order.update({ where: { id: ids[2] }, data: { status: 'REFUNDED' } })
		const { tipsForPickupDate } = await import('~/domain/orders/models/owner-orders.server')
		const day = (await orderOf(ids[0]!)).pickupDate!.toISOString().slice(0, 10)
		// $2.00 and $5.00 paid; $4.00 refunded; $3.00 never paid; one order without a tip.
		expect(await tipsForPickupDate(day as never)).toEqual({ tipCents: 700, orders: 2 })
	})
})

describe('the checkout page’s Apply (POST /checkout?intent=price)', () => {
	async function postPrice(fields: Record<string, string>, path = '/checkout?intent=price') {
		const { action } = await import('~/routes/checkout')
		const { run } = await import('./admin-helpers')
		const request = new Request(`${origin}${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(fields),
		})
		const outcome = await run(action({ request, context: { clientIp: `price-${++customers}` }, params: {} }))
		return outcome as { status: number; data: { price: unknown; result: { error?: Record<string, string[]> } } }
	}

	it('prices the code and the tip as the order would be charged, holds nothing, and says why a code does not apply', async () => {
		const sandwich = await createMenuItem({ priceCents: 1000, taxCategory: 'PREPARED_FOOD' })
		const code = await createCode({ percentOff: 20, minimumOrderCents: 1500 })
		const cart = { 'items[0].id': sandwich.id, 'items[0].quantity': '2' }
		const priced = await postPrice({ ...cart, promoCode: code.code.toLowerCase(), tip: '10' })
		expect(priced.status).toBe(200)
		expect(priced.data.price).toEqual({
			subtotalCents: 2000,
			discountCents: 400,
			taxCents: 170,
			tipCents: 160,
			totalCents: 1930,
			promoCode: code.code,
			giftCard: null,
			storeCreditCents: 0,
			dueCents: 1930,
		})
		const tooSmall = await postPrice({ 'items[0].id': sandwich.id, 'items[0].quantity': '1', promoCode: code.code })
		expect(tooSmall.status).toBe(409)
		expect(tooSmall.data.result.error?.promoCode).toEqual(['This code needs an order of at least $15.00.'])
		const spanish = await postPrice({ ...cart, promoCode: 'NOPE' }, '/es/checkout?intent=price')
		expect(spanish.data.result.error?.promoCode).toEqual(['No conocemos ese código. Revisa cómo está escrito.'])
		expect(await prisma.order.count()).toBe(0)
		expect(await usedCount(code.id)).toBe(0)
	})
})

describe('with Stripe Tax', () => {
	it('the tip line carries the Nontaxable code, so Stripe taxes only the discounted items', async () => {
		const { resetEnv } = await import('~/utils/env.server')
		delete process.env.SALES_TAX_RATE
		process.env.STRIPE_TAX = 'true'
		resetEnv()
		try {
			const sandwich = await createMenuItem({ priceCents: 1000, taxCategory: 'PREPARED_FOOD' })
			const code = await createCode({ kind: 'AMOUNT', percentOff: null, amountOffCents: 500 })
			const started = await start([{ id: sandwich.id, quantity: 1 }], {
				promoCode: code.code,
				tip: 'custom',
				tipAmount: '2',
			})
			if (!started.ok) throw new Error(started.error)
			const order = await orderOf(started.orderId)
			expect(order).toMatchObject({ discountCents: 500, taxCents: 0, tipCents: 200, totalCents: 700 })
			const params = stripe.sessions.get(order.providerSessionId!)!.params
			expect(params.get('line_items[1][price_data][product_data][name]')).toBe('Tip for the bakery team')
			expect(params.get('line_items[1][price_data][product_data][tax_code]')).toBe('txcd_00000000')
			// The mock's Stripe Tax (10 %) on the item's share of the coupon-reduced amount, none on the tip.
			const session = stripe.sessionJson(order.providerSessionId!)
			expect(session.total_details).toMatchObject({ amount_discount: 500 })
			expect(session.total_details.amount_tax).toBeGreaterThan(0)
			expect(session.total_details.amount_tax).toBeLessThan(100)
			await deliver('checkout.session.completed', stripe.pay(order.providerSessionId!))
			// Charged as priced (the total less Stripe's tax): paid, not held for the owner.
			expect(await orderOf(order.id)).toMatchObject({ status: 'PAID', heldChargeCents: null })
		} finally {
			delete process.env.STRIPE_TAX
			process.env.SALES_TAX_RATE = '10.6'
			resetEnv()
		}
	})
})
