/**
 * Issue 39 (decision 089): a custom cake's quote holds the production minutes the owner states for it, per resource
 * and day before its pickup, in the transaction that takes its slot; orders and cakes share one counter per resource
 * day, recounted by one function, so neither's recount forgets the other's minutes; every release of the slot gives
 * the minutes back exactly.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
	applyCakePaymentEvent,
	attachCakePaymentSession,
	cancelCakeRequest,
	declineQuote,
	expireQuote,
	sendQuote,
	startCakePayment,
	withdrawQuote,
	type CakeStepInput,
	type QuoteInput,
} from '~/domain/cake-quotes/models/cake-quote.server'
import { deleteCustomCakeRequest } from '~/domain/cake-quotes/models/custom-cake-request.server'
import { markOrderCheckoutFailed, placePendingOrder } from '~/domain/orders/models/order.server'
import { getBakeSheet } from '~/domain/production/index.server'
import { addLocalDays, localDateOf, wallTimeOf, type LocalDate } from '~/domain/pickup/pickup-schedule'
import { dateColumn } from '~/domain/pickup/index.server'
import { formatPickupDateLong } from '~/domain/pickup/pickup-display'
import { action as adminAction, loader as adminLoader } from '~/routes/admin.custom-cakes_.$requestId'
import { prisma } from '~/utils/db.server'
import { createMenuItem } from '../fixtures/menu'
import { ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { clearMailQueues } from './mail-helpers'
import { clearPickupHolds, openEveryDay, pickupSlot } from './pickup-helpers'

const HOUR = 60 * 60 * 1000
const OWNER = 'owner:owner@example.com' as const
const ZONE = 'America/Los_Angeles'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string

beforeAll(async () => {
	delete process.env.STRIPE_SECRET_KEY
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await prisma.cakePayment.deleteMany()
	await prisma.customCakeRequest.deleteMany()
	await prisma.processedWebhookEvent.deleteMany()
	await prisma.cakeDayUsage.deleteMany()
	await prisma.pickupClosure.deleteMany()
	await clearPickupHolds()
	await clearMailQueues()
	await prisma.productionResourceDay.deleteMany()
	await prisma.productionStep.deleteMany()
	await prisma.productionResource.deleteMany()
	await openEveryDay({ ordersPerSlot: 10, minLeadMinutes: 60 })
})

const slotOn = (daysAhead: number, time = '10:00') => new Date(pickupSlot(daysAhead, time))
const dateOf = (slot: Date) => slot.toISOString().slice(0, 10) as LocalDate

function quote(pickupAt: Date, production: CakeStepInput[], overrides: Partial<QuoteInput> = {}): QuoteInput {
	return {
		quoteCents: 12_000,
		depositCents: 6_000,
		pickupAt,
		pickupDate: dateOf(pickupAt),
		notes: '',
		validUntil: new Date(Date.now() + 72 * HOUR),
		ordersPerSlot: 10,
		cakesPerDay: null,
		production,
		...overrides,
	}
}

let requests = 0
function newRequest() {
	requests += 1
	return prisma.customCakeRequest.create({
		data: { name: `Guest ${requests}`, phone: '206 555 0101', email: 'g@example.com', type: 'Birthday', size: '8″' },
	})
}

async function resource(name: string, minutes: number) {
	return prisma.productionResource.create({ data: { name, minutesByWeekday: Array(7).fill(minutes) } })
}

/** Cupcakes decorated on `bench`, 60 minutes per batch of 12, on the pickup day. */
async function cupcakesOn(benchId: string) {
	const cupcakes = await createMenuItem({ priceCents: 400 })
	await prisma.productionStep.create({
		data: { menuItemId: cupcakes.id, name: 'Decorate', resourceId: benchId, minutesPerBatch: 60, batchSize: 12 },
	})
	return cupcakes
}

