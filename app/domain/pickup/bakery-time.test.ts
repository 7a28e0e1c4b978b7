import { describe, expect, it } from 'vitest'
import { formatBakeryDateTime, formatBakerySpreadsheetTime, startOfBakeryDay } from './bakery-time'

describe('startOfBakeryDay', () => {
	it.each([
		['winter (PST, UTC-8)', '2026-01-15T20:00:00Z', '2026-01-15T08:00:00.000Z'],
		['summer (PDT, UTC-7)', '2026-07-04T19:05:00Z', '2026-07-04T07:00:00.000Z'],
		['late evening, when UTC is already tomorrow', '2026-07-05T05:30:00Z', '2026-07-04T07:00:00.000Z'],
		['the day clocks spring forward (midnight was still PST)', '2026-03-08T20:00:00Z', '2026-03-08T08:00:00.000Z'],
		['the day clocks fall back (midnight was still PDT)', '2026-11-01T20:00:00Z', '2026-11-01T07:00:00.000Z'],
	])('is midnight in Everett in %s', (_label, now, midnight) => {
		expect(startOfBakeryDay(new Date(now)).toISOString()).toBe(midnight)
	})
})

describe('formatting', () => {
	it('shows times in the bakery’s zone whatever the server’s zone is', () => {
		expect(formatBakeryDateTime(new Date('2026-07-04T19:05:00Z'))).toBe('Jul 4, 2026, 12:05 PM')
		expect(formatBakerySpreadsheetTime(new Date('2026-01-15T08:30:00Z'))).toBe('2026-01-15 00:30')
	})
})
