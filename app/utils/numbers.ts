import type { Locale } from './i18n'

/**
 * Each language's digit grouping and decimal mark, and its symbol for USD. Written out rather than asked of
 * `Intl.NumberFormat`: creating the first number format loads the locale's data, about 35 ms of main thread
 * (140 ms on a mid-range phone) in the middle of the menu's hydration (docs/performance.md). money.test.ts
 * and numbers.test.ts compare what is written with them with `Intl`'s formats for many numbers.
 */
export const NUMBERS = {
	en: { dollar: '$', group: ',', decimal: '.' },
	es: { dollar: '$', group: ',', decimal: '.' },
	'pt-BR': { dollar: 'US$ ', group: '.', decimal: ',' },
} as const satisfies Record<Locale, { dollar: string; group: string; decimal: string }>

export function groupDigits(digits: string, locale: Locale) {
	return digits.replace(/\B(?=(\d{3})+$)/g, NUMBERS[locale].group)
}

/** A number as the language writes it by default ('1,234.5'; '1.234,5' in Portuguese): at most 3 decimals. */
export function formatNumber(value: number, locale: Locale = 'en'): string {
	if (!Number.isFinite(value)) return String(value)
	const [whole = '0', fraction] = String(Math.round(Math.abs(value) * 1000) / 1000).split('.')
	const sign = value < 0 && (whole !== '0' || fraction) ? '-' : ''
	return `${sign}${groupDigits(whole, locale)}${fraction ? NUMBERS[locale].decimal + fraction : ''}`
}
