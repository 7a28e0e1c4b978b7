import type { SubmissionResult } from '@conform-to/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { formatPickupAt } from '~/domain/pickup/pickup-display'
import { run } from './admin-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

let stripe: MockStripe
let checkout: typeof import('./checkout-helpers')
let route: typeof import('~/routes/checkout')
let prisma: (typeof import('~/utils/db.server'))['prisma']
const origin = 'https://bakery.test'
const customer = { name: 'Ana Souza', email: 'ana@example.com', phone: '(425) 555-0100' }
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
	route = await import('~/routes/checkout')
	prisma = (await import('~/utils/db.server')).prisma
	await openEveryDay({ ordersPerSlot: 1000 })
})

afterAll(async () => {
	await stripe.close()
})

beforeEach(async () => {
	;(await import('~/utils/rate-limit.server')).resetRateLimits()
	stripe.requests.length = 0
	await clearPickupHolds()
})

describe('startCheckout with Stripe', () => {
	it('charges database prices whatever the browser sent, with metadata, URLs and an idempotency key', async () => {
		const cake = await createMenuItem({ name: 'Tres Leches Cake', priceCents: 4200 })
		const result = await checkout.startCheckout(
			{ customer, items: [{ id: cake.id, quantity: 2, price: 0.01, name: 'Free cake', priceCents: 1 }], pickupAt },
			{ origin },
		)
		expect(result).toMatchObject({ ok: true, url: expect.stringContaining('/pay/cs_test_mock') })
		if (!result.ok) return

		expect(stripe.requests).toHaveLength(1)
		const { params, headers } = stripe.requests[0]!
		expect(params.get('mode')).toBe('payment')
		expect(params.get('line_items[0][price_data][unit_amount]')).toBe('4200')
		expect(params.get('line_items[0][price_data][currency]')).toBe('usd')
		expect(params.get('line_items[0][price_data][product_data][name]')).toBe('Tres Leches Cake')
		expect(params.get('line_items[0][quantity]')).toBe('2')
		expect(params.get('customer_email')).toBe('ana@example.com')
		expect(params.get('client_reference_id')).toBe(result.orderId)
		expect(params.get('metadata[orderId]')).toBe(result.orderId)
		expect(params.get('success_url')).toBe('https://bakery.test/success?session_id={CHECKOUT_SESSION_ID}')
		expect(params.get('cancel_url')).toBe('https://bakery.test/cancel?session_id={CHECKOUT_SESSION_ID}')
		expect(params.get('locale')).toBe('en')
		const expiresIn = Number(params.get('expires_at')) - Date.now() / 1000
		// 30 minutes (Stripe's minimum, the pickup hold's lifetime) and a few seconds, never less when Stripe reads it.
		expect(expiresIn).toBeGreaterThan(30 * 60)
		expect(expiresIn).toBeLessThan(31 * 60)
		expect(headers['idempotency-key']).toBe(`checkout-session-${result.orderId}`)
		// The pickup time on Stripe's page, beside the Pay button, and in the session's metadata.
		expect(params.get('custom_text[submit][message]')).toBe(
			`Pickup ${formatPickupAt(pickupAt, 'America/Los_Angeles')} at Doce Dulce Bakery, 2814 Colby Ave, Everett, WA 98201.`,
		)
		expect(params.get('metadata[pickupAt]')).toBe(pickupAt)

		const order = await prisma.order.findUniqueOrThrow({ where: { id: result.orderId }, include: { items: true } })
		expect(order).toMatchObject({
			status: 'PENDING',
			totalCents: 8400,
			currency: 'usd',
			customerName: 'Ana Souza',
			customerPhone: '(425) 555-0100',
			providerSessionId: expect.stringMatching(/^cs_test_mock/),
			pickupAt: new Date(pickupAt),
			capacityHeld: true,
			locale: 'en',
		})
		expect(order.items).toEqual([
			expect.objectContaining({ name: 'Tres Leches Cake', unitPriceCents: 4200, quantity: 2, menuItemId: cake.id }),
		])
	})

	it('opens the payment page in the customer’s language, comes back to its pages and stores the language', async () => {
		const cake = await createMenuItem({ name: 'Tres Leches Cake', priceCents: 4200 })
		for (const [locale, stripeLocale, prefix] of [
			['es', 'es-419', '/es'],
			['pt-BR', 'pt-BR', '/pt-br'],
		] as const) {
			stripe.requests.length = 0
			const result = await checkout.startCheckout(
				{ customer, items: [{ id: cake.id, quantity: 1 }], pickupAt },
				{ origin, locale },
			)
			if (!result.ok) throw new Error(result.error)
			const { params } = stripe.requests[0]!
			expect(params.get('locale')).toBe(stripeLocale)
			expect(params.get('success_url')).toBe(`https://bakery.test${prefix}/success?session_id={CHECKOUT_SESSION_ID}`)
			expect(params.get('cancel_url')).toBe(`https://bakery.test${prefix}/cancel?session_id={CHECKOUT_SESSION_ID}`)
			const order = await prisma.order.findUniqueOrThrow({ where: { id: result.orderId } })
			expect(order.locale).toBe(locale)
		}
		expect(stripe.requests[0]!.params.get('custom_text[submit][message]')).toMatch(
			/^Retirada em .* em Doce Dulce Bakery/,
		)
	})

	it('refuses in the page’s language', async () => {
		const soldOut = await createMenuItem({ name: 'Chocolate Cake', soldOut: true })
		const result = await checkout.startCheckout(
			{ customer, items: [{ id: soldOut.id, quantity: 1 }], pickupAt },
			{ origin, locale: 'es' },
		)
		expect(result).toMatchObject({
			ok: false,
			status: 409,
			error: 'Chocolate Cake está agotado. Actualiza tu carrito, por favor.',
		})
		const noName = await checkout.startCheckout(
			{ customer: { ...customer, name: ' ' }, items: [{ id: soldOut.id, quantity: 1 }], pickupAt },
			{ origin, locale: 'pt-BR' },
		)
		expect(noName).toMatchObject({ ok: false, status: 400, error: 'Informe seu nome.' })
	})

	it('keeps the price snapshot when the owner later changes the menu', async () => {
		const cake = await createMenuItem({ priceCents: 3000 })
		const result = await checkout.startCheckout(
			{ customer, items: [{ id: cake.id, quantity: 1 }], pickupAt },
			{ origin },
		)
		await prisma.menuItem.update({ where: { id: cake.id }, data: { priceCents: 9900, name: 'Renamed' } })
		const order = await prisma.order.findFirstOrThrow({
			where: { id: result.ok ? result.orderId : '' },
			include: { items: true },
		})
		expect(order.items[0]).toMatchObject({ unitPriceCents: 3000, name: cake.name })
	})

	it('cancels the order and reports failure when Stripe answers 500', async () => {
		const cake = await createMenuItem()
		stripe.failNext(500, 500, 500)
		const result = await checkout.startCheckout(
			{ customer, items: [{ id: cake.id, quantity: 1 }], pickupAt },
			{ origin },
		)
		expect(result).toEqual({ ok: false, status: 502, error: 'Checkout failed. Try again.' })
		expect(await prisma.order.count({ where: { status: 'PENDING' } })).toBe(0)
		expect(await prisma.order.count({ where: { status: 'CANCELLED', capacityHeld: false } })).toBe(1)
		expect(await prisma.pickupSlotUsage.findUnique({ where: { slotStart: new Date(pickupAt) } })).toMatchObject({
			orders: 0,
		})
	})

	it('rejects unknown, not-orderable and sold-out items by name, creating nothing', async () => {
		const pastry = await createMenuItem({ name: 'Pão de Queijo', orderable: false, category: 'BRAZILIAN_PASTRIES' })
		const soldOut = await createMenuItem({ name: 'Chocolate Cake', soldOut: true })
		const result = await checkout.startCheckout(
			{
				customer,
				pickupAt,
				items: [
					{ id: pastry.id, quantity: 1 },
					{ id: soldOut.id, quantity: 1 },
					{ id: 'no-such-item', quantity: 1 },
				],
			},
			{ origin },
		)
		expect(result.ok).toBe(false)
		if (result.ok) return
		expect(result.status).toBe(409)
		expect(result.error).toContain("Pão de Queijo can't be ordered online yet.")
		expect(result.error).toContain('Chocolate Cake is sold out.')
		expect(result.error).toContain('no longer on the menu')
		expect(result.unavailableIds).toEqual([pastry.id, soldOut.id, 'no-such-item'])
		expect(await prisma.order.count()).toBe(0)
		expect(stripe.requests).toHaveLength(0)
	})

	it.each([
		['a missing name', { customer: { ...customer, name: '  ' } }, 'Please enter your name.'],
		['a missing email', { customer: { name: 'Ana' } }, 'Please enter your email address.'],
		['a malformed email', { customer: { ...customer, email: 'ana@' } }, 'Please enter a valid email address.'],
		['quantity 0', { quantity: 0 }, undefined],
		['quantity 51', { quantity: 51 }, undefined],
		['a fractional quantity', { quantity: 1.5 }, undefined],
		['an empty cart', { items: [] }, 'Your cart is empty.'],
		['31 lines', { lines: 31 }, undefined],
	])('rejects %s before touching the database', async (_label, change, message) => {
		const cake = await createMenuItem()
		const lines =
			'lines' in change
				? Array.from({ length: change.lines as number }, (_, index) => ({ id: `x${index}`, quantity: 1 }))
				: undefined
		const body = {
			pickupAt,
			customer: 'customer' in change ? change.customer : customer,
			items:
				'items' in change
					? change.items
					: (lines ?? [{ id: cake.id, quantity: 'quantity' in change ? change.quantity : 1 }]),
		}
		const result = await checkout.startCheckout(body, { origin })
		expect(result).toMatchObject({ ok: false, status: 400 })
		if (message && !result.ok) expect(result.error).toBe(message)
		expect(await prisma.order.count()).toBe(0)
		expect(stripe.requests).toHaveLength(0)
	})
})

