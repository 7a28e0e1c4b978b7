import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'
import { formatPickupDate } from '~/domain/pickup/pickup-display'
import { addLocalDays, localDateOf } from '~/domain/pickup/pickup-schedule'

const SECRET = 'whsec_checkout_pickup'
const signer = new Stripe('sk_test_signer')
const origin = 'https://bakery.test'
const zone = 'America/Los_Angeles'
let stripe: MockStripe
let checkout: typeof import('./checkout-helpers')
let webhook: (typeof import('~/routes/webhooks.stripe'))['action']
let cancelPage: (typeof import('~/routes/cancel'))['loader']
let prisma: (typeof import('~/utils/db.server'))['prisma']

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_checkout_pickup',
		STRIPE_WEBHOOK_SECRET: SECRET,
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	checkout = await import('./checkout-helpers')
	webhook = (await import('~/routes/webhooks.stripe')).action
	cancelPage = (await import('~/routes/cancel')).loader
	prisma = (await import('~/utils/db.server')).prisma
})

afterAll(() => stripe.close())

beforeEach(async () => {
	stripe.requests.length = 0
	await clearPickupHolds()
	await prisma.pickupClosure.deleteMany()
	await openEveryDay({ ordersPerSlot: 1000 })
})

let customers = 0
function start(items: Array<{ id: string; quantity: number }>, pickupAt: string) {
	customers += 1
	return checkout.startCheckout(
		{ customer: { name: `Customer ${customers}`, email: `c${customers}@example.com` }, items, pickupAt },
		{ origin },
	)
}

async function slotOrders(pickupAt: string) {
	return (await prisma.pickupSlotUsage.findUnique({ where: { slotStart: new Date(pickupAt) } }))?.orders ?? 0
}

async function heldOrder(pickupAt = pickupSlot()) {
	const cake = await createMenuItem()
	const result = await start([{ id: cake.id, quantity: 2 }], pickupAt)
	if (!result.ok) throw new Error(result.error)
	const order = await prisma.order.findUniqueOrThrow({ where: { id: result.orderId } })
	return { ...order, sessionId: order.providerSessionId!, cake }
}

