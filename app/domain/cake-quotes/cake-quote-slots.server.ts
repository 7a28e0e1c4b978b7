import { QUOTE_HORIZON_DAYS } from './cake-quote'
import {
	addLocalDays,
	checkPickupSlot,
	instantAt,
	localDateOf,
	pickupDays,
	type LocalDate,
	type PickupSchedule,
} from '~/domain/pickup/pickup-schedule'
import { getCapacityUsage, getPickupSchedule, nothingHeld } from '~/domain/pickup/index.server'

/**
 * The pickup times a quote can take: the shop's schedule (hours, closures, lead time, slot capacity) over
 * a longer horizon than customers order in, since cakes are booked weeks ahead.
 */
async function quoteSchedule(now: Date): Promise<PickupSchedule> {
	const schedule = await getPickupSchedule(now)
	return { ...schedule, horizonDays: Math.max(schedule.horizonDays, QUOTE_HORIZON_DAYS) }
}

/**
 * The days the owner can choose and the times of `date` (default: the quote's own date, else the first
 * day with a free time). The request's own held slot counts as free for it.
 */
export async function loadQuoteSlots(date: string | null, heldSlot: Date | null, now = new Date()) {
	const schedule = await quoteSchedule(now)
	const today = localDateOf(now, schedule.timeZone)
	const usage = await getCapacityUsage(today, addLocalDays(today, schedule.horizonDays - 1), [])
	const ordersBySlot = new Map(usage.ordersBySlot)
	const own = heldSlot?.toISOString()
	if (own && ordersBySlot.has(own)) ordersBySlot.set(own, ordersBySlot.get(own)! - 1)
	const days = pickupDays(schedule, [], { ...usage, ordersBySlot }, now)
	const chosen =
		days.find((day) => day.date === date) ??
		days.find((day) => own !== undefined && day.slots.some((slot) => slot.start === own)) ??
		days.find((day) => day.available) ??
		days[0]!
	return {
		timeZone: schedule.timeZone,
		ordersPerSlot: schedule.ordersPerSlot,
		firstDate: days[0]?.date ?? today,
		lastDate: days.at(-1)?.date ?? today,
		day: chosen,
	}
}

export type QuoteSlotCheck =
	| {
			ok: true
			pickupAt: Date
			pickupDate: LocalDate
			validUntil: Date
			/** The typed "valid until" was after the pickup, so the quote ends at the pickup instead. */
			validShortened: boolean
			ordersPerSlot: number
			timeZone: string
	  }
	| { ok: false; reason: 'closed' | 'too-soon' | 'not-a-slot' }
	/** The time belongs to `date`, not to the day the form showed. */
	| { ok: false; reason: 'other-day'; date: LocalDate }
	| { ok: false; reason: 'valid-until-unreadable' | 'valid-until-past' }

/**
 * The owner's chosen slot is a real slot of the schedule (capacity is left to the hold) on `shownDate`, the
 * day whose times the form showed, and the quote's "valid until" (bakery wall time) is in the future; it
 * ends at the pickup at the latest.
 */
export async function checkQuoteSlot(
	pickupAt: string,
	shownDate: LocalDate,
	valid: { validDate: string; validTime: string },
	now = new Date(),
): Promise<QuoteSlotCheck> {
	const schedule = await quoteSchedule(now)
	const check = checkPickupSlot(schedule, [], nothingHeld, now, pickupAt)
	if (!check.ok)
		return { ok: false, reason: check.reason === 'closed' || check.reason === 'too-soon' ? check.reason : 'not-a-slot' }
	if (check.date !== shownDate) return { ok: false, reason: 'other-day', date: check.date }
	const start = new Date(pickupAt)
	let validUntil: Date
	try {
		validUntil = instantAt(valid.validDate, valid.validTime, schedule.timeZone)
	} catch {
		return { ok: false, reason: 'valid-until-unreadable' }
	}
	if (validUntil <= now) return { ok: false, reason: 'valid-until-past' }
	// A quote cannot be accepted after its own pickup: the default 72 hours end at the pickup when it is sooner.
	const validShortened = validUntil > start
	return {
		ok: true,
		pickupAt: start,
		pickupDate: check.date,
		validUntil: validShortened ? start : validUntil,
		validShortened,
		ordersPerSlot: schedule.ordersPerSlot,
		timeZone: schedule.timeZone,
	}
}
