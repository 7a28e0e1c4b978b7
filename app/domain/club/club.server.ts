/**
 * The bread club, the subscriber's side (decision 093): joining through a hosted subscription page, the box made at
 * each cutoff as a normal paid order, and the changes a subscriber makes before a cutoff (skip, pause, pickup time,
 * leave), each told to Stripe where it changes what is charged. Routes call these and pick the words.
 */
import { z } from 'zod'
import type { ClubPickupStatus } from '~/generated/prisma/enums'
import { chosenOptionsSchema } from '~/domain/orders/checkout'
import { findClubBoxOrder, payClubBoxOrderIn, placeClubBox, setClubBoxOwed } from '~/domain/orders/index.server'
import { billingProvider, type BillingProvider, type SubscriptionSessionState } from '~/domain/payments/index.server'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { dateFromColumn, getPickupSchedule } from '~/domain/pickup/index.server'
import { addLocalDays, instantAt, localDateOf, type LocalDate } from '~/domain/pickup/pickup-schedule'
import { localizedPath, type Locale } from '~/utils/i18n'
import {
	cutoffOf,
	firstPickupDate,
	intervalDays,
	isPickupDate,
	nextOpenPickupDate,
	pickupDatesFrom,
	windowSlots,
} from './cadence'
import {
	applyRenewal,
	attachMembershipPage,
	claimBox,
	dropUnopenedMembership,
	endMembership,
	findCustomerMembership,
	findJoinablePlan,
	findMembershipBySession,
	leaseStalePlacingBoxes,
	listBoxesOwedCredit,
	listCustomerMemberships,
	listLiveMemberships,
	openMembership,
	recordBoxCredit,
	recordPlacedBox,
	recordRefusedBox,
	setBoxSkipped,
	setMembershipPause,
	setMembershipPickupTime,
	startMembership,
	type ChangeOutcome,
	type Membership,
	type RenewalNews,
} from './models/subscriptions.server'

/** The stand-in's payment page is the membership itself: complete once started, expired once given up. */
async function findTestSession(sessionId: string): Promise<SubscriptionSessionState | null> {
	const membership = await findMembershipBySession(sessionId)
	if (!membership) return null
	const status = membership.status === 'CHECKOUT' ? 'open' : membership.status === 'CANCELLED' ? 'expired' : 'complete'
	return { status, providerSubscriptionId: null, providerCustomerId: null }
}

function billing() {
	return billingProvider(findTestSession)
}

/** A plan's box as stored: [{ menuItemId, quantity, choices }], choices as the cart posts them. */
const storedLinesSchema = z.array(
	z.object({ menuItemId: z.string(), quantity: z.number().int().min(1), choices: chosenOptionsSchema.default([]) }),
)

export function clubBoxLines(lines: unknown) {
	return storedLinesSchema.parse(lines)
}

/** The pickup times a plan's window offers, at the shop's slot length. */
export async function clubPickupTimes(plan: { windowStart: string; windowEnd: string }, now = new Date()) {
	return windowSlots(plan, (await getPickupSchedule(now)).slotMinutes)
}

export type JoinClubResult =
	| { ok: true; url: string }
	| { ok: false; reason: 'closed' | 'full' | 'member' | 'time' | 'payments-off' | 'payment-failed' }

/**
 * A signed-in customer joins a plan at a pickup time in its window: a seat is taken for them (decision 093: the
 * plan's limit is counted under its row lock) and the hosted subscription page opened, nothing charged before the
 * first box's cutoff. A provider failure gives the seat back.
 */
