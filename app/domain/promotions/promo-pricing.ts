/**
 * A promo code's discount and the customer's tip, in integer cents (decision 080). Pure: the checkout's preview and
 * the order the server places compute the same numbers; the database re-checks the code's limits when it takes a use.
 */

type PromoKind = 'PERCENT' | 'AMOUNT'

/** What the checkout needs to know of a code to price it. */
export interface PromoRule {
	code: string
	kind: PromoKind
	percentOff: number | null
	amountOffCents: number | null
	minimumOrderCents: number
	/** Limited to these items and/or categories; both empty: every line. */
	menuItemIds: readonly string[]
	categories: readonly string[]
	startsAt: Date | null
	endsAt: Date | null
	active: boolean
	maxUses: number | null
	usedCount: number
}

/** Why a code gives no discount on this order (the customer reads it beside the field). */
export type PromoProblem =
	| { problem: 'unknown' }
	| { problem: 'not-started' }
	| { problem: 'ended' }
	| { problem: 'used-up' }
	| { problem: 'minimum'; minimumOrderCents: number }
	| { problem: 'no-eligible-items' }
	| { problem: 'customer-limit' }
	| { problem: 'first-order' }

export interface DiscountableLine {
	menuItemId: string
	category: string
	unitPriceCents: number
	quantity: number
}

/** Upper case without spaces: how codes are stored and compared ('spring-10 ' is SPRING-10). */
export function normalizePromoCode(code: string) {
	return code.trim().toUpperCase()
}

/**
 * Splits `totalCents` over the weights in proportion, in whole cents with none lost: each share is rounded down and
 * the cents left go one each to the largest remainders (the earlier line on a tie).
 */
export function allocateCents(totalCents: number, weights: readonly number[]) {
	const weightSum = weights.reduce((sum, weight) => sum + weight, 0)
	if (weightSum <= 0 || totalCents <= 0) return weights.map(() => 0)
	const shares = weights.map((weight) => Math.floor((totalCents * weight) / weightSum))
	let left = totalCents - shares.reduce((sum, share) => sum + share, 0)
	const byRemainder = weights
		.map((weight, index) => ({ index, remainder: (totalCents * weight) % weightSum }))
		.sort((a, b) => b.remainder - a.remainder || a.index - b.index)
	for (const { index } of byRemainder) {
		if (left === 0) break
		shares[index]! += 1
		left -= 1
	}
	return shares
}

function isEligible(line: DiscountableLine, rule: PromoRule) {
	if (rule.menuItemIds.length === 0 && rule.categories.length === 0) return true
	return rule.menuItemIds.includes(line.menuItemId) || rule.categories.includes(line.category)
}

/** Whether a code can be used at `now` at all (the database checks the same when it takes a use). */
function promoAvailability(rule: PromoRule, now: Date): PromoProblem | null {
	if (!rule.active) return { problem: 'unknown' }
	if (rule.startsAt && now < rule.startsAt) return { problem: 'not-started' }
	if (rule.endsAt && now >= rule.endsAt) return { problem: 'ended' }
	if (rule.maxUses !== null && rule.usedCount >= rule.maxUses) return { problem: 'used-up' }
	return null
}

/**
 * The code's discount on these lines: each line's share (`lineDiscounts`, in the lines' order) and their sum.
 * Percent off the eligible lines' sum, rounded half up; an amount off at most that sum. The minimum order is the
 * whole order's lines before any discount. A whole-order discount is spread over the lines in proportion to their
 * amounts (`allocateCents`), so each line's tax is on what the customer pays for it.
 */
export function discountLines(
	lines: readonly DiscountableLine[],
	rule: PromoRule,
	now: Date,
): { ok: true; lineDiscounts: number[]; discountCents: number } | ({ ok: false } & PromoProblem) {
	const unavailable = promoAvailability(rule, now)
	if (unavailable) return { ok: false, ...unavailable }
	const amounts = lines.map((line) => line.unitPriceCents * line.quantity)
	const subtotal = amounts.reduce((sum, amount) => sum + amount, 0)
	if (subtotal < rule.minimumOrderCents) {
		return { ok: false, problem: 'minimum', minimumOrderCents: rule.minimumOrderCents }
	}
	const eligible = lines.map((line, index) => (isEligible(line, rule) ? amounts[index]! : 0))
	const eligibleCents = eligible.reduce((sum, amount) => sum + amount, 0)
	if (eligibleCents === 0) return { ok: false, problem: 'no-eligible-items' }
	const discountCents =
		rule.kind === 'PERCENT'
			? Math.floor((eligibleCents * (rule.percentOff ?? 0) + 50) / 100)
			: Math.min(rule.amountOffCents ?? 0, eligibleCents)
	return { ok: true, lineDiscounts: allocateCents(discountCents, eligible), discountCents }
}

/** The tip the customer chose: none, a share of the discounted lines, or an amount of their own. */
export type TipChoice = { kind: 'none' } | { kind: 'percent'; percent: TipPercent } | { kind: 'amount'; cents: number }

export const TIP_PERCENTS = [10, 15, 20] as const
export type TipPercent = (typeof TIP_PERCENTS)[number]

/** A typed tip may be up to the order's discounted lines or $20, whichever is more, and never over $100. */
export function maxTipCents(discountedSubtotalCents: number) {
	return Math.min(10_000, Math.max(2_000, discountedSubtotalCents))
}

/** The tip in cents, or 'too-large' for a typed amount over `maxTipCents`. A share is rounded half up. */
export function tipCents(choice: TipChoice, discountedSubtotalCents: number): number | 'too-large' {
	switch (choice.kind) {
		case 'none':
			return 0
		case 'percent':
			return Math.floor((discountedSubtotalCents * choice.percent + 50) / 100)
		case 'amount':
			return choice.cents > maxTipCents(discountedSubtotalCents) ? 'too-large' : choice.cents
	}
}
