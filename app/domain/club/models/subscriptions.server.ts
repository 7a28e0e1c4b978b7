/**
 * The bread club's memberships and boxes (decision 093): the only query site for ClubSubscription and ClubPickup's
 * writes. Every rule that must hold under concurrency is the database's: a plan's seats are counted under its row
 * lock, one live membership per customer and plan is a partial unique index, and a box date is recorded once per
 * membership (a unique key) under the membership's row lock, which every change before the cutoff takes too.
 */
import crypto from 'node:crypto'
import type { Prisma } from '~/generated/prisma/client'
import type { ClubPickupStatus } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'
import { enqueueMail } from '~/domain/mail/index.server'
import { claimProviderEvent, CHECKOUT_SESSION_MINUTES } from '~/domain/payments/index.server'
import { dateColumn, dateFromColumn } from '~/domain/pickup/index.server'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import type { Locale } from '~/utils/i18n'

type Tx = Prisma.TransactionClient

/** Members: a box is made for them at each cutoff (a past-due one's is recorded UNPAID). */
const LIVE_STATUSES = ['ACTIVE', 'PAST_DUE'] as const

/** A payment page still open holds its seat as long as it can be paid (and a minute). */
const CHECKOUT_SEAT_MS = (CHECKOUT_SESSION_MINUTES + 1) * 60_000

/** The memberships holding a plan's seat at `now`: members, and payment pages that can still be paid. */
export function seatHolders(now: Date): Prisma.ClubSubscriptionWhereInput {
	return {
		OR: [
			{ status: { in: [...LIVE_STATUSES] } },
			{ status: 'CHECKOUT', createdAt: { gt: new Date(now.getTime() - CHECKOUT_SEAT_MS) } },
		],
	}
}

/** A box claimed for placing whose run stopped (its process died) is taken up again after this. */
const STALE_PLACING_MS = 2 * 60_000

const membershipSelect = {
	id: true,
	status: true,
	pickupTime: true,
	firstPickupDate: true,
	pausedUntil: true,
	locale: true,
	priceCents: true,
	providerCustomerId: true,
	providerSubscriptionId: true,
	customerId: true,
	createdAt: true,
	plan: true,
	customer: { select: { name: true, email: true, phone: true } },
} as const satisfies Prisma.ClubSubscriptionSelect

export type Membership = Prisma.ClubSubscriptionGetPayload<{ select: typeof membershipSelect }>

/** The membership's row, locked to the end of `tx`: the cutoff's claim and the subscriber's changes take turns. */
async function lockMembership(tx: Tx, id: string) {
	await tx.$queryRaw`SELECT 1 FROM "ClubSubscription" WHERE "id" = ${id} FOR UPDATE`
	return tx.clubSubscription.findUnique({ where: { id }, select: membershipSelect })
}

export type OpenMembershipOutcome =
	{ ok: true; membership: Membership } | { ok: false; reason: 'closed' | 'full' | 'member' }

/**
 * A new membership waiting for its payment page, taking a seat: under the plan's row lock, members and open pages
 * younger than a page's lifetime are counted against maxSubscribers. The customer's own earlier unfinished page for
 * the plan is given up (its seat with it). 'member': they already belong.
 */
export async function openMembership(input: {
	planId: string
	customerId: string
	pickupTime: string
	firstPickupDate: (plan: { pickupWeekday: number }) => LocalDate
	locale: Locale
	now: Date
}): Promise<OpenMembershipOutcome> {
	return prisma.$transaction(async (tx) => {
		await tx.$queryRaw`SELECT 1 FROM "ClubPlan" WHERE "id" = ${input.planId} FOR UPDATE`
		const plan = await tx.clubPlan.findUnique({ where: { id: input.planId } })
		if (!plan?.active) return { ok: false, reason: 'closed' }
		const own = { customerId: input.customerId, planId: plan.id }
		if (await tx.clubSubscription.findFirst({ where: { ...own, status: { in: [...LIVE_STATUSES] } } })) {
			return { ok: false, reason: 'member' }
		}
		await tx.clubSubscription.updateMany({
			where: { ...own, status: 'CHECKOUT' },
			data: { status: 'CANCELLED', cancelledAt: input.now },
		})
		const seated = await tx.clubSubscription.count({ where: { planId: plan.id, ...seatHolders(input.now) } })
		if (seated >= plan.maxSubscribers) return { ok: false, reason: 'full' }
		const membership = await tx.clubSubscription.create({
			data: {
				...own,
				pickupTime: input.pickupTime,
				firstPickupDate: dateColumn(input.firstPickupDate(plan)),
				locale: input.locale,
				priceCents: plan.priceCents,
				createdAt: input.now,
			},
			select: membershipSelect,
		})
		return { ok: true, membership }
	})
}