export async function joinClub(input: {
	planId: string
	customer: { id: string; email: string }
	pickupTime: string
	locale: Locale
	origin: string
	now?: Date
}): Promise<JoinClubResult> {
	const now = input.now ?? new Date()
	const provider = billing()
	if (!provider) return { ok: false, reason: 'payments-off' }
	const plan = await findJoinablePlan(input.planId)
	if (!plan) return { ok: false, reason: 'closed' }
	if (!(await clubPickupTimes(plan, now)).includes(input.pickupTime)) return { ok: false, reason: 'time' }
	const opened = await openMembership({
		planId: plan.id,
		customerId: input.customer.id,
		pickupTime: input.pickupTime,
		firstPickupDate: () => firstPickupDate(plan, now),
		locale: input.locale,
		now,
	})
	if (!opened.ok) return opened
	const { membership } = opened
	const first = dateFromColumn(membership.firstPickupDate)
	try {
		const page = await provider.openSubscriptionPage({
			subscriptionId: membership.id,
			plan: { ...membership.plan, intervalWeeks: intervalDays(membership.plan.frequency) / 7 },
			customerEmail: input.customer.email,
			firstChargeAt: cutoffOf(membership.plan, first),
			locale: input.locale,
			// Stripe fills in {CHECKOUT_SESSION_ID}: the return page asks it whether the membership started.
			successUrl: `${input.origin}${localizedPath('/account/club', input.locale)}?started={CHECKOUT_SESSION_ID}`,
			cancelUrl: new URL(localizedPath('/club', input.locale), input.origin).href,
		})
		await attachMembershipPage(membership.id, page.sessionId, page.price)
		return { ok: true, url: page.url }
	} catch (error) {
		console.error(`Could not open the club page for ${membership.id}: ${String(error)}`)
		await dropUnopenedMembership(membership.id, now)
		return { ok: false, reason: 'payment-failed' }
	}
}

/**
 * The provider says the page completed: the membership starts (once). One given up meanwhile, or gone with its
 * account, is ended at the provider, or it would be charged at the first cutoff.
 */
async function startFromPage(
	provider: BillingProvider,
	event: { eventId: string; type: string },
	page: { sessionId: string; providerSubscriptionId: string | null; providerCustomerId: string | null },
) {
	const outcome = await startMembership(event, page)
	if ((outcome === 'given-up' || outcome === 'unknown') && page.providerSubscriptionId) {
		await provider.cancelSubscription(page.providerSubscriptionId)
	}
	return outcome
}

/**
 * The return page after the subscription page (?started=<session>): asks the provider, so a membership starts even
 * when the webhook is late. Only the customer's own page counts.
 */
export async function confirmClubPage(sessionId: string, customerId: string) {
	const provider = billing()
	const membership = await findMembershipBySession(sessionId)
	if (!provider || membership?.customerId !== customerId) return 'unknown' as const
	if (membership.status !== 'CHECKOUT') return 'unchanged' as const
	const page = await provider.retrieveSubscriptionSession(sessionId)
	if (page?.status !== 'complete') return 'unchanged' as const
	return startFromPage(provider, { eventId: `return:club:${sessionId}`, type: 'club.return' }, { sessionId, ...page })
}

/** The dev stand-in's page: "Subscribe" starts the membership as Stripe's webhook would. */
export async function completeTestClubPage(sessionId: string) {
	const provider = billing()
	if (provider?.kind !== 'test') return 'unknown' as const
	return startFromPage(
		provider,
		{ eventId: `test-page:club:${sessionId}`, type: 'club.test-page' },
		{ sessionId, providerSubscriptionId: null, providerCustomerId: null },
	)
}

/** The dev stand-in's page for a membership's session (null: not the stand-in's, or no such page). */
export async function testClubPage(sessionId: string | undefined) {
	if (!sessionId || billing()?.kind !== 'test') return null
	const membership = await findMembershipBySession(sessionId)
	if (!membership) return null
	return {
		planName: membership.plan.name,
		priceCents: membership.priceCents,
		locale: membership.locale as Locale,
		open: membership.status === 'CHECKOUT',
		createdAt: membership.createdAt,
	}
}

/** The stand-in page's "Cancel": the membership never starts and its seat is free again. */
export async function cancelTestClubPage(sessionId: string, now = new Date()) {
	const membership = await findMembershipBySession(sessionId)
	if (membership) await dropUnopenedMembership(membership.id, now)
}

/** What Stripe Billing tells the club (the webhook): a page completed, or a renewal was paid, failed or ended. */
export type ClubBillingEvent = { eventId: string; type: string } & (
	| { kind: 'started'; sessionId: string; providerSubscriptionId: string | null; providerCustomerId: string | null }
	| ({ providerSubscriptionId: string } & RenewalNews)
)

