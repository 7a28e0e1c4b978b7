/**
 * What the bakery must make: the prep list of a pickup date, and the dashboard's counts and sold-out
 * items (requireAdmin is checked by the calling route).
 */
import { prisma } from '~/utils/db.server'
import type { LocalDate } from '~/utils/pickup-schedule'
import { PAID_ORDER_STATUSES } from './order.server'
import { dateColumn, dateFromColumn } from './pickup-schedule.server'

/** Pickups before this bakery-local hour are the morning band; from it on, the afternoon. */
export const AFTERNOON_FROM_HOUR = 12

export interface PrepListRow {
	/** The menu item, or the line's name when the item has since been deleted. */
	key: string
	name: string
	morning: number
	afternoon: number
	total: number
}

/**
 * The total quantity of each item across the paid orders to collect on `date`, by pickup time band
 * in `timeZone`, sorted by name. Aggregated in SQL: one row per item and band.
 */
export async function getPrepList(date: LocalDate, timeZone: string) {
	const groups = await prisma.$queryRaw<Array<{ key: string; name: string; morning: boolean; quantity: number }>>`
		SELECT COALESCE(i."menuItemId", 'line:' || i."name") AS "key",
			MIN(COALESCE(m."name", i."name")) AS "name",
			COALESCE(EXTRACT(HOUR FROM o."pickupAt" AT TIME ZONE ${timeZone}) < ${AFTERNOON_FROM_HOUR}::int, false) AS "morning",
			SUM(i."quantity")::int AS "quantity"
		FROM "OrderItem" i
		JOIN "Order" o ON o."id" = i."orderId"
		LEFT JOIN "MenuItem" m ON m."id" = i."menuItemId"
		WHERE o."pickupDate" = ${dateColumn(date)}::date
			AND o."status"::text = ANY(${[...PAID_ORDER_STATUSES]}::text[])
		GROUP BY 1, 3`
	const rows = new Map<string, PrepListRow>()
	for (const group of groups) {
		const row = rows.get(group.key) ?? { key: group.key, name: group.name, morning: 0, afternoon: 0, total: 0 }
		if (group.morning) row.morning += group.quantity
		else row.afternoon += group.quantity
		row.total += group.quantity
		rows.set(group.key, row)
	}
	const items = [...rows.values()].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.key.localeCompare(b.key))
	const totals = items.reduce(
		(sum, row) => ({
			morning: sum.morning + row.morning,
			afternoon: sum.afternoon + row.afternoon,
			total: sum.total + row.total,
		}),
		{ morning: 0, afternoon: 0, total: 0 },
	)
	return { items, totals }
}

export type PrepList = Awaited<ReturnType<typeof getPrepList>>

/** How many paid orders are to be collected on each date. */
export async function countPickupOrders(dates: readonly LocalDate[]) {
	const groups = await prisma.order.groupBy({
		by: ['pickupDate'],
		where: { pickupDate: { in: dates.map(dateColumn) }, status: { in: [...PAID_ORDER_STATUSES] } },
		_count: { _all: true },
	})
	const counts = new Map(dates.map((date) => [date, 0]))
	for (const group of groups) {
		if (group.pickupDate) counts.set(dateFromColumn(group.pickupDate), group._count._all)
	}
	return counts
}

export interface SoldOutItem {
	id: string
	name: string
	/** Flagged sold out by the owner (every day). */
	flagged: boolean
	/** The dates among those asked whose daily limit is reached. */
	limitReachedOn: LocalDate[]
}

/**
 * What customers cannot order: items flagged sold out, and items whose daily limit is used up on
 * one of `dates` (held and paid quantities, ItemDayUsage against dailyLimit).
 */
export async function listSoldOutItems(dates: readonly LocalDate[]): Promise<SoldOutItem[]> {
	const [flagged, usage] = await Promise.all([
		prisma.menuItem.findMany({ where: { soldOut: true }, select: { id: true, name: true } }),
		prisma.itemDayUsage.findMany({
			where: { pickupDate: { in: dates.map(dateColumn) }, menuItem: { dailyLimit: { not: null } } },
			select: { pickupDate: true, quantity: true, menuItem: { select: { id: true, name: true, dailyLimit: true } } },
			orderBy: { pickupDate: 'asc' },
		}),
	])
	const items = new Map<string, SoldOutItem>()
	for (const item of flagged) items.set(item.id, { ...item, flagged: true, limitReachedOn: [] })
	for (const day of usage) {
		const { id, name, dailyLimit } = day.menuItem
		if (dailyLimit === null || day.quantity < dailyLimit) continue
		const item = items.get(id) ?? { id, name, flagged: false, limitReachedOn: [] }
		item.limitReachedOn.push(dateFromColumn(day.pickupDate))
		items.set(id, item)
	}
	return [...items.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'))
}
