/**
 * Pickup availability and checkout reservation benchmark (not a test; issue 14's targets):
 * - slot availability for the 14-day horizon with 5,000 orders and 200 menu items in the database:
 *   p95 ≤ 20 ms per computation (`loadCartPickup` for a 3-item cart, `loadMenuPickup` for all 200 items);
 * - the same with production limits (issue 39, decision 090: resources, steps for two items in three and their
 *   held minutes): p95 ≤ 30 ms;
 * - checkout creation with its reservation (`startCheckout`, the test payment provider) at 20 concurrent
 *   customers: p95 ≤ 50 ms.
 * - the same checkout with a promo code and a 15 % tip (issue 38, decision 080: the code priced, its use taken in
 *   the statement that places the order) at 20 concurrent customers: p95 ≤ 60 ms.
 * - the same with a gift card paying part of it too (decision 086: the card's hold taken in that statement).
 *
 *   npm run bench:availability
 *
 * In-process against a fresh migrated database on DATABASE_URL's server (else an embedded Postgres), dropped
 * at the end. BENCH_RUNS changes the number of availability computations (default 500).
 */
import crypto from 'node:crypto'
import path from 'node:path'
import { startEmbeddedPostgres } from '../server/embedded-postgres'
import { runPrisma } from '../server/prisma-cli'
import { createDatabase, databaseUrl, dropDatabase, serverUrlOf } from '../tests/setup/database-server'

const RUNS = Number(process.env.BENCH_RUNS ?? 500)
const ORDERS = 5_000
const MENU_ITEMS = 200
const CHECKOUTS = 400
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const PROMO_CHECKOUTS = 200

