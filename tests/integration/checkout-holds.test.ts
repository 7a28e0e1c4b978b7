/**
 * Issue 35, findings 4 and 6 (decision 058): unpaid checkouts cannot hoard a slot or a day's stock, refusals never
 * tell the live stock, the provider is asked only about this site's own unpaid sessions, and a payment that charged
 * another amount than priced is held for the owner, for orders and for cake deposits.
 */
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

const SECRET = 'whsec_checkout_holds'
const signer = new Stripe('sk_test_signer')
const origin = 'https://bakery.test'
let stripe: MockStripe
let checkout: typeof import('./checkout-helpers')
let webhook: (typeof import('~/routes/webhooks.stripe'))['action']
let successPage: (typeof import('~/routes/success'))['loader']
let quotePage: (typeof import('~/routes/quote.$token'))['loader']
let quotes: typeof import('~/domain/cake-quotes/models/cake-quote.server')
let quoteCheckout: typeof import('~/domain/cake-quotes/quote-checkout.server')
let tokens: typeof import('~/domain/cake-quotes/cake-quote-token.server')
let prisma: (typeof import('~/utils/db.server'))['prisma']

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_checkout_holds',
		STRIPE_WEBHOOK_SECRET: SECRET,
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	checkout = await import('./checkout-helpers')
	webhook = (await import('~/routes/webhooks.stripe')).action
	successPage = (await import('~/routes/success')).loader
	quotePage = (await import('~/routes/quote.$token')).loader
	quotes = await import('~/domain/cake-quotes/models/cake-quote.server')
	quoteCheckout = await import('~/domain/cake-quotes/quote-checkout.server')
	tokens = await import('~/domain/cake-quotes/cake-quote-token.server')
	prisma = (await import('~/utils/db.server')).prisma
})

afterAll(() => stripe.close())

beforeEach(async () => {
	stripe.requests.length = 0
	await prisma.cakePayment.deleteMany()
	await prisma.customCakeRequest.deleteMany()
	await clearPickupHolds()
	await clearMailQueues()
	await openEveryDay({ ordersPerSlot: 1000 })
})

let customers = 0
function start(
	items: Array<{ id: string; quantity: number }>,
	pickupAt: string,
	{ client, email }: { client?: string; email?: string } = {},
) {
	customers += 1
	const customer = { name: `Customer ${customers}`, email: email ?? `c${customers}@example.com` }
	return checkout.startCheckout({ customer, items, pickupAt }, { origin, client })
}

const liveHolds = () => prisma.order.count({ where: { status: 'PENDING', capacityHeld: true } })
const slotOrders = async (pickupAt: string) =>
	(await prisma.pickupSlotUsage.findUnique({ where: { slotStart: new Date(pickupAt) } }))?.orders ?? 0
const stripeCalls = (method: string, pathStart: string) =>
	stripe.requests.filter((request) => request.method === method && request.path.startsWith(pathStart)).length

async function queuedMailKinds() {
	const jobs = await prisma.$queryRaw<
		Array<{ kind: string }>
	>`SELECT data ->> 'kind' AS kind FROM pgboss.job WHERE name = 'mail'`
	return jobs.map((job) => job.kind).sort()
}

