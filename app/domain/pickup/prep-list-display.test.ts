import { describe, expect, it } from 'vitest'
import { prepChoicesSummary, prepMessageText, prepMessageTexts, prepMessageView } from './prep-list-display'

const message = {
	group: 'Message on the cake',
	text: 'Feliz cumpleaños Ana',
	choices: '',
	quantity: 1,
	number: '1A2B3C4D',
	pickup: '9:15 AM',
}

describe('prep list words', () => {
	it('sums an item by its choices, naming the lines without one', () => {
		expect(
			prepChoicesSummary([
				{ choices: '8″', total: 3 },
				{ choices: '', total: 2 },
			]),
		).toBe('8″ × 3, No choices × 2')
	})

	it('says which cake gets a message, for which order and when', () => {
		expect(prepMessageText(message, false)).toBe('“Feliz cumpleaños Ana” — order 1A2B3C4D, pickup 9:15 AM')
		expect(prepMessageText({ ...message, choices: '10″', quantity: 2 }, false)).toBe(
			'“Feliz cumpleaños Ana” (10″ × 2) — order 1A2B3C4D, pickup 9:15 AM',
		)
		// Two kinds of text on one item: the group tells them apart. No pickup time: none said.
		expect(prepMessageText({ ...message, pickup: null }, true)).toBe(
			'Message on the cake: “Feliz cumpleaños Ana” — order 1A2B3C4D',
		)
	})

	it('names the group only when an item has two kinds of text, the pickup as the bakery’s wall time', () => {
		const view = prepMessageView(
			{ ...message, orderNumber: '1A2B3C4D', pickupAt: new Date('2026-12-01T17:15:00Z') },
			'America/Los_Angeles',
		)
		expect(view).toEqual(message)
		expect(prepMessageTexts([view, view])).toEqual([
			'“Feliz cumpleaños Ana” — order 1A2B3C4D, pickup 9:15 AM',
			'“Feliz cumpleaños Ana” — order 1A2B3C4D, pickup 9:15 AM',
		])
		expect(prepMessageTexts([view, { ...view, group: 'Name on the box', text: 'Ana' }])).toEqual([
			'Message on the cake: “Feliz cumpleaños Ana” — order 1A2B3C4D, pickup 9:15 AM',
			'Name on the box: “Ana” — order 1A2B3C4D, pickup 9:15 AM',
		])
	})
})
