import type { HoursLine, OpeningHours } from '~/config/business'
import { INTL_LOCALES, type Locale, type Translate } from '~/utils/i18n'
import { formatWallTime } from './pickup-display'

/*
 * Every word of the weekly hours visitors read (Home, Contact, the 404 page and the mails' footer), in one
 * language. Only the server builds them (app/domain/pickup/visitor-hours.server.ts, app/domain/mail/compose.server.tsx), so
 * none of this is in the pages' browser bundle (the Home page's JavaScript budget, tests/e2e/budgets.spec.ts).
 */

const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

const daysFromSunday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** Monday-first position of a weekday (0 = Sunday … 6 = Saturday). */
const mondayFirst = (weekday: number) => (weekday + 6) % 7

const weekdayFormats = new Map<Locale, Intl.DateTimeFormat>()

/** A day's short name (Monday-first position): 'Tue'; 'mar', 'ter.' from Intl (1 January 2024 was a Monday). */
function dayName(position: number, locale: Locale) {
	if (locale === 'en') return weekDays[position]!.slice(0, 3)
	let format = weekdayFormats.get(locale)
	if (!format) {
		format = new Intl.DateTimeFormat(INTL_LOCALES[locale], { weekday: 'short', timeZone: 'UTC' })
		weekdayFormats.set(locale, format)
	}
	return format.format(new Date(Date.UTC(2024, 0, 1 + position)))
}

/** Monday-first positions as people read them, consecutive days as a run: 'Tue–Fri', 'Mon, Wed'; 'mar–vie'. */
function daysLabel(positions: readonly number[], locale: Locale) {
	const runs: number[][] = []
	for (const position of [...positions].sort((a, b) => a - b)) {
		const run = runs.at(-1)
		if (run && run.at(-1) === position - 1) run.push(position)
		else runs.push([position])
	}
	const name = (position: number) => dayName(position, locale)
	return runs.map((run) => (run.length === 1 ? name(run[0]!) : `${name(run[0]!)}–${name(run.at(-1)!)}`)).join(', ')
}

/**
 * An opening or closing time: '07:00' → '7 am', '17:30' → '5:30 pm' in English; '7:00 a.m.', '17:30' in
 * Intl's style; '24:00' (the end of the day) → 'midnight', 'medianoche'. `t` is the language's translator.
 */
function hoursTime(time: string, locale: Locale, t: Translate) {
	if (time === '24:00') return t('mail.hoursMidnight')
	if (locale !== 'en') return formatWallTime(time, locale)
	const [hours = 0, minutes = 0] = time.split(':').map(Number)
	const suffix = hours >= 12 ? 'pm' : 'am'
	const hour12 = hours % 12 === 0 ? 12 : hours % 12
	return `${hour12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${suffix}`
}

/**
 * The weekly hours as visitors read them in `locale`: each group of days with its times ('Tue–Fri',
 * '7 am – 6 pm'; 'mar–vie', '7:00 a.m. – 6:00 p.m.'), then each day without hours, with no times (the page
 * or the mail says "Closed" its own way). `t` is the language's translator.
 */
export function hoursLines(openingHours: readonly OpeningHours[], locale: Locale, t: Translate): HoursLine[] {
	const positions = (days: readonly string[]) => days.map((day) => weekDays.indexOf(day as (typeof weekDays)[number]))
	const open = new Set(openingHours.flatMap((hours) => positions(hours.days)))
	return [
		...openingHours.map((hours) => ({
			days: daysLabel(positions(hours.days), locale),
			times: `${hoursTime(hours.opens, locale, t)} – ${hoursTime(hours.closes, locale, t)}`,
		})),
		...weekDays.flatMap((_, position) =>
			open.has(position) ? [] : [{ days: dayName(position, locale), times: null }],
		),
	]
}

/**
 * The weekly hours as the owner stores them (weekday 0 = Sunday; a weekday without a row is closed) →
 * days with the same hours grouped, Monday first: Tue–Fri 07:00–18:00, Sat 08:00–17:00, Sun 08:00–14:00.
 */
export function openingHoursFromWeekly(
	rows: ReadonlyArray<{ weekday: number; opensAt: string; closesAt: string }>,
): OpeningHours[] {
	const groups = new Map<string, { opens: string; closes: string; weekdays: number[] }>()
	for (const row of [...rows].sort((a, b) => mondayFirst(a.weekday) - mondayFirst(b.weekday))) {
		const key = `${row.opensAt}-${row.closesAt}`
		const group = groups.get(key) ?? { opens: row.opensAt, closes: row.closesAt, weekdays: [] }
		group.weekdays.push(row.weekday)
		groups.set(key, group)
	}
	return [...groups.values()].map(({ opens, closes, weekdays }) => ({
		days: weekdays.map((weekday) => daysFromSunday[weekday]!),
		opens,
		closes,
		label: daysLabel(weekdays.map(mondayFirst), 'en'),
	}))
}
