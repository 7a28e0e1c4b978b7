import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { ADMIN, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { heldCounts, seedHeldOrder } from './owner-day-helpers'
import { clearPickupHolds } from './pickup-helpers'

const SECRET = 'whsec_refund_tests'
const signer = new Stripe('sk_test_signer')
let stripe: MockStripe
let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string
let ordersAction: (typeof import('~/routes/admin.orders'))['action']
let webhookAction: (typeof import('~/routes/webhooks.stripe'))['action']
let prisma: (typeof import('~/utils/db.server'))['prisma']
let stripeProvider: import('~/domain/payments/index.server').PaymentProvider

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_refunds',
		STRIPE_WEBHOOK_SECRET: SECRET,
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
	ordersAction = (await import('~/routes/admin.orders')).action
	webhookAction = (await import('~/routes/webhooks.stripe')).action
	prisma = (await import('~/utils/db.server')).prisma
	stripeProvider = (await import('~/domain/payments/index.server')).paymentProvider('order')!
})

afterAll(async () => {
	await stripe.close()
	await env.cleanup()
})

beforeEach(async () => {
	await clearPickupHolds()
	await prisma.menuItem.deleteMany()
	stripe.refunds.length = 0
})

const DATE = '2026-12-01'
const SLOT = new Date('2026-12-01T09:00:00.000-08:00')

/** Two paid orders in one slot (so a double release would show), the first paid through (mock) Stripe. */
async function paidThroughStripe() {
	const cake = await createMenuItem({ name: 'Pan de Muerto' })
	const lines = [{ menuItemId: cake.id, name: cake.name, quantity: 2, dailyLimit: 12 }]
	const session = await stripeProvider.createCheckoutSession({
		orderId: 'pending',
		lines: [{ name: cake.name, unitAmountCents: 300, quantity: 2, taxCategory: 'BAKERY' }],
		taxCents: 0,
		automaticTax: false,
		currency: 'usd',
		customerEmail: 'luis@example.com',
		successUrl: 'https://bakery.test/success?session_id={CHECKOUT_SESSION_ID}',
		cancelUrl: 'https://bakery.test/cart',
	})
	const paid = stripe.pay(session.sessionId)
	const order = await seedHeldOrder({ pickupAt: SLOT, pickupDate: DATE, lines, providerSessionId: session.sessionId })
	await seedHeldOrder({ pickupAt: SLOT, pickupDate: DATE, lines, providerSessionId: 'cs_test_other' })
	expect(await heldCounts(SLOT, cake.id, DATE)).toEqual({ slotOrders: 2, itemQuantity: 4 })
	return { order, cake, paymentIntent: paid.payment_intent! }
}

const refund = (id: string) =>
	run(
		ordersAction({
			request: post('/admin/orders', { intent: 'refund', id, confirmed: 'yes' }, cookie),
			params: {},
			context: {},
		}),
	)

const statusOf = async (id: string) => (await prisma.order.findUniqueOrThrow({ where: { id } })).status

let eventCounter = 0
function chargeRefunded(paymentIntent: string, { full = true, id = `evt_refund_${++eventCounter}` } = {}) {
	return JSON.stringify({
		id,
		object: 'event',
		type: 'charge.refunded',
		data: {
			object: {
				id: `ch_${eventCounter}`,
				object: 'charge',
				payment_intent: paymentIntent,
				amount: 600,
				amount_refunded: full ? 600 : 200,
				refunded: full,
			},
		},
	})
}

async function deliver(payload: string) {
	const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET })
	const request = new Request('https://bakery.test/webhooks/stripe', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
		body: payload,
	})
	const response = await webhookAction({ request, params: {}, context: {} })
	return { status: response.status, text: await response.text() }
}

describe('Cancel & refund through Stripe', () => {
	it("refunds the session's payment intent with an idempotency key, then releases the hold", async () => {
		const { order, cake, paymentIntent } = await paidThroughStripe()
		const outcome = await refund(order.id)
		expect((outcome.data as { message: string }).message).toMatch(/is cancelled and refunded in full/)
		expect(stripe.refunds).toHaveLength(1)
		expect(stripe.refunds[0]!.params.get('payment_intent')).toBe(paymentIntent)
		expect(stripe.refunds[0]!.idempotencyKey).toBe(`refund-${order.id}`)
		expect(await statusOf(order.id)).toBe('REFUNDED')
		expect(await heldCounts(SLOT, cake.id, DATE)).toEqual({ slotOrders: 1, itemQuantity: 2 })
	})

	it('changes nothing when Stripe refuses the refund, and tells the owner why', async () => {
		const { order, cake } = await paidThroughStripe()
		stripe.failNextRefund(400, 'This PaymentIntent does not have a successful charge to refund.')
		const outcome = await refund(order.id)
		expect(outcome.status).toBe(502)
		expect((outcome.data as { message: string }).message).toBe(
			`The refund for order ${order.id.slice(-8).toUpperCase()} did not go through, so nothing changed: ` +
				'This PaymentIntent does not have a successful charge to refund.',
		)
		expect(await statusOf(order.id)).toBe('PAID')
		expect(await heldCounts(SLOT, cake.id, DATE)).toEqual({ slotOrders: 2, itemQuantity: 4 })
	})
})

describe('charge.refunded webhook (a refund made in Stripe)', () => {
	it('marks the order refunded and releases its hold once, however often the event is replayed', async () => {
		const { order, cake, paymentIntent } = await paidThroughStripe()
		const payload = chargeRefunded(paymentIntent)
		expect(await deliver(payload)).toEqual({ status: 200, text: 'applied' })
		expect(await statusOf(order.id)).toBe('REFUNDED')
		expect(await heldCounts(SLOT, cake.id, DATE)).toEqual({ slotOrders: 1, itemQuantity: 2 })

		expect(await deliver(payload)).toEqual({ status: 200, text: 'duplicate' })
		// A second event for the same refund (a new id) finds the order already refunded.
		expect(await deliver(chargeRefunded(paymentIntent))).toEqual({ status: 200, text: 'unchanged' })
		expect(await heldCounts(SLOT, cake.id, DATE)).toEqual({ slotOrders: 1, itemQuantity: 2 })
	})

	it("does not release twice after the owner's own refund, and ignores a partial refund", async () => {
		const { order, cake, paymentIntent } = await paidThroughStripe()
		expect(await deliver(chargeRefunded(paymentIntent, { full: false }))).toEqual({ status: 200, text: 'ignored' })
		expect(await statusOf(order.id)).toBe('PAID')

		await refund(order.id)
		expect(await deliver(chargeRefunded(paymentIntent))).toEqual({ status: 200, text: 'unchanged' })
		expect(await heldCounts(SLOT, cake.id, DATE)).toEqual({ slotOrders: 1, itemQuantity: 2 })
	})
})
