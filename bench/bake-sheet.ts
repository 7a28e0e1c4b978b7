/**
 * Bake sheet benchmark (not a test; issue 39's target): the server side of a 300-order day's bake sheet, p95 ≤ 100 ms.
 * - `getBakeSheet` for the day with the page's batch rows (`batchRows`): what `/admin/bake-sheet`'s loader computes;
 * - the CSV download's whole loader (`/admin/bake-sheet.csv`: the admin session, the day, the sheet, the CSV);
 * - and, for where the time goes, the sheet's own reads alone.
 *
 *   npm run bench:bake-sheet
 *
 * The day (decisions 082, 083): a Saturday with 300 paid orders over its 44 pickup slots (1–5 lines, about 3, of 60
 * menu items), 300 more the next day (what is baked the day before), some unpaid and cancelled ones, 12 weeks of
 * past orders and two weeks ahead around it; 40 items with steps on three deck ovens, a mixer and a decorating bench (batches
 * of 6–24, some the day before, some only for a 10″ choice) and recipes in g, kg, ml, l and each; 10 booked custom
 * cakes that day; 12 weeks of closing counts for 30 counter items (prisma/seed-production.ts's history).
 *
 * In-process against a fresh migrated database on DATABASE_URL's server (else an embedded Postgres), dropped
 * at the end. BENCH_RUNS changes the number of timed loads (default 300).
 */
import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { runPrisma } from '../server/prisma-cli'
import { createBenchDatabase, summary } from './in-process'

const RUNS = Number(process.env.BENCH_RUNS ?? 300)
const ORDERS = 300
const MENU_ITEMS = 60
const STEPPED_ITEMS = 40
const COUNTER_ITEMS = 30
const CAKES = 10
/** Orders on each other open day, from 12 weeks before to 2 weeks after the day. */
const ORDERS_OTHER_DAYS = 150
const SESSION_SECRET = crypto.randomBytes(32).toString('hex')

async function timeRuns(work: () => Promise<unknown>) {
	for (let warm = 0; warm < 20; warm++) await work()
	const samples: number[] = []
	for (let run = 0; run < RUNS; run++) {
		const startedAt = performance.now()
		await work()
		samples.push(performance.now() - startedAt)
	}
	return samples
}

/** A small deterministic spread (0 … n−1), so every run seeds the same day. */
function spread(seed: number, n: number) {
	return Math.abs(Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) >>> 7) % n
}

