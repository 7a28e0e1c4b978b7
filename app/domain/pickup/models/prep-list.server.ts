/**
 * What the bakery must make: the prep list of a pickup date, and the dashboard's counts and sold-out
 * items (requireAdmin is checked by the calling route).
 */
import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { lineChoicesText, readLineOptions } from '~/domain/menu/item-options'
import { wallTimeOf, type LocalDate } from '~/domain/pickup/pickup-schedule'
import { dateColumn, dateFromColumn } from './pickup-schedule.server'
import { listCakesForPickupDate } from '~/domain/cake-quotes/index.server'
import { orderNumber, PAID_ORDER_STATUSES } from '~/domain/orders/index.server'

/** Pickups before this bakery-local hour are the morning band; from it on, the afternoon. */
const AFTERNOON_FROM_HOUR = 12

/** One way an item was ordered: its choices ('8″, Strawberries'; '' when none) and how many. */
export interface PrepListChoices {
	choices: string
	morning: number
	afternoon: number
	total: number
}

/** A text a baker writes (a cake's message), with the order it belongs to. */
interface PrepListMessage {
	/** The option group's name ('Message on the cake'). */
	group: string
	text: string
	/** The line's other choices ('8″'), so the baker knows which cake gets it. */
	choices: string
	quantity: number
	/** The order's number as the owner and the customer know it ('1A2B3C4D'). */
	orderNumber: string
	pickupAt: Date | null
}

export interface PrepListRow {
	/** The menu item, or the line's name when the item has since been deleted. */
	key: string
	name: string
	morning: number
	afternoon: number
	total: number
	/** The item by choices, most ordered first; empty when no line of it had a choice. */
	choices: PrepListChoices[]
	/** Its messages by pickup time. */
	messages: PrepListMessage[]
}

type Band = Pick<PrepListRow, 'morning' | 'afternoon' | 'total'>

function addToBand(band: Band, morning: boolean, quantity: number) {
	if (morning) band.morning += quantity
	else band.afternoon += quantity
	band.total += quantity
}

/**
 * What the bakery makes for `date`, all of what the printed list and its CSV show. The total quantity of each
 * item across the paid orders to collect that day, by pickup time band in `timeZone`, sorted by name; each item
 * by its choices (the lines' options as ordered), and the messages to write on it, order by order. Aggregated
 * in SQL: one row per item, band and options; the lines with a text answer are read one by one. Then the day's
 * booked custom cakes (deposit paid or later) by pickup time, each with its band.
 */
export async function getPrepList(date: LocalDate, timeZone: string) {
	const paidOnDate = Prisma.sql`o."pickupDate" = ${dateColumn(date)}::date
			AND o."status"::text = ANY(${[...PAID_ORDER_STATUSES]}::text[])`
	const [groups, messageLines, bookedCakes, allergies] = await Promise.all([
		prisma.$queryRaw<Array<{ key: string; name: string; morning: boolean; options: unknown; quantity: number }>>`
			SELECT COALESCE(i."menuItemId", 'line:' || i."name") AS "key",
				MIN(COALESCE(m."name", i."name")) AS "name",
				COALESCE(EXTRACT(HOUR FROM o."pickupAt" AT TIME ZONE ${timeZone}) < ${AFTERNOON_FROM_HOUR}::int, false) AS "morning",
				i."options" AS "options",
				SUM(i."quantity")::int AS "quantity"
			FROM "OrderItem" i
			JOIN "Order" o ON o."id" = i."orderId"
			LEFT JOIN "MenuItem" m ON m."id" = i."menuItemId"
			WHERE ${paidOnDate}
			GROUP BY 1, 3, 4`,
		prisma.$queryRaw<
			Array<{ key: string; options: unknown; quantity: number; orderId: string; pickupAt: Date | null }>
		>`
			SELECT COALESCE(i."menuItemId", 'line:' || i."name") AS "key", i."options", i."quantity",
				o."id" AS "orderId", o."pickupAt"
			FROM "OrderItem" i
			JOIN "Order" o ON o."id" = i."orderId"
			WHERE ${paidOnDate} AND jsonb_path_exists(i."options", '$[*].text')
			ORDER BY o."pickupAt" ASC NULLS LAST, o."id", i."id"`,
		listCakesForPickupDate(date),
		listAllergyNotes(date),
	])
	const rows = new Map<string, PrepListRow & { byChoices: Map<string, PrepListChoices> }>()
	for (const group of groups) {
		const row = rows.get(group.key) ?? {
			key: group.key,
			name: group.name,
			morning: 0,
			afternoon: 0,
			total: 0,
			choices: [],
			messages: [],
			byChoices: new Map<string, PrepListChoices>(),
		}
		addToBand(row, group.morning, group.quantity)
		const choices = lineChoicesText(readLineOptions(group.options))
		const byChoice = row.byChoices.get(choices) ?? { choices, morning: 0, afternoon: 0, total: 0 }
		addToBand(byChoice, group.morning, group.quantity)
		row.byChoices.set(choices, byChoice)
		rows.set(group.key, row)
	}
	for (const line of messageLines) {
		const row = rows.get(line.key)
		if (!row) continue
		const options = readLineOptions(line.options)
		const choices = lineChoicesText(options)
		for (const option of options) {
			if (option.text === undefined) continue
			const { orderId, pickupAt, quantity } = line
			const message = { group: option.group, text: option.text, choices, quantity }
			row.messages.push({ ...message, orderNumber: orderNumber(orderId), pickupAt })
		}
	}
	const items = [...rows.values()]
		.map(({ byChoices, ...row }): PrepListRow => {
			const choices = [...byChoices.values()].sort(
				(a, b) => b.total - a.total || a.choices.localeCompare(b.choices, 'en', { numeric: true }),
			)
			// An item nobody chose anything for needs no breakdown.
			return { ...row, choices: choices.some((entry) => entry.choices !== '') ? choices : [] }
		})
		.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.key.localeCompare(b.key))
	const totals = items.reduce(
		(sum, row) => ({
			morning: sum.morning + row.morning,
			afternoon: sum.afternoon + row.afternoon,
			total: sum.total + row.total,
		}),
		{ morning: 0, afternoon: 0, total: 0 },
	)
	// Bands as the SQL above draws them: before AFTERNOON_FROM_HOUR in the bakery's zone, else the afternoon.
	const cakes = bookedCakes.map((cake) => ({
		...cake,
		morning: cake.pickupAt !== null && Number(wallTimeOf(cake.pickupAt, timeZone).slice(0, 2)) < AFTERNOON_FROM_HOUR,
	}))
	return { items, totals, cakes, allergies }
}

/**
 * The day's paid orders whose customer wrote an allergy note at checkout (decision 077), by pickup time, with what
 * they ordered: the bakers read them before they start.
 */
async function listAllergyNotes(date: LocalDate) {
	const orders = await prisma.order.findMany({
		where: { pickupDate: dateColumn(date), status: { in: [...PAID_ORDER_STATUSES] }, allergyNote: { not: null } },
		select: {
			id: true,
			pickupAt: true,
			customerName: true,
			allergyNote: true,
			items: { select: { name: true, quantity: true }, orderBy: { id: 'asc' } },
		},
		orderBy: [{ pickupAt: 'asc' }, { id: 'asc' }],
	})
	return orders.map(({ id, allergyNote, ...order }) => ({
		...order,
		orderNumber: orderNumber(id),
		allergyNote: allergyNote ?? '',
	}))
}

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