let customers = 0
function order(menuItemId: string, quantity: number, slotStart: Date) {
	customers += 1
	return placePendingOrder(
		{
			customer: { name: `Customer ${customers}`, email: `c${customers}@example.com` },
			currency: 'usd',
			lines: [{ menuItemId, name: 'Cupcakes', unitPriceCents: 400, quantity }],
		},
		{ slotStart, pickupDate: dateOf(slotStart), ordersPerSlot: 10, dailyLimits: new Map() },
	)
}

async function minutesOn(resourceId: string, date: LocalDate) {
	const day = await prisma.productionResourceDay.findUnique({
		where: { resourceId_productionDate: { resourceId, productionDate: dateColumn(date) } },
	})
	return day?.minutes ?? 0
}

async function slotOrders(at: Date) {
	return (await prisma.pickupSlotUsage.findUnique({ where: { slotStart: at } }))?.orders ?? 0
}

describe('a quote holds the minutes it states', () => {
	it('raises each resource day by exactly its minutes, on its day before the pickup', async () => {
		const bench = await resource('Decorating bench', 480)
		const oven = await resource('Oven 1', 600)
		const cupcakes = await cupcakesOn(bench.id)
		const pickupAt = slotOn(5)
		const day = dateOf(pickupAt)
		expect(await order(cupcakes.id, 12, pickupAt)).toMatchObject({ ok: true })
		expect(await minutesOn(bench.id, day)).toBe(60)
		const request = await newRequest()
		const steps = [
			{ resourceId: bench.id, minutes: 90, daysBefore: 0 },
			{ resourceId: oven.id, minutes: 45, daysBefore: 1 },
		]
		expect(await sendQuote(request.id, quote(pickupAt, steps), OWNER)).toEqual({ ok: true })
		expect(await minutesOn(bench.id, day)).toBe(60 + 90)
		expect(await minutesOn(oven.id, addLocalDays(day, -1))).toBe(45)
		expect(await minutesOn(oven.id, day)).toBe(0)
		expect(await prisma.cakeProductionStep.findMany({ where: { requestId: request.id } })).toHaveLength(2)
	})

	it('refuses a quote past a resource’s minutes, naming it and the day, and holds nothing', async () => {
		const bench = await resource('Decorating bench', 100)
		const oven = await resource('Oven 1', 600)
		const pickupAt = slotOn(5)
		const request = await newRequest()
		const steps = [
			{ resourceId: oven.id, minutes: 45, daysBefore: 1 },
			{ resourceId: bench.id, minutes: 120, daysBefore: 0 },
		]
		expect(await sendQuote(request.id, quote(pickupAt, steps), OWNER)).toEqual({
			ok: false,
			reason: 'production-full',
			resourceId: bench.id,
			productionDate: dateOf(pickupAt),
		})
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
			status: 'REQUESTED',
			quoteVersion: 0,
			quoteCents: null,
			slotHeld: false,
			pickupAt: null,
		})
		expect(await slotOrders(pickupAt)).toBe(0)
		expect(await prisma.cakeDayUsage.count({ where: { cakes: { gt: 0 } } })).toBe(0)
		expect(await prisma.cakeProductionStep.count()).toBe(0)
		expect(await minutesOn(oven.id, addLocalDays(dateOf(pickupAt), -1))).toBe(0)
		expect(await minutesOn(bench.id, dateOf(pickupAt))).toBe(0)
		expect(await prisma.customCakeStatusChange.count({ where: { requestId: request.id } })).toBe(0)
	})

	it('a closure of the pickup schedule leaves no minutes that day', async () => {
		const bench = await resource('Decorating bench', 480)
		const pickupAt = slotOn(5)
		const dayBefore = addLocalDays(dateOf(pickupAt), -1)
		await prisma.pickupClosure.create({
			data: { startDate: dateColumn(dayBefore), endDate: dateColumn(dayBefore), note: 'Inventory' },
		})
		const request = await newRequest()
		const steps = [{ resourceId: bench.id, minutes: 30, daysBefore: 1 }]
		expect(await sendQuote(request.id, quote(pickupAt, steps), OWNER)).toMatchObject({
			ok: false,
			reason: 'production-full',
			productionDate: dayBefore,
		})
	})
})

