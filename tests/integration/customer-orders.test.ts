/**
 * A customer's own order on their account (decision 065), through the routes as a browser uses them: only their
 * own order is shown or changed (another customer's is a 404 and stays as it was), moving the pickup, cancelling
 * with the mails to both sides exactly once (a replayed refund webhook adds none), a refused refund, and "Order
 * again" with a gone item, a changed price and a removed choice, through the cart's one-time cookie.
 */
import crypto from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MailJob } from '~/domain/mail/mail-jobs'
import { addLocalDays, defaultPickupSettings, instantAt, localDateOf } from '~/domain/pickup/pickup-schedule'
import { createCakeOptions, createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { ADMIN, ORIGIN, run, useAdminTestEnv } from './admin-helpers'
import { signedInCustomer } from './customer-helpers'
import { clearMailQueues } from './mail-helpers'
import { heldCounts, seedHeldOrder, type SeededLine } from './owner-day-helpers'
import { clearPickupHolds, openEveryDay } from './pickup-helpers'

const SECRET = 'whsec_customer_orders'
const signer = new Stripe('sk_test_signer')
let stripe: MockStripe
let cleanup: () => Promise<void>
let prisma: (typeof import('~/utils/db.server'))['prisma']
let composeMail: (typeof import('~/domain/mail/compose.server'))['composeMail']
let page: typeof import('~/routes/account_.orders.$orderId')
let invalidateMenuCache: () => void

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_customer_orders',
		STRIPE_WEBHOOK_SECRET: SECRET,
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	;({ cleanup } = await useAdminTestEnv())
	prisma = (await import('~/utils/db.server')).prisma
	composeMail = (await import('~/domain/mail/compose.server')).composeMail
	page = await import('~/routes/account_.orders.$orderId')
	invalidateMenuCache = (await import('~/domain/menu/index.server')).invalidateMenuCache
})

afterAll(async () => {
	await stripe.close()
	await cleanup()
})

beforeEach(async () => {
	await clearMailQueues()
	await clearPickupHolds()
	await prisma.order.deleteMany()
	await prisma.customerSession.deleteMany()
	await prisma.customer.deleteMany()
	await prisma.menuItem.deleteMany()
	invalidateMenuCache()
	stripe.refunds.length = 0
	await openEveryDay({ ordersPerSlot: 4, minLeadMinutes: 0, changeLockHours: 24 })
})

const { timeZone } = defaultPickupSettings
const dayAhead = (days: number) => addLocalDays(localDateOf(new Date(), timeZone), days)
const slotAt = (days: number, time: string) => instantAt(dayAhead(days), time, timeZone)
const mailContext = { origin: ORIGIN, reviewUrl: async () => '', ownerEmails: [ADMIN.email] }

/** A paid order of `customer`'s, paid through the Stripe stand-in (so it can be refunded), holding its place. */
async function paidOrder(
	customer: { id: string },
	lines: SeededLine[],
	{ days = 3, time = '09:00', locale = 'en' } = {},
) {
	const { paymentProvider } = await import('~/domain/payments/index.server')
	const session = await paymentProvider('order')!.createCheckoutSession({
		orderId: `pending-${crypto.randomUUID()}`,
		lines: lines.map((line) => ({
			name: line.name,
			unitAmountCents: line.unitPriceCents ?? 300,
			quantity: line.quantity,
			taxCategory: 'BAKERY',
		})),
		taxCents: 0,
		automaticTax: false,
		currency: 'usd',
		customerEmail: 'customer@example.com',
		successUrl: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
		cancelUrl: `${ORIGIN}/cart`,
	})
	const paid = stripe.pay(session.sessionId)
	const order = await seedHeldOrder({
		pickupAt: slotAt(days, time),
		pickupDate: dayAhead(days),
		lines,
		providerSessionId: session.sessionId,
		ordersPerSlot: 4,
	})
	await prisma.order.update({ where: { id: order.id }, data: { customerId: customer.id, locale } })
	return { ...order, paymentIntent: paid.payment_intent! }
}