function percentile(sorted: number[], p: number) {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

function summary(label: string, samples: number[], budget: number) {
	const sorted = [...samples].sort((a, b) => a - b)
	const p95 = percentile(sorted, 95)
	const line = `${label}: n=${samples.length} p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${sorted.at(-1)?.toFixed(2)} ms (target p95 ≤ ${budget} ms: ${p95 <= budget ? 'PASS' : 'FAIL'})`
	console.log(line)
	return p95 <= budget
}

async function time<T>(work: () => Promise<T>) {
	const startedAt = performance.now()
	const value = await work()
	return { value, milliseconds: performance.now() - startedAt }
}

const embedded = process.env.DATABASE_URL
	? undefined
	: await startEmbeddedPostgres(path.resolve('.data/bench-postgres'))
const serverUrl = embedded?.serverUrl ?? serverUrlOf(process.env.DATABASE_URL!)
const name = `bakery_bench_availability_${crypto.randomBytes(4).toString('hex')}`
await createDatabase(serverUrl, name)
const ownDatabaseUrl = databaseUrl(serverUrl, name)
process.env.DATABASE_URL = ownDatabaseUrl
let passed = false
try {
	await runPrisma(['migrate', 'deploy'], ownDatabaseUrl)
	const { prisma } = await import('~/utils/db.server')
	const { loadCartPickup, loadMenuPickup } = await import('~/domain/pickup/pickup.server')
	const { startCheckout } = await import('~/domain/orders/checkout.server')
	const { checkoutRequestSchema } = await import('~/domain/orders/checkout')
	const { localDateOf, addLocalDays, instantAt, pickupDays } = await import('~/domain/pickup/pickup-schedule')
	const { BAKERY_TIME_ZONE } = await import('~/domain/pickup/bakery-time')
	const { issueGiftCard } = await import('~/domain/wallet/models/gift-cards.server')

	// The bakery's week (closed Mondays), 20 orders per 15-minute slot: 5,000 orders fill about half of the 14 days' slots.
	await prisma.pickupSettings.create({ data: { id: 1, ordersPerSlot: 20 } })
	await prisma.openingHours.createMany({
		data: [0, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '07:00', closesAt: '18:00' })),
	})
	const today = localDateOf(new Date(), BAKERY_TIME_ZONE)
	await prisma.pickupClosure.create({
		data: {
			startDate: new Date(`${addLocalDays(today, 9)}T00:00:00Z`),
			endDate: new Date(`${addLocalDays(today, 9)}T00:00:00Z`),
			note: 'Closed for a family day',
		},
	})
	await prisma.menuItem.createMany({
		data: Array.from({ length: MENU_ITEMS }, (_, index) => ({
			id: `bench-item-${String(index).padStart(3, '0')}`,
			name: `Bench item ${index}`,
			priceCents: 300 + index,
			category: 'BRAZILIAN_PASTRIES' as const,
			orderable: true,
			leadMinutes: index % 10 === 0 ? 2880 : null,
			dailyLimit: index % 4 === 0 ? 10_000 : null,
		})),
	})

	// 5,000 paid orders over the horizon's open days (days 1–13), with their counters, written in bulk.
	const openDays = Array.from({ length: 13 }, (_, offset) => addLocalDays(today, offset + 1)).filter(
		(date) => new Date(`${date}T12:00:00Z`).getUTCDay() !== 1 && date !== addLocalDays(today, 9),
	)
	const slotsPerDay = 44
	const orders = Array.from({ length: ORDERS }, (_, index) => {
		const date = openDays[index % openDays.length]!
		const slot = Math.floor(index / openDays.length) % slotsPerDay
		const minutes = 7 * 60 + slot * 15
		const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
		return {
			id: `bench-order-${index}`,
			customerName: `Customer ${index}`,
			customerEmail: `customer${index}@example.com`,
			status: 'PAID' as const,
			totalCents: 1000,
			paidAt: new Date(),
			pickupAt: instantAt(date, time, BAKERY_TIME_ZONE),
			pickupDate: new Date(`${date}T00:00:00Z`),
			capacityHeld: true,
		}
	})
	await prisma.order.createMany({ data: orders })
	await prisma.orderItem.createMany({
		data: orders.flatMap((order, index) =>
			[0, 1, 2].map((line) => ({
				orderId: order.id,
				menuItemId: `bench-item-${String((index * 7 + line * 31) % MENU_ITEMS).padStart(3, '0')}`,
				name: 'Bench item',
				unitPriceCents: 300,
				quantity: 1 + (line % 2),
			})),
		),
	})
	await prisma.$executeRaw`
		INSERT INTO "PickupSlotUsage" ("slotStart", "orders")
		SELECT "pickupAt", count(*) FROM "Order" WHERE "capacityHeld" GROUP BY "pickupAt"`
	await prisma.$executeRaw`
		INSERT INTO "ItemDayUsage" ("menuItemId", "pickupDate", "quantity")
		SELECT i."menuItemId", o."pickupDate", sum(i."quantity")::int
		FROM "OrderItem" i JOIN "Order" o ON o."id" = i."orderId"
		WHERE o."capacityHeld" GROUP BY i."menuItemId", o."pickupDate"`
	await prisma.$executeRaw`ANALYZE`
	console.log(`Database: ${ORDERS} paid orders (${ORDERS * 3} lines), ${MENU_ITEMS} menu items, horizon from ${today}.`)

	const cart = [
		{ id: 'bench-item-000', quantity: 1 },
		{ id: 'bench-item-004', quantity: 2 },
		{ id: 'bench-item-117', quantity: 3 },
	]
	const allIds = Array.from({ length: MENU_ITEMS }, (_, index) => `bench-item-${String(index).padStart(3, '0')}`)
	for (let warm = 0; warm < 20; warm++) await loadCartPickup(cart)
	const cartSamples: number[] = []
	for (let run = 0; run < RUNS; run++) cartSamples.push((await time(() => loadCartPickup(cart))).milliseconds)
	const menuSamples: number[] = []
	for (let run = 0; run < Math.max(50, RUNS / 5); run++) {
		menuSamples.push((await time(() => loadMenuPickup(allIds))).milliseconds)
	}

	// Production limits (issue 39, decision 090): an oven, a mixer and a decorating bench; two items in three have a
	// step (every fifth baked the day before, every tenth only for its 10″ lines), in batches of 6–17. The held
	// minutes are the database's own recount of these orders.
	const resources = [
		{ id: 'bench-oven', name: 'Oven', minutes: 1440 },
		{ id: 'bench-mixer', name: 'Mixer', minutes: 1440 },
		{ id: 'bench-decorating', name: 'Decorating bench', minutes: 1440 },
	]
	await prisma.productionResource.createMany({
		data: resources.map(({ id, name, minutes }) => ({ id, name, minutesByWeekday: Array(7).fill(minutes) })),
	})
	await prisma.productionStep.createMany({
		data: allIds.flatMap((menuItemId, index) =>
			index % 3 === 2
				? []
				: [
						{
							menuItemId,
							name: 'Bake',
							resourceId: resources[Math.floor(index / 2) % 3]!.id,
							minutesPerBatch: 10 + (index % 20),
							batchSize: 6 + (index % 12),
							daysBefore: index % 5 === 0 ? 1 : 0,
							optionChoice: index % 10 === 1 ? '10″' : '',
						},
					],
		),
	})
	await prisma.$executeRaw`
		INSERT INTO "ProductionResourceDay" ("resourceId", "productionDate", "minutes")
		SELECT q."resourceId", q."productionDate", sum(ceil(q."quantity"::numeric / q."batchSize") * q."minutesPerBatch")::int
		FROM (
			SELECT s."id", s."resourceId", s."batchSize", s."minutesPerBatch", o."pickupDate" - s."daysBefore" AS "productionDate",
				sum(i."quantity") AS "quantity"
			FROM "ProductionStep" s
			JOIN "OrderItem" i ON i."menuItemId" = s."menuItemId"
			JOIN "Order" o ON o."id" = i."orderId" AND o."capacityHeld"
			WHERE s."optionChoice" = '' OR EXISTS (
				SELECT 1 FROM jsonb_array_elements(i."options") AS e WHERE e ->> 'choice' = s."optionChoice")
			GROUP BY 1, 2, 3, 4, 5
		) AS q
		GROUP BY 1, 2`

	await prisma.$executeRaw`ANALYZE`
	// The decorating bench works as many minutes as its median day holds: about half its days are full.
	await prisma.$executeRaw`
		UPDATE "ProductionResource" SET "minutesByWeekday" = array_fill(LEAST(1440, (
			SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY "minutes") FROM "ProductionResourceDay"
			WHERE "resourceId" = 'bench-decorating')), ARRAY[7])
		WHERE "id" = 'bench-decorating'`
	const full = await prisma.$queryRaw<Array<{ days: number }>>`
		SELECT count(*)::int AS "days" FROM "ProductionResourceDay" d JOIN "ProductionResource" r ON r."id" = d."resourceId"
		WHERE r."id" = 'bench-decorating' AND d."minutes" + 30 > r."minutesByWeekday"[1]`
	console.log(
		`Production: ${resources.length} resources, steps for ${await prisma.productionStep.count()} items, ${full[0]?.days} decorating days within 30 minutes of full.`,
	)
	const productionCart = [
		{ id: 'bench-item-002', quantity: 4 },
		{ id: 'bench-item-004', quantity: 24 },
		{ id: 'bench-item-117', quantity: 3 },
	]
	for (let warm = 0; warm < 20; warm++) await loadCartPickup(productionCart)
	const productionCartSamples: number[] = []
	for (let run = 0; run < RUNS; run++) {
		productionCartSamples.push((await time(() => loadCartPickup(productionCart))).milliseconds)
	}
	const productionMenuSamples: number[] = []
	for (let run = 0; run < Math.max(50, RUNS / 5); run++) {
		productionMenuSamples.push((await time(() => loadMenuPickup(allIds))).milliseconds)
	}
	// Where the menu's time goes: reading production alone.
	const { readProductionHeld } = await import('~/domain/production/index.server')
	const productionReadSamples: number[] = []
	for (let run = 0; run < Math.max(50, RUNS / 5); run++) {
		productionReadSamples.push(
			(
				await time(() =>
					readProductionHeld({
						lines: allIds.map((menuItemId) => ({ menuItemId, quantity: 1, choices: [] })),
						alone: true,
						dates: Array.from({ length: 14 }, (_, offset) => addLocalDays(today, offset)),
						closures: [],
					}),
				)
			).milliseconds,
		)
	}
	const leftOut = (await loadCartPickup(productionCart)).days.filter((day) => day.reason === 'item-limit').length
	console.log(`With production limits the 3-item cart's list leaves out ${leftOut} days as sold out.`)
	// The engine alone (the database reads above excluded), for where the time goes.
	const { schedule, items, usage } = await loadCartPickup(cart)
	const engineSamples: number[] = []
	for (let run = 0; run < RUNS; run++) {
		const startedAt = performance.now()
		pickupDays(schedule, items, usage, new Date())
		engineSamples.push(performance.now() - startedAt)
	}

	// Checkout: customers choose available slots of a later day, 20 at a time.
	const { days } = await loadCartPickup([{ id: 'bench-item-001', quantity: 1 }])
	const slots = days.flatMap((day) => day.slots.filter((slot) => slot.available).map((slot) => slot.start))
	if (slots.length === 0) throw new Error('No available slot to check out into')
	const checkoutSamples: number[] = []
	let refused = 0
	const cpuBefore = process.cpuUsage()
	for (let wave = 0; wave < CHECKOUTS / CONCURRENCY; wave++) {
		const results = await Promise.all(
			Array.from({ length: CONCURRENCY }, (_, index) =>
				time(() =>
					startCheckout(
						// The checkout form as the page's action parses it.
						checkoutRequestSchema.parse({
							customer: { name: `Bench ${wave}-${index}`, email: `bench${wave}-${index}@example.com` },
							items: [{ id: `bench-item-${String(1 + ((wave + index) % 50)).padStart(3, '0')}`, quantity: 1 }],
							pickupAt: slots[(wave * CONCURRENCY + index) % slots.length],
						}),
						{ origin: 'http://127.0.0.1' },
					),
				),
			),
		)
		for (const result of results) {
			checkoutSamples.push(result.milliseconds)
			if (!result.value.ok) refused += 1
		}
	}
	const cpu = process.cpuUsage(cpuBefore)
	const cpuPerCheckout = (cpu.user + cpu.system) / 1000 / CHECKOUTS
	console.log(
		`Checkouts: ${CHECKOUTS} (${refused} refused: slots filled); this process's CPU ${cpuPerCheckout.toFixed(2)} ms per checkout.`,
	)

	// The same, each with a promo code (10 % off, limited to 1,000 uses and one per customer) and a 15 % tip.
	await prisma.promoCode.create({
		data: { code: 'BENCH-10', kind: 'PERCENT', percentOff: 10, maxUses: 1000, maxUsesPerCustomer: 1 },
	})
	const promoSamples: number[] = []
	let promoRefused = 0
	const promoCpuBefore = process.cpuUsage()
	for (let wave = 0; wave < PROMO_CHECKOUTS / CONCURRENCY; wave++) {
		const results = await Promise.all(
			Array.from({ length: CONCURRENCY }, (_, index) =>
				time(() =>
					startCheckout(
						checkoutRequestSchema.parse({
							customer: { name: `Promo ${wave}-${index}`, email: `promo${wave}-${index}@example.com` },
							items: [{ id: `bench-item-${String(1 + ((wave + index) % 50)).padStart(3, '0')}`, quantity: 2 }],
							pickupAt: slots[(CHECKOUTS + wave * CONCURRENCY + index) % slots.length],
							promoCode: 'bench-10',
							tip: '15',
						}),
						{ origin: 'http://127.0.0.1' },
					),
				),
			),
		)
		for (const result of results) {
			promoSamples.push(result.milliseconds)
			if (!result.value.ok) promoRefused += 1
		}
	}
	const promoCpu = process.cpuUsage(promoCpuBefore)
	const discounted = await prisma.order.count({ where: { promoCode: 'BENCH-10', tipCents: { gt: 0 } } })
	console.log(
		`Checkouts with a code and a tip: ${PROMO_CHECKOUTS} (${promoRefused} refused, ${discounted} orders with both); CPU ${((promoCpu.user + promoCpu.system) / 1000 / PROMO_CHECKOUTS).toFixed(2)} ms per checkout.`,
	)

	// The same again, each customer's own $5 gift card paying part of the order (held in the same statement).
	const cards: string[] = []
	for (let index = 0; index < PROMO_CHECKOUTS; index++) {
		cards.push((await issueGiftCard({ amountCents: 500, source: 'PROMOTION', issuedBy: 'bench' })).code)
	}
	const walletSamples: number[] = []
	let walletRefused = 0
	const walletCpuBefore = process.cpuUsage()
	for (let wave = 0; wave < PROMO_CHECKOUTS / CONCURRENCY; wave++) {
		const results = await Promise.all(
			Array.from({ length: CONCURRENCY }, (_, index) =>
				time(() =>
					startCheckout(
						checkoutRequestSchema.parse({
							customer: { name: `Wallet ${wave}-${index}`, email: `wallet${wave}-${index}@example.com` },
							items: [{ id: `bench-item-${String(1 + ((wave + index) % 50)).padStart(3, '0')}`, quantity: 2 }],
							pickupAt: slots[(CHECKOUTS + PROMO_CHECKOUTS + wave * CONCURRENCY + index) % slots.length],
							promoCode: 'bench-10',
							tip: '15',
							giftCardCode: cards[wave * CONCURRENCY + index],
						}),
						{ origin: 'http://127.0.0.1' },
					),
				),
			),
		)
		for (const result of results) {
			walletSamples.push(result.milliseconds)
			if (!result.value.ok) walletRefused += 1
		}
	}
	const walletCpu = process.cpuUsage(walletCpuBefore)
	const paidPart = await prisma.order.count({ where: { walletCents: 500, promoCode: 'BENCH-10' } })
	console.log(
		`Checkouts with a gift card, a code and a tip: ${PROMO_CHECKOUTS} (${walletRefused} refused, ${paidPart} orders with all three); CPU ${((walletCpu.user + walletCpu.system) / 1000 / PROMO_CHECKOUTS).toFixed(2)} ms per checkout.`,
	)

	const results = [
		summary('Cart availability (loadCartPickup, 3 items, 14 days)', cartSamples, 20),
		summary('  of which the engine (pickupDays)', engineSamples, 20),
		summary('Menu availability (loadMenuPickup, 200 items, 14 days)', menuSamples, 20),
		summary('Cart availability with production limits (3 stepped items)', productionCartSamples, 30),
		summary('Menu availability with production limits (200 items, 134 with steps)', productionMenuSamples, 30),
		summary('  of which reading production (readProductionHeld)', productionReadSamples, 30),
		summary(`Checkout + reservation (startCheckout, ${CONCURRENCY} concurrent)`, checkoutSamples, 50),
		summary(`Checkout with a promo code and a tip (${CONCURRENCY} concurrent)`, promoSamples, 60),
		summary(`Checkout with a gift card, a code and a tip (${CONCURRENCY} concurrent)`, walletSamples, 60),
	]
	passed = results.every(Boolean)
	await prisma.$disconnect()
} finally {
	await dropDatabase(serverUrl, name)
	await embedded?.stop()
}
process.exit(passed ? 0 : 1)
