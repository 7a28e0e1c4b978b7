import { describe, expect, it } from 'vitest'
import { calendarFile, escapeText, foldLine, utcDateTime } from './ics'

describe('the calendar file writer', () => {
	it('escapes text values as RFC 5545 requires', () => {
		expect(escapeText('Doce Dulce Bakery, 2814 Colby Ave; Everett\\WA\nline 2')).toBe(
			'Doce Dulce Bakery\\, 2814 Colby Ave\\; Everett\\\\WA\\nline 2',
		)
	})

	it('writes instants in UTC with a Z', () => {
		expect(utcDateTime(new Date('2026-11-24T17:00:00.000Z'))).toBe('20261124T170000Z')
	})

	it('folds long lines at 75 octets without splitting a multi-byte character', () => {
		const line = `SUMMARY:${'é'.repeat(60)}`
		const folded = foldLine(line)
		const physical = folded.split('\r\n')
		expect(physical.length).toBeGreaterThan(1)
		for (const part of physical) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75)
		expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true)
		expect(folded.replace(/\r\n /g, '')).toBe(line)
	})

	it('writes one event with CRLF line endings, its start and end in UTC and the address as location', () => {
		const file = calendarFile(
			{
				uid: 'order-abc@bakery.test',
				stamp: new Date('2026-11-20T10:00:00Z'),
				start: new Date('2026-11-24T17:00:00Z'),
				end: new Date('2026-11-24T17:15:00Z'),
				summary: 'Pick up order #ABC at Doce Dulce Bakery',
				location: 'Doce Dulce Bakery, 2814 Colby Ave, Everett, WA 98201',
			},
			'-//Doce Dulce Bakery//Orders//EN',
		)
		expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true)
		expect(file.split('\r\n')).toEqual(
			expect.arrayContaining([
				'BEGIN:VEVENT',
				'DTSTART:20261124T170000Z',
				'DTEND:20261124T171500Z',
				'LOCATION:Doce Dulce Bakery\\, 2814 Colby Ave\\, Everett\\, WA 98201',
			]),
		)
		expect(file).not.toMatch(/[^\r]\n/)
	})
})
