import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMenuItem } from '../fixtures/menu'
import { defaultPickupSettings } from '~/domain/pickup/pickup-schedule'
import { clearPickupHolds } from './pickup-helpers'

let prisma: (typeof import('~/utils/db.server'))['prisma']
let capacity: typeof import('~/domain/pickup/models/pickup-capacity.server')
let schedule: typeof import('~/domain/pickup/models/pickup-schedule.server')

beforeAll(async () => {
	prisma = (await import('~/utils/db.server')).prisma
	capacity = await import('~/domain/pickup/models/pickup-capacity.server')
	schedule = await import('~/domain/pickup/models/pickup-schedule.server')
})

beforeEach(async () => {
	await clearPickupHolds()
})

// 10:00 on Tuesday 2026-12-01 in Los Angeles (PST, UTC−8).
const slotStart = new Date('2026-12-01T18:00:00.000Z')
const pickupDate = '2026-12-01'

interface Line {
	menuItemId: string
	quantity: number
}

let customerCounter = 0
function order(menuItemId: string, quantity = 1): Line[] {
	return [{ menuItemId, quantity }]
}

/** The checkout's write: the pending order, its lines and the hold, all or nothing. */
async function createHeldOrder(
	lines: Line[],
	pickup: { slotStart: Date; pickupDate: string; ordersPerSlot: number; dailyLimits: Map<string, number | null> },
) {
	// Each checkout its own customer (read before the await: concurrent calls would share the last one, and one
	// e-mail keeps at most two live holds, decision 058).
	const customer = (customerCounter += 1)
	const { placePendingOrder } = await import('~/domain/orders/models/order.server')
	return placePendingOrder(
		{
			customer: { name: `Customer ${customer}`, email: `c${customer}@example.com` },
			currency: 'usd',
			lines: lines.map((line) => ({ ...line, name: 'Cake', unitPriceCents: 100 })),
		},
		pickup,
	)
}

async function counters(menuItemId: string) {
	const slot = await prisma.pickupSlotUsage.findUnique({ where: { slotStart } })
	const item = await prisma.itemDayUsage.findUnique({
		where: { menuItemId_pickupDate: { menuItemId, pickupDate: schedule.dateColumn(pickupDate) } },
	})
	return { slotOrders: slot?.orders ?? 0, itemQuantity: item?.quantity ?? 0 }
}

