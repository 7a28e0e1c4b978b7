/**
 * Pickup capacity holds: a slot's orders and each item's daily quantity, reserved in the same
 * transaction that writes the pending order and released exactly once. Isolation reasoning:
 * docs/decisions/029-pickup-capacity-holds.md.
 */
import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
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

/** A row of the database's `place_pending_order` (prisma/sql/place_pending_order.sql): a refusal, or an order it replaced. */
export type HoldRefusalRow = {
	/** 'production-full': a resource's production day for one of its items is full (decision 088). */
	refusal: 'slot-full' | 'item-limit' | 'production-full' | null
	menuItemId: string | null
	dailyLimit: number | null
	replacedSessionId: string | null
}

/** The hold's lines (with any other fields, such as a line's name) as the database functions read them (jsonb). */
export function holdItemsJson(items: readonly PickupHoldItem[]) {
	for (const item of items) {
		if (!Number.isInteger(item.quantity) || item.quantity <= 0) {
			throw new RangeError(`Bad quantity for ${item.menuItemId}: ${item.quantity}`)
		}
	}
	return JSON.stringify(items)
}

/**
 * Reserves one order in the slot and each item's quantity for the day, and marks the order as
 * holding (with its pickup time and date), inside the caller's transaction that wrote the order.
 * The database function `pickup_hold` does it with conditional upserts: each counter row is locked
 * by ON CONFLICT DO UPDATE and only moves while it stays within its limit; slot first, then items by
 * id. It raises when full, so the caller's transaction rolls back (the checkout takes its hold with
 * the order in one statement: `placePendingOrder` in order.server.ts).
 */
export async function reservePickupCapacity(tx: Tx, hold: PickupHoldRequest): Promise<void> {
	await tx.$executeRaw`
		SELECT pickup_hold(${hold.orderId}, ${hold.slotStart}::timestamptz, ${hold.pickupDate}::date,
			${hold.ordersPerSlot}::int, ${holdItemsJson(hold.items)}::jsonb)`
}

/**
 * Takes one place in a pickup slot, if it has room, inside the caller's transaction: false when full. The
 * database function `pickup_slot_take` (prisma/sql/), the same one an order's `pickup_hold` takes its place
 * with, so orders and cake quotes share one count and one row lock per slot (decision 055).
 */
export async function takePickupSlotIn(tx: Tx, slotStart: Date, ordersPerSlot: number): Promise<boolean> {
	const [row] = await tx.$queryRaw<Array<{ taken: boolean }>>`
		SELECT pickup_slot_take(${slotStart}::timestamptz, ${ordersPerSlot}::int) AS "taken"`
	return row?.taken === true
}

/**
 * Gives one place in a pickup slot back (`pickup_slot_release`), inside the caller's transaction. Exactly once
 * is the caller's: only after its own conditional update cleared the flag that said it held the place.
 */
export async function releasePickupSlotIn(tx: Tx, slotStart: Date) {
	await tx.$executeRaw`SELECT pickup_slot_release(${slotStart}::timestamptz)`
}

/** A refusal row in the customer's terms: for an item, how many are left that day (read after the rollback, so current). */
export async function pickupRefusal(
	row: HoldRefusalRow & { refusal: string },
	pickupDate: LocalDate,
): Promise<PickupRefusal> {
	// No more of the item can be made for that pickup day: to the customer, sold out for the day (decision 088).
	if (row.refusal === 'production-full' && row.menuItemId !== null) {
		return { ok: false, reason: 'item-limit', menuItemId: row.menuItemId, left: 0 }
	}
	if (row.refusal === 'slot-full' || row.menuItemId === null || row.dailyLimit === null) {
		return { ok: false, reason: 'slot-full' }
	}
	return {
		ok: false,
		reason: 'item-limit',
		menuItemId: row.menuItemId,
		left: await quantityLeft(row.menuItemId, pickupDate, row.dailyLimit),
	}
}

/** How many of an item are left for a date. */
async function quantityLeft(menuItemId: string, pickupDate: LocalDate, dailyLimit: number) {
	const usage = await prisma.itemDayUsage.findUnique({
		where: { menuItemId_pickupDate: { menuItemId, pickupDate: dateColumn(pickupDate) } },
		select: { quantity: true },
	})
	return Math.max(0, dailyLimit - (usage?.quantity ?? 0))
}

/** Releases may wait behind other checkouts' row locks on a busy slot: generous limits, still bounded. */
const HOLD_TRANSACTION = { maxWait: 10_000, timeout: 15_000 } as const

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
	const [row] = await tx.$queryRaw<Array<{ released: boolean }>>`
		SELECT order_hold_release(${orderId}, ${onlyPendingBefore ?? null}::timestamptz) AS "released"`
	return row?.released ? 'released' : 'not-held'
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
