import { describe, expect, it } from 'vitest'
import { defaultBusiness } from '~/config/business'
import type { Locale } from '~/utils/i18n'
import { translator } from '~/utils/i18n.server'
import { hoursLines, openingHoursFromWeekly } from './opening-hours'

/** The lines for the owner's weekly rows (weekday 0 = Sunday), in a language. */
const linesFor = (rows: Parameters<typeof openingHoursFromWeekly>[0], locale: Locale) =>
	hoursLines(openingHoursFromWeekly(rows), locale, translator(locale))

const sameHours = (weekdays: number[], opensAt = '07:00', closesAt = '18:00') =>
	weekdays.map((weekday) => ({ weekday, opensAt, closesAt }))

describe('the weekly hours as the owner stores them', () => {
	it('groups days with the same hours, Monday first, as the seeded week reads today', () => {
		const seeded = [
			{ weekday: 0, opensAt: '08:00', closesAt: '14:00' },
			...sameHours([2, 3, 4, 5]),
			{ weekday: 6, opensAt: '08:00', closesAt: '17:00' },
		]
		expect(openingHoursFromWeekly(seeded)).toEqual(defaultBusiness.openingHours)
	})

	it('names runs and separate days', () => {
		expect(openingHoursFromWeekly(sameHours([1, 3, 5, 6, 0], '09:00', '24:00'))).toEqual([
			{
				days: ['Monday', 'Wednesday', 'Friday', 'Saturday', 'Sunday'],
				opens: '09:00',
				closes: '24:00',
				label: 'Mon, Wed, Fri–Sun',
			},
		])
		expect(openingHoursFromWeekly([])).toEqual([])
	})
})

describe('the weekly hours visitors read', () => {
	it('in English: the labels and times Home, Contact and the mails always showed', () => {
		expect(hoursLines(defaultBusiness.openingHours, 'en', translator('en'))).toEqual([
			{ days: 'Tue–Fri', times: '7 am – 6 pm' },
			{ days: 'Sat', times: '8 am – 5 pm' },
			{ days: 'Sun', times: '8 am – 2 pm' },
			{ days: 'Mon', times: null },
		])
		expect(linesFor(sameHours([1, 3], '12:00', '17:30'), 'en')[0]).toEqual({
			days: 'Mon, Wed',
			times: '12 pm – 5:30 pm',
		})
		expect(linesFor(sameHours([6], '09:00', '24:00'), 'en')[0]).toEqual({ days: 'Sat', times: '9 am – midnight' })
	})

	it('in Spanish: Intl’s short weekday names, runs only for consecutive days, times in Intl’s style', () => {
		expect(linesFor(sameHours([2, 3, 4, 5]), 'es')).toEqual([
			{ days: 'mar–vie', times: '7:00 a.m. – 6:00 p.m.' },
			{ days: 'lun', times: null },
			{ days: 'sáb', times: null },
			{ days: 'dom', times: null },
		])
		// Monday and Wednesday with the same hours are two days, not the run Monday to Wednesday.
		const [mondayAndWednesday] = linesFor(sameHours([1, 3]), 'es')
		expect(mondayAndWednesday).toEqual({ days: 'lun, mié', times: '7:00 a.m. – 6:00 p.m.' })
		expect(linesFor(sameHours([1, 3, 5, 6, 0], '00:00', '24:00'), 'es')[0]).toEqual({
			days: 'lun, mié, vie–dom',
			times: '12:00 a.m. – medianoche',
		})
	})

	it('in Brazilian Portuguese', () => {
		expect(hoursLines(defaultBusiness.openingHours, 'pt-BR', translator('pt-BR'))).toEqual([
			{ days: 'ter.–sex.', times: '7:00 – 18:00' },
			{ days: 'sáb.', times: '8:00 – 17:00' },
			{ days: 'dom.', times: '8:00 – 14:00' },
			{ days: 'seg.', times: null },
		])
		expect(linesFor(sameHours([1, 3], '09:30', '24:00'), 'pt-BR')[0]).toEqual({
			days: 'seg., qua.',
			times: '9:30 – meia-noite',
		})
	})

	it('a week without hours is seven closed days', () => {
		expect(linesFor([], 'es').map((line) => line.days)).toEqual(['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'])
		expect(linesFor([], 'es').every((line) => line.times === null)).toBe(true)
	})
})