let events = 0
function deliver(type: string, session: Record<string, unknown>) {
	const payload = JSON.stringify({ id: `evt_holds_${++events}`, object: 'event', type, data: { object: session } })
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

describe('one client cannot hoard a pickup slot with unpaid checkouts', () => {
	it('six checkouts from one client for a slot of six leave it two live holds; everyone else can still book', async () => {
		await openEveryDay({ ordersPerSlot: 6 })
		const cake = await createMenuItem()
		const pickupAt = pickupSlot(2, '10:00')
		const results = []
		for (let index = 0; index < 6; index += 1) {
			results.push(await start([{ id: cake.id, quantity: 1 }], pickupAt, { client: '203.0.113.7' }))
		}
		// A real customer who retries is never locked out: each attempt opens a payment page.
		expect(results.every((result) => result.ok)).toBe(true)
		expect(await liveHolds()).toBe(2)
		expect(await slotOrders(pickupAt)).toBe(2)
		// The four replaced checkouts are cancelled and their payment pages closed at Stripe.
		expect(await prisma.order.count({ where: { status: 'CANCELLED', capacityHeld: false } })).toBe(4)
		expect(stripeCalls('POST', '/v1/checkout/sessions/')).toBe(4)
		const replaced = await prisma.order.findMany({ where: { status: 'CANCELLED' } })
		for (const order of replaced) expect(stripe.sessions.get(order.providerSessionId!)?.status).toBe('expired')
		// The newest two are the ones kept.
		const kept = await prisma.order.findMany({ where: { status: 'PENDING' }, select: { id: true } })
		expect(kept.map((order) => order.id).sort()).toEqual(
			results
				.slice(-2)
				.map((result) => (result.ok ? result.orderId : ''))
				.sort(),
		)

		const others = await Promise.all(
			[1, 2, 3, 4].map((n) => start([{ id: cake.id, quantity: 1 }], pickupAt, { client: `198.51.100.${n}` })),
		)
		expect(others.every((result) => result.ok)).toBe(true)
		expect(await slotOrders(pickupAt)).toBe(6)
	})

	it('the same e-mail from several clients counts as one customer', async () => {
		const cake = await createMenuItem()
		const pickupAt = pickupSlot(2, '11:00')
		for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3', undefined]) {
			expect(
				await start([{ id: cake.id, quantity: 1 }], pickupAt, { client, email: 'Hoarder@Example.com' }),
			).toMatchObject({ ok: true })
		}
		expect(await liveHolds()).toBe(2)
		expect(await slotOrders(pickupAt)).toBe(2)
	})

	it('holds even when one client fires twenty checkouts at once: two live holds, the counters agree', async () => {
		const cake = await createMenuItem({ name: 'Tres Leches Slice' })
		await prisma.menuItem.update({ where: { id: cake.id }, data: { dailyLimit: 50 } })
		const pickupAt = pickupSlot(3, '12:00')
		const results = await Promise.all(
			Array.from({ length: 20 }, () => start([{ id: cake.id, quantity: 5 }], pickupAt, { client: '203.0.113.9' })),
		)
		expect(results.filter((result) => result.ok).length).toBeGreaterThanOrEqual(2)
		expect(await liveHolds()).toBe(2)
		expect(await slotOrders(pickupAt)).toBe(2)
		const usage = await prisma.itemDayUsage.findFirstOrThrow({ where: { menuItemId: cake.id } })
		expect(usage.quantity).toBe(10)
	})

	it('a daily limit refusal never tells the live stock', async () => {
		const cake = await createMenuItem({ name: 'Tres Leches Slice' })
		await prisma.menuItem.update({ where: { id: cake.id }, data: { dailyLimit: 50 } })
		const pickupAt = pickupSlot(4, '12:00')
		expect(await start([{ id: cake.id, quantity: 26 }], pickupAt)).toMatchObject({ ok: true })
		const refused = await start([{ id: cake.id, quantity: 30 }], pickupAt)
		expect(refused).toMatchObject({ ok: false, status: 409, field: 'pickupAt' })
		expect(!refused.ok && refused.error).toMatch(/^Not that many Tres Leches Slice left for .* — please lower/)
		expect(!refused.ok && refused.error).not.toMatch(/\d+ Tres Leches/)
	})
})

/** The page's loader as a visitor reaches it: what the page shows. */
async function visitSuccess(sessionId: string) {
	const page = await successPage({
		request: new Request(`${origin}/success?session_id=${sessionId}`),
		params: {},
		context: {},
	})
	return page.data
}

async function heldOrder() {
	const cake = await createMenuItem({ priceCents: 1_000 })
	const result = await start([{ id: cake.id, quantity: 2 }], pickupSlot(2, '13:00'))
	if (!result.ok) throw new Error(result.error)
	return prisma.order.findUniqueOrThrow({ where: { id: result.orderId } })
}

describe('the provider is asked only about a session this site opened and this visitor may ask about', () => {
	it('/success with a made-up or another kind’s session makes no Stripe call', async () => {
		for (const sessionId of ['cs_test_madeup', 'cs_live_a1b2c3']) {
			expect((await visitSuccess(sessionId)).order).toBeNull()
		}
		expect(stripe.requests).toHaveLength(0)
	})

	it('/success asks once for an unpaid order of its own, and not again once it is paid', async () => {
		const order = await heldOrder()
		stripe.requests.length = 0
		stripe.pay(order.providerSessionId!)
		await visitSuccess(order.providerSessionId!)
		expect(stripeCalls('GET', '/v1/checkout/sessions/')).toBe(1)
		expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('PAID')
		await visitSuccess(order.providerSessionId!)
		await visitSuccess(order.providerSessionId!)
		expect(stripeCalls('GET', '/v1/checkout/sessions/')).toBe(1)
	})

	it('the quote page checks its link before anything: a bad token or another request’s session costs no call', async () => {
		const { sessionId } = await depositStarted()
		const other = await depositStarted()
		stripe.requests.length = 0
		stripe.pay(sessionId)
		const visit = (token: string, session: string) =>
			quotePage({
				request: new Request(`${origin}/quote/${token}?session_id=${session}`),
				params: { token },
				context: {},
			})
		await visit('not-a-token', sessionId)
		await visit(other.token, sessionId)
		await visit(other.token, 'cs_test_madeup')
		expect(stripe.requests).toHaveLength(0)
	})

	it('an order’s and a cake payment’s returns never claim each other’s event', async () => {
		const deposit = await depositStarted()
		stripe.pay(deposit.sessionId)
		// The cake's session on the orders' success page first: nothing of it is claimed there.
		await visitSuccess(deposit.sessionId)
		await quoteCheckout.confirmQuotePayment(deposit.token, deposit.sessionId)
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: deposit.requestId } })).toMatchObject({
			status: 'DEPOSIT_PAID',
			paidCents: 6_000,
		})
	})
})

