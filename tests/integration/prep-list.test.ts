import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loader as dashboardLoader } from '~/routes/admin._index'
import { loader as prepListLoader } from '~/routes/admin.prep-list'
import { loader as prepCsvLoader } from '~/routes/admin.prep-list[.]csv'
import { orderNumber } from '~/domain/orders/models/order.server'
import { prisma } from '~/utils/db.server'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { addLocalDays, instantAt, localDateOf } from '~/domain/pickup/pickup-schedule'
import { prepMessageText, type PrepMessageView } from '~/domain/pickup/prep-list-display'
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

/** The prep list CSV's header: the columns it always had, then the messages and the custom cakes' own. */
const CSV_HEADER =
	'Item,Morning (before 12 PM),Afternoon (12 PM on),Day total,Choices,To write,Pickup,Customer,Phone,Status,To collect,Asked,Agreed\r\n'
/** The custom cake columns, empty on a menu item's row. */
const NO_CAKE = ',,,,,,,'

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
			CSV_HEADER +
				`Conchas,6,1,7,,${NO_CAKE}\r\nTres Leches Slice,1,3,4,,${NO_CAKE}\r\nAll items,7,4,11,,${NO_CAKE}\r\n`,
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
		expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.test"",""Cake"")",2,0,2,,${NO_CAKE}`)
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

	it('puts the choices and what to write on each item in CSV columns after the ones it always had', async () => {
		const { ana, leo } = await seedCakes()
		const outcome = await run(
			prepCsvLoader({ request: get(`/admin/prep-list.csv?date=${DATE}`, cookie), params: {}, context: {} }),
		)
		expect(outcome.data).toBe(
			CSV_HEADER +
				`Conchas,0,3,3,,${NO_CAKE}\r\n` +
				'Tres leches,2,2,4,"8″ × 3, 10″ × 1",' +
				`"“Feliz cumpleaños Ana” (8″) — order ${orderNumber(ana.id)}, pickup 9:15 AM\n` +
				`“Happy 40th, Leo!” (8″ × 2) — order ${orderNumber(leo.id)}, pickup 2:00 PM"${NO_CAKE}\r\n` +
				`All items,2,5,7,,${NO_CAKE}\r\n`,
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
		expect(String(outcome.data).split('\r\n')[1]).toBe(
			`Fruit tart,3,0,3,"No choices × 2, Strawberries, Kiwi × 1",${NO_CAKE}`,
		)
	})
})

describe('the prep list’s custom cakes', () => {
	beforeEach(() => prisma.customCakeRequest.deleteMany())

	/** A custom cake request quoted for `date` at `time`, then booked (deposit paid) or paid in full. */
	async function bookedCake(
		fields: { name: string; type: string; size: string; message: string; notes: string },
		booking: { time: string; date?: string; status: 'QUOTED' | 'DEPOSIT_PAID' | 'PAID_IN_FULL'; quoteCents: number },
	) {
		const { notes, ...request } = fields
		const created = await prisma.customCakeRequest.create({
			data: { ...request, phone: '(425) 555-0150', email: 'cake@example.com' },
		})
		const date = booking.date ?? DATE
		const depositCents = booking.quoteCents / 2
		await prisma.customCakeRequest.update({
			where: { id: created.id },
			data: {
				status: 'QUOTED',
				quoteVersion: 1,
				quoteCents: booking.quoteCents,
				depositCents,
				quoteNotes: notes,
				pickupAt: at(booking.time, date),
				pickupDate: new Date(`${date}T00:00:00.000Z`),
				quoteValidUntil: at(booking.time, date),
			},
		})
		if (booking.status === 'QUOTED') return created
		await prisma.customCakeRequest.update({
			where: { id: created.id },
			data: { status: 'DEPOSIT_PAID', paidCents: depositCents },
		})
		if (booking.status === 'PAID_IN_FULL') {
			await prisma.customCakeRequest.update({
				where: { id: created.id },
				data: { status: 'PAID_IN_FULL', paidCents: booking.quoteCents },
			})
		}
		return created
	}

	it('the CSV lists the day’s booked custom cakes after the items, as the printed list does, neutralised', async () => {
		const conchas = await createMenuItem({ name: 'Conchas' })
		await seedHeldOrder({
			pickupAt: at('09:00'),
			pickupDate: DATE,
			lines: [{ menuItemId: conchas.id, name: conchas.name, quantity: 4 }],
		})
		const ana = {
			name: 'Ana Souza',
			type: 'Chocoflan',
			size: '8-inch',
			message: 'Feliz cumple, Ana!',
			notes: 'Two layers.',
		}
		await bookedCake(ana, { time: '10:30', status: 'DEPOSIT_PAID', quoteCents: 12_000 })
		const evil = {
			name: '@SUM(1+1)',
			type: 'Fruit',
			size: '10-inch',
			message: '=HYPERLINK("http://evil.test")',
			notes: '',
		}
		await bookedCake(evil, { time: '15:00', status: 'PAID_IN_FULL', quoteCents: 8_000 })
		// Not on the list: a quote still waiting for its deposit, and another day's cake.
		await bookedCake({ ...ana, name: 'Waiting Wanda' }, { time: '11:00', status: 'QUOTED', quoteCents: 5_000 })
		await bookedCake(
			{ ...ana, name: 'Other Day Otto' },
			{ time: '11:00', date: '2026-12-02', status: 'DEPOSIT_PAID', quoteCents: 5_000 },
		)

		const printed = await run(
			prepListLoader({ request: get(`/admin/prep-list?date=${DATE}`, cookie), params: {}, context: {} }),
		)
		expect((printed.data as { cakes: Array<{ name: string }> }).cakes.map((cake) => cake.name)).toEqual([
			'Ana Souza',
			'@SUM(1+1)',
		])
		const csv = await run(
			prepCsvLoader({ request: get(`/admin/prep-list.csv?date=${DATE}`, cookie), params: {}, context: {} }),
		)
		expect(String(csv.data).replace(/^\uFEFF/, '')).toBe(
			CSV_HEADER +
				`Conchas,4,0,4,,${NO_CAKE}\r\n` +
				`All items,4,0,4,,${NO_CAKE}\r\n` +
				'"Custom cake: Chocoflan, 8-inch",1,0,1,,,2026-12-01 10:30,Ana Souza,(425) 555-0150,Deposit paid,60.00,"Feliz cumple, Ana!",Two layers.\r\n' +
				`"Custom cake: Fruit, 10-inch",0,1,1,,,2026-12-01 15:00,'@SUM(1+1),(425) 555-0150,Paid in full,0.00,"'=HYPERLINK(""http://evil.test"")",\r\n`,
		)
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
