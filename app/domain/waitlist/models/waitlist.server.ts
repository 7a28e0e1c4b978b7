/**
 * The waitlists' reads and writes (decision 091). A customer's place in line is their entry's createdAt (then id);
 * the database keeps one live entry per item, date and e-mail, and one OFFERED entry per item and date, so two
 * processes offering at once cannot both offer the same freed place.
 */
import type { Prisma } from '~/generated/prisma/client'
import { dateColumn, dateFromColumn } from '~/domain/pickup/index.server'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import { isUniqueViolation, prisma } from '~/utils/db.server'
import type { Locale } from '~/utils/i18n'

export interface NewWaitlistEntry {
	menuItemId: string
	pickupDate: LocalDate
	/** The time they wanted; null: any time of the day. */
	pickupAt: Date | null
	/** The item was sold out for the day: another time of it will do (else only `pickupAt`, which was full). */
	anyTime: boolean
	quantity: number
	choices: Prisma.InputJsonValue
	customerName: string
	/** Lower-case and trimmed by the caller. */
	email: string
	phone: string | null
	textOffer: boolean
	customerId: string | null
	locale: Locale
}

const entryFields = {
	id: true,
	menuItemId: true,
	pickupDate: true,
	pickupAt: true,
	anyTime: true,
	quantity: true,
	choices: true,
	customerName: true,
	email: true,
	phone: true,
	textOffer: true,
	locale: true,
	status: true,
	offerOrderId: true,
	createdAt: true,
} as const satisfies Prisma.WaitlistEntrySelect

type EntryRow = Prisma.WaitlistEntryGetPayload<{ select: typeof entryFields }>

function entryOf(row: EntryRow) {
	return { ...row, pickupDate: dateFromColumn(row.pickupDate) }
}

export type WaitlistEntryView = ReturnType<typeof entryOf>

/**
 * Adds the entry at the end of its line; the same e-mail already waiting for that item and date keeps its place
 * (`joined: false`, the first entry's id).
 */
export async function addWaitlistEntry(entry: NewWaitlistEntry): Promise<{ id: string; joined: boolean }> {
	const live = { menuItemId: entry.menuItemId, pickupDate: dateColumn(entry.pickupDate), email: entry.email }
	try {
		const { id } = await prisma.waitlistEntry.create({
			data: { ...entry, pickupDate: live.pickupDate },
			select: { id: true },
		})
		return { id, joined: true }
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
		const existing = await prisma.waitlistEntry.findFirst({
			where: { ...live, status: { in: ['WAITING', 'OFFERED'] } },
			select: { id: true },
		})
		if (!existing) throw error
		return { id: existing.id, joined: false }
	}
}

/** How many still wait ahead of this one, plus one (1: next in line; an offer already made is out of the line); null once it no longer waits. */
export async function waitlistPosition(entryId: string): Promise<number | null> {
	const entry = await prisma.waitlistEntry.findUnique({
		where: { id: entryId },
		select: { menuItemId: true, pickupDate: true, status: true, createdAt: true },
	})
	if (!entry || entry.status !== 'WAITING') return null
	const ahead = await prisma.waitlistEntry.count({
		where: {
			menuItemId: entry.menuItemId,
			pickupDate: entry.pickupDate,
			status: 'WAITING',
			OR: [{ createdAt: { lt: entry.createdAt } }, { createdAt: entry.createdAt, id: { lt: entryId } }],
		},
	})
	return ahead + 1
}

/** Whose entry it is: the e-mail it was made with, or the account that made it (whatever its e-mail is now). */
export interface WaitlistOwner {
	email: string
	customerId?: string
}

function ownedBy({ email, customerId }: WaitlistOwner): Prisma.WaitlistEntryWhereInput {
	return { OR: [{ email }, ...(customerId ? [{ customerId }] : [])] }
}

/** The customer leaves the line (only while waiting: an offer already made runs its course). */
export async function leaveWaitlistEntry(entryId: string, owner: WaitlistOwner): Promise<boolean> {
	const { count } = await prisma.waitlistEntry.updateMany({
		where: { id: entryId, status: 'WAITING', ...ownedBy(owner) },
		data: { status: 'LEFT' },
	})
	return count === 1
}

/** A customer's lines from `today` on (waiting, or offered a place now), soonest first, with their items' names. */
export async function listCustomerWaitlistEntries(owner: WaitlistOwner, today: LocalDate) {
	const rows = await prisma.waitlistEntry.findMany({
		where: { status: { in: ['WAITING', 'OFFERED'] }, pickupDate: { gte: dateColumn(today) }, ...ownedBy(owner) },
		select: {
			id: true,
			pickupDate: true,
			quantity: true,
			status: true,
			menuItem: { select: { name: true, nameEs: true, namePtBr: true } },
		},
		orderBy: [{ pickupDate: 'asc' }, { createdAt: 'asc' }],
		take: 50,
	})
	return rows.map((row) => ({ ...row, pickupDate: dateFromColumn(row.pickupDate) }))
}

/** Items and dates with someone waiting and no offer running, from `today` on. */
export async function listWaitingItemDays(today: LocalDate) {
	const rows = await prisma.$queryRaw<Array<{ menuItemId: string; pickupDate: Date }>>`
		SELECT DISTINCT w."menuItemId", w."pickupDate" FROM "WaitlistEntry" w
		WHERE w."status" = 'WAITING' AND w."pickupDate" >= ${dateColumn(today)}::date
			AND NOT EXISTS (
				SELECT 1 FROM "WaitlistEntry" o
				WHERE o."menuItemId" = w."menuItemId" AND o."pickupDate" = w."pickupDate" AND o."status" = 'OFFERED')
		ORDER BY w."pickupDate", w."menuItemId"`
	return rows.map((row) => ({ menuItemId: row.menuItemId, pickupDate: dateFromColumn(row.pickupDate) }))
}