const database = await createBenchDatabase('bake_sheet')
Object.assign(process.env, { DATABASE_URL: database.url, SESSION_SECRET, ADMIN_EMAILS: 'owner@example.com' })
let passed = false
try {
	await runPrisma(['migrate', 'deploy'], database.url)
	const { prisma } = await import('~/utils/db.server')
	const { getBakeSheet } = await import('~/domain/production/index.server')
	const { batchRows } = await import('~/domain/production/bake-sheet-display')
	const { readPaidDemand, readProductionModel, readClosingCounts } =
		await import('~/domain/production/models/production.server')
	const { loader: csvLoader } = await import('~/routes/admin.bake-sheet[.]csv')
	const { localDateOf, addLocalDays, instantAt, weekdayOf } = await import('~/domain/pickup/pickup-schedule')
	const { BAKERY_TIME_ZONE } = await import('~/domain/pickup/bakery-time')
	const { dateColumn } = await import('~/domain/pickup/index.server')
	const { closingCountHistory } = await import('../prisma/seed-production')

	// The bakery's week: 07:00–18:00, closed Mondays; the sheet's day is the first Saturday at least a week ahead.
	await prisma.pickupSettings.create({ data: { id: 1, ordersPerSlot: 20 } })
	await prisma.openingHours.createMany({
		data: [0, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '07:00', closesAt: '18:00' })),
	})
	const today = localDateOf(new Date(), BAKERY_TIME_ZONE)
	let date = addLocalDays(today, 7)
	while (weekdayOf(date) !== 6) date = addLocalDays(date, 1)
	const nextDay = addLocalDays(date, 1)

	const resources = [
		{ id: 'bench-oven-1', name: 'Deck oven 1', startsAt: '03:00', minutes: 1080 },
		{ id: 'bench-oven-2', name: 'Deck oven 2', startsAt: '03:00', minutes: 1080 },
		{ id: 'bench-oven-3', name: 'Deck oven 3', startsAt: '03:00', minutes: 1080 },
		{ id: 'bench-mixer', name: 'Mixer', startsAt: '03:00', minutes: 720 },
		{ id: 'bench-decorating', name: 'Decorating bench', startsAt: '04:00', minutes: 1080 },
	]
	await prisma.productionResource.createMany({
		data: resources.map(({ id, name, startsAt, minutes }, sortOrder) => ({
			id,
			name,
			startsAt,
			sortOrder,
			minutesByWeekday: Array(7).fill(minutes),
		})),
	})
	const itemId = (index: number) => `bench-item-${String(index).padStart(2, '0')}`
	const categories = ['BRAZILIAN_PASTRIES', 'MEXICAN_PASTRIES', 'CAKES', 'DONUTS'] as const
	await prisma.menuItem.createMany({
		data: Array.from({ length: MENU_ITEMS }, (_, index) => ({
			id: itemId(index),
			name: `Bench item ${index}`,
			priceCents: 300 + index * 25,
			category: categories[index % categories.length]!,
			orderable: index < MENU_ITEMS - 4,
		})),
	})

	// Steps for the first 40 items, four kinds in turn: mixed then baked; baked; a cake baked the day before and
	// decorated that day (every other one with an extra bake for its 10″ lines); rolled or glazed on the bench.
	const batchSizes = [6, 8, 10, 12, 16, 18, 20, 24]
	const cakeItem = (index: number) => index < STEPPED_ITEMS && index % 4 === 2
	const optionItem = (index: number) => cakeItem(index) && index % 8 === 2
	await prisma.productionStep.createMany({
		data: Array.from({ length: STEPPED_ITEMS }, (_, index) => {
			const menuItemId = itemId(index)
			const batchSize = batchSizes[index % batchSizes.length]!
			const oven = `bench-oven-${1 + (index % 3)}`
			const step = (sortOrder: number, name: string, resourceId: string, minutesPerBatch: number, extra = {}) => ({
				menuItemId,
				sortOrder,
				name,
				resourceId,
				minutesPerBatch,
				batchSize,
				...extra,
			})
			switch (index % 4) {
				case 0:
					return [
						step(0, 'Mix and shape', 'bench-mixer', 12 + (index % 3) * 4, { batchSize: 24 }),
						step(1, 'Bake', oven, 12 + (index % 5) * 2),
					]
				case 1:
					return [step(0, 'Bake', oven, 10 + (index % 4) * 3)]
				case 2:
					return [
						step(0, 'Bake', oven, 30, { batchSize: 6, daysBefore: 1 }),
						step(1, 'Soak and decorate', 'bench-decorating', 12, { batchSize: 6 }),
						...(optionItem(index)
							? [step(2, 'Extra bake for 10″', oven, 15, { batchSize: 6, daysBefore: 1, optionChoice: '10″' })]
							: []),
					]
				default:
					return [step(0, index % 8 === 3 ? 'Roll' : 'Glaze', 'bench-decorating', 10 + (index % 3) * 4)]
			}
		}).flat(),
	})
	const pantry = [
		{ name: 'Flour', unit: 'kg', milli: 1_200 },
		{ name: 'Sugar', unit: 'g', milli: 350_000 },
		{ name: 'Butter', unit: 'g', milli: 250_000 },
		{ name: 'Eggs', unit: 'each', milli: 4_000 },
		{ name: 'Milk', unit: 'ml', milli: 300_000 },
		{ name: 'Condensed milk', unit: 'g', milli: 395_000 },
		{ name: 'Cream', unit: 'l', milli: 500 },
		{ name: 'Tapioca flour', unit: 'g', milli: 500_000 },
		{ name: 'Cheese', unit: 'kg', milli: 200 },
		{ name: 'Cocoa', unit: 'g', milli: 30_000 },
	] as const
	await prisma.recipeIngredient.createMany({
		data: Array.from({ length: STEPPED_ITEMS }, (_, index) =>
			Array.from({ length: 2 + (index % 4) }, (_, line) => {
				const ingredient = pantry[(index + line * 3) % pantry.length]!
				return {
					menuItemId: itemId(index),
					name: ingredient.name,
					milliQuantityPerBatch: ingredient.milli,
					unit: ingredient.unit,
					batchSize: batchSizes[index % batchSizes.length]!,
					sortOrder: line,
				}
			}),
		).flat(),
	})

	// 12 weeks of closing counts for 30 counter items (the seed's history, ending the day before the sheet's day).
	await prisma.closingCount.createMany({
		data: Array.from({ length: COUNTER_ITEMS }, (_, index) => {
			const typical = 4 + (index % 5) * 3
			const counter = [typical + 8, 0, typical, typical, typical + 2, typical + 6, typical + 12]
			return closingCountHistory({ id: itemId(index), name: `Bench item ${index}` }, counter, date)
		}).flat(),
	})
	await prisma.counterOverride.createMany({
		data: [3, 7, 11, 19, 23].map((index) => ({
			menuItemId: itemId(index),
			date: dateColumn(date),
			quantity: 40,
			setBy: 'owner@example.com',
		})),
	})

	// Orders: 300 paid on the day and the next, 150 on each other open day from 12 weeks before to 2 weeks after
	// (the past ones collected, a few no-shows), and on the day a few that are never made (unpaid, cancelled, …).
	const slots = Array.from({ length: 44 }, (_, slot) => {
		const minutes = 7 * 60 + slot * 15
		return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
	})
	const days: Array<{ day: string; orders: number }> = []
	for (let offset = -84; offset <= 14; offset++) {
		const day = addLocalDays(date, offset)
		if (weekdayOf(day) === 1) continue
		days.push({ day, orders: day === date || day === nextDay ? ORDERS : ORDERS_OTHER_DAYS })
	}
	const orders: Array<{
		id: string
		customerName: string
		customerEmail: string
		status: 'PAID' | 'PICKED_UP' | 'NO_SHOW' | 'PENDING' | 'CANCELLED' | 'EXPIRED' | 'REFUNDED'
		totalCents: number
		paidAt: Date | null
		pickupAt: Date
		pickupDate: Date
		capacityHeld: boolean
	}> = []
	let serial = 0
	const never = ['PENDING', 'CANCELLED', 'EXPIRED', 'REFUNDED'] as const
	for (const { day, orders: count } of days) {
		const extra = day === date ? 20 : 0
		for (let index = 0; index < count + extra; index++) {
			serial += 1
			const past = day < today
			const status =
				index >= count ? never[index % never.length]! : past ? (serial % 40 === 0 ? 'NO_SHOW' : 'PICKED_UP') : 'PAID'
			orders.push({
				id: `bench-order-${serial}`,
				customerName: `Customer ${serial}`,
				customerEmail: `customer${serial}@example.com`,
				status,
				totalCents: 2_000,
				paidAt: status === 'PENDING' || status === 'EXPIRED' ? null : new Date(),
				pickupAt: instantAt(day, slots[spread(serial, slots.length)]!, BAKERY_TIME_ZONE),
				pickupDate: new Date(`${day}T00:00:00Z`),
				capacityHeld: status === 'PAID' || status === 'PENDING',
			})
		}
	}
	const lines = orders.flatMap((order, orderIndex) =>
		Array.from({ length: 1 + spread(orderIndex * 3 + 1, 5) }, (_, line) => {
			// Favourites first: half the lines from the first 20 items.
			const pick =
				spread(orderIndex * 11 + line * 7, 2) === 0
					? spread(orderIndex + line, 20)
					: spread(orderIndex * 5 + line, MENU_ITEMS)
			const size = optionItem(pick) ? (spread(orderIndex + line * 13, 3) === 0 ? '10″' : '8″') : undefined
			return {
				orderId: order.id,
				menuItemId: itemId(pick),
				name: `Bench item ${pick}`,
				unitPriceCents: 300 + pick * 25,
				quantity: cakeItem(pick) ? 1 : 1 + spread(orderIndex * 17 + line, 2),
				options: size ? [{ group: 'Size', choice: size, priceDeltaCents: size === '10″' ? 800 : 0 }] : [],
			}
		}),
	)
	for (let from = 0; from < orders.length; from += 5_000)
		await prisma.order.createMany({ data: orders.slice(from, from + 5_000) })
	for (let from = 0; from < lines.length; from += 5_000)
		await prisma.orderItem.createMany({ data: lines.slice(from, from + 5_000) })

	// Booked custom cakes: 10 to collect on the day, 4 the next, 2 a week over the past 12 weeks collected, and a few
	// requests nobody has quoted yet.
	const cake = (
		index: number,
		day: string | null,
		status: 'REQUESTED' | 'DEPOSIT_PAID' | 'PAID_IN_FULL' | 'PICKED_UP',
	) => {
		const pickupAt = day ? instantAt(day, slots[(index * 5) % slots.length]!, BAKERY_TIME_ZONE) : null
		return {
			name: `Cake customer ${index}`,
			phone: '(425) 555-0150',
			email: `cake${index}@example.com`,
			type: ['Tres leches', 'Chocolate', 'Brigadeiro'][index % 3]!,
			size: ['8-inch', '10-inch', 'Half sheet'][index % 3]!,
			message: index % 2 === 0 ? `Happy birthday ${index}!` : '',
			status,
			...(status === 'REQUESTED'
				? {}
				: {
						quoteCents: 8_000,
						depositCents: 4_000,
						paidCents: status === 'DEPOSIT_PAID' ? 4_000 : 8_000,
						quoteVersion: 1,
						pickupAt,
						pickupDate: new Date(`${day}T00:00:00Z`),
						quoteValidUntil: pickupAt,
						quotedAt: new Date(),
					}),
		}
	}
	await prisma.customCakeRequest.createMany({
		data: [
			...Array.from({ length: CAKES }, (_, index) =>
				cake(index, date, index % 3 === 0 ? 'PAID_IN_FULL' : 'DEPOSIT_PAID'),
			),
			...Array.from({ length: 4 }, (_, index) => cake(CAKES + index, nextDay, 'DEPOSIT_PAID')),
			...Array.from({ length: 24 }, (_, index) =>
				cake(100 + index, addLocalDays(date, -3 - Math.floor(index / 2) * 7), 'PICKED_UP'),
			),
			...Array.from({ length: 5 }, (_, index) => cake(200 + index, null, 'REQUESTED')),
		],
	})
	await prisma.$executeRaw`ANALYZE`

	// The CSV is downloaded by a signed-in admin: a session row and its signed cookie, as bench/board.ts does.
	const sessionId = crypto.randomBytes(32).toString('base64url')
	await prisma.$executeRaw`
		INSERT INTO "Session" ("id", "data", "expiresAt", "updatedAt")
		VALUES (${sessionId}, '{"admin":{"email":"owner@example.com","name":"Olivia Owner"}}', now() + interval '1 day', now())`
	const cookie = (
		await createCookie('__bakery_session', { secrets: [SESSION_SECRET], path: '/' }).serialize(sessionId)
	).split(';')[0]!
	const csvRequest = () =>
		new Request(`http://127.0.0.1/admin/bake-sheet.csv?date=${date}`, { headers: { Cookie: cookie } })

	const sheet = await getBakeSheet(date, BAKERY_TIME_ZONE)
	const csv = await csvLoader({ request: csvRequest(), params: {}, context: {} })
	if (csv.status !== 200) throw new Error(`The CSV answered ${csv.status}`)
	console.log(
		`Database: ${orders.length} orders (${lines.length} lines) from ${days[0]!.day} to ${days.at(-1)!.day}, ${MENU_ITEMS} items, ` +
			`${await prisma.productionStep.count()} steps, ${await prisma.recipeIngredient.count()} recipe rows, ` +
			`${await prisma.closingCount.count()} closing counts, ${await prisma.customCakeRequest.count()} cake requests.`,
	)
	console.log(
		`Sheet for ${date}: ${sheet.steps.length} step totals, ${batchRows(sheet, date, BAKERY_TIME_ZONE).length} batches on ` +
			`${sheet.resources.length} resources (${sheet.resources.map((r) => `${r.name} ${r.usedMinutes}/${r.capacityMinutes} min`).join(', ')}), ` +
			`${sheet.ingredients.length} ingredients, ${sheet.counter.length} counter lines, ${sheet.cakes.length} cakes; ` +
			`CSV ${(await csv.text()).split('\r\n').length} lines.`,
	)

	const sheetSamples = await timeRuns(async () => {
		const loaded = await getBakeSheet(date, BAKERY_TIME_ZONE)
		return batchRows(loaded, date, BAKERY_TIME_ZONE)
	})
	const csvSamples = await timeRuns(async () => {
		const response = await csvLoader({ request: csvRequest(), params: {}, context: {} })
		return response.text()
	})
	const modelSamples = await timeRuns(() => readProductionModel())
	const demandSamples = await timeRuns(() => readPaidDemand(date, nextDay))
	const historySamples = await timeRuns(() => readClosingCounts(addLocalDays(date, -84), addLocalDays(date, -1)))

	const results = [
		summary('Bake sheet (getBakeSheet + batchRows, the page loader’s work)', sheetSamples, 100),
		summary('Bake sheet CSV (the whole /admin/bake-sheet.csv loader)', csvSamples, 100),
		summary('  of which the production model (readProductionModel)', modelSamples),
		summary('  of which the paid lines of the day and the next (readPaidDemand)', demandSamples),
		summary('  of which 12 weeks of closing counts (readClosingCounts)', historySamples),
	]
	passed = results.every(Boolean)
	await prisma.$disconnect()
} finally {
	await database.drop()
}
process.exit(passed ? 0 : 1)