/** The membership's payment page, and the plan's Stripe Price made for it (kept for the next subscriber). */
export async function attachMembershipPage(
	membershipId: string,
	sessionId: string,
	price: { productId: string; priceId: string; key: string } | null,
) {
	await prisma.$transaction(async (tx) => {
		const membership = await tx.clubSubscription.update({
			where: { id: membershipId },
			data: { providerSessionId: sessionId },
			select: { planId: true },
		})
		if (price) {
			await tx.clubPlan.update({
				where: { id: membership.planId },
				data: { providerProductId: price.productId, providerPriceId: price.priceId, providerPriceKey: price.key },
			})
		}
	})
}

/** The page could not be opened: the membership ends before it began (its seat is free again). */
export async function dropUnopenedMembership(membershipId: string, now: Date) {
	await prisma.clubSubscription.updateMany({
		where: { id: membershipId, status: 'CHECKOUT' },
		data: { status: 'CANCELLED', cancelledAt: now },
	})
}

export type StartOutcome = 'started' | 'unchanged' | 'duplicate' | 'unknown' | 'given-up'

/**
 * The payment page completed (the webhook, or the return page asking the provider): the membership starts, once,
 * and its welcome mail is queued in the same transaction. 'given-up': the customer had started another page for the
 * plan since (or it lapsed); the provider's subscription must be ended, which the caller does.
 */
export async function startMembership(
	event: { eventId: string; type: string },
	page: { sessionId: string; providerSubscriptionId: string | null; providerCustomerId: string | null },
): Promise<StartOutcome> {
	return prisma.$transaction(async (tx) => {
		if (!(await claimProviderEvent(tx, event))) return 'duplicate'
		const membership = await tx.clubSubscription.findUnique({
			where: { providerSessionId: page.sessionId },
			select: { id: true, status: true },
		})
		if (!membership) return 'unknown'
		if (membership.status === 'CANCELLED') return 'given-up'
		if (membership.status !== 'CHECKOUT') return 'unchanged'
		await tx.clubSubscription.update({
			where: { id: membership.id },
			data: {
				status: 'ACTIVE',
				providerSubscriptionId: page.providerSubscriptionId,
				providerCustomerId: page.providerCustomerId,
			},
		})
		await enqueueMail(tx, { kind: 'club-welcome', subscriptionId: membership.id })
		return 'started'
	})
}

/** The membership a payment page was opened for (the stand-in's sessions, and the return page). */
export function findMembershipBySession(sessionId: string) {
	return prisma.clubSubscription.findUnique({
		where: { providerSessionId: sessionId },
		select: { ...membershipSelect, providerSessionId: true },
	})
}

/** A customer's own membership (null: none of theirs). */
export function findCustomerMembership(membershipId: string, customerId: string) {
	return prisma.clubSubscription.findFirst({ where: { id: membershipId, customerId }, select: membershipSelect })
}

/** A customer's memberships, live first, with their boxes' records from `from` on. */
export function listCustomerMemberships(customerId: string, from: LocalDate) {
	return prisma.clubSubscription.findMany({
		where: { customerId, status: { in: [...LIVE_STATUSES] } },
		select: {
			...membershipSelect,
			pickups: {
				where: { pickupDate: { gte: dateColumn(from) } },
				select: { pickupDate: true, status: true, order: { select: { id: true, pickupAt: true } } },
			},
		},
		orderBy: { createdAt: 'asc' },
	})
}

