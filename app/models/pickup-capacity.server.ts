/**
 * Pickup capacity holds: a slot's orders and each item's daily quantity, reserved in the same
 * transaction that writes the pending order and released exactly once. Isolation reasoning:
 * docs/decisions/029-pickup-capacity-holds.md.
 */
import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import type { LocalDate } from '~/utils/pickup-schedule'
import { dateColumn } from './pickup-schedule.server'

type Tx = Prisma.TransactionClient

export interface PickupHoldItem {
	menuItemId: string
	quantity: number
	/** The item's daily limit (null: unlimited, still counted so a limit set later sees today's orders). */
	dailyLimit: number | null
}

export interface PickupHoldRequest {
	orderId: string
	/** The slot's start instant. */
	slotStart: Date
	/** The bakery-local date of `slotStart`. */
	pickupDate: LocalDate
	ordersPerSlot: number
	/** The order's lines (the release subtracts the order's stored lines, so they must match). */
	items: readonly PickupHoldItem[]
}

export type PickupRefusal =
	{ ok: false; reason: 'slot-full' } | { ok: false; reason: 'item-limit'; menuItemId: string; left: number }

export type PickupHoldOutcome = { ok: true } | PickupRefusal

type Refusal = { reason: 'slot-full' } | { reason: 'item-limit'; menuItemId: string; dailyLimit: number }

/** Thrown inside the transaction so it rolls back; `withPickupHold` turns it into a `PickupRefusal`. */
export class CapacityRefused extends Error {
	constructor(readonly refusal: Refusal) {
		super(`Pickup capacity refused: ${refusal.reason}`)
		this.name = 'CapacityRefused'
	}
}

/** Holds may wait behind other checkouts' row locks on a busy slot: generous limits, still bounded. */
const HOLD_TRANSACTION = { maxWait: 10_000, timeout: 15_000 } as const

/** Same item twice: one line with the summed quantity. Sorted by id: the one lock order (no deadlocks). */
function mergeItems(items: readonly PickupHoldItem[]) {
	const merged = new Map<string, PickupHoldItem>()
	for (const item of items) {
		if (!Number.isInteger(item.quantity) || item.quantity <= 0) {
			throw new RangeError(`Bad quantity for ${item.menuItemId}: ${item.quantity}`)
		}
		const seen = merged.get(item.menuItemId)
		merged.set(item.menuItemId, seen ? { ...seen, quantity: seen.quantity + item.quantity } : { ...item })
	}
	return [...merged.values()].sort((a, b) => (a.menuItemId < b.menuItemId ? -1 : a.menuItemId > b.menuItemId ? 1 : 0))
}

/**
 * Reserves one order in the slot and each item's quantity for the day, and marks the order as
 * holding (with its pickup time and date). Must run inside the caller's transaction that wrote the
 * pending order. Conditional upserts: each counter row is locked by ON CONFLICT DO UPDATE and only
 * moves while it stays within its limit. Locks are taken slot first, then items by id.
 * Throws `CapacityRefused` when full (the transaction must roll back: use `withPickupHold`).
 */
export async function reservePickupCapacity(tx: Tx, hold: PickupHoldRequest): Promise<{ ok: true }> {
	const pickupDate = dateColumn(hold.pickupDate)
	const items = mergeItems(hold.items)

	const slot = await tx.$queryRaw<Array<{ orders: number }>>`
		INSERT INTO "PickupSlotUsage" ("slotStart", "orders")
		SELECT ${hold.slotStart}::timestamptz, 1 WHERE ${hold.ordersPerSlot}::int >= 1
		ON CONFLICT ("slotStart") DO UPDATE SET "orders" = "PickupSlotUsage"."orders" + 1
			WHERE "PickupSlotUsage"."orders" < ${hold.ordersPerSlot}::int
		RETURNING "orders"`
	if (slot.length === 0) throw new CapacityRefused({ reason: 'slot-full' })

	for (const item of items) {
		const limit = item.dailyLimit
		const held = await tx.$queryRaw<Array<{ quantity: number }>>`
			INSERT INTO "ItemDayUsage" ("menuItemId", "pickupDate", "quantity")
			SELECT ${item.menuItemId}, ${hold.pickupDate}::date, ${item.quantity}::int
			WHERE ${limit}::int IS NULL OR ${item.quantity}::int <= ${limit}::int
			ON CONFLICT ("menuItemId", "pickupDate") DO UPDATE
				SET "quantity" = "ItemDayUsage"."quantity" + EXCLUDED."quantity"
				WHERE ${limit}::int IS NULL OR "ItemDayUsage"."quantity" + EXCLUDED."quantity" <= ${limit}::int
			RETURNING "quantity"`
		if (held.length === 0 && limit !== null) {
			throw new CapacityRefused({ reason: 'item-limit', menuItemId: item.menuItemId, dailyLimit: limit })
		}
	}

	const marked = await tx.order.updateMany({
		where: { id: hold.orderId, capacityHeld: false },
		data: { capacityHeld: true, pickupAt: hold.slotStart, pickupDate },
	})
	if (marked.count !== 1) throw new Error(`Order ${hold.orderId} is missing or already holds capacity`)
	return { ok: true }
}

