import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { translator } from '~/utils/i18n.server'
import { closureNoticeText, specialHoursNoticeText } from './pickup-display'
import { specialHoursSchema, weeklyHoursSchema } from './pickup-schedule-schemas'

function form(fields: Record<string, string>) {
	const data = new FormData()
	for (const [name, value] of Object.entries(fields)) data.append(name, value)
	return data
}

describe('notices', () => {
	it('say the closed days and the note, and special hours with their times', () => {
		expect(closureNoticeText('2026-11-26', '2026-11-27', 'Closed for Thanksgiving', translator('en'))).toBe(
			'Closed Thu, Nov 26 – Fri, Nov 27: Closed for Thanksgiving',
		)
		expect(closureNoticeText('2026-12-25', '2026-12-25', 'Merry Christmas', translator('en'))).toBe(
			'Closed Fri, Dec 25: Merry Christmas',
		)
		expect(specialHoursNoticeText('2026-12-24', '08:00', '12:00', translator('en'))).toBe(
			'Special hours Thu, Dec 24: 8:00 AM – 12:00 PM',
		)
	})

	it('say them in Spanish and Portuguese, dates and times as each language writes them', () => {
		expect(specialHoursNoticeText('2026-12-24', '08:00', '12:00', translator('es'), 'es')).toMatch(
			/^Horario especial jue\S*,? 24 de dic\S*: 8:00 a\. ?m\. – 12:00 p\. ?m\.$/,
		)
		expect(closureNoticeText('2026-12-25', '2026-12-25', 'Feliz Natal', translator('pt-BR'), 'pt-BR')).toMatch(
			/^Fechado sex\S*,? 25 de dez\S*: Feliz Natal$/,
		)
	})
})

describe('schedule forms', () => {
	it('read a closing time of 12:00 AM as midnight at the end of the day', () => {
		const submission = parseWithZod(form({ date: '2026-12-31', opensAt: '18:00', closesAt: '00:00' }), {
			schema: specialHoursSchema,
		})
		expect(submission.status === 'success' ? submission.value : null).toEqual({
			date: '2026-12-31',
			opensAt: '18:00',
			closesAt: '24:00',
		})
	})

	it('refuse an opening time of midnight at the end of the day, and a week with a day missing', () => {
		const late = parseWithZod(form({ date: '2026-12-31', opensAt: '24:00', closesAt: '24:00' }), {
			schema: specialHoursSchema,
		})
		expect(late.status).toBe('error')
		const fields: Record<string, string> = {}
		for (const weekday of [0, 1, 2, 3, 4, 6]) fields[`days[${weekday}].weekday`] = String(weekday)
		const week = parseWithZod(form(fields), { schema: weeklyHoursSchema })
		expect(week.status).toBe('error')
	})
})