/** Every live membership with its plan: the cutoff run's list. */
export function listLiveMemberships() {
	return prisma.clubSubscription.findMany({ where: { status: { in: [...LIVE_STATUSES] } }, select: membershipSelect })
}

export type ClaimedBox = { pickupId: string; status: ClubPickupStatus; membership: Membership }

/**
 * Records the membership's box on `date` once, whatever the processes racing for it: under the membership's row
 * lock, one row per membership and date (ON CONFLICT DO NOTHING), as the membership stands then: PAUSED inside a
 * pause, UNPAID when past due, else PLACING (its order is placed next), its lease starting `now` (the run's clock, which
 * `leaseStalePlacingBoxes` reads). Null: recorded already (or no longer a member).
 */
export async function claimBox(membershipId: string, date: LocalDate, now: Date): Promise<ClaimedBox | null> {
	return prisma.$transaction(async (tx) => {
		const membership = await lockMembership(tx, membershipId)
		if (!membership || !(LIVE_STATUSES as readonly string[]).includes(membership.status)) return null
		const paused = membership.pausedUntil !== null && dateFromColumn(membership.pausedUntil) > date
		const status: ClubPickupStatus = paused ? 'PAUSED' : membership.status === 'PAST_DUE' ? 'UNPAID' : 'PLACING'
		const pickupId = crypto.randomUUID()
		const { count } = await tx.clubPickup.createMany({
			data: [{ id: pickupId, subscriptionId: membership.id, pickupDate: dateColumn(date), status, updatedAt: now }],
			skipDuplicates: true,
		})
		if (count === 0) return null
		if (status === 'UNPAID') await enqueueMail(tx, { kind: 'club-box-missed', pickupId })
		return { pickupId, status, membership }
	})
}

/** Boxes claimed for placing whose run stopped: each handed to one caller again (a lease on its updatedAt). */
export async function leaseStalePlacingBoxes(now: Date) {
	const rows = await prisma.$queryRaw<Array<{ id: string; subscriptionId: string; pickupDate: Date }>>`
		UPDATE "ClubPickup" SET "updatedAt" = ${now}
		WHERE "status" = 'PLACING' AND "updatedAt" < ${new Date(now.getTime() - STALE_PLACING_MS)}
		RETURNING "id", "subscriptionId", "pickupDate"`
	const memberships = await prisma.clubSubscription.findMany({
		where: { id: { in: rows.map((row) => row.subscriptionId) } },
		select: membershipSelect,
	})
	return rows.flatMap((row) => {
		const membership = memberships.find((candidate) => candidate.id === row.subscriptionId)
		return membership ? [{ pickupId: row.id, date: dateFromColumn(row.pickupDate), membership }] : []
	})
}

/** The box's order is placed: it is paid by the membership and the box recorded PLACED, together. */
export async function recordPlacedBox(pickupId: string, orderId: string, payOrderIn: (tx: Tx) => Promise<unknown>) {
	await prisma.$transaction(async (tx) => {
		await payOrderIn(tx)
		await tx.clubPickup.updateMany({ where: { id: pickupId, status: 'PLACING' }, data: { status: 'PLACED', orderId } })
	})
}

/** No time could take the box: REFUSED, and its subscriber told. */
export async function recordRefusedBox(pickupId: string) {
	await prisma.$transaction(async (tx) => {
		const { count } = await tx.clubPickup.updateMany({
			where: { id: pickupId, status: 'PLACING' },
			data: { status: 'REFUSED' },
		})
		if (count > 0) await enqueueMail(tx, { kind: 'club-box-missed', pickupId })
	})
}

/** Boxes not made whose price is still to be credited (decision 093: credited at their cutoff), with their membership. */
export function listBoxesOwedCredit(from: LocalDate) {
	return prisma.clubPickup.findMany({
		where: {
			status: { in: ['SKIPPED', 'UNPAID', 'REFUSED'] },
			creditId: null,
			pickupDate: { gte: dateColumn(from) },
			subscription: { status: { in: [...LIVE_STATUSES] } },
		},
		select: { id: true, pickupDate: true, subscription: { select: membershipSelect } },
	})
}