let events = 0
function deliver(type: string, sessionId: string, id = `evt_pickup_${++events}`) {
	const payload = JSON.stringify({ id, object: 'event', type, data: { object: stripe.sessionJson(sessionId) } })
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

describe('holding a pickup time at checkout, under concurrency', () => {
	it('50 simultaneous checkouts for a slot of 5: exactly 5 pending orders, 45 told the time was just taken', async () => {
		await openEveryDay({ ordersPerSlot: 5 })
		const cake = await createMenuItem()
		const pickupAt = pickupSlot(2, '10:00')
		const results = await Promise.all(Array.from({ length: 50 }, () => start([{ id: cake.id, quantity: 1 }], pickupAt)))
		expect(results.filter((result) => result.ok)).toHaveLength(5)
		const refusals = results.filter((result) => !result.ok)
		expect(refusals).toHaveLength(45)
		for (const refusal of refusals) {
			expect(refusal).toEqual({
				ok: false,
				status: 409,
				field: 'pickupAt',
				error: 'That pickup time was just taken — please choose another.',
			})
		}
		expect(await prisma.order.count({ where: { status: 'PENDING', capacityHeld: true } })).toBe(5)
		expect(await prisma.order.count()).toBe(5)
		expect(await slotOrders(pickupAt)).toBe(5)
		expect(stripe.requests).toHaveLength(5)
	})

	it('50 simultaneous checkouts of an item limited to 5 a day, 2 each: 2 orders, the rest told only a few are left', async () => {
		const cake = await createMenuItem({ name: 'Tres Leches Slice' })
		await prisma.menuItem.update({ where: { id: cake.id }, data: { dailyLimit: 5 } })
		const pickupAt = pickupSlot(3, '11:00')
		const date = localDateOf(pickupAt, zone)
		const results = await Promise.all(Array.from({ length: 50 }, () => start([{ id: cake.id, quantity: 2 }], pickupAt)))
		expect(results.filter((result) => result.ok)).toHaveLength(2)
		const refusals = results.filter((result) => !result.ok)
		expect(refusals).toHaveLength(48)
		const message = `Only a few Tres Leches Slice left for ${formatPickupDate(date)} — please lower the quantity or choose another day.`
		for (const refusal of refusals) expect(refusal).toMatchObject({ status: 409, field: 'pickupAt', error: message })
		expect(await prisma.order.count()).toBe(2)
		const usage = await prisma.itemDayUsage.findFirstOrThrow({ where: { menuItemId: cake.id } })
		expect(usage.quantity).toBe(4)
	})
})

describe('a chosen pickup time is checked by the server, whatever the browser sends', () => {
	const today = () => localDateOf(new Date(), zone)

	it.each([
		[
			'a time in the past',
			() => new Date(Math.floor((Date.now() - 3 * 60 * 60_000) / 900_000) * 900_000).toISOString(),
			'too soon',
		],
		[
			'a time within the two-hour lead',
			() => new Date(Math.ceil((Date.now() + 30 * 60_000) / 900_000) * 900_000).toISOString(),
			'too soon',
		],
		['a day beyond the 14-day horizon', () => pickupSlot(14), 'not available'],
		['a time that is not a slot start', () => pickupSlot(1, '12:07'), 'not available'],
		['not a time at all', () => 'tomorrow at noon', 'Please choose a pickup time.'],
	])('refuses %s and holds nothing', async (_label, pickupAt, words) => {
		const cake = await createMenuItem()
		const result = await start([{ id: cake.id, quantity: 1 }], pickupAt())
		expect(result.ok).toBe(false)
		if (!result.ok) expect(result.error).toContain(words)
		expect(await prisma.order.count()).toBe(0)
		expect(await prisma.pickupSlotUsage.count()).toBe(0)
		expect(stripe.requests).toHaveLength(0)
	})

	it('refuses a closed day, saying so on the pickup choice', async () => {
		const closed = addLocalDays(today(), 2)
		await prisma.pickupClosure.create({
			data: {
				startDate: new Date(`${closed}T00:00:00Z`),
				endDate: new Date(`${closed}T00:00:00Z`),
				note: 'Thanksgiving',
			},
		})
		const cake = await createMenuItem()
		const result = await start([{ id: cake.id, quantity: 1 }], pickupSlot(2))
		expect(result).toEqual({
			ok: false,
			status: 409,
			field: 'pickupAt',
			error: 'We are closed at that time — please choose another pickup time.',
		})
		expect(await prisma.order.count()).toBe(0)
	})

	it('refuses a time before a cake’s own lead time, naming the cake', async () => {
		const cake = await createMenuItem({ name: 'Whole Tres Leches Cake' })
		await prisma.menuItem.update({ where: { id: cake.id }, data: { leadMinutes: 48 * 60 } })
		const result = await start([{ id: cake.id, quantity: 1 }], pickupSlot(1))
		expect(result).toMatchObject({ ok: false, field: 'pickupAt' })
		if (!result.ok) expect(result.error).toContain('Whole Tres Leches Cake needs more notice')
		expect(await prisma.order.count()).toBe(0)
	})
})

describe('giving a pickup time back', () => {
	it('an expired session frees its hold; a replayed expiry frees it once', async () => {
		const first = await heldOrder()
		const second = await heldOrder()
		const pickupAt = first.pickupAt!.toISOString()
		expect(await slotOrders(pickupAt)).toBe(2)
		stripe.expire(first.sessionId)
		expect((await deliver('checkout.session.expired', first.sessionId, 'evt_expired_once')).status).toBe(200)
		expect(await prisma.order.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
			status: 'EXPIRED',
			capacityHeld: false,
		})
		expect(await slotOrders(pickupAt)).toBe(1)
		// The same event again, and a second expiry event for the same session: nothing more is given back.
		await deliver('checkout.session.expired', first.sessionId, 'evt_expired_once')
		await deliver('checkout.session.expired', first.sessionId)
		expect(await slotOrders(pickupAt)).toBe(1)
		const usage = await prisma.itemDayUsage.findFirstOrThrow({ where: { menuItemId: first.cake.id } })
		expect(usage.quantity).toBe(0)
		expect(await prisma.order.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({ capacityHeld: true })
	})

	it('/cancel expires the Stripe session and frees the hold at once; a reload changes nothing', async () => {
		const order = await heldOrder()
		const pickupAt = order.pickupAt!.toISOString()
		const request = new Request(`${origin}/cancel?session_id=${order.sessionId}`)
		await cancelPage({ request, params: {}, context: {} })
		expect(stripe.sessions.get(order.sessionId)?.status).toBe('expired')
		expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
			status: 'CANCELLED',
			capacityHeld: false,
		})
		expect(await slotOrders(pickupAt)).toBe(0)
		await cancelPage({ request, params: {}, context: {} })
		expect(await slotOrders(pickupAt)).toBe(0)
		expect(await prisma.pickupSlotUsage.count()).toBe(1)
	})

	it('/cancel keeps the hold when Stripe cannot expire the session (the sweep settles it later)', async () => {
		const order = await heldOrder()
		stripe.failNextExpire(500, 500, 500)
		await cancelPage({
			request: new Request(`${origin}/cancel?session_id=${order.sessionId}`),
			params: {},
			context: {},
		})
		expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
			status: 'PENDING',
			capacityHeld: true,
		})
	})

	it('/cancel leaves a paid order and its hold alone', async () => {
		const order = await heldOrder()
		stripe.pay(order.sessionId)
		await deliver('checkout.session.completed', order.sessionId)
		await cancelPage({
			request: new Request(`${origin}/cancel?session_id=${order.sessionId}`),
			params: {},
			context: {},
		})
		expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
			status: 'PAID',
			capacityHeld: true,
		})
	})

	it('the sweep frees a missed expiry, fulfils a missed payment and leaves young checkouts alone', async () => {
		const missedExpiry = await heldOrder()
		const missedPayment = await heldOrder()
		const young = await heldOrder()
		const old = new Date(Date.now() - 40 * 60_000)
		await prisma.order.updateMany({
			where: { id: { in: [missedExpiry.id, missedPayment.id] } },
			data: { createdAt: old },
		})
		stripe.expire(missedExpiry.sessionId)
		stripe.pay(missedPayment.sessionId)
		const pickupAt = young.pickupAt!.toISOString()
		expect(await slotOrders(pickupAt)).toBe(3)

		expect(await checkout.sweepAbandonedCheckouts()).toBe(1)
		const status = async (id: string) =>
			prisma.order.findUniqueOrThrow({ where: { id }, select: { status: true, capacityHeld: true } })
		expect(await status(missedExpiry.id)).toEqual({ status: 'EXPIRED', capacityHeld: false })
		expect(await status(missedPayment.id)).toEqual({ status: 'PAID', capacityHeld: true })
		expect(await status(young.id)).toEqual({ status: 'PENDING', capacityHeld: true })
		expect(await slotOrders(pickupAt)).toBe(2)
		expect(await checkout.sweepAbandonedCheckouts()).toBe(0)
	})

	it('a payment recorded after the hold was given back keeps the order and takes its time again', async () => {
		await openEveryDay({ ordersPerSlot: 1 })
		const order = await heldOrder()
		const pickupAt = order.pickupAt!.toISOString()
		await deliver('checkout.session.expired', order.sessionId)
		expect(await slotOrders(pickupAt)).toBe(0)
		// Someone else takes the freed slot; then the first customer's payment turns up.
		await heldOrder(pickupAt)
		stripe.pay(order.sessionId)
		await deliver('checkout.session.completed', order.sessionId)
		expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
			status: 'PAID',
			capacityHeld: true,
		})
		// Over the cap, never a lost paid order.
		expect(await slotOrders(pickupAt)).toBe(2)
	})
})

