/**
 * The public balance page (decision 078): a code typed any way finds its card and shows the balance and the
 * entries (never the full code, never the owner's notes); a malformed code and an unknown one get the same answer;
 * every try counts against the client's budget, and past it the page says when to try again.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { action } from '~/routes/gift-cards_.balance'
import { post, run, useAdminTestEnv } from './admin-helpers'

let issued: { code: string; giftCardId: string; accountId: string }

beforeAll(async () => {
	await useAdminTestEnv()
	const { issueGiftCard } = await import('~/domain/wallet/models/gift-cards.server')
	issued = await issueGiftCard({ amountCents: 3000, source: 'PROMOTION', note: 'owner-only note', issuedBy: 'o@x.com' })
	const { holdWalletAmount, captureWalletHold } = await import('~/domain/wallet/models/ledger.server')
	await holdWalletAmount({ accountId: issued.accountId, reference: 'order:spent', amountCents: 1250 })
	await captureWalletHold(issued.accountId, 'order:spent')
})

type Reply = {
	card: null | { last4: string; balanceCents: number; voided: boolean; entries: { kind: string; when: string }[] }
	result: { error?: Record<string, string[]> }
}

async function check(code: string, client = '203.0.113.50', path = '/gift-cards/balance') {
	const outcome = await run(action({ request: post(path, { code }), params: {}, context: { clientIp: client } }))
	return { status: outcome.status, reply: outcome.data as Reply, headers: outcome.headers }
}

describe('checking a balance', () => {
	it('finds the card however the code is typed, with its entries and never the full code', async () => {
		const typed = issued.code.toLowerCase().replace(/(.{4})/g, '$1 ')
		const { status, reply } = await check(typed)
		expect(status).toBe(200)
		expect(reply.card).toMatchObject({ last4: issued.code.slice(-4), balanceCents: 1750, voided: false })
		expect(reply.card!.entries.map((entry) => entry.kind)).toEqual(['ISSUE', 'HOLD', 'CAPTURE'])
		const text = JSON.stringify(reply)
		expect(text).not.toContain(issued.code)
		expect(text).not.toContain('owner-only note')
		expect(text).not.toContain('order:spent')
	})

	it('answers a malformed code exactly as an unknown one', async () => {
		const malformed = await check('1234', '203.0.113.51')
		const unknown = await check('ABCD-EFGH-JKLM-NPQR', '203.0.113.51')
		expect(malformed.status).toBe(404)
		expect(unknown.status).toBe(404)
		expect(malformed.reply.result.error).toEqual(unknown.reply.result.error)
		expect(unknown.reply.result.error?.code?.[0]).toMatch(/could not find a card/)
		expect(unknown.reply.card).toBeNull()
	})

	it('speaks Spanish under /es', async () => {
		const { reply } = await check('ABCD-EFGH-JKLM-NPQR', '203.0.113.52', '/es/gift-cards/balance')
		expect(reply.result.error?.code?.[0]).toMatch(/No encontramos ninguna tarjeta/)
	})

	it('counts every try per client and refuses past the budget, saying when to try again', async () => {
		const { resetEnv } = await import('~/utils/env.server')
		const { resetRateLimits } = await import('~/utils/rate-limit.server')
		process.env.RATE_LIMIT_MULTIPLIER = '1'
		resetEnv()
		resetRateLimits()
		try {
			const statuses = []
			for (let attempt = 0; attempt < 11; attempt++)
				statuses.push((await check(`WRONG${attempt}`, '198.51.100.7')).status)
			expect(statuses).toEqual([...Array(10).fill(404), 429])
			// The right code is refused too once the budget is spent: guessing cannot go on.
			const limited = await check(issued.code, '198.51.100.7')
			expect(limited.status).toBe(429)
			expect(limited.reply.card).toBeNull()
			expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
			expect(limited.reply.result.error?.['']?.[0]).toMatch(/Too many tries/)
			// Another client is unaffected.
			expect((await check(issued.code, '198.51.100.8')).status).toBe(200)
		} finally {
			process.env.RATE_LIMIT_MULTIPLIER = '100'
			resetEnv()
		}
	})
})
