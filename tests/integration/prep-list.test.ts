import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loader as dashboardLoader } from '~/routes/admin._index'
import { loader as prepListLoader } from '~/routes/admin.prep-list'
import { loader as prepCsvLoader } from '~/routes/admin.prep-list[.]csv'
import { orderNumber } from '~/models/order.server'
import { prisma } from '~/utils/db.server'
import { BAKERY_TIME_ZONE } from '~/utils/bakery-time'
import { addLocalDays, instantAt, localDateOf } from '~/utils/pickup-schedule'
import { prepMessageText, type PrepMessageView } from '~/utils/prep-list-display'
import { createMenuItem } from '../fixtures/menu'
import { ADMIN, get, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { seedHeldOrder } from './owner-day-helpers'
import { clearPickupHolds } from './pickup-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let cookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	cookie = await sessionCookieFor(ADMIN)
})

afterAll(() => env.cleanup())

beforeEach(async () => {
	await clearPickupHolds()
	await prisma.menuItem.deleteMany()
})

const DATE = '2026-12-01'
const at = (time: string, date = DATE) => instantAt(date, time, BAKERY_TIME_ZONE)

type PrepListData = {
	date: string
	items: Array<{
		name: string
		morning: number
		afternoon: number
		total: number
		choices: Array<{ choices: string; morning: number; afternoon: number; total: number }>
		messages: PrepMessageView[]
	}>
	totals: { morning: number; afternoon: number; total: number }
}

async function seedDay() {
	const conchas = await createMenuItem({ name: 'Conchas' })
	const tres = await createMenuItem({ name: 'Tres Leches Slice' })
	const line = (item: { id: string; name: string }, quantity: number) => ({
		menuItemId: item.id,
		name: item.name,
		quantity,
	})
	// Morning: 08:00 and 11:45 (the last slot before noon); afternoon from 12:00 sharp.
	await seedHeldOrder({ pickupAt: at('08:00'), pickupDate: DATE, lines: [line(conchas, 4), line(tres, 1)] })
	await seedHeldOrder({ pickupAt: at('11:45'), pickupDate: DATE, lines: [line(conchas, 2)], status: 'READY' })
	await seedHeldOrder({ pickupAt: at('12:00'), pickupDate: DATE, lines: [line(tres, 3)], status: 'PICKED_UP' })
	await seedHeldOrder({ pickupAt: at('16:30'), pickupDate: DATE, lines: [line(conchas, 1)] })
	// Not to make: unpaid, refunded, cancelled, expired, and another day's orders.
	for (const status of ['PENDING', 'REFUNDED', 'CANCELLED', 'EXPIRED'] as const) {
		await seedHeldOrder({ pickupAt: at('09:00'), pickupDate: DATE, lines: [line(conchas, 50)], status })
	}
	await seedHeldOrder({ pickupAt: at('09:00', '2026-12-02'), pickupDate: '2026-12-02', lines: [line(tres, 7)] })
	return { conchas, tres }
}

