import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { DayReason, LocalDate, PickupDay, WallTime } from './pickup-schedule'

/**
 * Every word customers and the owner read about pickup times, in one place (the engine returns reason
 * codes; the checkout, menu, admin and emails say them with these). Browser-safe.
 */

export const SLOT_TAKEN_MESSAGE = 'That pickup time was just taken — please choose another.'
export const CHOOSE_PICKUP_MESSAGE = 'Please choose a pickup time.'

function calendarDate(date: LocalDate) {
	const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
	return new Date(year, month - 1, day, 12)
}

/** 'Tue, Nov 24' */
export function formatPickupDate(date: LocalDate) {
	return format(calendarDate(date), 'EEE, MMM d')
}

/** 'Tuesday, November 24' */
export function formatPickupDateLong(date: LocalDate) {
	return format(calendarDate(date), 'EEEE, MMMM d')
}

/** '9:00 AM', '2:15 PM' */
export function formatWallTime(time: WallTime) {
	const [hours = 0, minutes = 0] = time.split(':').map(Number)
	const suffix = hours >= 12 && hours < 24 ? 'PM' : 'AM'
	const hour12 = hours % 12 === 0 ? 12 : hours % 12
	return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`
}

/** 'Tue, Nov 24 at 9:00 AM' for an instant, read in the bakery's zone. */
export function formatPickupAt(instant: Date | string, timeZone: string) {
	const local = new TZDate(new Date(instant).getTime(), timeZone)
	return `${format(local, 'EEE, MMM d')} at ${format(local, 'h:mm a')}`
}

const dayReasonWords: Record<DayReason, string> = {
	closed: 'Closed',
	'too-soon': 'Too soon to prepare',
	'fully-booked': 'Fully booked',
	'item-limit': 'Sold out',
	'outside-window': 'Not offered that day',
}

/** Why a day cannot be chosen: 'Fully booked', 'Closed: Thanksgiving'. */
export function dayReasonText(day: Pick<PickupDay, 'reason' | 'note'>) {
	if (!day.reason) return ''
	if (day.reason === 'closed' && day.note) return `Closed: ${day.note}`
	return dayReasonWords[day.reason]
}

/** 'Only 3 Tres Leches Slice left for Tue, Nov 24 — please lower the quantity or choose another day.' */
export function itemLimitMessage(itemName: string, left: number, date: LocalDate) {
	const day = formatPickupDate(date)
	if (left <= 0) return `${itemName} is sold out for ${day} — please choose another day.`
	return `Only ${left} ${itemName} left for ${day} — please lower the quantity or choose another day.`
}

function monthDay(date: LocalDate) {
	return format(calendarDate(date), 'MMM d')
}

/** The menu's label for a seasonal item: 'Preorder for pickup Jan 2–6', 'Oct 25–Nov 2', 'from Dec 20'. */
export function preorderLabel(from: LocalDate | null, until: LocalDate | null) {
	if (from && until) {
		if (from === until) return `Preorder for pickup ${monthDay(from)}`
		const sameMonth = from.slice(0, 7) === until.slice(0, 7)
		const end = sameMonth ? String(Number(until.slice(8))) : monthDay(until)
		return `Preorder for pickup ${monthDay(from)}–${end}`
	}
	if (from) return `Preorder for pickup from ${monthDay(from)}`
	if (until) return `Order for pickup until ${monthDay(until)}`
	return null
}

/** The menu's label for an item with nothing left in the ordering horizon. */
export function soldOutInHorizonLabel(horizonDays: number) {
	return `Sold out for the next ${horizonDays} days`
}

/** A closure as visitors read it: 'Closed Thu, Nov 26 – Fri, Nov 27: Closed for Thanksgiving', 'Closed Thu, Nov 26: …'. */
export function closureNoticeText(startDate: LocalDate, endDate: LocalDate, note: string) {
	const days =
		startDate === endDate
			? formatPickupDate(startDate)
			: `${formatPickupDate(startDate)} – ${formatPickupDate(endDate)}`
	return note ? `Closed ${days}: ${note}` : `Closed ${days}`
}

/** '8:00 AM – 12:00 PM' (a closing time of '24:00' reads '12:00 AM'). */
export function wallTimeRangeText(opensAt: WallTime, closesAt: WallTime) {
	return `${formatWallTime(opensAt)} – ${formatWallTime(closesAt)}`
}

/** Special hours as visitors read them: 'Special hours Thu, Dec 24: 8:00 AM – 12:00 PM'. */
export function specialHoursNoticeText(date: LocalDate, opensAt: WallTime, closesAt: WallTime) {
	return `Special hours ${formatPickupDate(date)}: ${wallTimeRangeText(opensAt, closesAt)}`
}