describe('reservePickupCapacity under concurrency', () => {
	it('50 concurrent checkouts for a slot of 5: exactly 5 hold, 45 are refused slot-full, no orphan orders', async () => {
		const cake = await createMenuItem()
		const results = await Promise.all(
			Array.from({ length: 50 }, () =>
				createHeldOrder(order(cake.id), {
					slotStart,
					pickupDate,
					ordersPerSlot: 5,
					dailyLimits: new Map(),
				}),
			),
		)
		expect(results.filter((result) => result.ok)).toHaveLength(5)
		const refusals = results.filter((result) => !result.ok)
		expect(refusals).toHaveLength(45)
		for (const refusal of refusals) expect(refusal).toEqual({ ok: false, reason: 'slot-full' })

		const orders = await prisma.order.findMany({ include: { items: true } })
		expect(orders).toHaveLength(5)
		for (const held of orders) {
			expect(held).toMatchObject({ status: 'PENDING', capacityHeld: true, pickupAt: slotStart })
			expect(schedule.dateFromColumn(held.pickupDate!)).toBe(pickupDate)
			expect(held.items).toHaveLength(1)
		}
		expect(await prisma.orderItem.count()).toBe(5)
		expect(await counters(cake.id)).toEqual({ slotOrders: 5, itemQuantity: 5 })
	})

	it("an item's daily limit of 7, each wanting 2: exactly 3 hold, every refusal says 1 left", async () => {
		const cake = await createMenuItem()
		await prisma.menuItem.update({ where: { id: cake.id }, data: { dailyLimit: 7 } })
		const [rules] = await schedule.getItemPickupRules([cake.id])
		const results = await Promise.all(
			Array.from({ length: 20 }, () =>
				createHeldOrder(order(cake.id, 2), {
					slotStart,
					pickupDate,
					ordersPerSlot: 100,
					dailyLimits: new Map([[cake.id, rules!.dailyLimit]]),
				}),
			),
		)
		expect(results.filter((result) => result.ok)).toHaveLength(3)
		const refusals = results.filter((result) => !result.ok)
		expect(refusals).toHaveLength(17)
		for (const refusal of refusals) {
			expect(refusal).toEqual({ ok: false, reason: 'item-limit', menuItemId: cake.id, left: 1 })
		}
		expect(await prisma.order.count()).toBe(3)
		// The refused orders' slot reservations were rolled back with them.
		expect(await counters(cake.id)).toEqual({ slotOrders: 3, itemQuantity: 6 })
	})

	it('holds several items in one order, merging repeated lines, and refuses when any is over its limit', async () => {
		const [a, b] = [await createMenuItem(), await createMenuItem()]
		const pickup = { slotStart, pickupDate, ordersPerSlot: 10, dailyLimits: new Map([[b.id, 3]]) }
		const first = await createHeldOrder(
			[
				{ menuItemId: b.id, quantity: 1 },
				{ menuItemId: a.id, quantity: 4 },
				{ menuItemId: b.id, quantity: 1 },
			],
			pickup,
		)
		if (!first.ok) throw new Error('the first order should hold')
		expect(await prisma.order.findUnique({ where: { id: first.orderId }, select: { totalCents: true } })).toEqual({
			totalCents: 600,
		})
		const second = await createHeldOrder(order(b.id, 2), pickup)
		expect(second).toEqual({ ok: false, reason: 'item-limit', menuItemId: b.id, left: 1 })
		expect(await counters(b.id)).toEqual({ slotOrders: 1, itemQuantity: 2 })
		expect(await counters(a.id)).toMatchObject({ itemQuantity: 4 })
	})

	it('carts listing the same limited items in opposite orders, across slots, never deadlock or oversell', async () => {
		const [a, b, c] = [await createMenuItem(), await createMenuItem(), await createMenuItem()]
		const dailyLimits = new Map([
			[a.id, 10],
			[b.id, 10],
			[c.id, 10],
		])
		const carts = [
			[a.id, b.id, c.id],
			[c.id, b.id, a.id],
			[b.id, c.id, a.id],
		]
		const results = await Promise.all(
			Array.from({ length: 30 }, (_, i) =>
				createHeldOrder(
					carts[i % 3]!.map((menuItemId) => ({ menuItemId, quantity: 1 })),
					{
						slotStart: new Date(slotStart.getTime() + (i % 4) * 15 * 60_000),
						pickupDate,
						ordersPerSlot: 30,
						dailyLimits,
					},
				),
			),
		)
		expect(results.filter((result) => result.ok)).toHaveLength(10)
		for (const id of [a.id, b.id, c.id]) expect(await counters(id)).toMatchObject({ itemQuantity: 10 })
		expect(await prisma.order.count({ where: { capacityHeld: true } })).toBe(10)
	})

	it('a slot with no capacity refuses the first order', async () => {
		const cake = await createMenuItem()
		const result = await createHeldOrder(order(cake.id), {
			slotStart,
			pickupDate,
			ordersPerSlot: 0,
			dailyLimits: new Map(),
		})
		expect(result).toEqual({ ok: false, reason: 'slot-full' })
		expect(await prisma.order.count()).toBe(0)
	})
})