/** How many of an item are left for a date (read after a refusal's rollback, so it is current). */
async function quantityLeft(menuItemId: string, pickupDate: LocalDate, dailyLimit: number) {
	const usage = await prisma.itemDayUsage.findUnique({
		where: { menuItemId_pickupDate: { menuItemId, pickupDate: dateColumn(pickupDate) } },
		select: { quantity: true },
	})
	return Math.max(0, dailyLimit - (usage?.quantity ?? 0))
}

/**
 * Runs `work` in one transaction; when it calls `reservePickupCapacity` and capacity is refused,
 * everything it wrote is rolled back and the refusal is the answer (with the item's quantity left,
 * read after the rollback). Any other error propagates. The checkout's shape:
 *
 *     withPickupHold(date, async (tx) => {
 *       const order = await tx.order.create(…)  // the pending order and its lines
 *       await reservePickupCapacity(tx, { orderId: order.id, slotStart, pickupDate: date, ordersPerSlot, items })
 *       return order
 *     })
 */
export async function withPickupHold<T>(
	pickupDate: LocalDate,
	work: (tx: Tx) => Promise<T>,
): Promise<{ ok: true; value: T } | PickupRefusal> {
	try {
		const value = await prisma.$transaction(work, HOLD_TRANSACTION)
		return { ok: true, value }
	} catch (error) {
		if (!(error instanceof CapacityRefused)) throw error
		const { refusal } = error
		if (refusal.reason === 'slot-full') return { ok: false, reason: 'slot-full' }
		return {
			ok: false,
			reason: 'item-limit',
			menuItemId: refusal.menuItemId,
			left: await quantityLeft(refusal.menuItemId, pickupDate, refusal.dailyLimit),
		}
	}
}

export type ReleaseOutcome = 'released' | 'not-held'

/**
 * Gives an order's hold back, exactly once, inside the caller's transaction (e.g. with the status
 * change of an expiry webhook): the flag flips only if it was set, and only then do the counters
 * move. `onlyPendingBefore` restricts it to a pending order created before that instant (the sweep).
 */
export async function releasePickupCapacityIn(
	tx: Tx,
	orderId: string,
	{ onlyPendingBefore }: { onlyPendingBefore?: Date } = {},
): Promise<ReleaseOutcome> {
	const released = await tx.$queryRaw<Array<{ pickupAt: Date | null; pickupDate: Date | null }>>`
		UPDATE "Order" SET "capacityHeld" = false, "updatedAt" = now()
		WHERE "id" = ${orderId} AND "capacityHeld"
			AND (${onlyPendingBefore ?? null}::timestamptz IS NULL
				OR ("status" = 'PENDING' AND "createdAt" < ${onlyPendingBefore ?? null}::timestamptz))
		RETURNING "pickupAt", "pickupDate"`
	const order = released[0]
	if (!order) return 'not-held'
	if (order.pickupAt) {
		await tx.$executeRaw`
			UPDATE "PickupSlotUsage" SET "orders" = "orders" - 1 WHERE "slotStart" = ${order.pickupAt}::timestamptz`
	}
	if (order.pickupDate) {
		const lines = await tx.orderItem.groupBy({
			by: ['menuItemId'],
			where: { orderId, menuItemId: { not: null } },
			_sum: { quantity: true },
			orderBy: { menuItemId: 'asc' },
		})
		for (const line of lines) {
			await tx.itemDayUsage.updateMany({
				where: { menuItemId: line.menuItemId!, pickupDate: order.pickupDate },
				data: { quantity: { decrement: line._sum.quantity ?? 0 } },
			})
		}
	}
	return 'released'
}

/**
 * Gives an order's hold back, exactly once (session expired or cancelled, refund, the owner's
 * cancellation). A replayed event finds nothing held: 'not-held', nothing changes.
 */
export function releasePickupCapacity(orderId: string): Promise<ReleaseOutcome> {
	return prisma.$transaction((tx) => releasePickupCapacityIn(tx, orderId), HOLD_TRANSACTION)
}

/**
 * The periodic sweep for a missed expiry webhook: releases the holds of pending orders created
 * before `olderThan` (pick it past the Checkout Session's lifetime). Paid orders keep theirs.
 * Returns how many holds were released.
 */
export async function releaseExpiredHolds(olderThan: Date): Promise<number> {
	const candidates = await prisma.order.findMany({
		where: { status: 'PENDING', capacityHeld: true, createdAt: { lt: olderThan } },
		select: { id: true },
		orderBy: { createdAt: 'asc' },
	})
	let released = 0
	for (const { id } of candidates) {
		const outcome = await prisma.$transaction(
			(tx) => releasePickupCapacityIn(tx, id, { onlyPendingBefore: olderThan }),
			HOLD_TRANSACTION,
		)
		if (outcome === 'released') released += 1
	}
	return released
}