function pageRequest(orderId: string, cookie: string, fields?: Record<string, string>, prefix = '') {
	const url = `${ORIGIN}${prefix}/account/orders/${orderId}`
	if (!fields) return new Request(url, { headers: { Cookie: cookie } })
	return new Request(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
		body: new URLSearchParams(fields),
	})
}

const load = (orderId: string, cookie: string, prefix = '') =>
	run(page.loader({ request: pageRequest(orderId, cookie, undefined, prefix), params: { orderId }, context: {} }))
const post = (orderId: string, cookie: string, fields: Record<string, string>) =>
	run(page.action({ request: pageRequest(orderId, cookie, fields), params: { orderId }, context: {} }))

const orderRow = (id: string) =>
	prisma.order.findUniqueOrThrow({ where: { id }, select: { status: true, pickupAt: true, capacityHeld: true } })

async function queuedMails(kind: MailJob['kind']) {
	const rows = await prisma.$queryRaw<Array<{ data: MailJob }>>`
		SELECT data FROM pgboss.job WHERE name = 'mail' AND data ->> 'kind' = ${kind}`
	return rows.map((row) => row.data)
}

let eventCounter = 0
async function deliverRefundWebhook(paymentIntent: string, id = `evt_customer_refund_${++eventCounter}`) {
	const { action } = await import('~/routes/webhooks.stripe')
	const payload = JSON.stringify({
		id,
		object: 'event',
		type: 'charge.refunded',
		data: {
			object: {
				id: `ch_${id}`,
				object: 'charge',
				payment_intent: paymentIntent,
				amount: 600,
				amount_refunded: 600,
				refunded: true,
			},
		},
	})
	const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET })
	const response = await action({
		request: new Request(`${ORIGIN}/webhooks/stripe`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
			body: payload,
		}),
		params: {},
		context: {},
	})
	return response.text()
}

describe('only the customer’s own order', () => {
	it('shows their order; another customer’s order is a 404 to read, move, cancel or order again, and stays as it was', async () => {
		const bread = await createMenuItem({ name: 'Concha', priceCents: 300 })
		const ana = await signedInCustomer('Ana')
		const bruno = await signedInCustomer('Bruno')
		const lines = [{ menuItemId: bread.id, name: bread.name, quantity: 2 }]
		const anas = await paidOrder(ana, lines)
		const brunos = await paidOrder(bruno, lines)

		const own = await load(anas.id, ana.cookie)
		expect(own.status).toBe(200)
		expect(own.data).toMatchObject({
			number: anas.id.slice(-8).toUpperCase(),
			status: 'paid',
			changeable: true,
			items: [{ name: 'Concha', quantity: 2, unitPriceCents: 300 }],
		})
		expect(own.headers.get('Cache-Control')).toBe('private, no-store')

		const before = await orderRow(brunos.id)
		expect((await load(brunos.id, ana.cookie)).status).toBe(404)
		expect((await load('no-such-order', ana.cookie)).status).toBe(404)
		const target = slotAt(4, '10:00').toISOString()
		expect((await post(brunos.id, ana.cookie, { intent: 'change-pickup', slot: target })).status).toBe(404)
		expect((await post(brunos.id, ana.cookie, { intent: 'cancel' })).status).toBe(404)
		const again = await post(brunos.id, ana.cookie, { intent: 'order-again' })
		expect(again.status).toBe(404)
		expect(again.headers.get('Set-Cookie')).toBeNull()
		expect(await orderRow(brunos.id)).toEqual(before)
		expect(stripe.refunds).toHaveLength(0)
		expect(await queuedMails('order-cancelled')).toHaveLength(0)

		// Signed out: to the sign-in page (in the page's language), coming back here.
		const signedOut = await load(anas.id, '', '/es')
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.get('Location')).toBe(
			`/es/account/sign-in?redirectTo=${encodeURIComponent(`/es/account/orders/${anas.id}`)}`,
		)
	})
})

