import { describe, expect, it } from 'vitest'
import { taxOrder } from '~/domain/orders/sales-tax'
import { allocateCents, discountLines, maxTipCents, tipCents, type PromoRule } from './promo-pricing'

const now = new Date('2026-12-01T18:00:00Z')
const rule = (overrides: Partial<PromoRule> = {}): PromoRule => ({
	code: 'SPRING',
	kind: 'PERCENT',
	percentOff: 10,
	amountOffCents: null,
	minimumOrderCents: 0,
	menuItemIds: [],
	categories: [],
	startsAt: null,
	endsAt: null,
	active: true,
	maxUses: null,
	usedCount: 0,
	...overrides,
})
const concha = { menuItemId: 'concha', category: 'MEXICAN_PASTRIES', unitPriceCents: 350, quantity: 3 }
const sandwich = { menuItemId: 'sandwich', category: 'CAKES', unitPriceCents: 999, quantity: 1 }
const cake = { menuItemId: 'cake', category: 'CAKES', unitPriceCents: 4500, quantity: 1 }

describe('allocateCents', () => {
	it('splits in proportion and loses no cent', () => {
		expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33])
		expect(allocateCents(1, [1050, 999])).toEqual([1, 0])
		expect(allocateCents(205, [1050, 999])).toEqual([105, 100])
		for (const total of [1, 7, 99, 1234]) {
			const shares = allocateCents(total, [333, 1, 4500, 17])
			expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total)
		}
	})

	it('gives nothing to a line of no weight', () => {
		expect(allocateCents(50, [0, 200, 0])).toEqual([0, 50, 0])
	})
})

describe('discountLines', () => {
	it('takes a percent off the whole order, rounded half up, spread over the lines', () => {
		const priced = discountLines([concha, sandwich], rule({ percentOff: 15 }), now)
		// 15 % of $20.49 is 307.35 cents: $3.07.
		expect(priced).toEqual({ ok: true, discountCents: 307, lineDiscounts: [157, 150] })
	})

	it('takes an amount off only the eligible lines, never more than they cost', () => {
		const cakesOnly = rule({ kind: 'AMOUNT', percentOff: null, amountOffCents: 10_000, categories: ['CAKES'] })
		expect(discountLines([concha, cake], cakesOnly, now)).toEqual({
			ok: true,
			discountCents: 4500,
			lineDiscounts: [0, 4500],
		})
		const oneItem = rule({ menuItemIds: ['concha'] })
		expect(discountLines([concha, cake], oneItem, now)).toMatchObject({ discountCents: 105, lineDiscounts: [105, 0] })
	})

	it('says why a code gives nothing', () => {
		expect(discountLines([concha], rule({ minimumOrderCents: 2000 }), now)).toEqual({
			ok: false,
			problem: 'minimum',
			minimumOrderCents: 2000,
		})
		expect(discountLines([concha], rule({ categories: ['CAKES'] }), now)).toMatchObject({
			problem: 'no-eligible-items',
		})
		expect(discountLines([concha], rule({ startsAt: new Date('2026-12-02T00:00:00Z') }), now)).toMatchObject({
			problem: 'not-started',
		})
		expect(discountLines([concha], rule({ endsAt: now }), now)).toMatchObject({ problem: 'ended' })
		expect(discountLines([concha], rule({ maxUses: 10, usedCount: 10 }), now)).toMatchObject({ problem: 'used-up' })
		expect(discountLines([concha], rule({ active: false }), now)).toMatchObject({ problem: 'unknown' })
	})
})

describe('tax after the discount (decision 080)', () => {
	it('taxes each line on what is left of it after its share of the discount', () => {
		const policy = { mode: 'rate' as const, rateMillipercent: 10_600 }
		const lines = [
			{ ...concha, taxCategory: 'BAKERY' as const },
			{ ...sandwich, taxCategory: 'PREPARED_FOOD' as const },
		]
		const discount = discountLines(lines, rule({ kind: 'AMOUNT', percentOff: null, amountOffCents: 500 }), now)
		if (!discount.ok) throw new Error('expected a discount')
		const taxed = taxOrder(
			lines.map((line, index) => ({ ...line, discountCents: discount.lineDiscounts[index] })),
			policy,
		)
		// $5 over $10.50 (exempt) and $9.99 (taxed): the sandwich's share is 244 cents, its tax 10.6 % of $7.55.
		expect(discount.lineDiscounts).toEqual([256, 244])
		expect(taxed.lines.map((line) => line.taxCents)).toEqual([0, 80])
		expect(taxed).toMatchObject({ subtotalCents: 2049, discountCents: 500, taxCents: 80, totalCents: 1629 })
	})
})

describe('tips', () => {
	it('takes a share of the discounted lines, rounded half up, or the amount typed within the cap', () => {
		expect(tipCents({ kind: 'none' }, 2049)).toBe(0)
		expect(tipCents({ kind: 'percent', percent: 15 }, 1549)).toBe(232)
		expect(tipCents({ kind: 'percent', percent: 20 }, 1549)).toBe(310)
		expect(tipCents({ kind: 'amount', cents: 500 }, 300)).toBe(500)
		expect(maxTipCents(300)).toBe(2000)
		expect(maxTipCents(50_000)).toBe(10_000)
		expect(tipCents({ kind: 'amount', cents: 2001 }, 300)).toBe('too-large')
	})
})
