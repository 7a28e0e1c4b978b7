import { beforeAll, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { openEveryDay, pickupSlot } from './pickup-helpers'

// No STRIPE_SECRET_KEY outside production: the built-in test provider stands in for Stripe.
let checkout: typeof import('./checkout-helpers')
let route: typeof import('~/routes/test-payment.$sessionId')
let prisma: (typeof import('~/utils/db.server'))['prisma']

beforeAll(async () => {
	delete process.env.STRIPE_SECRET_KEY
	checkout = await import('./checkout-helpers')
	route = await import('~/routes/test-payment.$sessionId')
	prisma = (await import('~/utils/db.server')).prisma
	await openEveryDay({ ordersPerSlot: 1000 })
})

async function startTestCheckout() {
	const cake = await createMenuItem({ name: 'Brigadeiro Cake', priceCents: 3850 })
	const result = await checkout.startCheckout(
		{
			customer: { name: 'Rosa', email: 'rosa@example.com' },
			items: [{ id: cake.id, quantity: 2 }],
			pickupAt: pickupSlot(),
		},
		{ origin: 'http://localhost:3000' },
	)
	if (!result.ok) throw new Error(result.error)
	const sessionId = new URL(result.url).pathname.split('/').pop()!
	return { result, sessionId }
}

function post(sessionId: string, intent: string) {
	const body = new FormData()
	body.set('intent', intent)
	const request = new Request(`http://localhost:3000/test-payment/${sessionId}`, { method: 'POST', body })
	// A readable intent always ends in a redirect.
	return route.action({ request, params: { sessionId }, context: {} }) as Promise<Response>
}

describe('the built-in test payment provider', () => {
	it('sends the customer to a local test payment page for the order', async () => {
		const { result, sessionId } = await startTestCheckout()
		expect(result.url).toMatch(/^http:\/\/localhost:3000\/test-payment\/test_cs_[0-9a-f]{24}$/)
		const response = await route.loader({ request: new Request(result.url), params: { sessionId }, context: {} })
		expect(new Headers(response.init?.headers).get('Cache-Control')).toBe('private, no-store')
		expect(response.data.order).toMatchObject({
			status: 'PENDING',
			totalCents: 7700,
			items: [{ name: 'Brigadeiro Cake', quantity: 2 }],
		})
	})

	it('Pay goes through fulfillment to /success, where the order is confirmed', async () => {
		const { sessionId } = await startTestCheckout()
		const response = await post(sessionId, 'pay')
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(`/success?session_id=${sessionId}`)
		expect(await checkout.confirmCheckoutSession(sessionId)).toMatchObject({ status: 'PAID', totalCents: 7700 })
	})

	it('Cancel cancels the order and goes to /cancel', async () => {
		const { sessionId } = await startTestCheckout()
		const response = await post(sessionId, 'cancel')
		expect(response.headers.get('Location')).toBe(`/cancel?session_id=${sessionId}`)
		const order = await prisma.order.findUniqueOrThrow({ where: { providerSessionId: sessionId } })
		expect(order).toMatchObject({ status: 'CANCELLED', capacityHeld: false })
		expect(await checkout.confirmCheckoutSession(sessionId)).toBeNull()
	})

	it('a session older than 30 minutes can no longer be paid: it expires and gives its pickup time back', async () => {
		const { sessionId } = await startTestCheckout()
		await prisma.order.update({
			where: { providerSessionId: sessionId },
			data: { createdAt: new Date(Date.now() - 31 * 60_000) },
		})
		const page = await route.loader({
			request: new Request('http://localhost:3000/'),
			params: { sessionId },
			context: {},
		})
		expect(page.data.order?.expired).toBe(true)
		const response = (await post(sessionId, 'pay')) as unknown as { init: ResponseInit | null; data: { error: string } }
		expect(response.init?.status).toBe(410)
		expect(response.data.error).toBe('This payment page has expired. Please check out again.')
		const order = await prisma.order.findUniqueOrThrow({ where: { providerSessionId: sessionId } })
		expect(order).toMatchObject({ status: 'EXPIRED', capacityHeld: false, paidAt: null })
		expect(await checkout.confirmCheckoutSession(sessionId)).toBeNull()
	})

	it('answers 404 for unknown sessions', async () => {
		const request = new Request('http://localhost:3000/test-payment/test_cs_nope')
		await expect(route.loader({ request, params: { sessionId: 'test_cs_nope' }, context: {} })).rejects.toMatchObject({
			status: 404,
		})
	})

	it('does not exist once Stripe is configured', async () => {
		const { sessionId } = await startTestCheckout()
		process.env.STRIPE_SECRET_KEY = 'sk_test_configured'
		const { resetEnv } = await import('~/utils/env.server')
		resetEnv()
		try {
			const request = new Request(`http://localhost:3000/test-payment/${sessionId}`)
			await expect(route.loader({ request, params: { sessionId }, context: {} })).rejects.toMatchObject({ status: 404 })
		} finally {
			delete process.env.STRIPE_SECRET_KEY
			resetEnv()
		}
	})
})