describe('orders and cakes share a resource day', () => {
	it('an order is refused because a cake filled the bench, and a cake because orders did', async () => {
		const bench = await resource('Decorating bench', 120)
		const cupcakes = await cupcakesOn(bench.id)
		const first = slotOn(5)
		const cake = await newRequest()
		const bench90 = [{ resourceId: bench.id, minutes: 90, daysBefore: 0 }]
		expect(await sendQuote(cake.id, quote(first, bench90), OWNER)).toEqual({ ok: true })
		// 90 + one 60-minute batch is past 120: the cupcakes are sold out for that day.
		expect(await order(cupcakes.id, 12, first)).toEqual({
			ok: false,
			reason: 'item-limit',
			menuItemId: cupcakes.id,
			left: 0,
		})
		expect(await minutesOn(bench.id, dateOf(first))).toBe(90)

		const second = slotOn(6)
		expect(await order(cupcakes.id, 12, second)).toMatchObject({ ok: true })
		const other = await newRequest()
		expect(await sendQuote(other.id, quote(second, bench90), OWNER)).toEqual({
			ok: false,
			reason: 'production-full',
			resourceId: bench.id,
			productionDate: dateOf(second),
		})
		expect(await minutesOn(bench.id, dateOf(second))).toBe(60)
		// 60 minutes fit beside the order's 60.
		const bench60 = [{ resourceId: bench.id, minutes: 60, daysBefore: 0 }]
		expect(await sendQuote(other.id, quote(second, bench60), OWNER)).toEqual({ ok: true })
		expect(await minutesOn(bench.id, dateOf(second))).toBe(120)
	})

	it('an order’s hold and release recount the day with the cake’s minutes in it', async () => {
		const bench = await resource('Decorating bench', 480)
		const cupcakes = await cupcakesOn(bench.id)
		const pickupAt = slotOn(5)
		const cake = await newRequest()
		await sendQuote(cake.id, quote(pickupAt, [{ resourceId: bench.id, minutes: 90, daysBefore: 0 }]), OWNER)
		const placed = await order(cupcakes.id, 13, pickupAt)
		if (!placed.ok) throw new Error('the order fits')
		expect(await minutesOn(bench.id, dateOf(pickupAt))).toBe(90 + 120)
		await markOrderCheckoutFailed(placed.orderId)
		expect(await minutesOn(bench.id, dateOf(pickupAt))).toBe(90)
		// And the cake's release keeps the orders' minutes.
		expect(await order(cupcakes.id, 5, pickupAt)).toMatchObject({ ok: true })
		expect(await withdrawQuote(cake.id, OWNER)).toEqual({ ok: true })
		expect(await minutesOn(bench.id, dateOf(pickupAt))).toBe(60)
	})
})