describe('confirmCheckoutSession (/success)', () => {
	it('returns the real order only once the session is paid', async () => {
		const cake = await createMenuItem({ name: 'Bolo de Cenoura', priceCents: 3600 })
		const result = await checkout.startCheckout(
			{ customer, items: [{ id: cake.id, quantity: 1 }], pickupAt },
			{ origin },
		)
		const order = await prisma.order.findFirstOrThrow({ where: { id: result.ok ? result.orderId : '' } })
		const sessionId = order.providerSessionId!

		expect(await checkout.confirmCheckoutSession(sessionId)).toBeNull()
		stripe.pay(sessionId)
		const confirmed = await checkout.confirmCheckoutSession(sessionId)
		expect(confirmed).toMatchObject({
			status: 'PAID',
			totalCents: 3600,
			items: [{ name: 'Bolo de Cenoura', quantity: 1 }],
		})
		expect(await checkout.confirmCheckoutSession('cs_test_unknown')).toBeNull()
		expect(await checkout.confirmCheckoutSession('not a session')).toBeNull()
	})
})

/** The checkout form as the page posts it: the customer's fields and the cart's lines as hidden fields. */
function checkoutForm(fields: Record<string, string>, items: Array<{ id: string; quantity: number }>) {
	const form = new URLSearchParams(fields)
	items.forEach(({ id, quantity }, index) => {
		form.append(`items[${index}].id`, id)
		form.append(`items[${index}].quantity`, String(quantity))
	})
	return form
}

