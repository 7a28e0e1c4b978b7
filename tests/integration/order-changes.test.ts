/**
 * Changing and cancelling a paid order (decision 064): the move in one statement under concurrency, the daily
 * quantities, lead times and the lock time, a move racing the owner's cancellation, the customer's cancellation
 * with a replayed refund webhook, a refused refund, and the owner's "Change pickup" on /admin/orders.
 */
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { ADMIN, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { heldCounts, seedHeldOrder, type SeededLine } from './owner-day-helpers'
import { clearPickupHolds, openEveryDay } from './pickup-helpers'
import { addLocalDays, defaultPickupSettings, instantAt, localDateOf } from '~/domain/pickup/pickup-schedule'

const SECRET = 'whsec_order_changes'
const signer = new Stripe('sk_test_signer')
let stripe: MockStripe
let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string
let prisma: (typeof import('~/utils/db.server'))['prisma']
let changes: typeof import('~/domain/orders/index.server')
let refunds: typeof import('~/domain/orders/order-refund.server')
let composeMail: (typeof import('~/domain/mail/compose.server'))['composeMail']
let ordersAction: (typeof import('~/routes/admin.orders'))['action']
let ordersLoader: (typeof import('~/routes/admin.orders'))['loader']
let webhookAction: (typeof import('~/routes/webhooks.stripe'))['action']
let stripeProvider: import('~/domain/payments/index.server').PaymentProvider

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_order_changes',
		STRIPE_WEBHOOK_SECRET: SECRET,
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
	prisma = (await import('~/utils/db.server')).prisma
	changes = await import('~/domain/orders/index.server')
	refunds = await import('~/domain/orders/order-refund.server')
	composeMail = (await import('~/domain/mail/compose.server')).composeMail
	const route = await import('~/routes/admin.orders')
	ordersAction = route.action
	ordersLoader = route.loader
	webhookAction = (await import('~/routes/webhooks.stripe')).action
	stripeProvider = (await import('~/domain/payments/index.server')).paymentProvider('order')!
})

afterAll(async () => {
	await stripe.close()
	await env.cleanup()
})

beforeEach(async () => {
	await clearPickupHolds()
	await prisma.menuItem.deleteMany()
	await prisma.$executeRaw`DELETE FROM pgboss.job WHERE name = 'mail'`
	stripe.refunds.length = 0
	await openEveryDay({ ordersPerSlot: 4, minLeadMinutes: 0, changeLockHours: 24 })
})

