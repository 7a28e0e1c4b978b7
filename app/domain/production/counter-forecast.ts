import { addLocalDays, type LocalDate } from '~/domain/pickup/pickup-schedule'
import { isClosedOn, type ClosedDates } from './production-plan'

/**
 * The counter forecast (decision 083): what an item sells over the counter on a date, from the closing counts of
 * the same weekday in recent weeks. Sold = made for the counter − left over. The last FORECAST_WEEKS same weekdays
 * that have a count and were not closed (closures and holidays are skipped, not counted as zero), newest weighted
 * most (4, 3, 2, 1), rounded to a whole item. With no history there is no forecast.
 */
const FORECAST_WEEKS = 4
const LOOKBACK_WEEKS = 12
const WEIGHTS = [4, 3, 2, 1] as const

export interface ClosingCountRow {
	date: LocalDate
	made: number
	leftOver: number
}

/** The counts of one item, by date. */
export type CountHistory = ReadonlyMap<LocalDate, ClosingCountRow>

/**
 * The LOOKBACK_WEEKS same-weekday dates before `date`, newest first. Remembered: the bake sheet asks for the same
 * few dates for every item (72 for an item's forecast and its recent error), and working a date out costs more than
 * all the rest of the forecast (bench:bake-sheet). A server reads a few dates a day; the memo is
 * emptied should it ever hold many.
 */
const weeksBefore = new Map<LocalDate, readonly LocalDate[]>()

function sameWeekdaysBefore(date: LocalDate): readonly LocalDate[] {
	let days = weeksBefore.get(date)
	if (!days) {
		days = Array.from({ length: LOOKBACK_WEEKS }, (_, index) => addLocalDays(date, -7 * (index + 1)))
		if (weeksBefore.size >= 1000) weeksBefore.clear()
		weeksBefore.set(date, days)
	}
	return days
}

/** The same-weekday dates before `date` with a count, newest first, closures skipped, at most `limit`. */
function sameWeekdaysWithCounts(
	date: LocalDate,
	history: CountHistory,
	closures: readonly ClosedDates[],
	limit: number,
) {
	const found: ClosingCountRow[] = []
	const days = sameWeekdaysBefore(date)
	for (let week = 1; week <= LOOKBACK_WEEKS && found.length < limit; week++) {
		const day = days[week - 1]!
		if (isClosedOn(day, closures)) continue
		const count = history.get(day)
		if (count) found.push(count)
	}
	return found
}

/** The forecast of counter sales on `date`, or null without any same-weekday history. */
export function forecastCounterSales(date: LocalDate, history: CountHistory, closures: readonly ClosedDates[]) {
	const recent = sameWeekdaysWithCounts(date, history, closures, FORECAST_WEEKS)
	if (recent.length === 0) return null
	let weighted = 0
	let weights = 0
	recent.forEach((count, index) => {
		const weight = WEIGHTS[index] ?? 1
		weighted += weight * (count.made - count.leftOver)
		weights += weight
	})
	return Math.round(weighted / weights)
}

/**
 * How far the forecast was off lately: the mean absolute error of the forecast each of the last FORECAST_WEEKS
 * counted same weekdays would have had (from the counts before it), against what sold; null until one exists.
 */
export function recentForecastError(date: LocalDate, history: CountHistory, closures: readonly ClosedDates[]) {
	const errors: number[] = []
	for (const count of sameWeekdaysWithCounts(date, history, closures, FORECAST_WEEKS)) {
		const forecast = forecastCounterSales(count.date, history, closures)
		if (forecast === null) continue
		errors.push(Math.abs(forecast - (count.made - count.leftOver)))
	}
	if (errors.length === 0) return null
	return Math.round((errors.reduce((sum, error) => sum + error, 0) / errors.length) * 10) / 10
}
