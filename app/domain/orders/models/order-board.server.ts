/**
 * The live order board's orders (decision 070; the calling route checks who may use it): a pickup day's paid
 * orders with what the customer said on arrival, the no-show step, and the customer's "I'm here". Every change
 * here is announced to every board by the Order table's trigger (prisma/sql/order_board_notify.sql), in the
 * same transaction.
 */
import type { Prisma } from '~/generated/prisma/client'
import type { ArrivalSpot } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'
import { readLineOptions } from '~/domain/menu/item-options'
import { dateColumn } from '~/domain/pickup/index.server'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import { ORDER_MOVES } from '../order-states'
import { CONFIRMED_ORDER, CONFIRMED_ORDER_SQL } from './confirmed-orders.server'

/** What the board shows: the day's orders still owed, handed over or never collected. */
const BOARD_STATUSES = ['PAID', 'READY', 'PICKED_UP', 'NO_SHOW'] as const

const boardOrderSelect = {
	id: true,
	status: true,
	customerName: true,
	customerPhone: true,
	pickupAt: true,
	paidAt: true,
	arrivedAt: true,
	arrivalSpot: true,
	arrivalCar: true,
	customerNote: true,
	allergyNote: true,
	source: true,
	payAtPickup: true,
	items: { select: { id: true, name: true, quantity: true, options: true }, orderBy: { id: 'asc' } },
} as const satisfies Prisma.OrderSelect

/** A pickup day's orders for the board, by pickup time. */
export async function listBoardOrders(date: LocalDate) {
	const orders = await prisma.order.findMany({
		where: { pickupDate: dateColumn(date), status: { in: [...BOARD_STATUSES] } },
		select: boardOrderSelect,
		orderBy: [{ pickupAt: 'asc' }, { paidAt: 'asc' }, { id: 'asc' }],
	})
	return orders.map((order) => ({
		...order,
		items: order.items.map((line) => ({ ...line, options: readLineOptions(line.options) })),
	}))
}

export type NoShowOutcome = 'marked' | 'too-early' | 'not-open' | 'not-found'

/**
 * No-show: only from the move's statuses and only once the pickup time has passed (a conditional update, so a
 * customer who is handed the order meanwhile is never marked). The capacity stays held: the slot is past.
 */
export async function markNoShow(orderId: string, now = new Date()): Promise<NoShowOutcome> {
	const { from, to } = ORDER_MOVES['no-show']
	const { count } = await prisma.order.updateMany({
		where: { id: orderId, status: { in: [...from] }, pickupAt: { lte: now } },
		data: { status: to },
	})
	if (count > 0) return 'marked'
	const order = await prisma.order.findUnique({ where: { id: orderId }, select: { status: true, pickupAt: true } })
	if (!order) return 'not-found'
	if ((from as readonly string[]).includes(order.status)) return 'too-early'
	return 'not-open'
}

/** The day's orders still waiting to be collected after their pickup time: what closing offers to mark. */
export function countUncollected(date: LocalDate, now = new Date()) {
	return prisma.order.count({
		where: { pickupDate: dateColumn(date), status: { in: [...ORDER_MOVES['no-show'].from] }, pickupAt: { lte: now } },
	})
}

/** At closing: every order of the day still uncollected after its pickup time becomes a no-show; how many did. */
export async function markUncollectedAsNoShow(date: LocalDate, now = new Date()) {
	const { from, to } = ORDER_MOVES['no-show']
	const { count } = await prisma.order.updateMany({
		where: { pickupDate: dateColumn(date), status: { in: [...from] }, pickupAt: { lte: now } },
		data: { status: to },
	})
	return count
}

/** The statuses a customer can say "I'm here" in: paid and not yet handed over. */
const ARRIVAL_STATUSES = ['PAID', 'READY'] as const

/** What the "I'm here" page shows of an order. */
export function findOrderForArrival(orderId: string) {
	return prisma.order.findUnique({
		where: { id: orderId },
		select: {
			id: true,
			status: true,
			paidAt: true,
			payAtPickup: true,
			pickupAt: true,
			pickupDate: true,
			arrivedAt: true,
			arrivalSpot: true,
			arrivalCar: true,
		},
	})
}

export type ArrivalOutcome =
	| { outcome: 'arrived'; firstTime: boolean }
	| { outcome: 'too-early' }
	| { outcome: 'picked-up' }
	| { outcome: 'closed' }
	| { outcome: 'not-found' }

/**
 * The customer's "I'm here": the first arrival time is kept (saying it twice changes nothing but the spot and
 * car, which the customer may correct); only a paid order not yet handed over can arrive, and only from its
 * pickup day (`today` at the bakery): the board shows the day's orders.
 */
export async function recordArrival(
	orderId: string,
	{ spot, car, today }: { spot: ArrivalSpot | null; car: string | null; today: LocalDate },
	now = new Date(),
): Promise<ArrivalOutcome> {
	const rows = await prisma.$queryRaw<{ firstTime: boolean }[]>`
		UPDATE "Order" SET
			"arrivedAt" = coalesce("arrivedAt", ${now}::timestamptz),
			"arrivalSpot" = coalesce(${spot}::"ArrivalSpot", "arrivalSpot"),
			"arrivalCar" = coalesce(${car}::varchar, "arrivalCar")
		WHERE "id" = ${orderId} AND ${CONFIRMED_ORDER_SQL} AND "status"::text = ANY(${[...ARRIVAL_STATUSES]}::text[])
			AND "pickupDate" <= ${today}::date
		RETURNING ("arrivedAt" = ${now}::timestamptz) AS "firstTime"`
	if (rows[0]) return { outcome: 'arrived', firstTime: rows[0].firstTime }
	const order = await prisma.order.findFirst({ where: { id: orderId, ...CONFIRMED_ORDER }, select: { status: true } })
	if (!order) return { outcome: 'not-found' }
	if ((ARRIVAL_STATUSES as readonly string[]).includes(order.status)) return { outcome: 'too-early' }
	return order.status === 'PICKED_UP' ? { outcome: 'picked-up' } : { outcome: 'closed' }
}
