/**
 * Issue 39 (decision 088): checkouts hold the production minutes their items need, in the statement that places the
 * order. Minutes are whole batches of each step's day total (not per order); a day's resource is never filled past
 * its capacity under concurrency; a released order gives back exactly the minutes it took.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addLocalDays } from '~/domain/pickup/pickup-schedule'
import { createCakeOptions, createMenuItem } from '../fixtures/menu'
import { startMockStripe, type MockStripe } from '../mocks/stripe-server'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

const origin = 'https://bakery.test'
let stripe: MockStripe
let checkout: typeof import('./checkout-helpers')
let prisma: (typeof import('~/utils/db.server'))['prisma']

beforeAll(async () => {
	stripe = await startMockStripe()
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: 'sk_test_production_capacity',
		STRIPE_WEBHOOK_SECRET: 'whsec_production_capacity',
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
	})
	checkout = await import('./checkout-helpers')
	prisma = (await import('~/utils/db.server')).prisma
})

afterAll(() => stripe.close())

beforeEach(async () => {
	await clearPickupHolds()
	await clearMailQueues()
	await prisma.productionResourceDay.deleteMany()
	await prisma.productionStep.deleteMany()
	await prisma.productionResource.deleteMany()
	await openEveryDay({ ordersPerSlot: 1000 })
})

const PICKUP = () => pickupSlot(3, '10:00')

/** An oven with `minutes` every day and conchas baked on it in batches of 12, 30 minutes each, on the pickup day. */
async function ovenAndConchas(minutes: number) {
	const oven = await prisma.productionResource.create({
		data: { name: `Oven ${Math.random().toString(36).slice(2, 8)}`, minutesByWeekday: Array(7).fill(minutes) },
	})
	const conchas = await createMenuItem({ priceCents: 350 })
	await prisma.productionStep.create({
		data: {
			menuItemId: conchas.id,
			name: 'Bake',
			resourceId: oven.id,
			minutesPerBatch: 30,
			batchSize: 12,
			daysBefore: 0,
		},
	})
	return { oven, conchas }
}

let customers = 0
function start(menuItemId: string, quantity: number) {
	customers += 1
	return checkout.startCheckout(
		{
			customer: { name: `Baker ${customers}`, email: `p${customers}@example.com` },
			items: [{ id: menuItemId, quantity }],
			pickupAt: PICKUP(),
		},
		{ origin, client: `203.0.113.${customers % 250}` },
	)
}

const heldMinutes = async (resourceId: string) =>
	(await prisma.productionResourceDay.findMany({ where: { resourceId } })).reduce((sum, day) => sum + day.minutes, 0)

describe('minutes in whole batches of the day’s total', () => {
	it('7 and 5 conchas share one batch; a 13th needs a second', async () => {
		const { oven, conchas } = await ovenAndConchas(480)
		expect(await start(conchas.id, 7)).toMatchObject({ ok: true })
		expect(await heldMinutes(oven.id)).toBe(30)
		expect(await start(conchas.id, 5)).toMatchObject({ ok: true })
		expect(await heldMinutes(oven.id)).toBe(30)
		const thirteenth = await start(conchas.id, 1)
		if (!thirteenth.ok) throw new Error(thirteenth.error)
		expect(await heldMinutes(oven.id)).toBe(60)
		// The customer leaves the payment page: the minutes go back to the day's total, exactly.
		const { providerSessionId } = await prisma.order.findUniqueOrThrow({ where: { id: thirteenth.orderId } })
		expect(await checkout.cancelCheckoutSession(providerSessionId!)).toBe('cancelled')
		expect(await heldMinutes(oven.id)).toBe(30)
	})
})

