import { describe, expect, it } from 'vitest'
import { formatTaxRate, lineTaxCents, taxOrder, type TaxPolicy } from './sales-tax'

const everett: TaxPolicy = { mode: 'rate', rateMillipercent: 10_600 }

describe('lineTaxCents', () => {
	it('rounds each line half up, in integers', () => {
		// $11.25 × 10.6 % = 119.25 ¢
		expect(lineTaxCents(1125, 'PREPARED_FOOD', everett)).toBe(119)
		// $4.95 × 10.6 % = 52.47 ¢
		expect(lineTaxCents(495, 'PREPARED_FOOD', everett)).toBe(52)
		// $2.50 × 10.6 % = 26.5 ¢ → 27 (half up)
		expect(lineTaxCents(250, 'PREPARED_FOOD', everett)).toBe(27)
		// $0.05 × 10 % = 0.5 ¢ → 1
		expect(lineTaxCents(5, 'PREPARED_FOOD', { mode: 'rate', rateMillipercent: 10_000 })).toBe(1)
	})

	it('never taxes a bakery item, and taxes nothing without a rate', () => {
		expect(lineTaxCents(10_000, 'BAKERY', everett)).toBe(0)
		expect(lineTaxCents(10_000, 'PREPARED_FOOD', { mode: 'none' })).toBe(0)
		// Stripe Tax works it out on the payment page, not here.
		expect(lineTaxCents(10_000, 'PREPARED_FOOD', { mode: 'stripe' })).toBe(0)
	})
})

describe('taxOrder', () => {
	it('rounds per line, sums the lines, and adds the tax to the total', () => {
		const lines = [
			{ unitPriceCents: 375, quantity: 3, taxCategory: 'PREPARED_FOOD' as const },
			{ unitPriceCents: 250, quantity: 1, taxCategory: 'PREPARED_FOOD' as const },
			{ unitPriceCents: 300, quantity: 2, taxCategory: 'BAKERY' as const },
		]
		const order = taxOrder(lines, everett)
		expect(order.lines.map((line) => line.taxCents)).toEqual([119, 27, 0])
		// Per line (119 + 27 = 146), not on the sum ($13.75 × 10.6 % = 145.75 → 146 here too, but not always).
		expect(order).toMatchObject({ subtotalCents: 1975, taxCents: 146, totalCents: 2121 })
	})
})

it('formats a rate the way the owner wrote it', () => {
	expect(formatTaxRate(10_600)).toBe('10.6%')
	expect(formatTaxRate(9_250)).toBe('9.25%')
})