describe('changing the pickup', () => {
	it('moves it to an offered time, says when a time filled meanwhile (keeping the choice), and locks with the lock time', async () => {
		const bread = await createMenuItem({ name: 'Concha', priceCents: 300 })
		const ana = await signedInCustomer('Ana')
		const order = await paidOrder(ana, [{ menuItemId: bread.id, name: bread.name, quantity: 2 }])
		const offered = (await load(order.id, ana.cookie)).data as { days: Array<{ slots: Array<{ start: string }> }> }
		const starts = offered.days.flatMap((day) => day.slots.map((slot) => slot.start))
		expect(starts).not.toContain(order.pickupAt!.toISOString())
		const target = slotAt(4, '10:00')
		expect(starts).toContain(target.toISOString())

		const moved = await post(order.id, ana.cookie, { intent: 'change-pickup', slot: target.toISOString() })
		expect(moved).toMatchObject({ status: 200, data: { change: 'moved' } })
		expect((await orderRow(order.id)).pickupAt).toEqual(target)
		expect(await heldCounts(target, bread.id, dayAhead(4))).toEqual({ slotOrders: 1, itemQuantity: 2 })
		expect(await queuedMails('order-pickup-moved')).toHaveLength(1)

		// Another slot fills up meanwhile: refused, nothing changed, the chosen time named.
		const full = slotAt(5, '11:00')
		for (let index = 0; index < 4; index++) {
			await seedHeldOrder({
				pickupAt: full,
				pickupDate: dayAhead(5),
				lines: [{ menuItemId: bread.id, name: bread.name, quantity: 1 }],
				ordersPerSlot: 4,
			})
		}
		const refused = await post(order.id, ana.cookie, { intent: 'change-pickup', slot: full.toISOString() })
		expect(refused).toMatchObject({ status: 409, data: { change: 'slot-full', slot: full.toISOString() } })
		expect((refused.data as { slotText: string }).slotText).toMatch(/11:00 AM/)
		expect((await orderRow(order.id)).pickupAt).toEqual(target)

		expect(await post(order.id, ana.cookie, { intent: 'change-pickup', slot: 'soon' })).toMatchObject({
			status: 400,
			data: { change: 'no-slot' },
		})

		// Within the lock time: no change, and the page says until when it could have.
		await prisma.pickupSettings.updateMany({ data: { changeLockHours: 24 * 7 } })
		const locked = await load(order.id, ana.cookie)
		expect(locked.data).toMatchObject({ changeable: false, days: [] })
		expect((locked.data as { until: string | null }).until).toMatch(/AM|PM/)
		expect(await post(order.id, ana.cookie, { intent: 'cancel' })).toMatchObject({
			status: 409,
			data: { cancel: 'locked' },
		})
		expect(stripe.refunds).toHaveLength(0)
	})
})