/** The first waiting entry of an item's day, as it is now (nothing locked or written). */
export async function findFirstWaiting(menuItemId: string, pickupDate: LocalDate) {
	const row = await prisma.waitlistEntry.findFirst({
		where: { menuItemId, pickupDate: dateColumn(pickupDate), status: 'WAITING' },
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
		select: entryFields,
	})
	return row && entryOf(row)
}

/**
 * Claims the first waiting entry of an item's day for an offer, recording the order that will hold its place
 * (`orderId`, not placed yet): the entry moves to OFFERED only if no other offer runs for that item and date (the
 * database's one-offer index refuses a second, even from another process). Null: nobody waits, or an offer runs.
 */
export async function claimFirstWaiting(menuItemId: string, pickupDate: LocalDate, orderId: string) {
	try {
		return await prisma.$transaction(async (tx) => {
			const [first] = await tx.$queryRaw<Array<{ id: string }>>`
				SELECT "id" FROM "WaitlistEntry"
				WHERE "menuItemId" = ${menuItemId} AND "pickupDate" = ${dateColumn(pickupDate)}::date AND "status" = 'WAITING'
				ORDER BY "createdAt", "id" LIMIT 1 FOR UPDATE`
			if (!first) return null
			const row = await tx.waitlistEntry.update({
				where: { id: first.id, status: 'WAITING' },
				data: { status: 'OFFERED', offerOrderId: orderId, offeredAt: new Date() },
				select: entryFields,
			})
			return entryOf(row)
		})
	} catch (error) {
		if (isUniqueViolation(error)) return null
		throw error
	}
}

/** An offer that could not be made (nothing freed after all, or no payment page): the entry waits again, first. */
export async function unclaimOffer(entryId: string, orderId: string) {
	await prisma.waitlistEntry.updateMany({
		where: { id: entryId, status: 'OFFERED', offerOrderId: orderId },
		data: { status: 'WAITING', offerOrderId: null, offeredAt: null },
	})
}

/** An entry whose line can no longer be sold ends without an offer (LAPSED), so the next in line is not held up. */
export async function endOffer(entryId: string, orderId: string) {
	await prisma.waitlistEntry.updateMany({
		where: { id: entryId, status: 'OFFERED', offerOrderId: orderId },
		data: { status: 'LAPSED', offerOrderId: null, offeredAt: null },
	})
}

/**
 * Settles the offers whose order has moved on: paid (and whatever followed) is CLAIMED, expired or cancelled unpaid
 * is LAPSED, so the next in line can be offered. An offer whose order never came to be (its process stopped between
 * the claim and the order) waits again after `orphanedBefore`. Entries still waiting for a date before `today` have
 * nothing left to wait for: LAPSED.
 */
export async function settleWaitlistOffers(today: LocalDate, orphanedBefore: Date) {
	return prisma.$transaction([
		prisma.$executeRaw`
			UPDATE "WaitlistEntry" e
			SET "status" = (CASE WHEN o."paidAt" IS NOT NULL OR o."status" IN ('PAID', 'READY', 'PICKED_UP', 'NO_SHOW')
				THEN 'CLAIMED' ELSE 'LAPSED' END)::"WaitlistStatus", "updatedAt" = timezone('UTC', now())
			FROM "Order" o
			WHERE e."status" = 'OFFERED' AND o."id" = e."offerOrderId" AND o."status" <> 'PENDING'`,
		prisma.$executeRaw`
			UPDATE "WaitlistEntry" e
			SET "status" = 'WAITING', "offerOrderId" = NULL, "offeredAt" = NULL, "updatedAt" = timezone('UTC', now())
			WHERE e."status" = 'OFFERED' AND e."offeredAt" < ${orphanedBefore}
				AND NOT EXISTS (SELECT 1 FROM "Order" o WHERE o."id" = e."offerOrderId")`,
		prisma.$executeRaw`
			UPDATE "WaitlistEntry" SET "status" = 'LAPSED', "updatedAt" = timezone('UTC', now())
			WHERE "status" = 'WAITING' AND "pickupDate" < ${dateColumn(today)}::date`,
	])
}

/**
 * The day's waitlists as the owner's day shows them (issue 40: demand that would have gone unseen): per item, how
 * many wait, how many places are offered now, and how many of each were asked for, the longest line first.
 */
export async function waitlistsForDate(pickupDate: LocalDate) {
	const rows = await prisma.$queryRaw<
		Array<{ menuItemId: string; name: string; waiting: number; offered: number; quantity: number }>
	>`
		SELECT w."menuItemId", m."name",
			count(*) FILTER (WHERE w."status" = 'WAITING')::int AS "waiting",
			count(*) FILTER (WHERE w."status" = 'OFFERED')::int AS "offered",
			sum(w."quantity")::int AS "quantity"
		FROM "WaitlistEntry" w JOIN "MenuItem" m ON m."id" = w."menuItemId"
		WHERE w."pickupDate" = ${dateColumn(pickupDate)}::date AND w."status" IN ('WAITING', 'OFFERED')
		GROUP BY w."menuItemId", m."name"
		ORDER BY count(*) DESC, m."name"`
	return rows
}
