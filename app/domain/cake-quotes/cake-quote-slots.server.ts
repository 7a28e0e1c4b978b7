import { QUOTE_HORIZON_DAYS } from './cake-quote'
import { formatPickupDateLong } from '~/domain/pickup/pickup-display'
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
	| { ok: false; field: 'pickupAt' | 'validUntil'; message: string }

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
	if (!check.ok) {
		const message =
			check.reason === 'closed'
				? 'The shop is closed then — please choose another pickup time.'
				: check.reason === 'too-soon'
					? 'That pickup time is too soon — please choose a later one.'
					: 'That is not one of the pickup times — please choose another.'
		return { ok: false, field: 'pickupAt', message }
	}
	if (check.date !== shownDate) {
		const message = `That time is on ${formatPickupDateLong(check.date)}, not on the day shown (${formatPickupDateLong(shownDate)}): please choose one of its times.`
		return { ok: false, field: 'pickupAt', message }
	}
	const start = new Date(pickupAt)
	let validUntil: Date
	try {
		validUntil = instantAt(valid.validDate, valid.validTime, schedule.timeZone)
	} catch {
		return { ok: false, field: 'validUntil', message: 'Please enter a date and time.' }
	}
	if (validUntil <= now) return { ok: false, field: 'validUntil', message: 'Please choose a time in the future.' }
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