describe('releasing the slot gives the minutes back exactly', () => {
	it('on decline, withdrawal, expiry, cancellation and deletion', async () => {
		const bench = await resource('Decorating bench', 1000)
		const cupcakes = await cupcakesOn(bench.id)
		const pickupAt = slotOn(5)
		const day = dateOf(pickupAt)
		expect(await order(cupcakes.id, 12, pickupAt)).toMatchObject({ ok: true })
		const held = async (minutes: number) => {
			const request = await newRequest()
			const steps = [{ resourceId: bench.id, minutes, daysBefore: 0 }]
			expect(await sendQuote(request.id, quote(pickupAt, steps), OWNER)).toEqual({ ok: true })
			return request.id
		}
		const declined = await held(90)
		const withdrawn = await held(80)
		const expired = await held(70)
		const cancelled = await held(50)
		const deleted = await held(40)
		expect(await minutesOn(bench.id, day)).toBe(60 + 90 + 80 + 70 + 50 + 40)
		expect(await declineQuote(declined, 1)).toEqual({ ok: true })
		expect(await minutesOn(bench.id, day)).toBe(60 + 80 + 70 + 50 + 40)
		expect(await withdrawQuote(withdrawn, OWNER)).toEqual({ ok: true })
		expect(await minutesOn(bench.id, day)).toBe(60 + 70 + 50 + 40)
		expect(await expireQuote(expired, new Date(Date.now() + 100 * HOUR))).toEqual({ ok: true })
		expect(await minutesOn(bench.id, day)).toBe(60 + 50 + 40)
		expect(await cancelCakeRequest(cancelled, OWNER)).toEqual({ ok: true })
		expect(await minutesOn(bench.id, day)).toBe(60 + 40)
		expect(await deleteCustomCakeRequest(deleted)).toBe(true)
		expect(await minutesOn(bench.id, day)).toBe(60)
		// Given back once: a second withdrawal changes nothing.
		expect(await withdrawQuote(withdrawn, OWNER)).toMatchObject({ ok: false })
		expect(await minutesOn(bench.id, day)).toBe(60)
	})

	it('a deposit paid after the quote expired takes its minutes again, even past the bench’s minutes', async () => {
		const bench = await resource('Decorating bench', 100)
		const pickupAt = slotOn(5)
		const request = await newRequest()
		const steps = [{ resourceId: bench.id, minutes: 90, daysBefore: 0 }]
		await sendQuote(request.id, quote(pickupAt, steps, { validUntil: new Date(Date.now() + HOUR) }), OWNER)
		const started = await startCakePayment(request.id, 1, 'DEPOSIT')
		if (!started.ok) throw new Error('not payable')
		await attachCakePaymentSession(started.paymentId, 'cs_test_cake_late')
		expect(await expireQuote(request.id, new Date(Date.now() + 2 * HOUR))).toEqual({ ok: true })
		expect(await minutesOn(bench.id, dateOf(pickupAt))).toBe(0)
		// Meanwhile another cake takes 50 of the 100 minutes.
		const other = await newRequest()
		const bench50 = [{ resourceId: bench.id, minutes: 50, daysBefore: 0 }]
		expect(await sendQuote(other.id, quote(pickupAt, bench50), OWNER)).toEqual({ ok: true })
		await applyCakePaymentEvent({
			eventId: 'evt_cake_late',
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId: 'cs_test_cake_late',
		})
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
			status: 'DEPOSIT_PAID',
			slotHeld: true,
		})
		expect(await minutesOn(bench.id, dateOf(pickupAt))).toBe(140)
	})
})

