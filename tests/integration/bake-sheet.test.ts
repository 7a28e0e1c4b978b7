/**
 * The bake sheet, its CSV and the closing counts (decisions 082, 083) against a real database: totals from paid
 * orders only, whole batches, steps done the day before, ingredients summed across items, the counter forecast
 * from closing counts, and who may write the counts.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loader as bakeSheetLoader, action as bakeSheetAction } from '~/routes/admin.bake-sheet'
import { BAKE_SHEET_CSV_HEADER, loader as bakeCsvLoader } from '~/routes/admin.bake-sheet[.]csv'
import { action as closingAction, loader as closingLoader } from '~/routes/admin.closing-counts'
import { prisma } from '~/utils/db.server'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { addLocalDays, instantAt, localDateOf } from '~/domain/pickup/pickup-schedule'
import { createMenuItem } from '../fixtures/menu'
import { ADMIN, STAFF, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { seedHeldOrder } from './owner-day-helpers'
import { clearPickupHolds } from './pickup-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let owner: string
let staff: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	process.env.STAFF_EMAILS = STAFF.email
	const { resetEnv } = await import('~/utils/env.server')
	resetEnv()
	owner = await sessionCookieFor(ADMIN)
	staff = await sessionCookieFor(STAFF)
})

afterAll(async () => {
	delete process.env.STAFF_EMAILS
	await env.cleanup()
})

beforeEach(async () => {
	await clearPickupHolds()
	await prisma.customCakeRequest.deleteMany()
	await prisma.menuItem.deleteMany()
	await prisma.productionResource.deleteMany()
	await prisma.pickupClosure.deleteMany()
})

// A Friday; the tres leches for Saturday is baked on it too.
const DATE = '2026-12-04'
const at = (time: string, date = DATE) => instantAt(date, time, BAKERY_TIME_ZONE)

type Sheet = {
	steps: Array<{ item: string; step: string; forDate: string; quantity: number; batches: number; minutes: number }>
	resources: Array<{ name: string; usedMinutes: number; capacityMinutes: number }>
	batches: Array<{ resource: string; item: string; start: string; end: string; units: number }>
	ingredients: Array<{ name: string; quantity: string }>
	counter: Array<{
		name: string
		preordered: number
		forecast: number | null
		recentError: number | null
		counter: number
	}>
	cakes: Array<{ name: string }>
}

async function seedModel() {
	const oven = await prisma.productionResource.create({
		data: { name: 'Oven 1', minutesByWeekday: [0, 480, 480, 480, 480, 480, 480], startsAt: '06:00' },
	})
	const conchas = await createMenuItem({ name: 'Conchas' })
	const tres = await createMenuItem({ name: 'Tres Leches' })
	await prisma.productionStep.createMany({
		data: [
			{ menuItemId: conchas.id, name: 'Bake', resourceId: oven.id, minutesPerBatch: 25, batchSize: 12 },
			{ menuItemId: tres.id, name: 'Bake', resourceId: oven.id, minutesPerBatch: 60, batchSize: 2, daysBefore: 1 },
		],
	})
	await prisma.recipeIngredient.createMany({
		data: [
			{ menuItemId: conchas.id, name: 'Flour', milliQuantityPerBatch: 1_200_000, unit: 'g', batchSize: 12 },
			{ menuItemId: tres.id, name: 'flour', milliQuantityPerBatch: 300, unit: 'kg', batchSize: 2 },
			{ menuItemId: tres.id, name: 'Milk', milliQuantityPerBatch: 1000, unit: 'l', batchSize: 2 },
		],
	})
	const line = (item: { id: string; name: string }, quantity: number) => ({
		menuItemId: item.id,
		name: item.name,
		quantity,
	})
	await seedHeldOrder({ pickupAt: at('08:00'), pickupDate: DATE, lines: [line(conchas, 7)] })
	await seedHeldOrder({ pickupAt: at('10:00'), pickupDate: DATE, lines: [line(conchas, 6)], status: 'PICKED_UP' })
	await seedHeldOrder({ pickupAt: at('11:00', '2026-12-05'), pickupDate: '2026-12-05', lines: [line(tres, 3)] })
	// Never made: unpaid, cancelled, refunded, expired (within the oven's minutes: each held when it was placed).
	for (const status of ['PENDING', 'CANCELLED', 'REFUNDED', 'EXPIRED'] as const) {
		await seedHeldOrder({ pickupAt: at('09:00'), pickupDate: DATE, lines: [line(conchas, 20), line(tres, 3)], status })
	}
	return { oven, conchas, tres }
}

async function sheetOf(date = DATE, cookie = owner) {
	const outcome = await run(
		bakeSheetLoader({ request: get(`/admin/bake-sheet?date=${date}`, cookie), params: {}, context: {} }),
	)
	expect(outcome.status).toBe(200)
	return outcome.data as Sheet
}

describe('the bake sheet', () => {
	it('makes whole batches of the paid orders’ day totals, the day before for a step done the day before', async () => {
		await seedModel()
		const sheet = await sheetOf()
		expect(
			sheet.steps.map(({ item, forDate, quantity, batches, minutes }) => ({
				item,
				forDate,
				quantity,
				batches,
				minutes,
			})),
		).toEqual([
			// 7 + 6 conchas: 13 in batches of 12 = 2 batches
			{ item: 'Conchas', forDate: DATE, quantity: 13, batches: 2, minutes: 50 },
			// Saturday's 3 cakes, baked Friday, in batches of 2
			{ item: 'Tres Leches', forDate: '2026-12-05', quantity: 3, batches: 2, minutes: 120 },
		])
		expect(sheet.resources).toEqual([
			expect.objectContaining({ name: 'Oven 1', usedMinutes: 170, capacityMinutes: 480 }),
		])
		// Backwards from the 08:00 pickup: the first batch (the earliest twelve) ends at 08:00, the second (the 10:00
		// pickups) at 10:00; the cakes end at the end of the oven's day (06:00 + 480 min = 14:00).
		expect(sheet.batches.map(({ item, start, end }) => `${item} ${start}–${end}`)).toEqual([
			'Conchas 07:35–08:00',
			'Conchas 09:35–10:00',
			'Tres Leches 12:00–13:00',
			'Tres Leches 13:00–14:00',
		])
		// 2 batches × 1.2 kg + 2 batches × 0.3 kg of flour; 2 × 1 l of milk.
		expect(sheet.ingredients).toEqual([
			{ name: 'Flour', quantity: '3 kg' },
			{ name: 'Milk', quantity: '2 l' },
		])
	})

	it('has nothing to make the day after: Saturday’s cakes were baked on Friday', async () => {
		await seedModel()
		const sheet = await sheetOf('2026-12-05')
		expect(sheet.steps).toEqual([])
		expect(sheet.ingredients).toEqual([])
	})

	it('lists booked custom cakes to collect that day and the next, not requests nobody booked', async () => {
		await seedModel()
		const booked = await prisma.customCakeRequest.create({
			data: {
				name: 'Ana Souza',
				phone: '(425) 555-0150',
				email: 'ana@example.com',
				type: 'Tres leches',
				size: '10-inch',
			},
		})
		await prisma.customCakeRequest.create({
			data: {
				name: 'Only Asked',
				phone: '(425) 555-0151',
				email: 'asked@example.com',
				type: 'Chocolate',
				size: '8-inch',
			},
		})
		await prisma.customCakeRequest.update({
			where: { id: booked.id },
			data: {
				status: 'QUOTED',
				quoteVersion: 1,
				quoteCents: 8000,
				depositCents: 4000,
				pickupAt: at('10:00', '2026-12-05'),
				pickupDate: new Date('2026-12-05T00:00:00.000Z'),
				quoteValidUntil: at('10:00', '2026-12-05'),
			},
		})
		await prisma.customCakeRequest.update({
			where: { id: booked.id },
			data: { status: 'DEPOSIT_PAID', paidCents: 4000 },
		})
		expect((await sheetOf()).cakes.map((cake) => cake.name)).toEqual(['Ana Souza'])
	})

	it('downloads as CSV with the same batches and ingredients, for staff too', async () => {
		await seedModel()
		const outcome = await run(
			bakeCsvLoader({ request: get(`/admin/bake-sheet.csv?date=${DATE}`, staff), params: {}, context: {} }),
		)
		expect(outcome.status).toBe(200)
		expect(outcome.headers.get('Content-Disposition')).toBe(`attachment; filename="bake-sheet-${DATE}.csv"`)
		const lines = String(outcome.data)
			.replace(/^\uFEFF/, '')
			.split('\r\n')
		expect(lines[0]).toBe(BAKE_SHEET_CSV_HEADER.join(','))
		expect(lines).toContain('Batch,Oven 1,Conchas,Bake,1,12,07:35,08:00,08:00,,,,,')
		expect(lines).toContain('Batch,Oven 1,Conchas,Bake,2,1,09:35,10:00,10:00,,,,,')
		expect(lines).toContain('Ingredient,,,,,,,,,Flour,3 kg,,,')
	})
})

describe('closing counts and the forecast', () => {
	const fields = (itemId: string, made: string, left: string) => ({
		intent: 'save',
		item: itemId,
		[`made-${itemId}`]: made,
		[`left-${itemId}`]: left,
	})

	it('staff save the counts; the next same weekday’s suggestion is the weighted average, plus preorders', async () => {
		const { conchas } = await seedModel()
		// Four Fridays before DATE: sold 20, 16, 12, 10 (newest first).
		const sold = [20, 16, 12, 10]
		for (const [index, count] of sold.entries()) {
			const date = addLocalDays(DATE, -7 * (index + 1))
			const outcome = await run(
				closingAction({
					request: post(`/admin/closing-counts?date=${date}`, fields(conchas.id, String(count + 4), '4'), staff),
					params: {},
					context: {},
				}),
			)
			expect(outcome.status).toBe(200)
		}
		const stored = await prisma.closingCount.findMany({ orderBy: { date: 'desc' } })
		expect(stored.map((row) => [row.made, row.leftOver, row.enteredBy])).toEqual(
			sold.map((count) => [count + 4, 4, STAFF.email]),
		)
		const [plan] = (await sheetOf()).counter.filter((entry) => entry.name === 'Conchas')
		// (4·20 + 3·16 + 2·12 + 1·10) / 10 = 16.2 → 16 for the counter; 13 preordered.
		expect(plan).toMatchObject({ preordered: 13, forecast: 16, counter: 16 })
		expect(plan!.recentError).not.toBeNull()
		// The counter's 16 are baked too: 13 + 16 = 29 conchas, 3 batches.
		expect((await sheetOf()).steps[0]).toMatchObject({ item: 'Conchas', quantity: 29, batches: 3 })
	})

	it('the owner’s counter quantity replaces the forecast; staff cannot set one', async () => {
		const { conchas } = await seedModel()
		const request = (cookie: string) =>
			bakeSheetAction({
				request: post(
					`/admin/bake-sheet?date=${DATE}`,
					{ intent: 'counter', menuItemId: conchas.id, quantity: '5' },
					cookie,
				),
				params: {},
				context: {},
			})
		expect((await run(request(staff))).status).toBe(403)
		expect(await prisma.counterOverride.count()).toBe(0)
		expect((await run(request(owner))).status).toBe(200)
		const [plan] = (await sheetOf()).counter
		expect(plan).toMatchObject({ name: 'Conchas', counter: 5, preordered: 13 })
	})

	it('refuses left over above made and keeps what was typed, saving nothing', async () => {
		const { conchas } = await seedModel()
		const outcome = await run(
			closingAction({
				request: post(`/admin/closing-counts?date=${DATE}`, fields(conchas.id, '5', '9'), staff),
				params: {},
				context: {},
			}),
		)
		expect(outcome.status).toBe(400)
		expect(outcome.data).toMatchObject({
			errors: { [`left-${conchas.id}`]: 'Left over cannot be more than made.' },
			typed: { [conchas.id]: { made: '5', left: '9' } },
		})
		expect(await prisma.closingCount.count()).toBe(0)
	})

	it('a shop customer (signed in to their account) and an anonymous visitor cannot write counts', async () => {
		const { conchas } = await seedModel()
		const { customerSessionCookie } = await import('~/domain/customers/session.server')
		const customer = await prisma.customer.create({
			data: { email: `c-${crypto.randomUUID()}@example.com`, name: 'Cleo' },
		})
		const sessionId = crypto.randomBytes(32).toString('base64url')
		await prisma.customerSession.create({
			data: { id: sessionId, customerId: customer.id, expiresAt: new Date(Date.now() + 3_600_000) },
		})
		const customerCookie = (await customerSessionCookie(sessionId)).split(';')[0]!
		for (const cookie of [customerCookie, undefined]) {
			const outcome = await run(
				closingAction({
					request: post(`/admin/closing-counts?date=${DATE}`, fields(conchas.id, '12', '0'), cookie),
					params: {},
					context: {},
				}),
			)
			expect([302, 401, 403]).toContain(outcome.status)
		}
		expect(await prisma.closingCount.count()).toBe(0)
	})

	it('counts are for today or earlier: a future date counts today', async () => {
		await seedModel()
		const today = localDateOf(new Date(), BAKERY_TIME_ZONE)
		const outcome = await run(
			closingLoader({
				request: get(`/admin/closing-counts?date=${addLocalDays(today, 3)}`, staff),
				params: {},
				context: {},
			}),
		)
		expect((outcome.data as { date: string }).date).toBe(today)
	})
})
