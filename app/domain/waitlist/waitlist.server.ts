/**
 * Waitlists (issue 40, decision 091): a customer waits for an item on a pickup date it is sold out for (its daily
 * limit, or the kitchen's production), or for a pickup time that is full. When a place frees up (an unpaid checkout
 * expires, an order is cancelled or moved, the owner raises a limit), the first in line is offered it: an order held
 * in their name by the checkout's own statement, with its payment page, whose link goes to them by mail (and text,
 * when they asked). The page's 30 minutes are the hold; unpaid, the offer lapses and the next in line is offered the
 * place. One offer runs per item and date at a time, however many processes run `offerFreedPlaces`.
 */
import crypto from 'node:crypto'
import { holdOfferedOrder, sendWaitlistOffer } from '~/domain/orders/index.server'
import { getCheckoutRules, getPickupSchedule, loadCartPickup } from '~/domain/pickup/index.server'
import { isQuietHours } from '~/domain/texts/index.server'
import { isLocalDate, localDateOf, type LocalDate, type PickupDay } from '~/domain/pickup/pickup-schedule'
import { localizedLine, pickLocalized } from '~/domain/content/localized-content'
import { lineName, priceChoices } from '~/domain/menu/item-options'
import type { Locale } from '~/utils/i18n'
import { MAX_WAITLIST_QUANTITY } from './waitlist-form'
import {
	addWaitlistEntry,
	claimFirstWaiting,
	endOffer,
	findFirstWaiting,
	leaveWaitlistEntry,
	listCustomerWaitlistEntries,
	listWaitingItemDays,
	settleWaitlistOffers,
	unclaimOffer,
	waitlistPosition,
	type WaitlistEntryView,
	type WaitlistOwner,
} from './models/waitlist.server'

export type Choice = { groupId: string; optionIds?: string[]; text?: string }

export interface WaitlistRequest {
	menuItemId: string
	pickupDate: LocalDate
	/** The full pickup time they wanted (an ISO instant); missing: any time that day. */
	pickupAt?: string
	quantity: number
	choices?: readonly Choice[]
	customer: { name: string; email: string; phone?: string }
	/** The customer asked to be texted the offer too (needs `customer.phone`). */
	textOffer: boolean
	customerId?: string
	locale: Locale
}

/**
 * Why nobody may wait: the item is not sold online ('not-for-sale'), the day is one a place cannot free up on (closed,
 * too soon, outside the item's window, beyond the days customers may order: 'not-waitable'), or it can be ordered now
 * ('available': the checkout takes it).
 */
export type WaitlistRefusal = 'not-for-sale' | 'not-waitable' | 'available'

export type JoinWaitlistResult =
	{ ok: true; entryId: string; position: number; alreadyWaiting: boolean } | { ok: false; reason: WaitlistRefusal }

/**
 * Puts the customer in line for the item on that date (or that full time), after the server has checked that it is
 * indeed sold out there and could free up. Joining again with the same e-mail keeps the first place.
 */
export async function joinWaitlist(request: WaitlistRequest, now = new Date()): Promise<JoinWaitlistResult> {
	const { menuItemId, pickupDate, pickupAt, quantity } = request
	if (!isLocalDate(pickupDate) || quantity < 1 || quantity > MAX_WAITLIST_QUANTITY) {
		return { ok: false, reason: 'not-waitable' }
	}
	const line = await readWaitlistLine({ menuItemId, quantity, choices: request.choices ?? [] }, now, request.locale)
	if (!line.ok) return line
	const waitable = canWait(
		line.days.find((day) => day.date === pickupDate),
		pickupAt,
	)
	if ('refused' in waitable) return { ok: false, reason: waitable.refused }

	const email = request.customer.email.trim().toLowerCase()
	const phone = request.customer.phone?.trim() || null
	const { id, joined } = await addWaitlistEntry({
		menuItemId,
		pickupDate,
		pickupAt: pickupAt ? new Date(pickupAt) : null,
		anyTime: waitable.anyTime,
		quantity,
		choices: (request.choices ?? []).map((choice) => ({ ...choice })),
		customerName: request.customer.name.trim(),
		email,
		phone,
		textOffer: request.textOffer && phone !== null,
		customerId: request.customerId ?? null,
		locale: request.locale,
	})
	return { ok: true, entryId: id, position: (await waitlistPosition(id)) ?? 1, alreadyWaiting: !joined }
}

/**
 * The line a customer would wait for, as the server prices it (its name and options in `locale`), and the pickup
 * days ahead with why each cannot be ordered. Refused: not sold online, or its options are not a valid answer.
 */