export async function applyClubBillingEvent(event: ClubBillingEvent, now = new Date()) {
	const provider = billing()
	if (event.kind === 'started') {
		if (!provider) return 'unknown'
		return startFromPage(provider, event, event)
	}
	const { outcome, latestBoxOrderId } = await applyRenewal(event, event.providerSubscriptionId, event, now)
	// The box the renewal was for: owed at the counter while the charge fails, paid again once it succeeds.
	if (outcome === 'applied' && latestBoxOrderId && event.kind !== 'ended') {
		await setClubBoxOwed(latestBoxOrderId, event.kind === 'failed')
	}
	return outcome
}

export type ClubBoxState = 'open' | 'skipped' | 'paused' | 'placed' | 'refused' | 'unpaid' | 'closed'

/** A recorded box as the account shows it: one being made is past its cutoff like any other. */
const recordedStates = {
	PLACING: 'closed',
	PLACED: 'placed',
	SKIPPED: 'skipped',
	PAUSED: 'paused',
	UNPAID: 'unpaid',
	REFUSED: 'refused',
} as const satisfies Record<ClubPickupStatus, ClubBoxState>

/** How many coming boxes the account lists per membership. */
const LISTED_BOXES = 6

/**
 * A customer's memberships as their account shows them: the plan, their time and the times they may move to, and the
 * coming boxes with each one's state and cutoff (open: still changeable).
 */
export async function customerClub(customerId: string, now = new Date()) {
	const today = localDateOf(now, BAKERY_TIME_ZONE)
	const [memberships, slotMinutes] = await Promise.all([
		listCustomerMemberships(customerId, today),
		getPickupSchedule(now).then((schedule) => schedule.slotMinutes),
	])
	return memberships.map((membership) => {
		const { plan } = membership
		const pausedUntil = membership.pausedUntil ? dateFromColumn(membership.pausedUntil) : null
		const recorded = new Map(membership.pickups.map((pickup) => [dateFromColumn(pickup.pickupDate), pickup]))
		const dates = pickupDatesFrom(dateFromColumn(membership.firstPickupDate), plan.frequency, today, LISTED_BOXES)
		const boxes = dates.map((date) => {
			const cutoffAt = cutoffOf(plan, date)
			const pickup = recorded.get(date)
			const state: ClubBoxState = pickup
				? recordedStates[pickup.status]
				: cutoffAt <= now
					? 'closed'
					: pausedUntil && date < pausedUntil
						? 'paused'
						: 'open'
			return { date, cutoffAt, state, orderId: pickup?.order?.id ?? null }
		})
		return {
			id: membership.id,
			status: membership.status,
			plan: {
				name: plan.name,
				nameEs: plan.nameEs,
				namePtBr: plan.namePtBr,
				frequency: plan.frequency,
				pickupWeekday: plan.pickupWeekday,
			},
			priceCents: membership.priceCents,
			pickupTime: membership.pickupTime,
			pickupTimes: windowSlots(plan, slotMinutes),
			pausedUntil: pausedUntil && pausedUntil > today ? pausedUntil : null,
			boxes,
		}
	})
}

export type ClubChangeOutcome = ChangeOutcome | 'payment-failed'

/** Runs a change whose provider part may fail: nothing is saved then (the transaction rolls back). */
async function withProvider(change: () => Promise<ChangeOutcome>): Promise<ClubChangeOutcome> {
	try {
		return await change()
	} catch (error) {
		console.error(`A bread club change failed at the payment provider: ${String(error)}`)
		return 'payment-failed'
	}
}

/** Skips (or takes back the skip of) the box of `date`, until its cutoff. */
export async function skipClubBox(input: {
	membershipId: string
	customerId: string
	date: string
	skip: boolean
	now?: Date
}): Promise<ClubChangeOutcome> {
	const now = input.now ?? new Date()
	const membership = await findCustomerMembership(input.membershipId, input.customerId)
	if (!membership) return 'not-member'
	const first = dateFromColumn(membership.firstPickupDate)
	if (!isPickupDate(first, membership.plan.frequency, input.date)) return 'not-member'
	if (cutoffOf(membership.plan, input.date) <= now) return 'past-cutoff'
	return setBoxSkipped(membership.id, input.customerId, input.date, input.skip)
}

