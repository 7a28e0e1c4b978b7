import { TZDate } from '@date-fns/tz'
import { startOfDay } from 'date-fns/startOfDay'
import { INTL_LOCALES, type Locale } from '~/utils/i18n'

/** The bakery's clock: "today" and every time shown in the admin are in Everett, WA. */
export const BAKERY_TIME_ZONE = 'America/Los_Angeles'

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>()

/** 'Nov 22, 2026, 10:35 AM' in the bakery's time zone (the same on the server and in the browser). */
export function formatBakeryDateTime(date: Date, locale: Locale = 'en') {
	let format = dateTimeFormats.get(locale)
	if (!format) {
		format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
			timeZone: BAKERY_TIME_ZONE,
			dateStyle: 'medium',
			timeStyle: 'short',
		})
		dateTimeFormats.set(locale, format)
	}
	// ICU versions differ on the space before AM/PM (U+202F or not): one form for server and browser.
	return format.format(date).replace(/\s/g, ' ')
}

// Made on first use, not when the module loads: a time-zone format costs the browser its zone data, which
// pages that import this module without reading the clock should not pay for while hydrating.
let numericParts: Intl.DateTimeFormat | undefined

function numericFormat() {
	numericParts ??= new Intl.DateTimeFormat('en-US', {
		timeZone: BAKERY_TIME_ZONE,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
		hourCycle: 'h23',
	})
	return numericParts
}

/** The wall-clock fields of `date` in the bakery's time zone. */
function bakeryClock(date: Date) {
	const parts = Object.fromEntries(
		numericFormat()
			.formatToParts(date)
			.map((part) => [part.type, part.value]),
	)
	const field = (name: string) => Number(parts[name])
	return {
		year: field('year'),
		month: field('month'),
		day: field('day'),
		hour: field('hour'),
		minute: field('minute'),
		second: field('second'),
	}
}

/** Midnight at the bakery on the day of `now` (daylight saving time included). */
export function startOfBakeryDay(now = new Date()) {
	return new Date(startOfDay(new TZDate(now.getTime(), BAKERY_TIME_ZONE)).getTime())
}

/** '2026-11-22 10:35': a bakery-local time that spreadsheets read as a date and time. */
export function formatBakerySpreadsheetTime(date: Date) {
	const { year, month, day, hour, minute } = bakeryClock(date)
	const pad = (value: number) => String(value).padStart(2, '0')
	return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}`
}