export async function recordBoxCredit(pickupId: string, creditId: string) {
	await prisma.clubPickup.updateMany({ where: { id: pickupId, creditId: null }, data: { creditId } })
}

export type ChangeOutcome = 'changed' | 'unchanged' | 'past-cutoff' | 'not-member'

/**
 * A subscriber's change before a cutoff, under the membership's row lock, which the cutoff's claim takes too: a box
 * already recorded is past its cutoff whatever the clock said. A payment provider's part runs inside the
 * transaction: if it fails, nothing is saved.
 */
async function changeMembership(
	membershipId: string,
	customerId: string,
	change: (tx: Tx, membership: Membership) => Promise<ChangeOutcome>,
): Promise<ChangeOutcome> {
	return prisma.$transaction(
		async (tx) => {
			const membership = await lockMembership(tx, membershipId)
			if (!membership || membership.customerId !== customerId) return 'not-member'
			if (!(LIVE_STATUSES as readonly string[]).includes(membership.status)) return 'not-member'
			return change(tx, membership)
		},
		{ timeout: 20_000 },
	)
}

/** Whether the box of `date` is recorded already (its cutoff has been run). */
async function boxRecorded(tx: Tx, membershipId: string, date: LocalDate) {
	const row = await tx.clubPickup.findUnique({
		where: { subscriptionId_pickupDate: { subscriptionId: membershipId, pickupDate: dateColumn(date) } },
		select: { status: true },
	})
	return row?.status ?? null
}

/** Skips the box of `date` (SKIPPED, recorded now; credited at its cutoff), or takes the skip back (`skip` false). */
export function setBoxSkipped(membershipId: string, customerId: string, date: LocalDate, skip: boolean) {
	return changeMembership(membershipId, customerId, async (tx, membership) => {
		const recorded = await boxRecorded(tx, membershipId, date)
		// A paused box is neither made nor charged: there is nothing to skip (nor to credit).
		if (membership.pausedUntil && dateFromColumn(membership.pausedUntil) > date) return 'unchanged'
		if (skip) {
			if (recorded === 'SKIPPED') return 'unchanged'
			if (recorded) return 'past-cutoff'
			await tx.clubPickup.create({
				data: { subscriptionId: membershipId, pickupDate: dateColumn(date), status: 'SKIPPED' },
			})
			return 'changed'
		}
		if (recorded === null) return 'unchanged'
		const { count } = await tx.clubPickup.deleteMany({
			where: { subscriptionId: membershipId, pickupDate: dateColumn(date), status: 'SKIPPED', creditId: null },
		})
		return count > 0 ? 'changed' : 'past-cutoff'
	})
}

/**
 * Pauses from the box of `firstDate` to (not including) `until`, or resumes (`until` null) from `firstDate` on. The
 * skips inside the pause are dropped: a paused box is neither made nor charged. `provider` tells the payment
 * provider (it pauses or resumes collecting).
 */
export function setMembershipPause(
	membershipId: string,
	customerId: string,
	{ firstDate, until }: { firstDate: LocalDate; until: LocalDate | null },
	provider: (membership: Membership) => Promise<void>,
) {
	return changeMembership(membershipId, customerId, async (tx, membership) => {
		const recorded = await boxRecorded(tx, membershipId, firstDate)
		if (recorded && recorded !== 'SKIPPED') return 'past-cutoff'
		const current = membership.pausedUntil ? dateFromColumn(membership.pausedUntil) : null
		if (current === until || (until === null && (current === null || current <= firstDate))) return 'unchanged'
		await tx.clubSubscription.update({
			where: { id: membershipId },
			data: { pausedUntil: until ? dateColumn(until) : null },
		})
		if (until) {
			await tx.clubPickup.deleteMany({
				where: {
					subscriptionId: membershipId,
					status: 'SKIPPED',
					creditId: null,
					pickupDate: { gte: dateColumn(firstDate), lt: dateColumn(until) },
				},
			})
		}
		await provider(membership)
		return 'changed'
	})
}