/** The longest pause a subscriber may set themselves (the owner can be asked for more). */
export const MAX_PAUSE_WEEKS = 8

/**
 * Pauses the boxes from the next one still open for `weeks` weeks (1–MAX_PAUSE_WEEKS), or resumes (`weeks` 0) from
 * the next open box. Stripe stops collecting until the day before the first box after the pause (its invoices in
 * the pause are voided), or collects again at once.
 */
export async function pauseClub(input: {
	membershipId: string
	customerId: string
	weeks: number
	now?: Date
}): Promise<ClubChangeOutcome> {
	const now = input.now ?? new Date()
	const provider = billing()
	const membership = await findCustomerMembership(input.membershipId, input.customerId)
	if (!membership || !provider) return 'not-member'
	const { plan } = membership
	const first = dateFromColumn(membership.firstPickupDate)
	const firstDate = nextOpenPickupDate({ firstPickupDate: first, frequency: plan.frequency }, plan, now)
	const until = input.weeks > 0 ? addLocalDays(firstDate, input.weeks * 7) : null
	const resumeDate = until ? pickupDatesFrom(first, plan.frequency, until, 1)[0]! : null
	return withProvider(() =>
		setMembershipPause(
			membership.id,
			input.customerId,
			{ firstDate, until: resumeDate },
			async ({ providerSubscriptionId }) => {
				if (!providerSubscriptionId) return
				// A day before the first box after the pause: after the last paused cutoff, before the next charge.
				const resumesAt = resumeDate ? new Date(cutoffOf(plan, resumeDate).getTime() - 86_400_000) : null
				await provider.pauseCollection(providerSubscriptionId, resumesAt)
			},
		),
	)
}

/** Moves the boxes not yet made to another time in the plan's window. */
export async function changeClubPickupTime(input: {
	membershipId: string
	customerId: string
	pickupTime: string
	now?: Date
}): Promise<ClubChangeOutcome> {
	const membership = await findCustomerMembership(input.membershipId, input.customerId)
	if (!membership) return 'not-member'
	if (!(await clubPickupTimes(membership.plan, input.now)).includes(input.pickupTime)) return 'unchanged'
	return setMembershipPickupTime(membership.id, input.customerId, input.pickupTime)
}

/** Leaves the club: no box after the ones already made, and Stripe charges nothing more (nothing is prorated). */
export async function leaveClub(input: {
	membershipId: string
	customerId: string
	now?: Date
}): Promise<ClubChangeOutcome> {
	const provider = billing()
	if (!provider) return 'not-member'
	return withProvider(() =>
		endMembership(input.membershipId, input.customerId, input.now ?? new Date(), async (membership) => {
			if (membership.providerSubscriptionId) await provider.cancelSubscription(membership.providerSubscriptionId)
		}),
	)
}

/**
 * The provider's page to change the card a member's renewals are charged to (after a failed renewal), back to their
 * account's club page. Null: not their membership, or nothing to change (not started with the provider).
 */
export async function clubCardPage(input: {
	membershipId: string
	customerId: string
	locale: Locale
	origin: string
}) {
	const provider = billing()
	const membership = await findCustomerMembership(input.membershipId, input.customerId)
	if (!provider || !membership) return null
	if (!membership.providerCustomerId && provider.kind === 'stripe') return null
	return provider.openCardPage({
		providerCustomerId: membership.providerCustomerId ?? '',
		returnUrl: new URL(localizedPath('/account/club', input.locale), input.origin).href,
		locale: input.locale,
	})
}

/** What one cutoff run did. */
export interface ClubRun {
	placed: number
	refused: number
	skippedOrPaused: number
	credited: number
}

/**
 * Makes every box whose cutoff has come, exactly once however many processes run it (the claim is a unique row per
 * membership and date, under the membership's row lock): each becomes a paid order through the checkout's own
 * statement, competing for the slot, the day's limits and the oven with every other order; a box no time in the
 * window can take is REFUSED. A run that stopped mid-way is taken up by the next. Then the boxes not made are
 * credited on Stripe (each once: the credit's key is the box).
 */