describe('releasing holds', () => {
	async function heldOrder(menuItemId: string, quantity = 1) {
		const result = await createHeldOrder(order(menuItemId, quantity), {
			slotStart,
			pickupDate,
			ordersPerSlot: 5,
			dailyLimits: new Map([[menuItemId, 10]]),
		})
		if (!result.ok) throw new Error(result.reason)
		return result.orderId
	}

	it('frees the slot and the items once; a replayed release (e.g. an expiry webhook) changes nothing', async () => {
		const cake = await createMenuItem()
		const kept = await heldOrder(cake.id, 2)
		const released = await heldOrder(cake.id, 3)
		expect(await counters(cake.id)).toEqual({ slotOrders: 2, itemQuantity: 5 })

		expect(await capacity.releasePickupCapacity(released)).toBe('released')
		expect(await counters(cake.id)).toEqual({ slotOrders: 1, itemQuantity: 2 })
		expect(await capacity.releasePickupCapacity(released)).toBe('not-held')
		expect(await counters(cake.id)).toEqual({ slotOrders: 1, itemQuantity: 2 })

		// Concurrent replays: still exactly once.
		const outcomes = await Promise.all(Array.from({ length: 10 }, () => capacity.releasePickupCapacity(kept)))
		expect(outcomes.filter((outcome) => outcome === 'released')).toHaveLength(1)
		expect(await counters(cake.id)).toEqual({ slotOrders: 0, itemQuantity: 0 })
		expect(await prisma.order.findUniqueOrThrow({ where: { id: kept } })).toMatchObject({
			capacityHeld: false,
			pickupAt: slotStart,
		})
	})

	it('an order that never held capacity releases nothing', async () => {
		const cake = await createMenuItem()
		const plain = await prisma.order.create({
			data: { customerName: 'Walk-in', customerEmail: 'w@example.com', totalCents: 100 },
		})
		await heldOrder(cake.id)
		expect(await capacity.releasePickupCapacity(plain.id)).toBe('not-held')
		expect(await capacity.releasePickupCapacity('no-such-order')).toBe('not-held')
		expect(await counters(cake.id)).toEqual({ slotOrders: 1, itemQuantity: 1 })
	})

	it('the freed capacity can be taken again', async () => {
		const cake = await createMenuItem()
		const ids = await Promise.all(Array.from({ length: 5 }, () => heldOrder(cake.id)))
		await expect(heldOrder(cake.id)).rejects.toThrow('slot-full')
		await capacity.releasePickupCapacity(ids[0]!)
		await expect(heldOrder(cake.id)).resolves.toEqual(expect.any(String))
		expect(await counters(cake.id)).toEqual({ slotOrders: 5, itemQuantity: 5 })
	})

	it('releaseExpiredHolds frees only old pending holds; a paid order keeps its hold', async () => {
		const cake = await createMenuItem()
		const oldPending = await heldOrder(cake.id)
		const oldPaid = await heldOrder(cake.id)
		const recentPending = await heldOrder(cake.id)
		const old = new Date(Date.now() - 60 * 60_000)
		await prisma.order.updateMany({ where: { id: { in: [oldPending, oldPaid] } }, data: { createdAt: old } })
		await prisma.order.update({ where: { id: oldPaid }, data: { status: 'PAID', paidAt: new Date() } })

		const cutoff = new Date(Date.now() - 35 * 60_000)
		expect(await capacity.releaseExpiredHolds(cutoff)).toBe(1)
		expect(await capacity.releaseExpiredHolds(cutoff)).toBe(0)

		const holding = await prisma.order.findMany({ where: { capacityHeld: true }, select: { id: true } })
		expect(holding.map((row) => row.id).sort()).toEqual([oldPaid, recentPending].sort())
		expect(await counters(cake.id)).toEqual({ slotOrders: 2, itemQuantity: 2 })
	})
})