/** The slot the boxes not yet recorded are picked up at. */
export function setMembershipPickupTime(membershipId: string, customerId: string, pickupTime: string) {
	return changeMembership(membershipId, customerId, async (tx, membership) => {
		if (membership.pickupTime === pickupTime) return 'unchanged'
		await tx.clubSubscription.update({ where: { id: membershipId }, data: { pickupTime } })
		return 'changed'
	})
}

/** Ends the membership now (the boxes already recorded stand); `provider` ends the provider's subscription. */
export function endMembership(
	membershipId: string,
	customerId: string,
	now: Date,
	provider: (membership: Membership) => Promise<void>,
) {
	return changeMembership(membershipId, customerId, async (tx, membership) => {
		await tx.clubSubscription.update({
			where: { id: membershipId },
			data: { status: 'CANCELLED', cancelledAt: now },
		})
		await provider(membership)
		return 'changed'
	})
}

/** What the provider said of a membership's renewals (Stripe's invoices and subscription events). */
export type RenewalNews =
	| { kind: 'paid' }
	| { kind: 'failed'; invoiceId: string }
	/** The provider ended the subscription (its retries failed, or the dashboard). */
	| { kind: 'ended' }

export type RenewalOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown'

/**
 * One renewal event, once (its id claimed in the same transaction): a failure makes the membership PAST_DUE and tells
 * the subscriber (one mail per invoice), and `owe(orderId)` marks the box it should have paid as owed at the counter;
 * a payment makes it ACTIVE again and the box paid; an end cancels it and tells them. Returns the outcome and the
 * latest box's order the caller settles.
 */
export async function applyRenewal(
	event: { eventId: string; type: string },
	providerSubscriptionId: string,
	news: RenewalNews,
	now: Date,
): Promise<{ outcome: RenewalOutcome; latestBoxOrderId: string | null }> {
	return prisma.$transaction(async (tx) => {
		if (!(await claimProviderEvent(tx, event))) return { outcome: 'duplicate', latestBoxOrderId: null }
		const membership = await tx.clubSubscription.findUnique({
			where: { providerSubscriptionId },
			select: { id: true, status: true },
		})
		if (!membership) return { outcome: 'unknown', latestBoxOrderId: null }
		const latest = await tx.clubPickup.findFirst({
			where: { subscriptionId: membership.id, status: 'PLACED', orderId: { not: null } },
			orderBy: { pickupDate: 'desc' },
			select: { orderId: true },
		})
		const latestBoxOrderId = latest?.orderId ?? null
		if (news.kind === 'failed') {
			if (membership.status === 'CANCELLED') return { outcome: 'unchanged', latestBoxOrderId: null }
			await tx.clubSubscription.updateMany({
				where: { id: membership.id, status: 'ACTIVE' },
				data: { status: 'PAST_DUE' },
			})
			await enqueueMail(tx, { kind: 'club-payment-failed', subscriptionId: membership.id, invoiceId: news.invoiceId })
			return { outcome: 'applied', latestBoxOrderId }
		}
		if (news.kind === 'paid') {
			const { count } = await tx.clubSubscription.updateMany({
				where: { id: membership.id, status: 'PAST_DUE' },
				data: { status: 'ACTIVE' },
			})
			return { outcome: count > 0 ? 'applied' : 'unchanged', latestBoxOrderId }
		}
		const { count } = await tx.clubSubscription.updateMany({
			where: { id: membership.id, status: { not: 'CANCELLED' } },
			data: { status: 'CANCELLED', cancelledAt: now },
		})
		if (count > 0 && membership.status !== 'CHECKOUT') {
			await enqueueMail(tx, { kind: 'club-ended', subscriptionId: membership.id })
		}
		return { outcome: count > 0 ? 'applied' : 'unchanged', latestBoxOrderId: null }
	})
}

/** A plan taking new members (null: unknown or closed). */
export function findJoinablePlan(planId: string) {
	return prisma.clubPlan.findFirst({ where: { id: planId, active: true } })
}

/** Whether a plan has members: their Stripe cycles follow its day, frequency and cutoff, which then stay as they are. */
export async function planHasMembers(planId: string) {
	return (await prisma.clubSubscription.count({ where: { planId, status: { in: [...LIVE_STATUSES] } } })) > 0
}