describe('a full production day', () => {
	it('40 concurrent checkouts needing 150 % of the oven: the accepted ones fit in 100 %, none past it', async () => {
		// 40 orders of 12 conchas need 40 batches, 1,200 minutes; the oven has 800: 26 batches fit.
		const { oven, conchas } = await ovenAndConchas(800)
		const results = await Promise.all(Array.from({ length: 40 }, () => start(conchas.id, 12)))
		const accepted = results.filter((result) => result.ok)
		expect(accepted).toHaveLength(26)
		expect(await heldMinutes(oven.id)).toBe(780)
		for (const result of results.filter((candidate) => !candidate.ok)) {
			expect(result).toMatchObject({ status: 409, field: 'pickupAt' })
			expect(result.ok ? '' : result.error).toContain(conchas.name)
		}
		expect(await prisma.order.count()).toBe(26)
	})
})

describe('release returns exactly the minutes taken', () => {
	const sessionOf = async (orderId: string) =>
		(await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).providerSessionId!

	it('on expiry (the sweep) and on the owner’s refund of a paid order', async () => {
		const { oven, conchas } = await ovenAndConchas(480)
		const first = await start(conchas.id, 12)
		const second = await start(conchas.id, 13)
		if (!first.ok || !second.ok) throw new Error('both fit')
		expect(await heldMinutes(oven.id)).toBe(90)
		// The second customer never pays: its session expires and the sweep finds it.
		await prisma.order.update({
			where: { id: second.orderId },
			data: { createdAt: new Date(Date.now() - 40 * 60_000) },
		})
		stripe.expire(await sessionOf(second.orderId))
		expect(await checkout.sweepAbandonedCheckouts()).toBe(1)
		expect(await heldMinutes(oven.id)).toBe(30)
		// The first pays, then the owner cancels and refunds it.
		stripe.pay(await sessionOf(first.orderId))
		await checkout.confirmCheckoutSession(await sessionOf(first.orderId))
		expect(await prisma.order.findUniqueOrThrow({ where: { id: first.orderId } })).toMatchObject({ status: 'PAID' })
		const { cancelOrder } = await import('~/domain/orders/order-refund.server')
		expect(await cancelOrder(first.orderId, 'owner')).toEqual({ outcome: 'refunded' })
		expect(await heldMinutes(oven.id)).toBe(0)
	})
})

describe('the checkout leaves out the days whose production is full (decision 090)', () => {
	it('offers a day while the cart fits its oven, and not once it would overflow it', async () => {
		const { loadCartPickup } = await import('~/domain/pickup/pickup.server')
		const { oven, conchas } = await ovenAndConchas(90)
		const day = PICKUP().slice(0, 10)
		const dayOf = async (quantity: number) =>
			(await loadCartPickup([{ id: conchas.id, quantity }])).days.find((entry) => entry.date === day)!
		// An oven of 90 minutes: three batches of 12.
		expect((await dayOf(36)).available).toBe(true)
		expect(await dayOf(37)).toMatchObject({ available: false, reason: 'item-limit', slots: [] })
		// 30 conchas held are 3 batches, 90 minutes: 6 more fill the third batch, a 7th would need a fourth.
		expect(await start(conchas.id, 30)).toMatchObject({ ok: true })
		expect(await heldMinutes(oven.id)).toBe(90)
		expect((await dayOf(6)).available).toBe(true)
		expect((await dayOf(7)).available).toBe(false)
		// What the list offers the hold accepts, and what it leaves out the hold refuses.
		expect(await start(conchas.id, 7)).toMatchObject({ ok: false, status: 409, field: 'pickupAt' })
		expect(await start(conchas.id, 6)).toMatchObject({ ok: true })
		expect((await dayOf(1)).available).toBe(false)
		// The menu says the same of one concha alone: that day is out, the others are not.
		const { loadMenuPickup } = await import('~/domain/pickup/pickup.server')
		const { availability } = await loadMenuPickup([conchas.id])
		expect(availability.get(conchas.id)).toMatchObject({ available: true })
		expect(
			(await loadCartPickup([{ id: conchas.id, quantity: 1 }])).days
				.filter((entry) => entry.available)
				.map((entry) => entry.date),
		).not.toContain(day)
	})

	it('a paid order may move to another time of its own full day, not to another full day', async () => {
		const { oven, conchas } = await ovenAndConchas(30)
		const placed = await start(conchas.id, 12)
		if (!placed.ok) throw new Error(placed.error)
		const session = (await prisma.order.findUniqueOrThrow({ where: { id: placed.orderId } })).providerSessionId!
		stripe.pay(session)
		await checkout.confirmCheckoutSession(session)
		expect(await heldMinutes(oven.id)).toBe(30)
		// Another customer fills the oven the day after.
		const nextDay = pickupSlot(4, '10:00')
		customers += 1
		const other = await checkout.startCheckout(
			{
				customer: { name: 'Other', email: `p${customers}@example.com` },
				items: [{ id: conchas.id, quantity: 1 }],
				pickupAt: nextDay,
			},
			{ origin, client: '203.0.113.251' },
		)
		expect(other).toMatchObject({ ok: true })
		const { orderPickupChoices } = await import('~/domain/orders/order-changes.server')
		const choices = await orderPickupChoices(placed.orderId)
		const own = choices!.days.find((entry) => entry.date === PICKUP().slice(0, 10))!
		expect(own.available).toBe(true)
		expect(choices!.days.find((entry) => entry.date === nextDay.slice(0, 10))).toMatchObject({
			available: false,
			reason: 'item-limit',
		})
	})
})

