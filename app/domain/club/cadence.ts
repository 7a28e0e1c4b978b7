/**
 * When a bread club's boxes are (decision 093): pure calendar arithmetic in the bakery's wall time, so a box is on
 * the plan's weekday and its cutoff at the plan's hour whatever the clocks did in between (DST). Dates are
 * bakery-local 'YYYY-MM-DD'; instants come from `instantAt`, which knows the time zone's rules.
 */
import {
	addLocalDays,
	instantAt,
	isWallTime,
	localDateOf,
	weekdayOf,
	type LocalDate,
	type WallTime,
} from '~/domain/pickup/pickup-schedule'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'

export type ClubFrequency = 'WEEKLY' | 'EVERY_TWO_WEEKS'

export interface ClubCadence {
	frequency: ClubFrequency
	/** 0 = Sunday … 6 = Saturday. */
	pickupWeekday: number
	cutoffDaysBefore: number
	cutoffTime: WallTime
}

export const CLUB_FREQUENCIES = ['WEEKLY', 'EVERY_TWO_WEEKS'] as const satisfies readonly ClubFrequency[]

/** Days between two boxes. */
export function intervalDays(frequency: ClubFrequency) {
	return frequency === 'WEEKLY' ? 7 : 14
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
function daysBetween(from: LocalDate, to: LocalDate) {
	return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The instant changes to `date`'s box close and the box is made: cutoffDaysBefore days earlier, at cutoffTime. */
export function cutoffOf(cadence: Pick<ClubCadence, 'cutoffDaysBefore' | 'cutoffTime'>, date: LocalDate) {
	return instantAt(addLocalDays(date, -cadence.cutoffDaysBefore), cadence.cutoffTime, BAKERY_TIME_ZONE)
}

/** A new subscriber's first box: the next date on the plan's weekday whose cutoff is still ahead of `now`. */
export function firstPickupDate(cadence: ClubCadence, now: Date): LocalDate {
	let date = localDateOf(now, BAKERY_TIME_ZONE)
	while (weekdayOf(date) !== cadence.pickupWeekday || cutoffOf(cadence, date).getTime() <= now.getTime()) {
		date = addLocalDays(date, 1)
	}
	return date
}

/** Whether `date` is one of the subscription's box dates (its first, and every interval after it). */
export function isPickupDate(first: LocalDate, frequency: ClubFrequency, date: LocalDate) {
	const days = daysBetween(first, date)
	return days >= 0 && days % intervalDays(frequency) === 0
}

/** The subscription's first `count` box dates on or after `from`. */
export function pickupDatesFrom(first: LocalDate, frequency: ClubFrequency, from: LocalDate, count: number) {
	const interval = intervalDays(frequency)
	const ahead = Math.max(0, daysBetween(first, from))
	let date = addLocalDays(first, Math.ceil(ahead / interval) * interval)
	const dates: LocalDate[] = []
	for (let index = 0; index < count; index += 1) {
		dates.push(date)
		date = addLocalDays(date, interval)
	}
	return dates
}

/** The subscription's next box whose cutoff is still ahead of `now`: the first one a change still reaches. */
export function nextOpenPickupDate(
	subscription: { firstPickupDate: LocalDate; frequency: ClubFrequency },
	cadence: ClubCadence,
	now: Date,
) {
	const today = localDateOf(now, BAKERY_TIME_ZONE)
	for (const date of pickupDatesFrom(subscription.firstPickupDate, subscription.frequency, today, 3)) {
		if (cutoffOf(cadence, date).getTime() > now.getTime()) return date
	}
	throw new Error('unreachable: a cutoff is at most six days before its box')
}

/** The slot starts a subscriber may pick in the window, `slotMinutes` apart ('09:00' … '11:45'). */
export function windowSlots(window: { windowStart: WallTime; windowEnd: WallTime }, slotMinutes: number): WallTime[] {
	const minutes = (time: WallTime) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
	const slots: WallTime[] = []
	for (let at = minutes(window.windowStart); at <= minutes(window.windowEnd); at += slotMinutes) {
		const time = `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`
		if (isWallTime(time)) slots.push(time)
	}
	return slots
}