describe('the prep list', () => {
	it("totals each item of the day's paid orders by morning and afternoon, and for the day", async () => {
		await seedDay()
		const outcome = await run(
			prepListLoader({ request: get(`/admin/prep-list?date=${DATE}`, cookie), params: {}, context: {} }),
		)
		const { date, items, totals } = outcome.data as PrepListData
		expect(date).toBe(DATE)
		expect(items.map(({ name, morning, afternoon, total }) => ({ name, morning, afternoon, total }))).toEqual([
			{ name: 'Conchas', morning: 6, afternoon: 1, total: 7 },
			{ name: 'Tres Leches Slice', morning: 1, afternoon: 3, total: 4 },
		])
		expect(totals).toEqual({ morning: 7, afternoon: 4, total: 11 })
	})

	it('downloads as CSV with the same numbers', async () => {
		await seedDay()
		const outcome = await run(
			prepCsvLoader({ request: get(`/admin/prep-list.csv?date=${DATE}`, cookie), params: {}, context: {} }),
		)
		expect(outcome.status).toBe(200)
		expect(outcome.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(outcome.headers.get('Content-Disposition')).toBe(`attachment; filename="prep-list-${DATE}.csv"`)
		expect(outcome.data).toBe(
			'Item,Morning (before 12 PM),Afternoon (12 PM on),Day total,Choices\r\n' +
				'Conchas,6,1,7,\r\nTres Leches Slice,1,3,4,\r\nAll items,7,4,11,\r\n',
		)
	})

	it('neutralises an item name a spreadsheet would run as a formula', async () => {
		const evil = await createMenuItem({ name: '=HYPERLINK("http://evil.test","Cake")' })
		await seedHeldOrder({
			pickupAt: at('09:00'),
			pickupDate: DATE,
			lines: [{ menuItemId: evil.id, name: evil.name, quantity: 2 }],
		})
		const outcome = await run(
			prepCsvLoader({ request: get(`/admin/prep-list.csv?date=${DATE}`, cookie), params: {}, context: {} }),
		)
		const lines = String(outcome.data).split('\r\n')
		expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.test"",""Cake"")",2,0,2,`)
	})
})

describe('the prep list with options', () => {
	const size = (choice: string, priceDeltaCents = 0) => ({ group: 'Size', choice, priceDeltaCents })
	const message = (text: string) => ({ group: 'Message on the cake', text, priceDeltaCents: 0 })

	async function seedCakes() {
		const tres = await createMenuItem({ name: 'Tres leches' })
		const conchas = await createMenuItem({ name: 'Conchas' })
		const cake = (quantity: number, ...options: Array<ReturnType<typeof size> | ReturnType<typeof message>>) => ({
			menuItemId: tres.id,
			name: tres.name,
			quantity,
			options,
		})
		const ana = await seedHeldOrder({
			pickupAt: at('09:15'),
			pickupDate: DATE,
			lines: [cake(1, size('8″'), message('Feliz cumpleaños Ana')), cake(1, size('10″', 1500))],
		})
		const leo = await seedHeldOrder({
			pickupAt: at('14:00'),
			pickupDate: DATE,
			lines: [
				cake(2, size('8″'), message('Happy 40th, Leo!')),
				{ menuItemId: conchas.id, name: conchas.name, quantity: 3 },
			],
		})
		// Not to make: a refunded order's cake and its message.
		await seedHeldOrder({
			pickupAt: at('10:00'),
			pickupDate: DATE,
			lines: [cake(5, size('10″', 1500), message('Refunded'))],
			status: 'REFUNDED',
		})
		return { ana, leo }
	}

	it('groups an item by its choices, by band, and lists each message with its order and pickup time', async () => {
		const { ana, leo } = await seedCakes()
		const outcome = await run(
			prepListLoader({ request: get(`/admin/prep-list?date=${DATE}`, cookie), params: {}, context: {} }),
		)
		const { items, totals } = outcome.data as PrepListData
		expect(totals).toEqual({ morning: 2, afternoon: 5, total: 7 })
		expect(items).toEqual([
			expect.objectContaining({ name: 'Conchas', total: 3, choices: [], messages: [] }),
			expect.objectContaining({
				name: 'Tres leches',
				morning: 2,
				afternoon: 2,
				total: 4,
				choices: [
					{ choices: '8″', morning: 1, afternoon: 2, total: 3 },
					{ choices: '10″', morning: 1, afternoon: 0, total: 1 },
				],
				messages: [
					{
						group: 'Message on the cake',
						text: 'Feliz cumpleaños Ana',
						choices: '8″',
						quantity: 1,
						number: orderNumber(ana.id),
						pickup: '9:15 AM',
					},
					{
						group: 'Message on the cake',
						text: 'Happy 40th, Leo!',
						choices: '8″',
						quantity: 2,
						number: orderNumber(leo.id),
						pickup: '2:00 PM',
					},
				],
			}),
		])
		const [, tres] = items
		expect(tres!.messages.map((entry) => prepMessageText(entry, false))).toEqual([
			`“Feliz cumpleaños Ana” (8″) — order ${orderNumber(ana.id)}, pickup 9:15 AM`,
			`“Happy 40th, Leo!” (8″ × 2) — order ${orderNumber(leo.id)}, pickup 2:00 PM`,
		])
	})

	it('puts the choices in a last CSV column, after the columns it always had', async () => {
		await seedCakes()
		const outcome = await run(
			prepCsvLoader({ request: get(`/admin/prep-list.csv?date=${DATE}`, cookie), params: {}, context: {} }),
		)
		expect(outcome.data).toBe(
			'Item,Morning (before 12 PM),Afternoon (12 PM on),Day total,Choices\r\n' +
				'Conchas,0,3,3,\r\n' +
				'Tres leches,2,2,4,"8″ × 3, 10″ × 1"\r\n' +
				'All items,2,5,7,\r\n',
		)
	})

	it('names the lines without a choice beside those with one', async () => {
		const tart = await createMenuItem({ name: 'Fruit tart' })
		const line = (quantity: number, options: Array<{ group: string; choice: string; priceDeltaCents: number }>) => ({
			menuItemId: tart.id,
			name: tart.name,
			quantity,
			options,
		})
		await seedHeldOrder({
			pickupAt: at('09:00'),
			pickupDate: DATE,
			lines: [
				line(2, []),
				line(1, [
					{ group: 'Toppings', choice: 'Strawberries', priceDeltaCents: 200 },
					{ group: 'Toppings', choice: 'Kiwi', priceDeltaCents: 200 },
				]),
			],
		})
		const outcome = await run(
			prepCsvLoader({ request: get(`/admin/prep-list.csv?date=${DATE}`, cookie), params: {}, context: {} }),
		)
		expect(String(outcome.data).split('\r\n')[1]).toBe('Fruit tart,3,0,3,"No choices × 2, Strawberries, Kiwi × 1"')
	})
})

