import { describe, expect, it } from 'vitest'
import { forecastCounterSales, recentForecastError, type ClosingCountRow } from './counter-forecast'

function history(rows: Array<[string, number, number]>) {
	return new Map(rows.map(([date, made, leftOver]): [string, ClosingCountRow] => [date, { date, made, leftOver }]))
}

// Fridays: sold 20, 16, 12, 10 going back from 2026-12-04.
const fridays = history([
	['2026-11-27', 24, 4],
	['2026-11-20', 20, 4],
	['2026-11-13', 14, 2],
	['2026-11-06', 12, 2],
	['2026-10-30', 30, 0],
	['2026-11-26', 99, 0], // a Thursday: never counted for a Friday
])

describe('counter forecast', () => {
	it('is the weighted average of the last four same weekdays, newest weighted most', () => {
		// (4·20 + 3·16 + 2·12 + 1·10) / 10 = 16.2
		expect(forecastCounterSales('2026-12-04', fridays, [])).toBe(16)
	})

	it('skips closed days and reaches one week further back', () => {
		// 2026-11-20 closed: 20, 12, 10, 30 → (80 + 36 + 20 + 30) / 10 = 16.6
		expect(forecastCounterSales('2026-12-04', fridays, [{ startDate: '2026-11-20', endDate: '2026-11-20' }])).toBe(17)
	})

	it('has no forecast without history', () => {
		expect(forecastCounterSales('2026-12-05', fridays, [])).toBeNull()
	})

	it('measures its recent error against what sold', () => {
		// Forecasts for 11-27: (4·16+3·12+2·10+30)/10 = 15 → |15−20| = 5; for 11-20: (4·12+3·10+2·30)/9 = 15.3 → 15, |15−16| = 1;
		// for 11-13: (4·10+3·30)/7 = 18.6 → 19, |19−12| = 7; for 11-06: 30 → |30−10| = 20. Mean 33/4 = 8.25.
		expect(recentForecastError('2026-12-04', fridays, [])).toBe(8.3)
	})
})