async function readWaitlistLine(
	{ menuItemId, quantity, choices }: { menuItemId: string; quantity: number; choices: readonly Choice[] },
	now: Date,
	locale: Locale,
) {
	const { menuItems } = await getCheckoutRules([menuItemId], now, locale)
	const item = menuItems[0]
	if (!item || !item.orderable || item.soldOut) return { ok: false as const, reason: 'not-for-sale' as const }
	const priced = priceChoices(item.priceCents, item.optionGroups, choices)
	if (!priced.ok) return { ok: false as const, reason: 'not-for-sale' as const }
	const { days } = await loadCartPickup([{ id: menuItemId, quantity }], now, locale)
	const name = localizedLine(item, { name: item.name, options: priced.options }, locale)
	return { ok: true as const, name: lineName(name.name, name.options), days }
}

/**
 * What the waitlist's page offers for a cart line: its name in the page's language, the days ahead a customer may
 * wait for (sold out for the line: any time of it) and the full times of days that can still be ordered (that time
 * alone). None: it can be ordered at every open time (or on no day: 'not-waitable').
 */
export async function waitlistChoices(
	line: { menuItemId: string; quantity: number; choices: readonly Choice[] },
	locale: Locale,
	now = new Date(),
) {
	if (line.quantity < 1 || line.quantity > MAX_WAITLIST_QUANTITY) return { ok: false as const, reason: 'not-waitable' }
	const read = await readWaitlistLine(line, now, locale)
	if (!read.ok) return read
	const dates = read.days.filter((day) => 'anyTime' in canWait(day, undefined)).map((day) => day.date)
	// A day that can still be ordered whose wanted time is full: that time alone may be waited for.
	const fullTimes = read.days.flatMap((day) =>
		day.available
			? day.slots.flatMap((slot) => (slot.reason === 'fully-booked' ? [{ date: day.date, pickupAt: slot.start }] : []))
			: [],
	)
	const orderable = read.days.some((day) => day.available)
	return { ok: true as const, name: read.name, dates, fullTimes, orderable }
}

/**
 * Whether a place can free up for this day (and time), and for which times: the day is sold out for the item (any
 * time of it will do, the wanted one first), or only the wanted time is full (that time alone). A day closed, too
 * soon, outside the item's window or beyond the horizon never frees up; an open time is 'available'.
 */
function canWait(
	day: PickupDay | undefined,
	pickupAt: string | undefined,
): { anyTime: boolean } | { refused: WaitlistRefusal } {
	if (!day) return { refused: 'not-waitable' }
	if (day.reason === 'item-limit') return { anyTime: true }
	const wanted = pickupAt ? new Date(pickupAt).toISOString() : null
	const slot = day.slots.find((candidate) => candidate.start === wanted)
	if (day.reason === 'fully-booked') return wanted && !slot ? { refused: 'not-waitable' } : { anyTime: !wanted }
	if (!day.available) return { refused: 'not-waitable' }
	if (!wanted || slot?.available) return { refused: 'available' }
	return slot?.reason === 'fully-booked' ? { anyTime: false } : { refused: 'not-waitable' }
}

/** The customer leaves the line (the entry's e-mail, or their account's). False: not waiting (any more). */
export function leaveWaitlist(entryId: string, owner: WaitlistOwner) {
	return leaveWaitlistEntry(entryId, { ...owner, email: owner.email.trim().toLowerCase() })
}

/**
 * The account's lines (decision 091): each item and day the customer waits for, in their language, with their place
 * (null: a place is offered to them now, its link in their mail).
 */
export async function customerWaitlists(owner: WaitlistOwner, locale: Locale, now = new Date()) {
	const today = localDateOf(now, (await getPickupSchedule(now)).timeZone)
	const entries = await listCustomerWaitlistEntries({ ...owner, email: owner.email.trim().toLowerCase() }, today)
	return Promise.all(
		entries.map(async (entry) => ({
			id: entry.id,
			item: pickLocalized(entry.menuItem, 'name', locale),
			pickupDate: entry.pickupDate,
			quantity: entry.quantity,
			position: entry.status === 'WAITING' ? await waitlistPosition(entry.id) : null,
		})),
	)
}

export { waitlistPosition }

/** What one run of `offerFreedPlaces` did, for the log and the tests. */
export interface OfferRun {
	offered: string[]
	/** Waiters whose place has not freed up (yet). */
	stillWaiting: number
}

/** How long an offer may stand without its order before its entry waits again (its process stopped mid-offer). */
const ORPHANED_OFFER_MS = 10 * 60_000