describe('the dashboard', () => {
	it("counts today's and tomorrow's paid pickups and lists what is sold out", async () => {
		const today = localDateOf(new Date(), BAKERY_TIME_ZONE)
		const tomorrow = addLocalDays(today, 1)
		const flagged = await createMenuItem({ name: 'Brigadeiros', soldOut: true })
		const limited = await createMenuItem({ name: 'Rosca de Reyes' })
		await prisma.menuItem.update({ where: { id: limited.id }, data: { dailyLimit: 3 } })
		const roomy = await createMenuItem({ name: 'Conchas' })
		await prisma.menuItem.update({ where: { id: roomy.id }, data: { dailyLimit: 30 } })
		const line = (item: { id: string; name: string }, quantity: number, dailyLimit: number) => ({
			menuItemId: item.id,
			name: item.name,
			quantity,
			dailyLimit,
		})
		await seedHeldOrder({ pickupAt: at('10:00', tomorrow), pickupDate: tomorrow, lines: [line(limited, 3, 3)] })
		await seedHeldOrder({ pickupAt: at('10:15', tomorrow), pickupDate: tomorrow, lines: [line(roomy, 2, 30)] })
		await seedHeldOrder({
			pickupAt: at('10:30', tomorrow),
			pickupDate: tomorrow,
			lines: [line(roomy, 1, 30)],
			status: 'PENDING',
		})
		await seedHeldOrder({
			pickupAt: at('23:00', today),
			pickupDate: today,
			lines: [line(roomy, 1, 30)],
			status: 'READY',
		})

		const outcome = await run(dashboardLoader({ request: get('/admin', cookie), params: {}, context: {} }))
		expect(outcome.data).toMatchObject({
			today,
			tomorrow,
			pickupsToday: 1,
			pickupsTomorrow: 2,
			soldOut: [
				{ id: flagged.id, name: 'Brigadeiros', flagged: true, limitReachedOn: [] },
				{ id: limited.id, name: 'Rosca de Reyes', flagged: false, limitReachedOn: [tomorrow] },
			],
		})
	})
})
