import { format } from 'date-fns/format'
import { INTL_LOCALES, type Locale, type Translate } from '~/utils/i18n'
import {
	localDateOf,
	wallTimeOf,
	type DayReason,
	type LocalDate,
	type PickupDay,
	type WallTime,
} from './pickup-schedule'

/**
 * Every word customers and the owner read about pickup times, in one place (the engine returns reason
 * codes; the checkout, menu, admin and emails say them with these). Browser-safe.
 */

export const SLOT_TAKEN_MESSAGE = 'That pickup time was just taken — please choose another.'

function calendarDate(date: LocalDate) {
	const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
	return new Date(year, month - 1, day, 12)
}

const localFormats = new Map<string, Intl.DateTimeFormat>()

/** A calendar date or wall time in a language; plain spaces so server and browser agree. */
function formatLocal(date: Date, locale: Locale, options: Intl.DateTimeFormatOptions) {
	const key = `${locale} ${JSON.stringify(options)}`
	let formatter = localFormats.get(key)
	if (!formatter) {
		formatter = new Intl.DateTimeFormat(INTL_LOCALES[locale], { ...options, timeZone: 'UTC' })
		localFormats.set(key, formatter)
	}
	return formatter.format(date).replace(/\s/g, ' ')
}

function utcCalendarDate(date: LocalDate) {
	const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
	return new Date(Date.UTC(year, month - 1, day, 12))
}

/** 'Tue, Nov 24'; 'mar, 24 de nov'; 'ter., 24 de nov.' */
export function formatPickupDate(date: LocalDate, locale: Locale = 'en') {
	if (locale === 'en') return format(calendarDate(date), 'EEE, MMM d')
	return formatLocal(utcCalendarDate(date), locale, { weekday: 'short', month: 'short', day: 'numeric' })
}

/** 'Tuesday, November 24'; 'martes, 24 de noviembre'; 'terça-feira, 24 de novembro' */
export function formatPickupDateLong(date: LocalDate, locale: Locale = 'en') {
	if (locale === 'en') return format(calendarDate(date), 'EEEE, MMMM d')
	return formatLocal(utcCalendarDate(date), locale, { weekday: 'long', month: 'long', day: 'numeric' })
}