describe('cancelling', () => {
	it('refunds once, releases once, and mails the customer (in their language) and the owner exactly once, however often the webhook comes', async () => {
		const bread = await createMenuItem({ name: 'Concha', priceCents: 300 })
		const ana = await signedInCustomer('Ana', { locale: 'es' })
		const order = await paidOrder(ana, [{ menuItemId: bread.id, name: bread.name, quantity: 2 }], { locale: 'es' })
		const slot = order.pickupAt!

		expect(await post(order.id, ana.cookie, { intent: 'cancel' })).toMatchObject({
			status: 200,
			data: { cancel: 'refunded' },
		})
		expect(stripe.refunds).toHaveLength(1)
		expect(await orderRow(order.id)).toMatchObject({ status: 'REFUNDED', capacityHeld: false })
		expect(await heldCounts(slot, bread.id, dayAhead(3))).toEqual({ slotOrders: 0, itemQuantity: 0 })

		expect(await deliverRefundWebhook(order.paymentIntent, 'evt_replayed')).toBe('unchanged')
		expect(await deliverRefundWebhook(order.paymentIntent, 'evt_replayed')).toBe('duplicate')
		expect(await post(order.id, ana.cookie, { intent: 'cancel' })).toMatchObject({
			status: 409,
			data: { cancel: 'not-refundable' },
		})
		expect(stripe.refunds).toHaveLength(1)
		expect(await heldCounts(slot, bread.id, dayAhead(3))).toEqual({ slotOrders: 0, itemQuantity: 0 })
		expect(await queuedMails('order-cancelled')).toEqual([{ kind: 'order-cancelled', orderId: order.id }])
		expect(await queuedMails('order-cancelled-owner')).toEqual([{ kind: 'order-cancelled-owner', orderId: order.id }])

		const number = order.id.slice(-8).toUpperCase()
		const toCustomer = await composeMail({ kind: 'order-cancelled', orderId: order.id }, mailContext)
		expect(toCustomer).toMatchObject({
			to: [order.customerEmail],
			subject: `Tu pedido n.º ${number} está cancelado y reembolsado`,
		})
		expect(toCustomer!.text).toContain('Te reembolsamos $6.00 completos')
		expect(toCustomer!.text).toContain('2 × Concha')
		const toOwner = await composeMail({ kind: 'order-cancelled-owner', orderId: order.id }, mailContext)
		expect(toOwner).toMatchObject({ to: [ADMIN.email], replyTo: order.customerEmail })
		expect(toOwner!.subject).toMatch(new RegExp(`^Customer cancelled order #${number} — pickup .* is free again$`))
		expect(toOwner!.text).toContain("Customer's language") // not English: the owner is told
	})

	it('a phone order to be paid at pickup is theirs too: on the account, its "I\'m here" link works, and cancelling charges and refunds nothing', async () => {
		const bread = await createMenuItem({ name: 'Concha', priceCents: 300 })
		const ana = await signedInCustomer('Ana', { locale: 'pt-BR' })
		const order = await seedHeldOrder({
			pickupAt: slotAt(3, '09:00'),
			pickupDate: dayAhead(3),
			lines: [{ menuItemId: bread.id, name: bread.name, quantity: 2 }],
			ordersPerSlot: 4,
		})
		// As staff enter it (decision 075): confirmed at once, nothing paid, for the address the account signs in with.
		await prisma.order.update({
			where: { id: order.id },
			data: {
				status: 'PAID',
				paidAt: null,
				payAtPickup: true,
				source: 'PHONE',
				customerEmail: ana.email,
				locale: 'pt-BR',
			},
		})
		const { attachByEmail } = await import('~/domain/customers/models/customer.server')
		expect(await attachByEmail(prisma, ana.id, ana.email)).toMatchObject({ orders: 1 })

		const { accountOverview } = await import('~/domain/customers/account.server')
		expect((await accountOverview(ana.id))?.upcoming).toEqual([
			expect.objectContaining({ id: order.id, status: 'pay-at-pickup', totalCents: 600 }),
		])
		expect(await load(order.id, ana.cookie)).toMatchObject({ status: 200, data: { status: 'pay-at-pickup' } })

		const { arrivalLink } = await import('~/domain/orders/arrival-link.server')
		const { arrivalPath } = await import('~/domain/orders/index.server')
		const token = arrivalPath(order.id).split('/').at(-1)!
		expect(await arrivalLink(token, slotAt(3, '08:50'))).toMatchObject({ orderId: order.id, state: 'open' })

		expect(await post(order.id, ana.cookie, { intent: 'cancel' })).toMatchObject({
			status: 200,
			data: { cancel: 'cancelled-unpaid' },
		})
		expect(stripe.refunds).toHaveLength(0)
		expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELLED', capacityHeld: false })
		expect(await heldCounts(order.pickupAt!, bread.id, dayAhead(3))).toEqual({ slotOrders: 0, itemQuantity: 0 })
		expect(await queuedMails('order-cancelled')).toEqual([{ kind: 'order-cancelled', orderId: order.id }])
		expect(await queuedMails('order-cancelled-owner')).toEqual([{ kind: 'order-cancelled-owner', orderId: order.id }])

		const number = order.id.slice(-8).toUpperCase()
		const toCustomer = await composeMail({ kind: 'order-cancelled', orderId: order.id }, mailContext)
		expect(toCustomer?.subject).toBe(`Sua encomenda nº ${number} foi cancelada`)
		expect(toCustomer!.text).toContain('nada foi cobrado')
		expect(toCustomer!.text).not.toContain('Reembolsamos')
		const toOwner = await composeMail({ kind: 'order-cancelled-owner', orderId: order.id }, mailContext)
		expect(toOwner!.text).toContain('It was to be paid at pickup, so nothing was charged')
		const { composeText } = await import('~/domain/texts/compose.server')
		const text = await composeText({ kind: 'order-cancelled', orderId: order.id }, 'pt-BR', ORIGIN)
		expect(text).toContain('nada foi cobrado')
		expect(text).not.toContain('reembolsad')
	})

	it('a refund the provider refuses leaves the order paid and holding, sends nothing, and the page says to contact the bakery', async () => {
		const bread = await createMenuItem({ name: 'Concha', priceCents: 300 })
		const ana = await signedInCustomer('Ana')
		const order = await paidOrder(ana, [{ menuItemId: bread.id, name: bread.name, quantity: 1 }])
		stripe.failNextRefund(400, 'This PaymentIntent does not have a successful charge to refund.')
		expect(await post(order.id, ana.cookie, { intent: 'cancel' })).toMatchObject({
			status: 409,
			data: { cancel: 'refund-failed' },
		})
		expect(await orderRow(order.id)).toMatchObject({ status: 'PAID', capacityHeld: true })
		expect(await queuedMails('order-cancelled')).toHaveLength(0)
		expect(await queuedMails('order-cancelled-owner')).toHaveLength(0)
	})

	it("the owner's Cancel & refund tells the customer too, without alerting the owner about their own click", async () => {
		const bread = await createMenuItem({ name: 'Concha', priceCents: 300 })
		const ana = await signedInCustomer('Ana')
		const order = await paidOrder(ana, [{ menuItemId: bread.id, name: bread.name, quantity: 1 }])
		const { cancelAndRefund } = await import('~/domain/orders/order-refund.server')
		expect(await cancelAndRefund(order.id)).toEqual({ outcome: 'refunded' })
		expect(await queuedMails('order-cancelled')).toEqual([{ kind: 'order-cancelled', orderId: order.id }])
		expect(await queuedMails('order-cancelled-owner')).toHaveLength(0)
		const mail = await composeMail({ kind: 'order-cancelled', orderId: order.id }, mailContext)
		expect(mail!.subject).toBe(`Your order #${order.id.slice(-8).toUpperCase()} is cancelled and refunded`)
	})
})