describe('what the checkout page offers (GET /checkout?item=…)', () => {
	it('every day of the horizon, a closed day saying why, and only the free times of the others', async () => {
		const route = await import('~/routes/checkout')
		const cake = await createMenuItem()
		const closed = addLocalDays(localDateOf(new Date(), zone), 2)
		await prisma.pickupClosure.create({
			data: {
				startDate: new Date(`${closed}T00:00:00Z`),
				endDate: new Date(`${closed}T00:00:00Z`),
				note: 'Thanksgiving',
			},
		})
		const full = pickupSlot(1, '12:00')
		await prisma.pickupSlotUsage.create({ data: { slotStart: new Date(full), orders: 1000 } })
		const request = new Request(`${origin}/checkout?item=${cake.id}:2`)
		const response = await route.loader({ request, params: {}, context: {} })
		const pickup = response.data.pickup!
		expect(pickup.days).toHaveLength(14)
		expect(pickup.days.find((day) => day.date === closed)).toMatchObject({
			available: false,
			reason: 'closed',
			note: 'Thanksgiving',
			slots: [],
		})
		const tomorrow = pickup.days.find((day) => day.date === localDateOf(full, zone))!
		expect(tomorrow.slots.length).toBeGreaterThan(0)
		expect(tomorrow.slots.every((slot) => slot.available)).toBe(true)
		expect(tomorrow.slots.map((slot) => slot.start)).not.toContain(full)
		expect(tomorrow.slots.map((slot) => slot.start)).toContain(pickupSlot(1, '12:15'))
	})

	it('sends no pickup data without a readable cart', async () => {
		const route = await import('~/routes/checkout')
		for (const query of ['', '?item=x', '?item=abc:0', '?item=abc:51']) {
			const response = await route.loader({
				request: new Request(`${origin}/checkout${query}`),
				params: {},
				context: {},
			})
			expect(response.data.pickup).toBeNull()
		}
	})
})

