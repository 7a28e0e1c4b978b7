import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { openEveryDay, pickupSlot } from './pickup-helpers'

const SECRET = 'whsec_webhook_tests'
const signer = new Stripe('sk_test_signer')
let stripe: MockStripe
let action: (typeof import('~/routes/webhooks.stripe'))['action']
let prisma: (typeof import('~/utils/db.server'))['prisma']
let startCheckout: (typeof import('./checkout-helpers'))['startCheckout']

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_webhooks',
		STRIPE_WEBHOOK_SECRET: SECRET,
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	action = (await import('~/routes/webhooks.stripe')).action
	prisma = (await import('~/utils/db.server')).prisma
	startCheckout = (await import('./checkout-helpers')).startCheckout
	await openEveryDay({ ordersPerSlot: 1000 })
})

afterAll(() => stripe.close())

let eventCounter = 0

async function pendingOrder() {
	const cake = await createMenuItem()
	const result = await startCheckout(
		{
			customer: { name: 'Luis', email: 'luis@example.com' },
			items: [{ id: cake.id, quantity: 1 }],
			pickupAt: pickupSlot(),
		},
		{ origin: 'https://bakery.test' },
	)
	if (!result.ok) throw new Error(result.error)
	return prisma.order.findUniqueOrThrow({ where: { id: result.orderId } })
}

function eventPayload(type: string, sessionId: string, paymentStatus: 'paid' | 'unpaid' = 'paid', id?: string) {
	return JSON.stringify({
		id: id ?? `evt_test_${++eventCounter}`,
		object: 'event',
		type,
		data: { object: { ...stripe.sessionJson(sessionId), payment_status: paymentStatus } },
	})
}

function deliver(
	payload: string,
	signature: string | null = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
) {
	const headers = new Headers({ 'Content-Type': 'application/json' })
	if (signature) headers.set('Stripe-Signature', signature)
	const request = new Request('https://bakery.test/webhooks/stripe', { method: 'POST', headers, body: payload })
	return action({ request, params: {}, context: {} })
}

async function statusOf(orderId: string) {
	return (await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status
}

describe('POST /webhooks/stripe', () => {
	it('marks the order paid on a valid checkout.session.completed', async () => {
		const order = await pendingOrder()
		const response = await deliver(eventPayload('checkout.session.completed', order.providerSessionId!))
		expect(response.status).toBe(200)
		const paid = await prisma.order.findUniqueOrThrow({ where: { id: order.id } })
		expect(paid.status).toBe('PAID')
		expect(paid.paidAt).toBeInstanceOf(Date)
	})

	it.each([
		['a missing signature', (payload: string) => deliver(payload, null)],
		[
			'the wrong secret',
			(payload: string) =>
				deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' })),
		],
		[
			'a tampered body',
			(payload: string) =>
				deliver(
					payload.replace('"paid"', '"paid" '),
					signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
				),
		],
		[
			'a stale timestamp',
			(payload: string) =>
				deliver(
					payload,
					signer.webhooks.generateTestHeaderString({
						payload,
						secret: SECRET,
						timestamp: Math.floor(Date.now() / 1000) - 3600,
					}),
				),
		],
	])('answers 400 and changes nothing for %s', async (_label, send) => {
		const order = await pendingOrder()
		const recordedBefore = await prisma.processedWebhookEvent.count()
		const response = await send(eventPayload('checkout.session.completed', order.providerSessionId!))
		expect(response.status).toBe(400)
		expect(await statusOf(order.id)).toBe('PENDING')
		expect(await prisma.processedWebhookEvent.count()).toBe(recordedBefore)
	})

	it('fulfills exactly once when the same event arrives ten times at once', async () => {
		const order = await pendingOrder()
		const payload = eventPayload('checkout.session.completed', order.providerSessionId!)
		const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)))
		const outcomes = await Promise.all(responses.map((response) => response.text()))
		expect(responses.every((response) => response.status === 200)).toBe(true)
		expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1)
		expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(9)
		expect(await statusOf(order.id)).toBe('PAID')
		const eventId = JSON.parse(payload).id as string
		expect(await prisma.processedWebhookEvent.count({ where: { eventId } })).toBe(1)
	})

	it('marks an expired session expired', async () => {
		const order = await pendingOrder()
		await deliver(eventPayload('checkout.session.expired', order.providerSessionId!, 'unpaid'))
		expect(await statusOf(order.id)).toBe('EXPIRED')
	})

	it('never regresses a paid order with a late expired or failed event', async () => {
		const order = await pendingOrder()
		await deliver(eventPayload('checkout.session.completed', order.providerSessionId!))
		await deliver(eventPayload('checkout.session.expired', order.providerSessionId!, 'unpaid'))
		await deliver(eventPayload('checkout.session.async_payment_failed', order.providerSessionId!, 'unpaid'))
		expect(await statusOf(order.id)).toBe('PAID')
	})

	it('waits for delayed payment methods: completed-unpaid changes nothing, async success pays', async () => {
		const order = await pendingOrder()
		await deliver(eventPayload('checkout.session.completed', order.providerSessionId!, 'unpaid'))
		expect(await statusOf(order.id)).toBe('PENDING')
		await deliver(eventPayload('checkout.session.async_payment_succeeded', order.providerSessionId!))
		expect(await statusOf(order.id)).toBe('PAID')
	})

	it('cancels the order when a delayed payment fails', async () => {
		const order = await pendingOrder()
		await deliver(eventPayload('checkout.session.async_payment_failed', order.providerSessionId!, 'unpaid'))
		expect(await statusOf(order.id)).toBe('CANCELLED')
	})

	it('acknowledges events it does not handle without recording them', async () => {
		const response = await deliver(
			JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } }),
		)
		expect(response.status).toBe(200)
		expect(await prisma.processedWebhookEvent.count({ where: { eventId: 'evt_other' } })).toBe(0)
	})
})
