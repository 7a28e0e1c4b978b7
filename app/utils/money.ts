import type { Locale } from './i18n'

/**
 * USD as each language's currency format writes it: symbol, thousands separator, decimal mark. Written out
 * rather than asked of `Intl.NumberFormat`: creating the first number format loads the locale's data, about
 * 35 ms of main thread (140 ms on a mid-range phone) in the middle of the menu's hydration
 * (docs/performance.md). money.test.ts compares this with `Intl`'s currency format for many amounts.
 */
const DOLLARS = {
	en: { symbol: '$', group: ',', decimal: '.' },
	es: { symbol: '$', group: ',', decimal: '.' },
	'pt-BR': { symbol: 'US$ ', group: '.', decimal: ',' },
} as const satisfies Record<Locale, { symbol: string; group: string; decimal: string }>

/**
 * '$4.50' for 450 cents ('US$ 4,50' in Portuguese); '$—' for anything that is not a whole number
 * of cents (docs/product.md). Spaces are plain ones, so server and browser write the same text.
 */
export function formatPrice(cents: unknown, locale: Locale = 'en'): string {
	if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) return '$—'
	const { symbol, group, decimal } = DOLLARS[locale]
	const digits = String(Math.abs(cents)).padStart(3, '0')
	const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, group)
	return `${cents < 0 ? '-' : ''}${symbol}${whole}${decimal}${digits.slice(-2)}`
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