export async function makeDueClubBoxes(now = new Date()): Promise<ClubRun> {
	const run: ClubRun = { placed: 0, refused: 0, skippedOrPaused: 0, credited: 0 }
	const today = localDateOf(now, BAKERY_TIME_ZONE)
	const slotMinutes = (await getPickupSchedule(now)).slotMinutes
	for (const membership of await listLiveMemberships()) {
		const first = dateFromColumn(membership.firstPickupDate)
		const [date] = pickupDatesFrom(first, membership.plan.frequency, today, 1)
		if (!date || cutoffOf(membership.plan, date) > now) continue
		const claimed = await claimBox(membership.id, date, now)
		if (!claimed) continue
		if (claimed.status !== 'PLACING') run.skippedOrPaused += 1
		else run[await placeBox(claimed.pickupId, date, claimed.membership, slotMinutes, now)] += 1
	}
	for (const stale of await leaseStalePlacingBoxes(now)) {
		run[await placeBox(stale.pickupId, stale.date, stale.membership, slotMinutes, now)] += 1
	}
	run.credited = await creditBoxesNotMade(today, now)
	return run
}

async function placeBox(
	pickupId: string,
	date: LocalDate,
	membership: Membership,
	slotMinutes: number,
	now: Date,
): Promise<'placed' | 'refused'> {
	// A run stopped after placing: the order is there (its id is the box's), still to be paid by the membership.
	const earlier = await findClubBoxOrder(pickupId)
	if (earlier?.status === 'PENDING') {
		await recordPlacedBox(pickupId, pickupId, (tx) => payClubBoxOrderIn(tx, pickupId))
		return 'placed'
	}
	if (earlier) {
		await recordRefusedBox(pickupId)
		return 'refused'
	}
	const { plan, customer } = membership
	const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
	const times = windowSlots(plan, slotMinutes)
		.sort(
			(a, b) =>
				Math.abs(minutes(a) - minutes(membership.pickupTime)) - Math.abs(minutes(b) - minutes(membership.pickupTime)),
		)
		.map((time) => instantAt(date, time, BAKERY_TIME_ZONE))
	// Their own time first even when the window's slots have changed since they chose it.
	if (!times.some((time) => time.getTime() === instantAt(date, membership.pickupTime, BAKERY_TIME_ZONE).getTime())) {
		times.unshift(instantAt(date, membership.pickupTime, BAKERY_TIME_ZONE))
	}
	const placed = await placeClubBox(
		{
			customer: {
				name: customer.name || customer.email,
				email: customer.email,
				...(customer.phone ? { phone: customer.phone } : {}),
			},
			items: clubBoxLines(plan.lines).map((line) => ({
				id: line.menuItemId,
				quantity: line.quantity,
				choices: line.choices,
			})),
		},
		{ orderId: pickupId, locale: membership.locale as Locale, priceCents: membership.priceCents, times, now },
	)
	if (placed.ok) {
		await recordPlacedBox(pickupId, placed.orderId, (tx) => payClubBoxOrderIn(tx, placed.orderId))
		return 'placed'
	}
	await recordRefusedBox(pickupId)
	return 'refused'
}

/** Credits each box not made (skipped, unpaid, refused) once its cutoff has come: the charge at that cutoff is undone. */
async function creditBoxesNotMade(today: LocalDate, now: Date) {
	const provider = billing()
	if (!provider) return 0
	let credited = 0
	for (const box of await listBoxesOwedCredit(addLocalDays(today, -7))) {
		const membership = box.subscription
		const date = dateFromColumn(box.pickupDate)
		if (cutoffOf(membership.plan, date) > now) continue
		if (!membership.providerCustomerId && provider.kind === 'stripe') continue
		try {
			const creditId = await provider.adjustBalance({
				providerCustomerId: membership.providerCustomerId ?? '',
				amountCents: -membership.priceCents,
				reference: `box-${box.id}`,
			})
			await recordBoxCredit(box.id, creditId)
			credited += 1
		} catch (error) {
			// The next run tries again; the credit's key makes a retry the same credit.
			console.error(`Could not credit club box ${box.id}: ${String(error)}`)
		}
	}
	return credited
}
