const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })

/** '$4.50' for 450 cents; '$—' for anything that is not a whole number of cents (docs/product.md). */
export function formatPrice(cents: unknown): string {
	if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) return '$—'
	return dollars.format(cents / 100)
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