const { timeZone } = defaultPickupSettings
const today = () => localDateOf(new Date(), timeZone)
/** A bakery date `days` from today and a slot start on it at `time`. */
const dayAhead = (days: number) => addLocalDays(today(), days)
const slotAt = (days: number, time: string) => instantAt(dayAhead(days), time, timeZone)
const wallTime = (minutes: number) =>
	`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

const customer = (id: string) => ({ by: 'customer', customerId: id }) as const
const owner = (overrideLock = false) => ({ by: 'owner', email: ADMIN.email, overrideLock }) as const

async function menuItem(name: string, rules: { dailyLimit?: number; leadMinutes?: number } = {}) {
	const item = await createMenuItem({ name })
	return prisma.menuItem.update({ where: { id: item.id }, data: rules })
}

function seed(days: number, time: string, lines: SeededLine[], ordersPerSlot = 4) {
	return seedHeldOrder({ pickupAt: slotAt(days, time), pickupDate: dayAhead(days), lines, ordersPerSlot })
}

const orderRow = (id: string) =>
	prisma.order.findUniqueOrThrow({ where: { id }, select: { status: true, pickupAt: true, capacityHeld: true } })

async function queuedMovedMails() {
	const jobs = await prisma.$queryRaw<Array<{ changeId: string }>>`
		SELECT data ->> 'changeId' AS "changeId" FROM pgboss.job WHERE name = 'mail' AND data ->> 'kind' = 'order-pickup-moved'`
	return jobs.map((job) => job.changeId).sort()
}

const mailContext = { origin: 'https://bakery.test', reviewUrl: async () => '', ownerEmails: [] }

describe('changeOrderPickup under concurrency', () => {
	it('50 concurrent moves into a slot with 3 places left: exactly 3 move, 47 stay, each old slot released once', async () => {
		const bread = await menuItem('Concha')
		const other = await menuItem('Pão de queijo')
		const target = slotAt(4, '12:00')
		// One order already there: 3 of the slot's 4 places are left.
		await seed(4, '12:00', [{ menuItemId: other.id, name: other.name, quantity: 1 }])
		const orders = []
		for (let index = 0; index < 50; index++) {
			orders.push(await seed(3, wallTime(index * 15), [{ menuItemId: bread.id, name: bread.name, quantity: 2 }]))
		}
		const oldSlots = new Map(orders.map((order) => [order.id, order.pickupAt!]))
		for (const slot of oldSlots.values()) {
			expect(await heldCounts(slot, bread.id, dayAhead(3))).toEqual({ slotOrders: 1, itemQuantity: 100 })
		}

		const results = await Promise.all(
			orders.map((order, index) => changes.changeOrderPickup(order.id, target.toISOString(), customer(`c${index}`))),
		)

		const moved = orders.filter((_, index) => results[index]!.outcome === 'moved')
		expect(moved).toHaveLength(3)
		expect(results.filter((result) => result.outcome === 'slot-full')).toHaveLength(47)
		expect(await heldCounts(target, bread.id, dayAhead(4))).toEqual({ slotOrders: 4, itemQuantity: 6 })
		expect((await heldCounts(target, bread.id, dayAhead(3))).itemQuantity).toBe(94)
		for (const order of orders) {
			const isMoved = moved.includes(order)
			const now = await orderRow(order.id)
			expect(now).toEqual({ status: 'PAID', capacityHeld: true, pickupAt: isMoved ? target : oldSlots.get(order.id) })
			// The moved order's old slot was given back once; every other order still holds its own.
			expect((await heldCounts(oldSlots.get(order.id)!, bread.id, dayAhead(3))).slotOrders).toBe(isMoved ? 0 : 1)
		}
		const recorded = await prisma.orderPickupChange.findMany({ orderBy: { orderId: 'asc' } })
		expect(recorded.map((change) => change.orderId)).toEqual(moved.map((order) => order.id).sort())
		for (const change of recorded) {
			expect(change.toPickupAt).toEqual(target)
			expect(change.actor).toMatch(/^customer:c\d+$/)
			expect(change.lockOverridden).toBe(false)
		}
		expect(await queuedMovedMails()).toEqual(recorded.map((change) => change.id).sort())
	})

	it("respects an item's daily quantity on the new day, and a same-day move gives its own back first", async () => {
		const cake = await menuItem('Tres leches', { dailyLimit: 5 })
		const order = await seed(3, '09:00', [{ menuItemId: cake.id, name: cake.name, quantity: 3, dailyLimit: 5 }])
		await seed(4, '09:00', [{ menuItemId: cake.id, name: cake.name, quantity: 3, dailyLimit: 5 }])

		const refused = await changes.changeOrderPickup(order.id, slotAt(4, '10:00').toISOString(), customer('c1'))
		expect(refused).toEqual({ outcome: 'item-limit', menuItemId: cake.id, dailyLimit: 5 })
		expect(await heldCounts(slotAt(3, '09:00'), cake.id, dayAhead(3))).toEqual({ slotOrders: 1, itemQuantity: 3 })
		expect(await heldCounts(slotAt(4, '10:00'), cake.id, dayAhead(4))).toEqual({ slotOrders: 0, itemQuantity: 3 })
		expect((await orderRow(order.id)).pickupAt).toEqual(slotAt(3, '09:00'))

		// Within its own day the order's 3 are given back before they are taken again (3 + 3 would pass 5).
		const sameDay = await changes.changeOrderPickup(order.id, slotAt(3, '11:00').toISOString(), customer('c1'))
		expect(sameDay.outcome).toBe('moved')
		expect(await heldCounts(slotAt(3, '11:00'), cake.id, dayAhead(3))).toEqual({ slotOrders: 1, itemQuantity: 3 })
		expect((await heldCounts(slotAt(3, '09:00'), cake.id, dayAhead(3))).slotOrders).toBe(0)
	})

	it("refuses a slot the checkout would not offer for the order's items (an item's lead time)", async () => {
		const cake = await menuItem('Wedding cake', { leadMinutes: 6 * 24 * 60 })
		const order = await seed(8, '09:00', [{ menuItemId: cake.id, name: cake.name, quantity: 1 }])
		const result = await changes.changeOrderPickup(order.id, slotAt(3, '09:00').toISOString(), owner())
		expect(result).toMatchObject({ outcome: 'slot-not-offered', reason: 'too-soon', menuItemId: cake.id })
		expect((await orderRow(order.id)).pickupAt).toEqual(slotAt(8, '09:00'))
		expect(await prisma.orderPickupChange.count()).toBe(0)
	})

	it('moves only a paid order: a ready one is refused and keeps its hold', async () => {
		const bread = await menuItem('Bolillo')
		const order = await seed(3, '09:00', [{ menuItemId: bread.id, name: bread.name, quantity: 1 }])
		await prisma.order.update({ where: { id: order.id }, data: { status: 'READY' } })
		expect(await changes.changeOrderPickup(order.id, slotAt(3, '10:00').toISOString(), owner(true))).toEqual({
			outcome: 'not-movable',
		})
		expect(await heldCounts(slotAt(3, '09:00'), bread.id, dayAhead(3))).toEqual({ slotOrders: 1, itemQuantity: 1 })
	})
})

describe('the lock time', () => {
	/** A paid order whose pickup is about 10 hours away (inside the 24-hour lock time). */
	async function lockedOrder() {
		const bread = await menuItem('Cuernito')
		const soon = new Date(Math.ceil((Date.now() + 10 * 3600_000) / 900_000) * 900_000)
		const order = await seedHeldOrder({
			pickupAt: soon,
			pickupDate: localDateOf(soon, timeZone),
			lines: [{ menuItemId: bread.id, name: bread.name, quantity: 1 }],
		})
		return { order, bread, soon }
	}

	it('locks the customer out, and lets the owner move it only when they override', async () => {
		const { order, bread, soon } = await lockedOrder()
		const until = new Date(soon.getTime() - 24 * 3600_000)
		expect(await changes.orderChangeWindow(order.id)).toEqual({ changeable: false, reason: 'locked', until })
		const target = slotAt(3, '12:00').toISOString()

		expect(await changes.changeOrderPickup(order.id, target, customer('c1'))).toEqual({ outcome: 'locked', until })
		expect(await changes.changeOrderPickup(order.id, target, owner(false))).toEqual({ outcome: 'locked', until })
		expect(await changes.cancelOrderByCustomer(order.id)).toEqual({ outcome: 'locked', until })
		expect(await orderRow(order.id)).toEqual({ status: 'PAID', capacityHeld: true, pickupAt: soon })
		expect(stripe.refunds).toHaveLength(0)

		const moved = await changes.changeOrderPickup(order.id, target, owner(true))
		expect(moved).toMatchObject({ outcome: 'moved', from: soon })
		expect(await prisma.orderPickupChange.findMany({ select: { actor: true, lockOverridden: true } })).toEqual([
			{ actor: `owner:${ADMIN.email}`, lockOverridden: true },
		])
		expect((await heldCounts(soon, bread.id, localDateOf(soon, timeZone))).slotOrders).toBe(0)
		expect((await heldCounts(new Date(target), bread.id, dayAhead(3))).slotOrders).toBe(1)
	})

	it("follows the owner's setting: with a 2-hour lock time the same order is still the customer's to move", async () => {
		const { order } = await lockedOrder()
		await prisma.pickupSettings.update({ where: { id: 1 }, data: { changeLockHours: 2 } })
		expect(await changes.orderChangeWindow(order.id)).toMatchObject({ changeable: true })
		const moved = await changes.changeOrderPickup(order.id, slotAt(3, '12:00').toISOString(), customer('c1'))
		expect(moved.outcome).toBe('moved')
	})
})

/** A paid order through the (mock) Stripe, next to another order in the same slot (a double release would show). */
async function paidThroughStripe() {
	const cake = await menuItem('Pan de Muerto')
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
	const slot = slotAt(3, '09:00')
	const order = await seedHeldOrder({
		pickupAt: slot,
		pickupDate: dayAhead(3),
		lines,
		providerSessionId: session.sessionId,
	})
	await seedHeldOrder({
		pickupAt: slot,
		pickupDate: dayAhead(3),
		lines,
		providerSessionId: `cs_test_other_${order.id}`,
	})
	return { order, cake, slot, paymentIntent: paid.payment_intent! }
}

let eventCounter = 0
function chargeRefunded(paymentIntent: string, id = `evt_change_refund_${++eventCounter}`) {
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
				amount_refunded: 600,
				refunded: true,
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

describe('cancelling', () => {
	it("a move racing the owner's cancellation ends in one outcome: refunded, nothing held, no 'moved' mail", async () => {
		for (let round = 0; round < 4; round++) {
			await clearPickupHolds()
			await prisma.$executeRaw`DELETE FROM pgboss.job WHERE name = 'mail'`
			stripe.refunds.length = 0
			const { order, cake, slot } = await paidThroughStripe()
			const target = slotAt(4, '15:00')
			const [move, cancel] = await Promise.all([
				changes.changeOrderPickup(order.id, target.toISOString(), owner()),
				refunds.cancelAndRefund(order.id),
			])
			expect(cancel.outcome).toBe('refunded')
			expect(['moved', 'not-movable']).toContain(move.outcome)
			expect(stripe.refunds).toHaveLength(1)
			expect(await orderRow(order.id)).toMatchObject({ status: 'REFUNDED', capacityHeld: false })
			// The other order keeps its place and its 2; the cancelled one holds nothing, old slot or new.
			expect(await heldCounts(slot, cake.id, dayAhead(3))).toEqual({ slotOrders: 1, itemQuantity: 2 })
			expect(await heldCounts(target, cake.id, dayAhead(4))).toEqual({ slotOrders: 0, itemQuantity: 0 })
			for (const changeId of await queuedMovedMails()) {
				expect(await composeMail({ kind: 'order-pickup-moved', changeId }, mailContext)).toBeNull()
			}
		}
	})

	it("the customer's cancellation refunds once and releases once, however often the refund's webhook comes", async () => {
		const { order, cake, slot, paymentIntent } = await paidThroughStripe()
		expect(await changes.cancelOrderByCustomer(order.id)).toEqual({ outcome: 'refunded' })
		expect(stripe.refunds).toHaveLength(1)
		expect(await heldCounts(slot, cake.id, dayAhead(3))).toEqual({ slotOrders: 1, itemQuantity: 2 })

		const payload = chargeRefunded(paymentIntent)
		expect(await deliver(payload)).toEqual({ status: 200, text: 'unchanged' })
		expect(await deliver(payload)).toEqual({ status: 200, text: 'duplicate' })
		expect(await changes.cancelOrderByCustomer(order.id)).toEqual({ outcome: 'not-refundable', status: 'REFUNDED' })
		expect(stripe.refunds).toHaveLength(1)
		expect(await orderRow(order.id)).toMatchObject({ status: 'REFUNDED', capacityHeld: false })
		expect(await heldCounts(slot, cake.id, dayAhead(3))).toEqual({ slotOrders: 1, itemQuantity: 2 })
	})

	it('a refund the provider refuses leaves the order paid and holding its place', async () => {
		const { order, cake, slot } = await paidThroughStripe()
		stripe.failNextRefund(400, 'This PaymentIntent does not have a successful charge to refund.')
		expect(await changes.cancelOrderByCustomer(order.id)).toEqual({
			outcome: 'refund-failed',
			reason: 'provider-refused',
			providerMessage: 'This PaymentIntent does not have a successful charge to refund.',
		})
		expect(await orderRow(order.id)).toMatchObject({ status: 'PAID', capacityHeld: true })
		expect(await heldCounts(slot, cake.id, dayAhead(3))).toEqual({ slotOrders: 2, itemQuantity: 4 })
	})
})

describe("the owner's Change pickup on /admin/orders", () => {
	const change = (fields: Record<string, string>) =>
		run(
			ordersAction({
				request: post('/admin/orders', { intent: 'change-pickup', ...fields }, cookie),
				params: {},
				context: {},
			}),
		)

	it('offers the open slots, moves the order, says why not when the slot is full, and queues the mail', async () => {
		const bread = await menuItem('Oreja')
		const order = await seed(3, '09:00', [{ menuItemId: bread.id, name: bread.name, quantity: 1 }])
		const full = slotAt(3, '10:00')
		for (let index = 0; index < 4; index++)
			await seed(3, '10:00', [{ menuItemId: bread.id, name: bread.name, quantity: 1 }])

		const page = await run(
			ordersLoader({
				request: new Request(`http://localhost:3000/admin/orders?date=${dayAhead(3)}&change=${order.id}`, {
					headers: { Cookie: cookie },
				}),
				params: {},
				context: {},
			}),
		)
		const offered = (page.data as { change: { days: Array<{ date: string; slots: Array<{ start: string }> }> } }).change
		const starts = offered.days.flatMap((day) => day.slots.map((slot) => slot.start))
		expect(starts).toContain(slotAt(3, '11:00').toISOString())
		expect(starts).not.toContain(full.toISOString())

		const refused = await change({ id: order.id, slot: full.toISOString() })
		expect(refused.status).toBe(409)
		expect((refused.data as { message: string }).message).toMatch(/was not moved: that pickup time filled up/)
		expect((await orderRow(order.id)).pickupAt).toEqual(slotAt(3, '09:00'))

		const moved = await change({ id: order.id, slot: slotAt(3, '11:00').toISOString() })
		expect(moved.status).toBe(200)
		expect((moved.data as { message: string }).message).toMatch(/now picks up .*11:00 AM/)
		expect((await orderRow(order.id)).pickupAt).toEqual(slotAt(3, '11:00'))
		const [changeId] = await queuedMovedMails()
		const mail = await composeMail({ kind: 'order-pickup-moved', changeId: changeId! }, mailContext)
		expect(mail?.subject).toMatch(/new pickup/)
		expect(mail?.attachments?.[0]?.content).toContain('BEGIN:VCALENDAR')
	})
})
