/**
 * The bread club (issue 40, decision 093): joining through a Stripe Billing subscription page (the mock speaks the
 * protocol), each box made into a paid order at its cutoff exactly once (concurrent runs, the DST change), the
 * subscriber's changes until the cutoff and not after, boxes competing for capacity with online orders, and
 * renewals that fail (dunning), recover and end.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cutoffOf } from '~/domain/club/cadence'
import { instantAt, type LocalDate } from '~/domain/pickup/pickup-schedule'
import { createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { clearClub, signedInCustomer } from './customer-helpers'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay } from './pickup-helpers'

const TZ = 'America/Los_Angeles'
const origin = 'https://bakery.test'
let stripe: MockStripe
let hook: http.Server
let club: typeof import('~/domain/club/club.server')
let checkout: typeof import('./checkout-helpers')
let prisma: (typeof import('~/utils/db.server'))['prisma']

/** The mock's webhooks, delivered to the shop's own route (signature checked) as Stripe would. */
async function startWebhookRelay() {
	const { action } = await import('~/routes/webhooks.stripe')
	const server = http.createServer(async (req, res) => {
		let body = ''
		for await (const chunk of req) body += chunk
		const response = await action({
			request: new Request(`${origin}/webhooks/stripe`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'stripe-signature': String(req.headers['stripe-signature']) },
				body,
			}),
			params: {},
			context: {},
		})
		res.writeHead(response.status)
		res.end(await response.text())
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return server
}

