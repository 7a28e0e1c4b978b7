import type { Locale } from './i18n'
import { groupDigits, NUMBERS } from './numbers'

/**
 * '$4.50' for 450 cents ('US$ 4,50' in Portuguese); '$—' for anything that is not a whole number
 * of cents (docs/product.md). Spaces are plain ones, so server and browser write the same text.
 */
export function formatPrice(cents: unknown, locale: Locale = 'en'): string {
	if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) return '$—'
	const { dollar, decimal } = NUMBERS[locale]
	const digits = String(Math.abs(cents)).padStart(3, '0')
	return `${cents < 0 ? '-' : ''}${dollar}${groupDigits(digits.slice(0, -2), locale)}${decimal}${digits.slice(-2)}`
}

const PRICE_PATTERN = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/

/**
 * Parses a typed price ('4', '4.5', '$4.50') to integer cents without floating-point steps.
 * Returns null for negatives, non-numbers and more than two decimals.
 */
export function parsePriceToCents(input: string): number | null {
	const match = PRICE_PATTERN.exec(input.trim())
	if (!match) return null
	const whole = Number(match[1])
	const fraction = Number((match[2] ?? '').padEnd(2, '0'))
	return whole * 100 + fraction
}
