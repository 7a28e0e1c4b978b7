import { describe, expect, it } from 'vitest'
import { nextSeason } from '../../prisma/seed/data'
import { translator } from '~/utils/i18n.server'
import { leadTimeLabel } from '~/domain/pickup/pickup-display'

describe('lead time on the menu', () => {
	it.each([
		[2880, 'Order 48 h ahead'],
		[60, 'Order 1 h ahead'],
		[90, 'Order 1 h 30 min ahead'],
		[45, 'Order 45 min ahead'],
	])('%i minutes reads %j', (minutes, words) => {
		expect(leadTimeLabel(minutes, translator('en'))).toBe(words)
	})
})

describe('the demo seasonal window', () => {
	const rosca = { from: '01-02', until: '01-06' } as const
	it('is next January after the season has passed', () => {
		expect(nextSeason('2026-11-23', rosca)).toEqual({ availableFrom: '2027-01-02', availableUntil: '2027-01-06' })
		expect(nextSeason('2027-01-07', rosca)).toEqual({ availableFrom: '2028-01-02', availableUntil: '2028-01-06' })
	})
	it('is this year’s while it is still upcoming or under way', () => {
		expect(nextSeason('2027-01-01', rosca)).toEqual({ availableFrom: '2027-01-02', availableUntil: '2027-01-06' })
		expect(nextSeason('2027-01-06', rosca)).toEqual({ availableFrom: '2027-01-02', availableUntil: '2027-01-06' })
		expect(nextSeason('2026-10-01', { from: '10-25', until: '11-02' })).toEqual({
			availableFrom: '2026-10-25',
			availableUntil: '2026-11-02',
		})
	})
})
