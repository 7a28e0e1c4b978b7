import type { Locale } from './i18n'

/**
 * Each language's digit grouping and decimal mark, and its symbol for USD. Written out rather than asked of
 * `Intl.NumberFormat`: creating the first number format loads the locale's data, about 35 ms of main thread
 * (140 ms on a mid-range phone) in the middle of the menu's hydration (docs/performance.md). money.test.ts
 * compares both formats below with `Intl`'s for many numbers.
 */
const NUMBERS = {
	en: { dollar: '$', group: ',', decimal: '.' },
	es: { dollar: '$', group: ',', decimal: '.' },
	'pt-BR': { dollar: 'US$ ', group: '.', decimal: ',' },
} as const satisfies Record<Locale, { dollar: string; group: string; decimal: string }>

function groupDigits(digits: string, locale: Locale) {
	return digits.replace(/\B(?=(\d{3})+$)/g, NUMBERS[locale].group)
}

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

/** A number as the language writes it by default ('1,234.5'; '1.234,5' in Portuguese): at most 3 decimals. */
export function formatNumber(value: number, locale: Locale = 'en'): string {
	if (!Number.isFinite(value)) return String(value)
	const [whole = '0', fraction] = String(Math.round(Math.abs(value) * 1000) / 1000).split('.')
	const sign = value < 0 && (whole !== '0' || fraction) ? '-' : ''
	return `${sign}${groupDigits(whole, locale)}${fraction ? NUMBERS[locale].decimal + fraction : ''}`
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