describe('an option’s own step (an 8″ cake’s extra oven time)', () => {
	it('counts only the lines with that choice, in the hold and in what the pickup list reads', async () => {
		const oven = await prisma.productionResource.create({
			data: { name: `Oven ${Math.random().toString(36).slice(2, 8)}`, minutesByWeekday: Array(7).fill(100) },
		})
		const cake = await createMenuItem({ name: 'Tres leches', priceCents: 4200 })
		const { size } = await createCakeOptions(cake.id)
		await prisma.productionStep.create({
			data: {
				menuItemId: cake.id,
				name: 'Bake 8″',
				optionChoice: '8″',
				resourceId: oven.id,
				minutesPerBatch: 60,
				batchSize: 1,
			},
		})
		customers += 1
		const cakeOf = (optionId: string) =>
			checkout.startCheckout(
				{
					customer: { name: `Baker ${customers}`, email: `p${customers}@example.com` },
					items: [{ id: cake.id, quantity: 1, choices: [{ groupId: size.id, optionIds: [optionId] }] }],
					pickupAt: PICKUP(),
				},
				{ origin, client: `203.0.113.${customers % 250}` },
			)
		expect(await cakeOf(size.six)).toMatchObject({ ok: true })
		expect(await heldMinutes(oven.id)).toBe(0)
		expect(await cakeOf(size.eight)).toMatchObject({ ok: true })
		expect(await heldMinutes(oven.id)).toBe(60)
		const day = PICKUP().slice(0, 10)
		const { readProductionHeld } = await import('~/domain/production/index.server')
		const eightInch = [{ menuItemId: cake.id, quantity: 1, choices: ['8″'] }]
		const held = await readProductionHeld({ lines: eightInch, alone: false, dates: [day], closures: [] })
		expect([...held.minutesByResourceDay.values()]).toEqual([60])
		// Another 60 minutes would not fit the 100: the day's total is read, so the list knows it.
		expect([...held.quantityByStepPickup.values()]).toEqual([1])
		// With room for whatever the line adds, the totals are not read at all.
		const roomy = await readProductionHeld({
			lines: eightInch,
			alone: false,
			dates: [addLocalDays(day, 1)],
			closures: [],
		})
		expect(roomy.quantityByStepPickup.size).toBe(0)
		// A second 8″ does not fit the 100 minutes: the hold refuses it.
		customers += 1
		expect(await cakeOf(size.eight)).toMatchObject({ ok: false, status: 409 })
		expect(await heldMinutes(oven.id)).toBe(60)
	})
})
