import { describe, expect, it } from 'vitest'
import { translator } from '~/utils/i18n.server'
import {
	dayReasonText,
	formatPickupAt,
	formatPickupDate,
	formatWallTime,
	itemLimitMessage,
	leadTimeLabel,
	preorderLabel,
	soldOutInHorizonLabel,
} from './pickup-display'

describe('pickup wording', () => {
	it('names dates and times the way the bakery says them', () => {
		expect(formatPickupDate('2026-11-24')).toBe('Tue, Nov 24')
		expect(formatWallTime('09:00')).toBe('9:00 AM')
		expect(formatWallTime('12:15')).toBe('12:15 PM')
		expect(formatWallTime('00:30')).toBe('12:30 AM')
		// 16:00 UTC on Nov 24 is 8:00 AM in Everett (PST).
		expect(formatPickupAt('2026-11-24T16:00:00.000Z', 'America/Los_Angeles')).toBe('Tue, Nov 24 at 8:00 AM')
	})

	it('says why a day cannot be chosen, with the closure note', () => {
		expect(dayReasonText({ reason: 'closed', note: 'Thanksgiving' })).toBe('Closed: Thanksgiving')
		expect(dayReasonText({ reason: 'closed' })).toBe('Closed')
		expect(dayReasonText({ reason: 'fully-booked' })).toBe('Fully booked')
		expect(dayReasonText({ reason: null })).toBe('')
	})

	it('names the item but never the live stock: a few left, fewer than asked, or sold out', () => {
		expect(itemLimitMessage('Tres Leches Slice', 3, '2026-11-24')).toBe(
			'Only a few Tres Leches Slice left for Tue, Nov 24 — please lower the quantity or choose another day.',
		)
		expect(itemLimitMessage('Tres Leches Slice', 24, '2026-11-24')).toBe(
			'Not that many Tres Leches Slice left for Tue, Nov 24 — please lower the quantity or choose another day.',
		)
		expect(itemLimitMessage('Tres Leches Slice', 0, '2026-11-24')).toMatch(
			/^Tres Leches Slice is sold out for Tue, Nov 24/,
		)
	})

	it('labels seasonal preorders', () => {
		const t = translator('en')
		expect(preorderLabel('2027-01-02', '2027-01-06', t, 'en')).toBe('Preorder for pickup Jan 2–6')
		expect(preorderLabel('2026-10-25', '2026-11-02', t, 'en')).toBe('Preorder for pickup Oct 25–Nov 2')
		expect(preorderLabel('2026-12-24', '2026-12-24', t, 'en')).toBe('Preorder for pickup Dec 24')
		expect(preorderLabel('2026-12-20', null, t, 'en')).toBe('Preorder for pickup from Dec 20')
		expect(preorderLabel(null, null, t, 'en')).toBeNull()
		expect(soldOutInHorizonLabel(14, t)).toBe('Sold out for the next 14 days')
	})

	it('labels seasonal preorders in Spanish and Portuguese with their own date words', () => {
		expect(preorderLabel('2027-01-02', '2027-01-06', translator('es'), 'es')).toBe('Por encargo: recoge 2–6 de ene')
		expect(preorderLabel('2026-10-25', '2026-11-02', translator('pt-BR'), 'pt-BR')).toBe(
			'Encomende para retirar 25 de out. – 2 de nov.',
		)
		expect(soldOutInHorizonLabel(14, translator('es'))).toBe('Agotado los próximos 14 días')
		expect(leadTimeLabel(90, translator('pt-BR'))).toBe('Peça com 1 h 30 min de antecedência')
	})
})
