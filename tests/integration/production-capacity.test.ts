/**
 * Issue 39 (decision 088): checkouts hold the production minutes their items need, in the statement that places the
 * order. Minutes are whole batches of each step's day total (not per order); a day's resource is never filled past
 * its capacity under concurrency; a released order gives back exactly the minutes it took.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
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