/**
 * Settles the offers made before (paid: claimed; unpaid and expired: lapsed), then, outside the texts' quiet hours
 * (21:00–08:00 at the bakery), offers each item and date with someone waiting and no offer running to its first in
 * line, if a place has freed up. Safe to run again at any time
 * and from several processes at once (the housekeeping runs it every minute).
 */
export async function offerFreedPlaces({
	origin,
	now = new Date(),
}: {
	origin: string
	now?: Date
}): Promise<OfferRun> {
	const today = localDateOf(now, (await getPickupSchedule(now)).timeZone)
	await settleWaitlistOffers(today, new Date(now.getTime() - ORPHANED_OFFER_MS))
	const run: OfferRun = { offered: [], stillWaiting: 0 }
	// An offer made at night would lapse while its customer sleeps, and the next one's too: the lines wait for 08:00.
	if (isQuietHours(now)) return run
	for (const { menuItemId, pickupDate } of await listWaitingItemDays(today)) {
		// Read first, claim only when a place looks free: a line nothing has freed up for is not written every minute.
		const first = await findFirstWaiting(menuItemId, pickupDate)
		if (!first || (await timesToOffer(first, now)).length === 0) {
			run.stillWaiting += first ? 1 : 0
			continue
		}
		const orderId = crypto.randomUUID()
		const entry = await claimFirstWaiting(menuItemId, pickupDate, orderId)
		if (!entry) continue
		const outcome = await offerPlace(entry, orderId, { origin, now })
		if (outcome === 'offered') run.offered.push(entry.id)
		else if (outcome === 'cannot-offer') await endOffer(entry.id, orderId)
		else {
			await unclaimOffer(entry.id, orderId)
			run.stillWaiting += 1
		}
	}
	return run
}

/**
 * Holds the place for the claimed entry: its wanted time, or (any time) each free time of the day in order until one
 * holds; then its payment link goes out. 'no-place': nothing has freed up for it, or the payment page could not open
 * (it stays first in line); 'cannot-offer': its line can no longer be sold (the item left the menu, an option is
 * gone), so waiting longer would only keep the others behind it waiting.
 */
async function offerPlace(
	entry: WaitlistEntryView,
	orderId: string,
	{ origin, now }: { origin: string; now: Date },
): Promise<'offered' | 'no-place' | 'cannot-offer'> {
	const locale = entry.locale as Locale
	const times = await timesToOffer(entry, now)
	const choices = (Array.isArray(entry.choices) ? entry.choices : []) as Choice[]
	for (const pickupAt of times) {
		const held = await holdOfferedOrder(
			{
				customer: { name: entry.customerName, email: entry.email, ...(entry.phone ? { phone: entry.phone } : {}) },
				items: [{ id: entry.menuItemId, quantity: entry.quantity, choices }],
				pickupAt,
			},
			{ orderId, locale, origin, now },
		)
		if (held.ok) {
			await sendWaitlistOffer(orderId, { text: entry.textOffer && entry.phone !== null })
			return 'offered'
		}
		if (held.reason === 'cart-changed') return 'cannot-offer'
		// Only a taken time is worth trying the next one for.
		if (held.reason !== 'slot-taken') return 'no-place'
	}
	return 'no-place'
}

/** The times an offer to this entry would try now (none: nothing has freed up for it). */
async function timesToOffer(entry: WaitlistEntryView, now: Date) {
	const line = [{ id: entry.menuItemId, quantity: entry.quantity }]
	const { days } = await loadCartPickup(line, now, entry.locale as Locale)
	return offerTimes(
		days.find((candidate) => candidate.date === entry.pickupDate),
		entry,
	)
}

/** How many free times one offer tries when another customer takes the one it tried first. */
const OFFER_TIME_TRIES = 3

/**
 * The times an offer tries, in order: the wanted time alone when only it would do; else the day's free times, the
 * nearest to the wanted one (or the earliest) first.
 */
function offerTimes(day: PickupDay | undefined, entry: Pick<WaitlistEntryView, 'pickupAt' | 'anyTime'>) {
	const wanted = entry.pickupAt?.getTime()
	if (!entry.anyTime) return wanted === undefined ? [] : [new Date(wanted).toISOString()]
	const free = (day?.slots ?? []).filter((slot) => slot.available).map((slot) => slot.start)
	const distance = (start: string) => (wanted === undefined ? 0 : Math.abs(Date.parse(start) - wanted))
	return free
		.map((start, index) => ({ start, index }))
		.sort((a, b) => distance(a.start) - distance(b.start) || a.index - b.index)
		.slice(0, OFFER_TIME_TRIES)
		.map(({ start }) => start)
}