describe('Add to calendar (/order-pickup.ics)', () => {
	it('a paid order’s pickup as an iCalendar event in UTC at the shop’s address; nothing for an unpaid one', async () => {
		const route = await import('~/routes/order-pickup[.]ics')
		const order = await heldOrder(pickupSlot(2, '09:30'))
		const get = () =>
			route.loader({
				request: new Request(`${origin}/order-pickup.ics?session_id=${order.sessionId}`),
				params: {},
				context: {},
			})
		expect((await get()).status).toBe(404)
		stripe.pay(order.sessionId)
		await deliver('checkout.session.completed', order.sessionId)
		const response = await get()
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
		const file = await response.text()
		const start = pickupSlot(2, '09:30')
			.replace(/\.\d{3}Z$/, 'Z')
			.replace(/[-:]/g, '')
		expect(file).toContain(`DTSTART:${start}\r\n`)
		expect(file).toContain('LOCATION:Doce Dulce Bakery\\, 2814 Colby Ave\\, Everett\\, WA 98201\r\n')
		expect(file).toMatch(/SUMMARY:Pick up order #[0-9A-Z]{8} at Doce Dulce Bakery/)
		expect(file).toContain(`URL:${origin}/contact\r\n`)

		// An order placed in Spanish gets its event in Spanish, linking to the Spanish page.
		await prisma.order.update({ where: { id: order.id }, data: { locale: 'es' } })
		const spanish = await (await get()).text()
		expect(spanish).toMatch(/SUMMARY:Recoger el pedido #[0-9A-Z]{8} en Doce Dulce Bakery/)
		expect(spanish).toContain(`URL:${origin}/es/contact\r\n`)
	})
})
