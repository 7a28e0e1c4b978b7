import { describe, expect, it } from 'vitest'
import { INTL_LOCALES, LOCALES } from './i18n'
import { formatPrice, parsePriceToCents } from './money'

describe('formatPrice', () => {
	it('shows dollars with two decimals', () => {
		expect(formatPrice(450)).toBe('$4.50')
		expect(formatPrice(4000)).toBe('$40.00')
		expect(formatPrice(5)).toBe('$0.05')
		expect(formatPrice(0)).toBe('$0.00')
		expect(formatPrice(123456)).toBe('$1,234.56')
	})

	it('writes every amount exactly as each language’s USD currency format does', () => {
		const amounts = [0, 1, 5, 99, 450, 999, 1000, 4000, 99999, 123456, 100000000, 987654321, -450, -123456]
		for (const locale of LOCALES) {
			const currency = new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'currency', currency: 'USD' })
			for (const cents of amounts) {
				expect(formatPrice(cents, locale), `${locale} ${cents}`).toBe(currency.format(cents / 100).replace(/\s/g, ' '))
			}
		}
		expect(formatPrice(123456, 'pt-BR')).toBe('US$ 1.234,56')
	})

	it("shows '$—' for a missing or non-numeric price", () => {
		for (const value of [undefined, null, NaN, '4.50', 4.5, Infinity, {}]) {
			expect(formatPrice(value)).toBe('$—')
		}
	})
})

describe('parsePriceToCents', () => {
	it.each([
		['4', 400],
		['4.5', 450],
		['4.50', 450],
		['$4.50', 450],
		[' 12.05 ', 1205],
		['0.99', 99],
	])('%s → %i cents', (input, cents) => {
		expect(parsePriceToCents(input)).toBe(cents)
	})

	it.each(['-4', 'four', '', '4.505', '4.', '.5', '1e3', '$', '4,50'])('rejects %j', (input) => {
		expect(parsePriceToCents(input)).toBeNull()
	})
})