/** '9:00 AM', '2:15 PM'; '9:00 a.m.' in Spanish; '14:15' in Portuguese. */
export function formatWallTime(time: WallTime, locale: Locale = 'en') {
	const [hours = 0, minutes = 0] = time.split(':').map(Number)
	if (locale !== 'en') {
		return formatLocal(new Date(Date.UTC(2000, 0, 1, hours, minutes)), locale, { hour: 'numeric', minute: '2-digit' })
	}
	const suffix = hours >= 12 && hours < 24 ? 'PM' : 'AM'
	const hour12 = hours % 12 === 0 ? 12 : hours % 12
	return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`
}

/** How each language joins a pickup day and time. */
const DAY_TIME_JOINERS = { en: ' at ', es: ', ', 'pt-BR': ', ' } as const satisfies Record<Locale, string>

/** 'Tue, Nov 24 at 9:00 AM' ('mar, 24 de nov, 9:00 a.m.') for an instant, read in the bakery's zone. */
export function formatPickupAt(instant: Date | string, timeZone: string, locale: Locale = 'en') {
	const date = formatPickupDate(localDateOf(instant, timeZone), locale)
	return `${date}${DAY_TIME_JOINERS[locale]}${formatWallTime(wallTimeOf(instant, timeZone), locale)}`
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

/**
 * How much of an item a refusal may say is left (decision 058): never the live count, which would tell anyone
 * the day's stock; 'few-left' under FEW_LEFT_BELOW, else only that there are fewer than asked.
 */
export type StockLevel = 'sold-out' | 'few-left' | 'fewer-than-asked'

const FEW_LEFT_BELOW = 5

export function stockLevel(left: number): StockLevel {
	if (left <= 0) return 'sold-out'
	return left < FEW_LEFT_BELOW ? 'few-left' : 'fewer-than-asked'
}

/** 'Only a few Tres Leches Slice left for Tue, Nov 24 — please lower the quantity or choose another day.' */
export function itemLimitMessage(itemName: string, left: number, date: LocalDate) {
	const day = formatPickupDate(date)
	switch (stockLevel(left)) {
		case 'sold-out':
			return `${itemName} is sold out for ${day} — please choose another day.`
		case 'few-left':
			return `Only a few ${itemName} left for ${day} — please lower the quantity or choose another day.`
		case 'fewer-than-asked':
			return `Not that many ${itemName} left for ${day} — please lower the quantity or choose another day.`
	}
}

function monthDay(date: LocalDate, locale: Locale) {
	if (locale === 'en') return format(calendarDate(date), 'MMM d')
	return formatLocal(utcCalendarDate(date), locale, { month: 'short', day: 'numeric' })
}

/** 'Jan 2–6', 'Oct 25–Nov 2' in English; '2–6 ene' / '2–6 de jan.' in the other languages. */
function monthDayRange(from: LocalDate, until: LocalDate, locale: Locale) {
	if (locale !== 'en') {
		const formatter = new Intl.DateTimeFormat(INTL_LOCALES[locale], { month: 'short', day: 'numeric', timeZone: 'UTC' })
		return formatter.formatRange(utcCalendarDate(from), utcCalendarDate(until)).replace(/\s/g, ' ')
	}
	const sameMonth = from.slice(0, 7) === until.slice(0, 7)
	return `${monthDay(from, locale)}–${sameMonth ? String(Number(until.slice(8))) : monthDay(until, locale)}`
}

/** The menu's label for a seasonal item: 'Preorder for pickup Jan 2–6', 'Oct 25–Nov 2', 'from Dec 20'. */
export function preorderLabel(from: LocalDate | null, until: LocalDate | null, t: Translate, locale: Locale) {
	if (from && until) {
		const dates = from === until ? monthDay(from, locale) : monthDayRange(from, until, locale)
		return t('shop.pickupPreorder', { dates })
	}
	if (from) return t('shop.pickupPreorderFrom', { date: monthDay(from, locale) })
	if (until) return t('shop.pickupOrderUntil', { date: monthDay(until, locale) })
	return null
}

/** The menu's label for an item with nothing left in the ordering horizon. */
export function soldOutInHorizonLabel(horizonDays: number, t: Translate) {
	return t('shop.pickupSoldOutForDays', { days: horizonDays })
}

/** The calendar event's title for an order. */
export function pickupEventTitle(businessName: string, orderNumber: string, t: Translate) {
	return t('shop.pickupEventTitle', { number: orderNumber, business: businessName })
}

/** The menu's label for an item with a lead time: 'Order 48 h ahead', 'Order 90 min ahead', 'Order 1 h 30 min ahead'. */
export function leadTimeLabel(leadMinutes: number, t: Translate) {
	const hours = Math.floor(leadMinutes / 60)
	const minutes = leadMinutes % 60
	const parts = [hours > 0 ? `${hours} h` : '', minutes > 0 ? `${minutes} min` : ''].filter(Boolean)
	return t('shop.pickupOrderAhead', { duration: parts.join(' ') })
}

/** The owner's menu list: 'Up to 24 a day'. */
export function dailyLimitLabel(dailyLimit: number) {
	return `Up to ${dailyLimit} a day`
}

/** The owner's prep list: pickups by time band in the bakery's zone (the afternoon starts at noon). */
export const PICKUP_BAND_LABELS = {
	morning: 'Morning (before 12 PM)',
	afternoon: 'Afternoon (12 PM on)',
} as const

/** A closure as visitors read it: 'Closed Thu, Nov 26 – Fri, Nov 27: Closed for Thanksgiving', 'Closed Thu, Nov 26: …'. */
export function closureNoticeText(
	startDate: LocalDate,
	endDate: LocalDate,
	note: string,
	t: Translate,
	locale: Locale = 'en',
) {
	const days =
		startDate === endDate
			? formatPickupDate(startDate, locale)
			: `${formatPickupDate(startDate, locale)} – ${formatPickupDate(endDate, locale)}`
	return note ? t('shop.noticeClosedNote', { days, note }) : t('shop.noticeClosed', { days })
}

/** '8:00 AM – 12:00 PM' (a closing time of '24:00' reads '12:00 AM'). */
function wallTimeRangeText(opensAt: WallTime, closesAt: WallTime, locale: Locale = 'en') {
	return `${formatWallTime(opensAt, locale)} – ${formatWallTime(closesAt, locale)}`
}

/** Special hours as visitors read them: 'Special hours Thu, Dec 24: 8:00 AM – 12:00 PM'. */
export function specialHoursNoticeText(
	date: LocalDate,
	opensAt: WallTime,
	closesAt: WallTime,
	t: Translate,
	locale: Locale = 'en',
) {
	const hours = wallTimeRangeText(opensAt, closesAt, locale)
	return t('shop.noticeSpecialHours', { date: formatPickupDate(date, locale), hours })
}
