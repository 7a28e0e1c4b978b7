/**
 * Washington sales tax on an order (decision 039): bakery items are exempt, prepared food is taxed at the
 * shop's configured rate, each line rounded to the cent (half up). Pure: the checkout page's preview and
 * the server's charge compute the same numbers.
 */

export type TaxCategory = 'BAKERY' | 'PREPARED_FOOD'

/** How the shop charges tax: not at all, at a configured rate, or by Stripe Tax at checkout. */
export type TaxPolicy =
	| { mode: 'none' }
	/** `rateMillipercent`: the rate in thousandths of a percent (10.6 % → 10600), exact in integers. */
	| { mode: 'rate'; rateMillipercent: number }
	| { mode: 'stripe' }

export const TAX_CATEGORIES = ['BAKERY', 'PREPARED_FOOD'] as const satisfies readonly TaxCategory[]

export const taxCategoryLabels: Record<TaxCategory, string> = {
	BAKERY: 'Bakery item (exempt)',
	PREPARED_FOOD: 'Prepared food (taxable)',
}

/** One line's tax in cents: its amount × the rate, rounded half up (integers only, no float steps). */
export function lineTaxCents(lineCents: number, category: TaxCategory, policy: TaxPolicy) {
	if (policy.mode !== 'rate' || category !== 'PREPARED_FOOD' || lineCents <= 0) return 0
	return Math.floor((lineCents * policy.rateMillipercent + 50_000) / 100_000)
}

export interface TaxableLine {
	unitPriceCents: number
	quantity: number
	taxCategory: TaxCategory
	/** The line's share of a seller's discount (decision 080): Washington taxes the price after it. */
	discountCents?: number
}

/**
 * Every line's tax, the tax in all and the total the customer pays: the lines' sum less their discounts, plus tax.
 * Each line is taxed on its amount after its share of the discount (a seller's discount lowers the selling price
 * Washington taxes, decision 080).
 */
export function taxOrder<Line extends TaxableLine>(lines: readonly Line[], policy: TaxPolicy) {
	const taxed = lines.map((line) => ({
		...line,
		taxCents: lineTaxCents(line.unitPriceCents * line.quantity - (line.discountCents ?? 0), line.taxCategory, policy),
	}))
	const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
	const discountCents = lines.reduce((sum, line) => sum + (line.discountCents ?? 0), 0)
	const taxCents = taxed.reduce((sum, line) => sum + line.taxCents, 0)
	return { lines: taxed, subtotalCents, discountCents, taxCents, totalCents: subtotalCents - discountCents + taxCents }
}

/** '10.6%' for 10600. */
export function formatTaxRate(rateMillipercent: number) {
	return `${rateMillipercent / 1000}%`
}