beforeAll(async () => {
	const relay = { webhookUrl: '', webhookSecret: 'whsec_club' }
	stripe = await startMockStripe(relay)
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_club',
		STRIPE_WEBHOOK_SECRET: 'whsec_club',
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	club = await import('~/domain/club/club.server')
	checkout = await import('./checkout-helpers')
	prisma = (await import('~/utils/db.server')).prisma
	hook = await startWebhookRelay()
	relay.webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`
})

afterAll(async () => {
	hook.close()
	await stripe.close()
})

beforeEach(async () => {
	await clearClub()
	await clearPickupHolds()
	await prisma.menuItem.deleteMany()
	await prisma.customer.deleteMany()
	await clearMailQueues()
	await openEveryDay({ ordersPerSlot: 1000 })
})

/** A bakery wall time on a date. */
const at = (date: LocalDate, time: string) => instantAt(date, time, TZ)

/** Monday 1 March 2027: the club's first boxes are on the Sundays around the spring DST change (14 March). */
const MONDAY = '2027-03-01'
const SUNDAYS = ['2027-03-07', '2027-03-14', '2027-03-21', '2027-03-28'] as const

/** A Sunday club: 2 pão de queijo dozens ($15 each on the menu) for $24, 09:00–11:00, changes close Saturday 20:00. */
async function sundayPlan(more: Partial<{ maxSubscribers: number; windowEnd: string }> = {}) {
	const item = await createMenuItem({ name: 'Pão de Queijo (dozen)', priceCents: 1500, category: 'BRAZILIAN_PASTRIES' })
	const plan = await prisma.clubPlan.create({
		data: {
			name: 'Pão de queijo club',
			lines: [{ menuItemId: item.id, quantity: 2, choices: [] }],
			frequency: 'WEEKLY',
			pickupWeekday: 0,
			windowStart: '09:00',
			windowEnd: more.windowEnd ?? '11:00',
			priceCents: 2400,
			maxSubscribers: more.maxSubscribers ?? 10,
			cutoffDaysBefore: 1,
			cutoffTime: '20:00',
		},
	})
	return { item, plan }
}

/** A customer joins at `time` and completes the page on the mock (its webhook starts the membership). */
async function member(
	planId: string,
	name: string,
	{ time = '10:00', locale = 'en' as 'en' | 'es' | 'pt-BR', now = at(MONDAY, '12:00') } = {},
) {
	const customer = await signedInCustomer(name, { locale })
	const joined = await club.joinClub({ planId, customer, pickupTime: time, locale, origin, now })
	if (!joined.ok) throw new Error(`join refused: ${joined.reason}`)
	const membership = await prisma.clubSubscription.findFirstOrThrow({ where: { customerId: customer.id } })
	stripe.startSubscription(membership.providerSessionId!)
	await stripe.deliverSessionEvent('checkout.session.completed', membership.providerSessionId!)
	return { customer, membership: await prisma.clubSubscription.findUniqueOrThrow({ where: { id: membership.id } }) }
}

const boxes = (subscriptionId?: string) =>
	prisma.clubPickup.findMany({
		where: subscriptionId ? { subscriptionId } : {},
		include: { order: true },
		orderBy: { pickupDate: 'asc' },
	})

/** The mails queued of one kind (their jobs' data). */
async function queuedMails(kind: string) {
	return prisma.$queryRaw<Array<{ data: Record<string, string> }>>`
		SELECT data FROM pgboss.job WHERE name = 'mail' AND data ->> 'kind' = ${kind}`
}

describe('joining the club', () => {
	it('opens a Stripe subscription page with the plan’s weekly price, first charged at the first box’s cutoff', async () => {
		const { plan } = await sundayPlan()
		const before = stripe.requests.length
		const { membership } = await member(plan.id, 'Ana')
		const sent = stripe.requests.slice(before)
		const price = sent.find((request) => request.path === '/v1/prices')!
		expect(price.params.get('unit_amount')).toBe('2400')
		expect(price.params.get('recurring[interval]')).toBe('week')
		expect(price.params.get('recurring[interval_count]')).toBe('1')
		const session = sent.find((request) => request.path === '/v1/checkout/sessions')!
		expect(session.params.get('mode')).toBe('subscription')
		expect(session.params.get('line_items[0][price]')).toBe(
			(await prisma.clubPlan.findUniqueOrThrow({ where: { id: plan.id } })).providerPriceId,
		)
		// Nothing today: the first charge is the first box's cutoff, Saturday 6 March at 20:00 in Everett.
		expect(Number(session.params.get('subscription_data[billing_cycle_anchor]'))).toBe(
			at('2027-03-06', '20:00').getTime() / 1000,
		)
		expect(session.params.get('subscription_data[proration_behavior]')).toBe('none')
		expect(membership).toMatchObject({ status: 'ACTIVE', priceCents: 2400, pickupTime: '10:00' })
		expect(membership.providerSubscriptionId).toMatch(/^sub_mock_/)
		expect(membership.providerCustomerId).toMatch(/^cus_mock_/)
		expect(membership.firstPickupDate.toISOString().slice(0, 10)).toBe(SUNDAYS[0])
		expect(await queuedMails('club-welcome')).toHaveLength(1)

		// The next member's page reuses the plan's Price; a replayed webhook changes nothing.
		const second = stripe.requests.length
		await member(plan.id, 'Bia')
		expect(stripe.requests.slice(second).filter((request) => request.path === '/v1/prices')).toHaveLength(0)
		await stripe.deliverSessionEvent('checkout.session.completed', membership.providerSessionId!)
		expect(await queuedMails('club-welcome')).toHaveLength(2)
	})

	it('gives a plan’s last seats to exactly as many customers as it has, and one membership per customer', async () => {
		const { plan } = await sundayPlan({ maxSubscribers: 3 })
		const customers = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => signedInCustomer(`Member ${name}`)))
		const answers = await Promise.all(
			customers.map((customer) =>
				club.joinClub({
					planId: plan.id,
					customer,
					pickupTime: '09:30',
					locale: 'en',
					origin,
					now: at(MONDAY, '12:00'),
				}),
			),
		)
		expect(answers.filter((answer) => answer.ok)).toHaveLength(3)
		expect(answers.filter((answer) => !answer.ok && answer.reason === 'full')).toHaveLength(2)

		const { customer } = await member((await sundayPlan()).plan.id, 'Caio')
		const planOfCaio = (await prisma.clubSubscription.findFirstOrThrow({ where: { customerId: customer.id } })).planId
		expect(
			await club.joinClub({
				planId: planOfCaio,
				customer,
				pickupTime: '10:00',
				locale: 'en',
				origin,
				now: at(MONDAY, '13:00'),
			}),
		).toEqual({ ok: false, reason: 'member' })
		expect(
			await club.joinClub({
				planId: planOfCaio,
				customer: customers[4]!,
				pickupTime: '11:15',
				locale: 'en',
				origin,
				now: at(MONDAY, '13:00'),
			}),
		).toEqual({ ok: false, reason: 'time' })
	})

	it('gives the seat back when Stripe cannot open the page', async () => {
		const { plan } = await sundayPlan({ maxSubscribers: 1 })
		const customer = await signedInCustomer('Dora')
		stripe.failNext(500, 500, 500)
		expect(
			await club.joinClub({
				planId: plan.id,
				customer,
				pickupTime: '10:00',
				locale: 'en',
				origin,
				now: at(MONDAY, '12:00'),
			}),
		).toEqual({ ok: false, reason: 'payment-failed' })
		expect(await prisma.clubSubscription.findFirstOrThrow({ where: { customerId: customer.id } })).toMatchObject({
			status: 'CANCELLED',
		})
		await member(plan.id, 'Eva')
	})
})

describe('the boxes at their cutoffs', () => {
	it('makes each box into a paid order exactly once, at its cutoff, across two processes and the DST change', async () => {
		const { item, plan } = await sundayPlan()
		const { membership } = await member(plan.id, 'Ana')
		// A second process: fresh copies of the modules, with a database pool of their own (as in several-processes.test.ts).
		vi.resetModules()
		const otherProcess = await import('~/domain/club/club.server')
		const otherPrisma = (await import('~/utils/db.server')).prisma
		// Both processes run every two hours for three weeks at once, as two machines' schedules would: after each
		// round, exactly the boxes whose cutoff has come are made.
		try {
			for (let now = at(MONDAY, '12:00').getTime(); now < at('2027-03-27', '23:00').getTime(); now += 2 * 3_600_000) {
				await Promise.all([club.makeDueClubBoxes(new Date(now)), otherProcess.makeDueClubBoxes(new Date(now))])
				const due = SUNDAYS.filter((date) => cutoffOf(plan, date).getTime() <= now)
				expect(await prisma.clubPickup.count()).toBe(due.length)
			}
		} finally {
			await otherPrisma.$disconnect()
		}
		const made = await boxes(membership.id)
		expect(made.map((box) => box.pickupDate.toISOString().slice(0, 10))).toEqual([...SUNDAYS])
		for (const box of made) {
			const date = box.pickupDate.toISOString().slice(0, 10)
			expect(box.status).toBe('PLACED')
			// 10:00 in Everett on each Sunday, before the change (PST) and after it (PDT).
			expect(box.order!.pickupAt).toEqual(at(date, '10:00'))
			expect(box.order).toMatchObject({ status: 'PAID', source: 'SUBSCRIPTION', totalCents: 2400, discountCents: 600 })
			expect(box.order!.paidAt).not.toBeNull()
		}
		expect(await prisma.order.count()).toBe(4)
		const held = await prisma.itemDayUsage.findMany({ where: { menuItemId: item.id } })
		expect(held.reduce((sum, usage) => sum + usage.quantity, 0)).toBe(8)
		expect(await queuedMails('order-receipt')).toHaveLength(4)
	})

	it('a box is the member’s order: on their account, and it earns a loyalty stamp when picked up', async () => {
		const { saveLoyaltyProgram } = await import('~/domain/loyalty/index.server')
		const { advanceOrder } = await import('~/domain/orders/models/owner-orders.server')
		await saveLoyaltyProgram({
			enabled: true,
			minOrderCents: 1000,
			stampsPerReward: 4,
			rewardCents: 450,
			rewardNameEn: 'a free concha',
			rewardNameEs: 'una concha gratis',
			rewardNamePtBr: 'uma concha grátis',
		})
		try {
			const { plan } = await sundayPlan()
			const { customer, membership } = await member(plan.id, 'Ana')
			await club.makeDueClubBoxes(at('2027-03-06', '20:00'))
			const [box] = await boxes(membership.id)
			expect(box!.order).toMatchObject({ customerId: customer.id, customerEmail: customer.email })
			expect(await advanceOrder(box!.orderId!, 'picked-up')).toEqual({ changed: true })
			expect(await prisma.loyaltyStamp.findMany({ select: { orderId: true, customerId: true } })).toEqual([
				{ orderId: box!.orderId, customerId: customer.id },
			])
		} finally {
			await prisma.loyaltyStamp.deleteMany()
			await prisma.loyaltyProgram.deleteMany()
		}
	})

	it('makes no box a minute before the cutoff, and the box at the cutoff', async () => {
		const { plan } = await sundayPlan()
		await member(plan.id, 'Ana')
		const cutoff = at('2027-03-06', '20:00')
		expect((await club.makeDueClubBoxes(new Date(cutoff.getTime() - 60_000))).placed).toBe(0)
		expect((await club.makeDueClubBoxes(cutoff)).placed).toBe(1)
		expect((await club.makeDueClubBoxes(cutoff)).placed).toBe(0)
	})

	it('takes up a box whose run stopped after claiming it', async () => {
		const { plan } = await sundayPlan()
		const { membership } = await member(plan.id, 'Ana')
		const cutoff = at('2027-03-06', '20:00')
		await prisma.clubPickup.create({
			data: {
				subscriptionId: membership.id,
				pickupDate: new Date(`${SUNDAYS[0]}T00:00:00Z`),
				status: 'PLACING',
				updatedAt: cutoff,
			},
		})
		expect((await club.makeDueClubBoxes(new Date(cutoff.getTime() + 60_000))).placed).toBe(0)
		expect((await club.makeDueClubBoxes(new Date(cutoff.getTime() + 5 * 60_000))).placed).toBe(1)
		expect((await boxes(membership.id))[0]).toMatchObject({ status: 'PLACED' })
	})
})

describe('the subscriber’s changes until the cutoff', () => {
	it('skips a box until its cutoff, credits it on Stripe at the cutoff once, and refuses a skip after it', async () => {
		const { plan } = await sundayPlan()
		const { customer, membership } = await member(plan.id, 'Ana')
		const skip = (date: string, now: Date, skipIt = true) =>
			club.skipClubBox({ membershipId: membership.id, customerId: customer.id, date, skip: skipIt, now })
		expect(await skip(SUNDAYS[0], at('2027-03-06', '19:59'))).toBe('changed')
		expect(await skip(SUNDAYS[1], at('2027-03-06', '19:00'))).toBe('changed')
		expect(await skip(SUNDAYS[1], at('2027-03-06', '19:00'), false)).toBe('changed')
		// Another customer's membership, or a date that is no box of it, changes nothing.
		const stranger = await signedInCustomer('Zé')
		expect(
			await club.skipClubBox({
				membershipId: membership.id,
				customerId: stranger.id,
				date: SUNDAYS[2],
				skip: true,
				now: at(MONDAY, '13:00'),
			}),
		).toBe('not-member')
		expect(await skip('2027-03-09', at(MONDAY, '13:00'))).toBe('not-member')

		const cutoff = at('2027-03-06', '20:00')
		await Promise.all([club.makeDueClubBoxes(cutoff), club.makeDueClubBoxes(cutoff)])
		await club.makeDueClubBoxes(new Date(cutoff.getTime() + 60_000))
		expect((await boxes(membership.id)).map((box) => [box.status, box.orderId])).toEqual([['SKIPPED', null]])
		const customerOnStripe = stripe.customers.get(membership.providerCustomerId!)!
		expect(customerOnStripe.balance).toBe(-2400)
		// The Saturday's charge then takes the credit: nothing is paid for the skipped box.
		expect(await stripe.renew(membership.providerSubscriptionId!)).toMatchObject({ amount_due: 0, status: 'paid' })
		expect(await skip(SUNDAYS[0], new Date(cutoff.getTime() + 60_000), false)).toBe('past-cutoff')
		expect(await skip(SUNDAYS[1], at('2027-03-13', '20:00'))).toBe('past-cutoff')
	})

	it('pauses for two weeks (Stripe collects nothing until the day before the next box) and resumes', async () => {
		const { plan } = await sundayPlan()
		const { customer, membership } = await member(plan.id, 'Ana')
		const pause = (weeks: number, now: Date) =>
			club.pauseClub({ membershipId: membership.id, customerId: customer.id, weeks, now })
		expect(await pause(2, at(MONDAY, '13:00'))).toBe('changed')
		const onStripe = stripe.subscriptions.get(membership.providerSubscriptionId!)!
		// Boxes of 7 and 14 March paused; 21 March's cutoff is Saturday 20 March 20:00: collection resumes a day before.
		expect(onStripe.pause_collection).toEqual({
			behavior: 'void',
			resumes_at: (at('2027-03-20', '20:00').getTime() - 86_400_000) / 1000,
		})
		// A paused box cannot be skipped too (it would be credited although never charged).
		expect(
			await club.skipClubBox({
				membershipId: membership.id,
				customerId: customer.id,
				date: SUNDAYS[1],
				skip: true,
				now: at(MONDAY, '14:00'),
			}),
		).toBe('unchanged')
		for (const date of ['2027-03-06', '2027-03-13', '2027-03-20']) await club.makeDueClubBoxes(at(date, '20:00'))
		expect((await boxes(membership.id)).map((box) => box.status)).toEqual(['PAUSED', 'PAUSED', 'PLACED'])
		expect(stripe.customers.get(membership.providerCustomerId!)!.balance).toBe(0)
		expect(
			await stripe.renew(membership.providerSubscriptionId!, { now: at('2027-03-13', '20:00').getTime() }),
		).toMatchObject({
			status: 'void',
		})

		expect(await pause(1, at('2027-03-21', '12:00'))).toBe('changed')
		expect(await pause(0, at('2027-03-21', '13:00'))).toBe('changed')
		expect(onStripe.pause_collection).toBeNull()
		await club.makeDueClubBoxes(at('2027-03-27', '20:00'))
		expect((await boxes(membership.id)).map((box) => box.status)).toEqual(['PAUSED', 'PAUSED', 'PLACED', 'PLACED'])
	})

	it('moves the coming boxes to another time in the window, and leaves the club before a cutoff', async () => {
		const { plan } = await sundayPlan()
		const { customer, membership } = await member(plan.id, 'Ana')
		const own = { membershipId: membership.id, customerId: customer.id }
		expect(await club.changeClubPickupTime({ ...own, pickupTime: '09:15', now: at(MONDAY, '13:00') })).toBe('changed')
		expect(await club.changeClubPickupTime({ ...own, pickupTime: '12:00', now: at(MONDAY, '13:00') })).toBe('unchanged')
		await club.makeDueClubBoxes(at('2027-03-06', '20:00'))
		expect((await boxes(membership.id))[0]!.order!.pickupAt).toEqual(at(SUNDAYS[0], '09:15'))

		expect(await club.leaveClub({ ...own, now: at('2027-03-10', '12:00') })).toBe('changed')
		expect(stripe.subscriptions.get(membership.providerSubscriptionId!)!.status).toBe('canceled')
		await club.makeDueClubBoxes(at('2027-03-13', '20:00'))
		expect(await boxes(membership.id)).toHaveLength(1)
		// The box made before leaving stands; Stripe's own "deleted" event sends no "membership ended" mail.
		expect((await boxes(membership.id))[0]!.order!.status).toBe('PAID')
		await expect
			.poll(async () => await prisma.processedWebhookEvent.count({ where: { type: 'customer.subscription.deleted' } }))
			.toBe(1)
		expect(await queuedMails('club-ended')).toHaveLength(0)
	})

	it('keeps nothing when Stripe refuses a pause or a cancel', async () => {
		const { plan } = await sundayPlan()
		const { customer, membership } = await member(plan.id, 'Ana')
		stripe.subscriptions.delete(membership.providerSubscriptionId!)
		const own = { membershipId: membership.id, customerId: customer.id, now: at(MONDAY, '13:00') }
		expect(await club.pauseClub({ ...own, weeks: 2 })).toBe('payment-failed')
		expect(await club.leaveClub(own)).toBe('payment-failed')
		expect(await prisma.clubSubscription.findUniqueOrThrow({ where: { id: membership.id } })).toMatchObject({
			status: 'ACTIVE',
			pausedUntil: null,
		})
	})
})

describe('capacity at the cutoff', () => {
	it('boxes and online orders share the day’s limit: never oversold, a box refused is credited and its member told', async () => {
		const { item, plan } = await sundayPlan()
		await prisma.menuItem.update({ where: { id: item.id }, data: { dailyLimit: 6 } })
		const members = []
		for (const name of ['Ana', 'Bia', 'Caio']) members.push(await member(plan.id, name))
		const cutoff = at('2027-03-06', '20:00')
		const online = ['Dani', 'Edu'].map((name) =>
			checkout.startCheckout(
				{
					customer: { name, email: `${name.toLowerCase()}@example.com` },
					items: [{ id: item.id, quantity: 2 }],
					pickupAt: at(SUNDAYS[0], '12:00').toISOString(),
				},
				{ origin, now: cutoff },
			),
		)
		const [run, ...orders] = await Promise.all([club.makeDueClubBoxes(cutoff), ...online])
		const onlineHeld = orders.filter((order) => order.ok).length
		expect(run.placed + onlineHeld).toBe(3)
		expect(run.refused).toBe(3 - run.placed)
		const usage = await prisma.itemDayUsage.findFirstOrThrow({ where: { menuItemId: item.id } })
		expect(usage.quantity).toBe(6)
		await club.makeDueClubBoxes(new Date(cutoff.getTime() + 60_000))
		const refused = (await boxes()).filter((box) => box.status === 'REFUSED')
		expect(refused).toHaveLength(run.refused)
		for (const box of refused) {
			const membership = members.find((candidate) => candidate.membership.id === box.subscriptionId)!.membership
			expect(stripe.customers.get(membership.providerCustomerId!)!.balance).toBe(-2400)
		}
		expect(await queuedMails('club-box-missed')).toHaveLength(run.refused)
	})

	it('puts a box at the next free time in the window when the member’s slot is full', async () => {
		await openEveryDay({ ordersPerSlot: 1 })
		const { plan } = await sundayPlan()
		await member(plan.id, 'Ana')
		await member(plan.id, 'Bia')
		await club.makeDueClubBoxes(at('2027-03-06', '20:00'))
		const pickups = (await boxes()).map((box) => box.order!.pickupAt!.getTime()).sort()
		expect(pickups).toEqual([at(SUNDAYS[0], '09:45').getTime(), at(SUNDAYS[0], '10:00').getTime()].sort())
	})
})

describe('renewals', () => {
	it('a failed renewal: past due, the box owed at the counter and the member told; paid on retry; ended by Stripe', async () => {
		const { plan } = await sundayPlan()
		const { membership } = await member(plan.id, 'Ana', { locale: 'es' })
		const subscription = membership.providerSubscriptionId!
		await club.makeDueClubBoxes(at('2027-03-06', '20:00'))
		await stripe.renew(subscription, { fail: true })
		const box = (await boxes(membership.id))[0]!
		expect(await prisma.clubSubscription.findUniqueOrThrow({ where: { id: membership.id } })).toMatchObject({
			status: 'PAST_DUE',
		})
		expect(await prisma.order.findUniqueOrThrow({ where: { id: box.orderId! } })).toMatchObject({
			status: 'PAID',
			payAtPickup: true,
			paidAt: null,
		})
		expect(await queuedMails('club-payment-failed')).toHaveLength(1)

		// Past due at the next cutoff: no box, the member told, nothing charged for it.
		await club.makeDueClubBoxes(at('2027-03-13', '20:00'))
		expect((await boxes(membership.id)).map((row) => row.status)).toEqual(['PLACED', 'UNPAID'])
		expect(await queuedMails('club-box-missed')).toHaveLength(1)
		expect(stripe.customers.get(membership.providerCustomerId!)!.balance).toBe(-2400)

		await stripe.renew(subscription)
		expect(await prisma.clubSubscription.findUniqueOrThrow({ where: { id: membership.id } })).toMatchObject({
			status: 'ACTIVE',
		})
		expect(await prisma.order.findUniqueOrThrow({ where: { id: box.orderId! } })).toMatchObject({ payAtPickup: false })
		expect((await prisma.order.findUniqueOrThrow({ where: { id: box.orderId! } })).paidAt).not.toBeNull()

		await stripe.renew(subscription, { fail: true })
		stripe.endSubscription(subscription)
		await expect
			.poll(async () => (await prisma.clubSubscription.findUniqueOrThrow({ where: { id: membership.id } })).status)
			.toBe('CANCELLED')
		expect(await queuedMails('club-ended')).toHaveLength(1)
		expect(await queuedMails('club-payment-failed')).toHaveLength(2)
	})
})