/** A quoted request whose customer opened the deposit's payment page. */
async function depositStarted() {
	const request = await prisma.customCakeRequest.create({
		data: { name: 'Ana Souza', phone: '206 555 0101', email: 'ana@example.com', type: 'Birthday', size: '8″' },
	})
	const pickupAt = new Date(pickupSlot(5, '10:00'))
	const sent = await quotes.sendQuote(
		request.id,
		{
			quoteCents: 12_000,
			depositCents: 6_000,
			pickupAt,
			pickupDate: pickupAt.toISOString().slice(0, 10),
			notes: '',
			validUntil: new Date(Date.now() + 72 * 60 * 60 * 1000),
			ordersPerSlot: 100,
			cakesPerDay: null,
		},
		'owner:owner@example.com',
	)
	expect(sent).toEqual({ ok: true })
	const token = tokens.quotePath(request.id, 1).split('/').at(-1)!
	expect(await quoteCheckout.startQuotePayment(token, 'DEPOSIT', { origin })).toMatchObject({ ok: true })
	const payment = await prisma.cakePayment.findFirstOrThrow({ where: { requestId: request.id } })
	return { requestId: request.id, paymentId: payment.id, sessionId: payment.providerSessionId!, token }
}

describe('a payment that charged another amount than priced is held for the owner', () => {
	it('an order (webhook): paid and kept, marked with what was charged, the owner alerted, no receipt', async () => {
		const order = await heldOrder()
		stripe.pay(order.providerSessionId!)
		const session = { ...stripe.sessionJson(order.providerSessionId!), amount_total: 1 }
		expect((await deliver('checkout.session.completed', session)).status).toBe(200)
		expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
			status: 'PAID',
			totalCents: 2_000,
			heldChargeCents: 1,
			capacityHeld: true,
		})
		expect(await queuedMailKinds()).toEqual(['order-payment-held-owner'])
	})

	it('an order (the success page): the page says the payment is being checked, not that all is well', async () => {
		const order = await heldOrder()
		stripe.sessions.get(order.providerSessionId!)!.params.set('line_items[0][price_data][unit_amount]', '1')
		stripe.pay(order.providerSessionId!)
		expect((await visitSuccess(order.providerSessionId!)).order?.held).toBe(true)
		expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).heldChargeCents).toBe(2)
		expect(await queuedMailKinds()).toEqual(['order-payment-held-owner'])
	})

	it('an order charged as priced is fulfilled as before', async () => {
		const order = await heldOrder()
		stripe.pay(order.providerSessionId!)
		expect((await deliver('checkout.session.completed', stripe.sessionJson(order.providerSessionId!))).status).toBe(200)
		expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).heldChargeCents).toBeNull()
		expect(await queuedMailKinds()).toEqual(['order-paid-owner', 'order-receipt'])
	})

	it('a cake deposit (webhook or the quote page): not applied, the quote unmoved, the owner alerted', async () => {
		const viaWebhook = await depositStarted()
		stripe.pay(viaWebhook.sessionId)
		const session = { ...stripe.sessionJson(viaWebhook.sessionId), amount_total: 100 }
		expect((await deliver('checkout.session.completed', session)).status).toBe(200)

		const viaPage = await depositStarted()
		stripe.sessions.get(viaPage.sessionId)!.params.set('line_items[0][price_data][unit_amount]', '600')
		stripe.pay(viaPage.sessionId)
		await quoteCheckout.confirmQuotePayment(viaPage.token, viaPage.sessionId)

		for (const [deposit, charged] of [
			[viaWebhook, 100],
			[viaPage, 600],
		] as const) {
			expect(await prisma.cakePayment.findUniqueOrThrow({ where: { id: deposit.paymentId } })).toMatchObject({
				status: 'NOT_APPLIED',
				heldChargeCents: charged,
			})
			expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: deposit.requestId } })).toMatchObject({
				status: 'QUOTED',
				paidCents: 0,
			})
		}
		const kinds = await queuedMailKinds()
		expect(kinds.filter((kind) => kind === 'cake-payment-held-owner')).toHaveLength(2)
		expect(kinds).not.toContain('cake-deposit-received')
	})
})
