import { defaultBusiness, type VisitorHours } from '~/config/business'
import { getPickupSchedule } from '~/domain/pickup/models/pickup-schedule.server'
import { closureNoticeText, specialHoursNoticeText } from './pickup-display'
import { cachePresets } from '~/utils/cache-control'
import { hoursLines, openingHoursFromWeekly } from './opening-hours'
import { isDatabaseUnavailable } from '~/utils/db.server'
import type { Locale } from '~/utils/i18n'
import { translator } from '~/utils/i18n.server'

/**
 * The hours Home, Contact and mails show, in a language (the weekly hours' days and times, the closures'
 * notes and the notices' words), read from the owner's pickup schedule at `now`: the weekly hours, and the
 * closures and special hours that have not ended yet (the model keeps those ending today or later, in the
 * bakery's zone). During a database outage (decision 025) the pages still render, with the hours in
 * business.ts (in the same language) and no notices, and `outage` says so.
 */
export async function loadVisitorHours(
	now: Date,
	locale: Locale = 'en',
): Promise<{ hours: VisitorHours; outage: boolean }> {
	try {
		// Closure notes in the page's language (the owner's translation, else English).
		const schedule = await getPickupSchedule(now, locale)
		const t = translator(locale)
		const openingHours = openingHoursFromWeekly(schedule.weeklyHours)
		return {
			outage: false,
			hours: {
				openingHours,
				lines: hoursLines(openingHours, locale, t),
				notices: [
					...schedule.closures.map((closure) => ({
						from: closure.startDate,
						text: closureNoticeText(closure.startDate, closure.endDate, closure.note, t, locale),
					})),
					...schedule.specialHours.map((day) => ({
						from: day.date,
						text: specialHoursNoticeText(day.date, day.opensAt, day.closesAt, t, locale),
					})),
				]
					.sort((a, b) => a.from.localeCompare(b.from))
					.map((notice) => notice.text),
			},
		}
	} catch (error) {
		if (!isDatabaseUnavailable(error)) throw error
		console.error(`Database unavailable (hours from business.ts): ${(error as Error).message.split('\n').at(-1)}`)
		return { outage: true, hours: fallbackVisitorHours(locale) }
	}
}

/**
 * The hours in business.ts in a language, without notices: what visitors see when the schedule cannot be
 * read, and on the 404 page (which reads no database).
 */
export function fallbackVisitorHours(locale: Locale): VisitorHours {
	const { openingHours } = defaultBusiness
	return { openingHours, lines: hoursLines(openingHours, locale, translator(locale)), notices: [] }
}

/**
 * The loader headers of a page showing these hours. A page rendered from the fallback hours is kept
 * by no cache (neither the page cache nor a CDN), so the owner's hours are back on the first request
 * after the outage.
 */
export function visitorHoursHeaders(outage: boolean): HeadersInit | undefined {
	return outage ? { 'Cache-Control': cachePresets.private } : undefined
}