describe('a changed quote moves its minutes', () => {
	it('to another day and other minutes, in the same transaction; its own minutes never refuse it', async () => {
		const bench = await resource('Decorating bench', 120)
		const oven = await resource('Oven 1', 600)
		const first = slotOn(5)
		const request = await newRequest()
		const bench100 = [{ resourceId: bench.id, minutes: 100, daysBefore: 0 }]
		expect(await sendQuote(request.id, quote(first, bench100), OWNER)).toEqual({ ok: true })
		// The same day with 110 minutes: 100 of them are its own.
		const bench110 = [{ resourceId: bench.id, minutes: 110, daysBefore: 0 }]
		expect(await sendQuote(request.id, quote(first, bench110), OWNER)).toEqual({ ok: true })
		expect(await minutesOn(bench.id, dateOf(first))).toBe(110)

		const second = slotOn(6)
		const moved = [
			{ resourceId: bench.id, minutes: 60, daysBefore: 0 },
			{ resourceId: oven.id, minutes: 45, daysBefore: 1 },
		]
		expect(await sendQuote(request.id, quote(second, moved), OWNER)).toEqual({ ok: true })
		expect(await minutesOn(bench.id, dateOf(first))).toBe(0)
		expect(await minutesOn(bench.id, dateOf(second))).toBe(60)
		expect(await minutesOn(oven.id, dateOf(first))).toBe(45)
		expect(await slotOrders(first)).toBe(0)
		expect(await slotOrders(second)).toBe(1)

		// A change refused (the bench is full on the new day) keeps the old quote and its minutes.
		const cupcakes = await cupcakesOn(bench.id)
		const third = slotOn(7)
		expect(await order(cupcakes.id, 12, third)).toMatchObject({ ok: true })
		expect(await sendQuote(request.id, quote(third, bench100), OWNER)).toMatchObject({
			ok: false,
			reason: 'production-full',
		})
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
			quoteVersion: 3,
			slotHeld: true,
			pickupAt: second,
		})
		expect(await minutesOn(bench.id, dateOf(second))).toBe(60)
		expect(await minutesOn(oven.id, dateOf(first))).toBe(45)
		expect(await minutesOn(bench.id, dateOf(third))).toBe(60)
		expect(await slotOrders(third)).toBe(1)

		// A change without production work gives it all back.
		expect(await sendQuote(request.id, quote(second, []), OWNER)).toEqual({ ok: true })
		expect(await minutesOn(bench.id, dateOf(second))).toBe(0)
		expect(await minutesOn(oven.id, dateOf(first))).toBe(0)
	})

	it('concurrent quotes for the last bench minutes: exactly as many as fit hold them', async () => {
		const bench = await resource('Decorating bench', 300)
		const pickupAt = slotOn(5)
		const all = await Promise.all(Array.from({ length: 8 }, () => newRequest()))
		const steps = [{ resourceId: bench.id, minutes: 90, daysBefore: 0 }]
		const outcomes = await Promise.all(all.map((request) => sendQuote(request.id, quote(pickupAt, steps), OWNER)))
		expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(3)
		expect(await minutesOn(bench.id, dateOf(pickupAt))).toBe(270)
		expect(await slotOrders(pickupAt)).toBe(3)
	})
})

describe('the bake sheet', () => {
	it('puts each held cake’s minutes on its resource’s schedule for the day, a row per cake', async () => {
		const bench = await resource('Decorating bench', 480)
		const oven = await resource('Oven 1', 600)
		const pickupAt = slotOn(5, '15:00')
		const day = dateOf(pickupAt)
		const held = await newRequest()
		const steps = [
			{ resourceId: bench.id, minutes: 90, daysBefore: 0 },
			{ resourceId: oven.id, minutes: 45, daysBefore: 1 },
		]
		await sendQuote(held.id, quote(pickupAt, steps), OWNER)
		const withdrawn = await newRequest()
		await sendQuote(withdrawn.id, quote(pickupAt, [{ resourceId: bench.id, minutes: 30, daysBefore: 0 }]), OWNER)
		await withdrawQuote(withdrawn.id, OWNER)

		const sheet = await getBakeSheet(day, ZONE)
		const benchDay = sheet.resources.find((row) => row.resourceId === bench.id)!
		expect(benchDay.usedMinutes).toBe(90)
		expect(benchDay.batches).toMatchObject([
			{ item: `Custom cake for ${held.name} (Birthday, 8″)`, stepName: 'Custom cake', units: 1, endsAt: pickupAt },
		])
		expect(benchDay.batches[0]!.endsAt.getTime() - benchDay.batches[0]!.startsAt.getTime()).toBe(90 * 60_000)
		expect(sheet.resources.find((row) => row.resourceId === oven.id)!.batches).toEqual([])
		const dayBefore = await getBakeSheet(addLocalDays(day, -1), ZONE)
		expect(dayBefore.resources.find((row) => row.resourceId === oven.id)!.usedMinutes).toBe(45)
	})
})

