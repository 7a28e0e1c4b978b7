import { getEnv } from '~/utils/env.server'
import type { TaxPolicy } from './sales-tax'

/** How orders are taxed (decision 039): Stripe Tax, the configured rate, or not at all. */
export function taxPolicy(): TaxPolicy {
	const env = getEnv()
	if (env.STRIPE_TAX) return { mode: 'stripe' }
	if (env.SALES_TAX_RATE !== undefined) return { mode: 'rate', rateMillipercent: env.SALES_TAX_RATE }
	return { mode: 'none' }
}
