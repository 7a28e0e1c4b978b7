/**
 * The owner's gift card and store credit screens (decisions 078, 079): a card issued shows its code once, in the
 * answer to the owner who issued it, and never again; voiding takes its balance off the liability with the reason
 * in its history; store credit given on a customer's page shows on their /account; the dashboard shows the total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as cardsAction, loader as cardsLoader } from '~/routes/admin.gift-cards'
import { action as cardAction, loader as cardLoader } from '~/routes/admin.gift-cards_.$giftCardId'
import { action as customerAction, loader as customerLoader } from '~/routes/admin.customers_.$customerId'
import { loader as dashboardLoader } from '~/routes/admin._index'
import { prisma } from '~/utils/db.server'
import { ADMIN, get, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'

let env: Awaited<ReturnType<typeof useAdminTestEnv>>
let ownerCookie: string

beforeAll(async () => {
	env = await useAdminTestEnv()
	ownerCookie = await sessionCookieFor(ADMIN)
})

afterAll(async () => {
	await env.cleanup()
})

const context = {}
type Result = { error?: Record<string, string[]> }

async function issue(fields: Record<string, string>) {
	const outcome = await run(
		cardsAction({ request: post('/admin/gift-cards', fields, ownerCookie), params: {}, context }),
	)
	return outcome as {
		status: number
		data: { issued: { id: string; code: string; amountCents: number } | null; result: Result }
	}
}

async function dashboardOwed() {
	const outcome = await run(dashboardLoader({ request: get('/admin', ownerCookie), params: {}, context }))
	return (outcome.data as { owed: { giftCardsCents: number; storeCreditCents: number; totalCents: number } }).owed
}

describe('issuing a card', () => {
	it('shows the full code once, then only its last four, everywhere', async () => {
		const owedBefore = await dashboardOwed()
		const outcome = await issue({ amount: '40', source: 'SHOP', issuedTo: 'Ana', note: 'paid cash' })
		expect(outcome.status).toBe(200)
		const issued = outcome.data.issued!
		expect(issued.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
		expect(issued.amountCents).toBe(4000)

		const list = await run(cardsLoader({ request: get('/admin/gift-cards', ownerCookie), params: {}, context }))
		const detail = await run(
			cardLoader({
				request: get(`/admin/gift-cards/${issued.id}`, ownerCookie),
				params: { giftCardId: issued.id },
				context,
			}),
		)
		const compact = issued.code.replace(/-/g, '')
		for (const page of [list.data, detail.data]) {
			const text = JSON.stringify(page)
			expect(text).toContain(compact.slice(-4))
			expect(text).not.toContain(compact)
			expect(text).not.toContain(issued.code)
		}
		const stored = JSON.stringify(await prisma.giftCard.findMany())
		expect(stored).not.toContain(compact)
		expect(await dashboardOwed()).toEqual({
			giftCardsCents: owedBefore.giftCardsCents + 4000,
			storeCreditCents: owedBefore.storeCreditCents,
			totalCents: owedBefore.totalCents + 4000,
		})
	})

	it('keeps what was typed and says what is wrong: amount out of range, no source', async () => {
		const before = await prisma.giftCard.count()
		const outcome = await issue({ amount: '5000', source: '', note: 'typo' })
		expect(outcome.status).toBe(400)
		expect(outcome.data.issued).toBeNull()
		expect(outcome.data.result.error?.amount?.[0]).toContain('from $1 to $1,000')
		expect(outcome.data.result.error?.source?.[0]).toContain('sold in the shop')
		expect(await prisma.giftCard.count()).toBe(before)
	})
})

describe('voiding a card', () => {
	it('needs a reason, then takes the balance off the liability; the history says who, when and why', async () => {
		const { issued } = (await issue({ amount: '25', source: 'PROMOTION' })).data
		const owedBefore = await dashboardOwed()
		const voidCard = (fields: Record<string, string>) =>
			run(
				cardAction({
					request: post(`/admin/gift-cards/${issued!.id}`, fields, ownerCookie),
					params: { giftCardId: issued!.id },
					context,
				}),
			)
		expect((await voidCard({ reason: '' })).status).toBe(400)
		const voided = await voidCard({ reason: 'Printed twice by mistake' })
		expect((voided.data as { message: string }).message).toBe('Card voided: $25.00 left the balance.')
		expect(((await voidCard({ reason: 'again' })).data as { message: string }).message).toBe(
			'This card was already voided.',
		)
		expect((await dashboardOwed()).giftCardsCents).toBe(owedBefore.giftCardsCents - 2500)
		const detail = await run(
			cardLoader({
				request: get(`/admin/gift-cards/${issued!.id}`, ownerCookie),
				params: { giftCardId: issued!.id },
				context,
			}),
		)
		const card = (
			detail.data as { card: { account: object; entries: { kind: string; note: string; createdBy: string }[] } }
		).card
		expect(card.account).toMatchObject({
			status: 'VOID',
			voidReason: 'Printed twice by mistake',
			voidedBy: ADMIN.email,
		})
		expect(card.entries.at(-1)).toMatchObject({
			kind: 'VOID',
			note: 'Printed twice by mistake',
			createdBy: ADMIN.email,
		})
	})
})

describe('store credit on a customer', () => {
	it("is given with a reason, shows on the owner's page with its history, and adds to the liability", async () => {
		const customer = await prisma.customer.create({ data: { email: 'credit.customer@example.com', name: 'Lu' } })
		const owedBefore = await dashboardOwed()
		const give = (fields: Record<string, string>) =>
			run(
				customerAction({
					request: post(`/admin/customers/${customer.id}`, { intent: 'store-credit', ...fields }, ownerCookie),
					params: { customerId: customer.id },
					context,
				}),
			)
		const refused = await give({ amount: '0', reason: 'refund' })
		expect(refused.status).toBe(400)
		const given = await give({ amount: '12.50', reason: 'refund', note: 'burnt tres leches' })
		expect((given.data as { creditMessage: string }).creditMessage).toBe(
			'$12.50 credit given. Their balance is now $12.50.',
		)
		// The private note is untouched by the credit form.
		expect((await prisma.customer.findUniqueOrThrow({ where: { id: customer.id } })).ownerNote).toBe('')
		const page = await run(
			customerLoader({
				request: get(`/admin/customers/${customer.id}`, ownerCookie),
				params: { customerId: customer.id },
				context,
			}),
		)
		expect((page.data as { credit: object }).credit).toMatchObject({
			balanceCents: 1250,
			entries: [{ kind: 'CREDIT', amountCents: 1250, reference: 'refund', note: 'burnt tres leches' }],
		})
		expect((await dashboardOwed()).storeCreditCents).toBe(owedBefore.storeCreditCents + 1250)

		// "Download my data" carries the credit and its entries, never the owner's note (decision 079).
		const { customerDataExport } = await import('~/domain/customers/privacy.server')
		const exported = await customerDataExport(customer.id)
		expect(exported?.storeCredit).toEqual({
			balanceCents: 1250,
			heldCents: 0,
			entries: [{ kind: 'credit', amountCents: 1250, balanceAfterCents: 1250, at: expect.any(String) }],
		})
		expect(JSON.stringify(exported)).not.toContain('burnt tres leches')
	})
})
