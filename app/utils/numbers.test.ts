import { describe, expect, it } from 'vitest'
import { INTL_LOCALES, LOCALES } from './i18n'
import { formatNumber } from './numbers'

describe('formatNumber', () => {
	it('writes every number exactly as each language’s default number format does', () => {
		const numbers = [0, 1, 2, 7, 21, 999, 1000, 1234, 12345, 1234567, 4.5, 4.75, 0.125, 1234.5678, -3, -1234.5]
		for (const locale of LOCALES) {
			const format = new Intl.NumberFormat(INTL_LOCALES[locale])
			for (const value of numbers) expect(formatNumber(value, locale), `${locale} ${value}`).toBe(format.format(value))
		}
		expect(formatNumber(1234.5, 'pt-BR')).toBe('1.234,5')
	})
})