const filledIn = {
	'customer.name': 'Ana Souza',
	'customer.email': 'ana@example.com',
	'customer.phone': '',
	pickupAt,
}

async function postCheckout(body: BodyInit, contentType = 'application/x-www-form-urlencoded') {
	const request = new Request(`${origin}/checkout`, { method: 'POST', headers: { 'Content-Type': contentType }, body })
	const outcome = await run(route.action({ request, context: { clientIp: 'checkout-test' }, params: {} }))
	return { ...outcome, data: outcome.data as { url: string | null; result: SubmissionResult<string[]> } }
}

describe('the checkout form (POST /checkout)', () => {
	it('starts a checkout from the form: database prices, the payment page’s address, nothing cached', async () => {
		const cake = await createMenuItem({ name: 'Tres Leches Cake', priceCents: 4200 })
		const outcome = await postCheckout(checkoutForm(filledIn, [{ id: cake.id, quantity: 3 }]))
		expect(outcome.status).toBe(200)
		expect(outcome.headers.get('Cache-Control')).toBe('private, no-store')
		expect(outcome.data.url).toContain('/pay/cs_test_mock')
		expect(stripe.requests[0]!.params.get('line_items[0][quantity]')).toBe('3')
		const order = await prisma.order.findFirstOrThrow()
		expect(order).toMatchObject({ totalCents: 12600, customerName: 'Ana Souza', customerPhone: null })
	})

	it('answers a detail to fix beside its field, keeping what was typed, and creates nothing', async () => {
		const cake = await createMenuItem()
		const typed = { ...filledIn, 'customer.email': 'ana@', 'customer.phone': 'call me' }
		const outcome = await postCheckout(checkoutForm(typed, [{ id: cake.id, quantity: 1 }]))
		expect(outcome.status).toBe(400)
		expect(outcome.data.url).toBeNull()
		expect(outcome.data.result.error).toEqual({
			'customer.email': ['Please enter a valid email address.'],
			'customer.phone': ['Please enter a valid phone number.'],
		})
		expect(outcome.data.result.initialValue).toMatchObject({
			customer: { name: 'Ana Souza', email: 'ana@', phone: 'call me' },
		})
		expect(await prisma.order.count()).toBe(0)
		expect(stripe.requests).toHaveLength(0)
	})

	it('says why the order cannot start as a form error (sold out), with its status', async () => {
		const soldOut = await createMenuItem({ name: 'Chocolate Cake', soldOut: true })
		const outcome = await postCheckout(checkoutForm(filledIn, [{ id: soldOut.id, quantity: 1 }]))
		expect(outcome.status).toBe(409)
		expect(outcome.data.result.error).toEqual({ '': ['Chocolate Cake is sold out. Please update your cart.'] })
		expect(outcome.data.result.initialValue).toMatchObject({ customer: { name: 'Ana Souza' } })
	})

	it('refuses lines the cart could not hold (duplicates, quantity 51) before touching the database', async () => {
		const cake = await createMenuItem()
		const duplicated = await postCheckout(
			checkoutForm(filledIn, [
				{ id: cake.id, quantity: 1 },
				{ id: cake.id, quantity: 2 },
			]),
		)
		expect(duplicated.status).toBe(400)
		expect(duplicated.data.result.error).toEqual({ items: ['Each item may appear once with the same choices.'] })
		const tooMany = await postCheckout(checkoutForm(filledIn, [{ id: cake.id, quantity: 51 }]))
		expect(tooMany.status).toBe(400)
		expect(Object.keys(tooMany.data.result.error ?? {})).toEqual(['items[0].quantity'])
		expect(await prisma.order.count()).toBe(0)
	})

	it('asks for a pickup time when none was chosen, beside the pickup choice', async () => {
		const cake = await createMenuItem()
		const { pickupAt: _none, ...withoutPickup } = filledIn
		const outcome = await postCheckout(checkoutForm(withoutPickup, [{ id: cake.id, quantity: 1 }]))
		expect(outcome.status).toBe(400)
		expect(outcome.data.result.error).toEqual({ pickupAt: ['Please choose a pickup time.'] })
		expect(await prisma.order.count()).toBe(0)
	})

	it('says a slot that filled meanwhile was just taken, beside the pickup choice, keeping what was typed', async () => {
		const cake = await createMenuItem()
		await prisma.pickupSlotUsage.create({ data: { slotStart: new Date(pickupAt), orders: 1000 } })
		const outcome = await postCheckout(checkoutForm(filledIn, [{ id: cake.id, quantity: 1 }]))
		expect(outcome.status).toBe(409)
		expect(outcome.data.url).toBeNull()
		expect(outcome.data.result.error).toEqual({
			pickupAt: ['That pickup time was just taken — please choose another.'],
		})
		expect(outcome.data.result.initialValue).toMatchObject({ customer: { name: 'Ana Souza' } })
		expect(await prisma.order.count()).toBe(0)
	})

	it('answers a body that is not a form with a form error, not a 500', async () => {
		const outcome = await postCheckout(JSON.stringify({ customer, items: [], pickupAt }), 'application/json')
		expect(outcome.status).toBe(400)
		expect(outcome.data.result.error).toEqual({ '': ['We couldn’t read what was sent. Please try again.'] })
	})

	it('after its budget of attempts from one connection answers 429 with Retry-After and says so', async () => {
		const { rateLimitPolicies } = await import('~/utils/rate-limit.server')
		const cake = await createMenuItem()
		const noEmail = checkoutForm({ ...filledIn, 'customer.email': '' }, [{ id: cake.id, quantity: 1 }])
		for (let attempt = 0; attempt < rateLimitPolicies.checkout.points; attempt++) {
			expect((await postCheckout(noEmail)).status).toBe(400)
		}
		const limited = await postCheckout(checkoutForm(filledIn, [{ id: cake.id, quantity: 1 }]))
		expect(limited.status).toBe(429)
		expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(limited.data.result.error).toEqual({
			'': ['Too many checkout attempts. Please wait a few minutes and try again.'],
		})
		expect(stripe.requests).toHaveLength(0)
	})
})