describe('order again', () => {
	async function orderAgainSetup() {
		const ana = await signedInCustomer('Ana')
		const concha = await createMenuItem({ name: 'Concha', priceCents: 300 })
		const cake = await createMenuItem({ name: 'Tres Leches Cake', priceCents: 4000 })
		const options = await createCakeOptions(cake.id)
		const gone = await createMenuItem({ name: 'Rosca de Reyes', priceCents: 2500 })
		const flan = await createMenuItem({ name: 'Flan', priceCents: 500 })
		const order = await paidOrder(ana, [
			{ menuItemId: concha.id, name: 'Concha', quantity: 3, unitPriceCents: 300 },
			{
				menuItemId: cake.id,
				name: 'Tres Leches Cake',
				quantity: 1,
				unitPriceCents: 5500,
				options: [
					{ group: 'Size', choice: '8″', priceDeltaCents: 1200 },
					{ group: 'Toppings', choice: 'Strawberries', priceDeltaCents: 300 },
					{ group: 'Message on the cake', text: 'Feliz cumple', priceDeltaCents: 0 },
				],
			},
			{
				menuItemId: cake.id,
				name: 'Tres Leches Cake',
				quantity: 1,
				unitPriceCents: 4200,
				options: [
					{ group: 'Size', choice: '6″', priceDeltaCents: 0 },
					{ group: 'Toppings', choice: 'Coconut', priceDeltaCents: 200 },
				],
			},
			{ menuItemId: gone.id, name: 'Rosca de Reyes', quantity: 1, unitPriceCents: 2500 },
			{ menuItemId: flan.id, name: 'Flan', quantity: 2, unitPriceCents: 500 },
		])
		return { ana, order, concha, cake, options, gone, flan }
	}

	it('puts the lines in at today’s prices, leaving out a gone item, a removed choice and a sold-out item, naming each', async () => {
		const { ana, order, concha, cake, options, gone, flan } = await orderAgainSetup()
		await prisma.menuItem.update({ where: { id: concha.id }, data: { priceCents: 350 } })
		await prisma.menuOption.delete({ where: { id: options.toppings.coconut } })
		await prisma.menuItem.delete({ where: { id: gone.id } })
		await prisma.menuItem.update({ where: { id: flan.id }, data: { soldOut: true } })
		invalidateMenuCache()

		const { orderAgain } = await import('~/domain/customers/order-again.server')
		const again = await orderAgain(ana.id, order.id, 'en')
		expect(again).not.toBeNull()
		expect(again!.lines.map(({ item, quantity }) => ({ id: item.id, priceCents: item.priceCents, quantity }))).toEqual([
			{ id: concha.id, priceCents: 350, quantity: 3 },
			{ id: cake.id, priceCents: 5500, quantity: 1 },
		])
		expect(again!.lines[1]!.item.choices).toEqual([
			{ groupId: options.size.id, optionIds: [options.size.eight] },
			{ groupId: options.toppings.id, optionIds: [options.toppings.strawberries] },
			{ groupId: options.message.id, text: 'Feliz cumple' },
		])
		expect(again!.priceChanges).toEqual([{ name: 'Concha', priceCents: 350, wasCents: 300 }])
		expect(again!.leftOut).toEqual([
			{
				name: 'Tres Leches Cake (Size: 6″ · Toppings: Coconut)',
				problem: { kind: 'options', problem: { kind: 'unknown-choice', group: 'Toppings' } },
			},
			{ name: 'Rosca de Reyes', problem: { kind: 'off-menu' } },
			{ name: 'Flan', problem: { kind: 'sold-out' } },
		])
		// Not the customer's order: nothing.
		const bruno = await signedInCustomer('Bruno')
		expect(await orderAgain(bruno.id, order.id, 'en')).toBeNull()
	})

	it('the form redirects to the cart with a one-time cookie; the cart adds the lines once and says what changed', async () => {
		const { ana, order, concha } = await orderAgainSetup()
		await prisma.menuItem.update({ where: { id: concha.id }, data: { priceCents: 350 } })
		invalidateMenuCache()
		const posted = await post(order.id, ana.cookie, { intent: 'order-again' })
		expect(posted.status).toBe(302)
		expect(posted.headers.get('Location')).toBe('/cart')
		const again = posted.headers.get('Set-Cookie')!.split(';')[0]!
		expect(again).toMatch(/^__bakery_order_again=/)

		const { loader } = await import('~/routes/cart')
		const cart = await run(
			loader({
				request: new Request(`${ORIGIN}/es/cart`, { headers: { Cookie: `${ana.cookie}; ${again}` } }),
				params: {},
				context: {},
			}),
		)
		const loaded = cart.data as { again: { number: string; lines: unknown[]; priceChanges: unknown[] } }
		expect(loaded.again.number).toBe(order.id.slice(-8).toUpperCase())
		expect(loaded.again.lines).toHaveLength(5)
		expect(loaded.again.priceChanges).toEqual([{ name: 'Concha', priceCents: 350, wasCents: 300 }])
		// Taken once: the same response clears the cookie, and without it the cart is as before.
		expect(cart.headers.get('Set-Cookie')).toMatch(/^__bakery_order_again=;.*Max-Age=0/i)
		const plain = await run(
			loader({ request: new Request(`${ORIGIN}/cart`, { headers: { Cookie: ana.cookie } }), params: {}, context: {} }),
		)
		expect(plain.data).not.toHaveProperty('again')
		// Another customer's browser with that cookie gets nothing.
		const bruno = await signedInCustomer('Bruno')
		const stolen = await run(
			loader({
				request: new Request(`${ORIGIN}/cart`, { headers: { Cookie: `${bruno.cookie}; ${again}` } }),
				params: {},
				context: {},
			}),
		)
		expect((stolen.data as { again: unknown }).again).toBeNull()
	})
})