describe('pickup schedule readers', () => {
	beforeEach(async () => {
		await prisma.pickupSettings.deleteMany()
		await prisma.openingHours.deleteMany()
		await prisma.pickupClosure.deleteMany()
		await prisma.specialHours.deleteMany()
	})

	it('answers the defaults with no settings row, and only closures and special hours from the given date on', async () => {
		await prisma.pickupClosure.createMany({
			data: [
				{
					startDate: schedule.dateColumn('2026-11-26'),
					endDate: schedule.dateColumn('2026-11-27'),
					note: 'Thanksgiving',
				},
				{ startDate: schedule.dateColumn('2026-11-01'), endDate: schedule.dateColumn('2026-11-02'), note: 'Past' },
				{
					startDate: schedule.dateColumn('2026-11-20'),
					endDate: schedule.dateColumn('2026-11-23'),
					note: 'Ends today',
				},
			],
		})
		await prisma.specialHours.createMany({
			data: [
				{ date: schedule.dateColumn('2026-12-24'), opensAt: '07:00', closesAt: '12:00' },
				{ date: schedule.dateColumn('2026-11-22'), opensAt: '07:00', closesAt: '12:00' },
			],
		})
		await prisma.openingHours.create({ data: { weekday: 5, opensAt: '06:30', closesAt: '24:00' } })

		// Issue 14's defaults; the settings row's column defaults match them (tests/integration/seed.test.ts).
		expect(Object.values(defaultPickupSettings)).toEqual(['America/Los_Angeles', 15, 6, 120, null, 14, 24])
		expect(await schedule.getPickupSchedule(new Date('2026-11-23T20:00:00Z'))).toEqual({
			...defaultPickupSettings,
			weeklyHours: [{ weekday: 5, opensAt: '06:30', closesAt: '24:00' }],
			closures: [
				{ startDate: '2026-11-20', endDate: '2026-11-23', note: 'Ends today' },
				{ startDate: '2026-11-26', endDate: '2026-11-27', note: 'Thanksgiving' },
			],
			specialHours: [{ date: '2026-12-24', opensAt: '07:00', closesAt: '12:00' }],
		})
	})

	it('the database refuses malformed hours, closures and settings', async () => {
		const refused = [
			prisma.openingHours.create({ data: { weekday: 7, opensAt: '07:00', closesAt: '18:00' } }),
			prisma.openingHours.create({ data: { weekday: 1, opensAt: '7:00', closesAt: '18:00' } }),
			prisma.openingHours.create({ data: { weekday: 1, opensAt: '18:00', closesAt: '07:00' } }),
			prisma.specialHours.create({
				data: { date: schedule.dateColumn('2026-12-24'), opensAt: '07:00', closesAt: '24:30' },
			}),
			prisma.pickupClosure.create({
				data: { startDate: schedule.dateColumn('2026-12-02'), endDate: schedule.dateColumn('2026-12-01') },
			}),
			prisma.pickupSettings.create({ data: { id: 2 } }),
			prisma.pickupSettings.create({ data: { id: 1, sameDayCutoff: '25:00' } }),
		]
		for (const attempt of refused) await expect(attempt).rejects.toThrow()
		const cake = await createMenuItem()
		await expect(
			prisma.menuItem.update({
				where: { id: cake.id },
				data: { availableFrom: schedule.dateColumn('2027-01-06'), availableUntil: schedule.dateColumn('2027-01-02') },
			}),
		).rejects.toThrow()
		await expect(prisma.menuItem.update({ where: { id: cake.id }, data: { dailyLimit: -1 } })).rejects.toThrow()
	})

	it('reads item rules as dates and counts usage in the bakery time zone, DST days included', async () => {
		const cake = await createMenuItem()
		await prisma.menuItem.update({
			where: { id: cake.id },
			data: {
				leadMinutes: 2880,
				dailyLimit: 24,
				availableFrom: schedule.dateColumn('2027-01-02'),
				availableUntil: schedule.dateColumn('2027-01-06'),
			},
		})
		const plain = await createMenuItem()
		expect(await schedule.getItemPickupRules([plain.id, cake.id, 'unknown'])).toEqual([
			{ menuItemId: plain.id, leadMinutes: null, dailyLimit: null, availableFrom: null, availableUntil: null },
			{
				menuItemId: cake.id,
				leadMinutes: 2880,
				dailyLimit: 24,
				availableFrom: '2027-01-02',
				availableUntil: '2027-01-06',
			},
		])

		// 2026-11-01 (PDT→PST) runs 07:00Z to 08:00Z the next day; 00:30 local = 07:30Z; 23:45 local = 07:45Z on 11-02.
		const early = new Date('2026-11-01T07:30:00.000Z')
		const late = new Date('2026-11-02T07:45:00.000Z')
		const nextDay = new Date('2026-11-02T08:00:00.000Z')
		const dayBefore = new Date('2026-11-01T06:45:00.000Z')
		for (const [start, date] of [
			[early, '2026-11-01'],
			[late, '2026-11-01'],
			[nextDay, '2026-11-02'],
			[dayBefore, '2026-10-31'],
		] as const) {
			const result = await createHeldOrder(order(cake.id, 2), {
				slotStart: start,
				pickupDate: date,
				ordersPerSlot: 5,
				dailyLimits: new Map(),
			})
			expect(result.ok).toBe(true)
		}
		const usage = await schedule.getCapacityUsage('2026-11-01', '2026-11-01', [cake.id, plain.id])
		expect(usage.ordersBySlot).toEqual(
			new Map([
				[early.toISOString(), 1],
				[late.toISOString(), 1],
			]),
		)
		expect(usage.quantityByItemDay).toEqual(new Map([[`${cake.id}|2026-11-01`, 4]]))
		const empty = await schedule.getCapacityUsage('2026-11-05', '2026-11-06', [])
		expect(empty.ordersBySlot.size).toBe(0)
		expect(empty.quantityByItemDay.size).toBe(0)
	})
})