describe('the owner’s quote form', () => {
	/** Two days from now in the bakery's wall time, as the form's "valid until" field holds it. */
	const inTwoDays = () => {
		const valid = new Date(Date.now() + 48 * HOUR)
		return `${localDateOf(valid, ZONE)}T${wallTimeOf(valid, ZONE)}`
	}

	function send(requestId: string, pickupAt: Date, production: Record<string, string>) {
		const shown = dateOf(pickupAt)
		const fields = {
			intent: 'send-quote',
			date: shown,
			shownDate: shown,
			price: '120',
			depositKind: 'percent',
			depositPercent: '50',
			depositAmount: '',
			pickupAt: pickupAt.toISOString(),
			notes: '',
			validUntil: inTwoDays(),
			...production,
		}
		const request = post(`/admin/custom-cakes/${requestId}`, fields, cookie)
		return run(adminAction({ request, params: { requestId }, context: {} }))
	}

	type Reply = { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }

	it('sends the minutes typed per resource, refuses a full one beside the pickup time keeping what was typed', async () => {
		const bench = await resource('Decorating bench', 100)
		const oven = await resource('Oven 1', 600)
		const pickupAt = slotOn(5)
		const request = await newRequest()
		const typed = {
			'production[0].resourceId': bench.id,
			'production[0].minutes': '120',
			'production[0].daysBefore': '0',
			'production[1].resourceId': oven.id,
			'production[1].minutes': '',
			'production[1].daysBefore': '1',
		}
		const full = await send(request.id, pickupAt, typed)
		expect(full.status).toBe(409)
		const refused = full.data as Reply
		expect(refused.result.error?.pickupAt).toEqual([
			`Decorating bench is full on ${formatPickupDateLong(dateOf(pickupAt))}: choose another day or fewer minutes.`,
		])
		expect(refused.result.initialValue?.production).toEqual([
			{ resourceId: bench.id, minutes: '120', daysBefore: '0' },
			{ resourceId: oven.id, daysBefore: '1' },
		])
		expect(await prisma.cakeProductionStep.count()).toBe(0)

		const sent = await send(request.id, pickupAt, { ...typed, 'production[0].minutes': '90' })
		expect(sent.status).toBe(200)
		expect(await minutesOn(bench.id, dateOf(pickupAt))).toBe(90)
		const page = await run(
			adminLoader({
				request: get(`/admin/custom-cakes/${request.id}`, cookie),
				params: { requestId: request.id },
				context: {},
			}),
		)
		const { cake, resources } = page.data as {
			cake: {
				slotHeld: boolean
				productionSteps: Array<{ minutes: number; daysBefore: number; resource: { name: string } }>
			}
			resources: Array<{ name: string }>
		}
		expect(resources.map((row) => row.name)).toEqual(['Decorating bench', 'Oven 1'])
		expect(cake).toMatchObject({
			slotHeld: true,
			productionSteps: [{ minutes: 90, daysBefore: 0, resource: { name: 'Decorating bench' } }],
		})
	})

	it('checks the ranges on the server and keeps what was typed', async () => {
		const bench = await resource('Decorating bench', 600)
		const request = await newRequest()
		const refused = await send(request.id, slotOn(5), {
			'production[0].resourceId': bench.id,
			'production[0].minutes': '1441',
			'production[0].daysBefore': '8',
		})
		const { result } = refused.data as Reply
		expect(result.error?.['production[0].minutes']).toEqual([
			'Please enter whole minutes from 1 to 1,440, or leave it empty.',
		])
		expect(result.error?.['production[0].daysBefore']).toEqual(['Please choose from 0 to 7 days before the pickup.'])
		expect(result.initialValue?.production).toEqual([{ resourceId: bench.id, minutes: '1441', daysBefore: '8' }])
		const unknown = await send(request.id, slotOn(5), {
			'production[0].resourceId': 'no-such-resource',
			'production[0].minutes': '30',
		})
		expect(unknown.status).toBe(409)
		expect(await prisma.customCakeRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
			status: 'REQUESTED',
			slotHeld: false,
		})
	})
})
