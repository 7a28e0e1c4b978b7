/**
 * The wallet's ledger under concurrency (decision 078): the balance never goes below zero, a hold is released or
 * captured exactly once, a refund returns exactly once, and the entries are history nobody can edit.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { sqlClientForFile } from './sql-client'

let prisma: (typeof import('~/utils/db.server'))['prisma']
let ledger: typeof import('~/domain/wallet/models/ledger.server')
let wallet: typeof import('~/domain/wallet/index.server')
let cards: typeof import('~/domain/wallet/models/gift-cards.server')

beforeAll(async () => {
	prisma = (await import('~/utils/db.server')).prisma
	ledger = await import('~/domain/wallet/models/ledger.server')
	wallet = await import('~/domain/wallet/index.server')
	cards = await import('~/domain/wallet/models/gift-cards.server')
})

const sql = sqlClientForFile()

async function newCard(amountCents: number) {
	return cards.issueGiftCard({ amountCents, source: 'SHOP', issuedBy: 'owner@example.com', note: 'test' })
}

async function account(accountId: string) {
	return prisma.walletAccount.findUniqueOrThrow({
		where: { id: accountId },
		select: { balanceCents: true, heldCents: true, status: true },
	})
}

describe('holds under concurrency', () => {
	it('50 concurrent holds of $5 on a $20 card: exactly 4 hold, the rest are told the balance, balance 0', async () => {
		const card = await newCard(2000)
		const results = await Promise.all(
			Array.from({ length: 50 }, (_, index) =>
				wallet.holdWalletAmount({ accountId: card.accountId, reference: `order:o${index}`, amountCents: 500 }),
			),
		)
		expect(results.filter((result) => result.outcome === 'held')).toHaveLength(4)
		const refused = results.filter((result) => result.outcome !== 'held')
		expect(refused).toHaveLength(46)
		for (const refusal of refused) expect(refusal).toEqual({ outcome: 'insufficient', balanceCents: 0 })
		expect(await account(card.accountId)).toEqual({ balanceCents: 0, heldCents: 2000, status: 'ACTIVE' })
		expect(await prisma.walletHold.count({ where: { accountId: card.accountId } })).toBe(4)
		const entries = await ledger.listWalletEntries(card.accountId)
		expect(entries.map((entry) => entry.kind)).toEqual(['ISSUE', 'HOLD', 'HOLD', 'HOLD', 'HOLD'])
		expect(entries.map((entry) => entry.balanceAfterCents)).toEqual([2000, 1500, 1000, 500, 0])
	})

	it('a hold the balance cannot cover is refused with the balance, and writes nothing', async () => {
		const card = await newCard(700)
		expect(
			await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:a', amountCents: 500 }),
		).toEqual({ outcome: 'held', balanceCents: 200 })
		expect(
			await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:b', amountCents: 500 }),
		).toEqual({ outcome: 'insufficient', balanceCents: 200 })
		// The same payment holding twice is one hold.
		expect(
			await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:a', amountCents: 100 }),
		).toEqual({ outcome: 'duplicate', balanceCents: 200 })
		expect(await account(card.accountId)).toEqual({ balanceCents: 200, heldCents: 500, status: 'ACTIVE' })
		expect(
			await wallet.holdWalletAmount({ accountId: 'no-such-account', reference: 'order:c', amountCents: 1 }),
		).toEqual({ outcome: 'unknown', balanceCents: 0 })
	})

	it('the database refuses a balance below zero even from a direct write', async () => {
		const card = await newCard(100)
		await expect(
			sql.query(`UPDATE "WalletAccount" SET "balanceCents" = "balanceCents" - 101 WHERE "id" = $1`, [card.accountId]),
		).rejects.toMatchObject({ code: '23514' })
	})
})

describe('release and capture, exactly once', () => {
	it('20 concurrent releases of one hold give it back once', async () => {
		const card = await newCard(1000)
		await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:r', amountCents: 600 })
		const released = await Promise.all(
			Array.from({ length: 20 }, () => wallet.releaseWalletHold(card.accountId, 'order:r')),
		)
		expect(released.filter(Boolean)).toHaveLength(1)
		expect(await account(card.accountId)).toEqual({ balanceCents: 1000, heldCents: 0, status: 'ACTIVE' })
		// Replayed later (the expiry webhook delivered again): nothing.
		expect(await wallet.releaseWalletHold(card.accountId, 'order:r')).toBe(false)
		expect((await ledger.listWalletEntries(card.accountId)).map((entry) => entry.kind)).toEqual([
			'ISSUE',
			'HOLD',
			'RELEASE',
		])
	})

	it('concurrent captures and releases of one hold: exactly one wins, the other changes nothing', async () => {
		for (let round = 0; round < 5; round += 1) {
			const card = await newCard(1000)
			const reference = `cake-payment:race${round}` as const
			await wallet.holdWalletAmount({ accountId: card.accountId, reference, amountCents: 400 })
			const outcomes = await Promise.all(
				Array.from({ length: 10 }, (_, index) =>
					index % 2 === 0
						? wallet.captureWalletHold(card.accountId, reference)
						: wallet.releaseWalletHold(card.accountId, reference),
				),
			)
			expect(outcomes.filter(Boolean)).toHaveLength(1)
			const hold = await prisma.walletHold.findUniqueOrThrow({
				where: { accountId_reference: { accountId: card.accountId, reference } },
			})
			const after = await account(card.accountId)
			expect(after.heldCents).toBe(0)
			expect(after.balanceCents).toBe(hold.status === 'CAPTURED' ? 600 : 1000)
		}
	})

	it('capture after release and release after capture change nothing', async () => {
		const card = await newCard(1000)
		await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:x', amountCents: 300 })
		await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:y', amountCents: 200 })
		expect(await wallet.releaseWalletHold(card.accountId, 'order:x')).toBe(true)
		expect(await wallet.captureWalletHold(card.accountId, 'order:x')).toBe(false)
		expect(await wallet.captureWalletHold(card.accountId, 'order:y')).toBe(true)
		expect(await wallet.releaseWalletHold(card.accountId, 'order:y')).toBe(false)
		expect(await wallet.captureWalletHold(card.accountId, 'order:y')).toBe(false)
		expect(await account(card.accountId)).toEqual({ balanceCents: 800, heldCents: 0, status: 'ACTIVE' })
	})

	it("settles every hold of a payment across a gift card and the customer's credit", async () => {
		const first = await newCard(500)
		const second = await newCard(500)
		await wallet.holdWalletAmount({ accountId: first.accountId, reference: 'order:split', amountCents: 500 })
		await wallet.holdWalletAmount({ accountId: second.accountId, reference: 'order:split', amountCents: 250 })
		expect(await wallet.settleWalletHolds('order:split', 'capture')).toBe(2)
		expect(await wallet.settleWalletHolds('order:split', 'capture')).toBe(0)
		expect(await account(first.accountId)).toMatchObject({ balanceCents: 0, heldCents: 0 })
		expect(await account(second.accountId)).toMatchObject({ balanceCents: 250, heldCents: 0 })
	})

	it("a hold taken in the caller's transaction goes when that transaction rolls back", async () => {
		const card = await newCard(500)
		await expect(
			prisma.$transaction(async (tx) => {
				await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:rolled', amountCents: 500 }, tx)
				throw new Error('the order could not be placed')
			}),
		).rejects.toThrow('the order could not be placed')
		expect(await account(card.accountId)).toMatchObject({ balanceCents: 500, heldCents: 0 })
		expect(await prisma.walletHold.count({ where: { accountId: card.accountId } })).toBe(0)
	})
})

describe('refunds', () => {
	it('a refund returns the spent amount once, however often it is replayed at once or later', async () => {
		const card = await newCard(1000)
		await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:paid', amountCents: 800 })
		await wallet.captureWalletHold(card.accountId, 'order:paid')
		const refund = {
			accountId: card.accountId,
			holdReference: 'order:paid',
			refundReference: 'refund:order:paid',
			amountCents: 800,
		} as const
		const outcomes = await Promise.all(Array.from({ length: 10 }, () => wallet.refundWalletHold(refund)))
		expect(outcomes.filter((outcome) => outcome === 'refunded')).toHaveLength(1)
		expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(9)
		expect(await wallet.refundWalletHold(refund)).toBe('duplicate')
		expect(await account(card.accountId)).toMatchObject({ balanceCents: 1000, heldCents: 0 })
	})

	it('refunds never return more than was spent, nor what was only held', async () => {
		const card = await newCard(1000)
		await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:part', amountCents: 600 })
		const refund = (refundReference: string, amountCents: number) =>
			wallet.refundWalletHold({ accountId: card.accountId, holdReference: 'order:part', refundReference, amountCents })
		expect(await refund('refund:1', 100)).toBe('not-captured')
		await wallet.captureWalletHold(card.accountId, 'order:part')
		expect(await refund('refund:1', 400)).toBe('refunded')
		expect(await refund('refund:2', 201)).toBe('too-much')
		expect(await refund('refund:2', 200)).toBe('refunded')
		expect(await account(card.accountId)).toMatchObject({ balanceCents: 1000 })
	})
})

describe('voiding', () => {
	it('takes the balance off; a live hold may still be spent, and if released it is voided at once', async () => {
		const owedBefore = (await wallet.walletLiability()).giftCardsCents
		const card = await newCard(2000)
		await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:live1', amountCents: 500 })
		await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:live2', amountCents: 300 })
		expect(await cards.voidGiftCard(card.giftCardId, 'reported stolen', 'owner@example.com')).toBe(1200)
		expect(await cards.voidGiftCard(card.giftCardId, 'again', 'owner@example.com')).toBeNull()
		expect((await wallet.walletLiability()).giftCardsCents - owedBefore).toBe(800)
		expect(
			await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:new', amountCents: 1 }),
		).toEqual({ outcome: 'void', balanceCents: 0 })
		expect(await wallet.captureWalletHold(card.accountId, 'order:live1')).toBe(true)
		expect(await wallet.releaseWalletHold(card.accountId, 'order:live2')).toBe(true)
		expect(await account(card.accountId)).toEqual({ balanceCents: 0, heldCents: 0, status: 'VOID' })
		expect((await wallet.walletLiability()).giftCardsCents - owedBefore).toBe(0)
		// A refund to a voided card is refused: the caller returns the money another way.
		expect(
			await wallet.refundWalletHold({
				accountId: card.accountId,
				holdReference: 'order:live1',
				refundReference: 'refund:live1',
				amountCents: 500,
			}),
		).toBe('void')
		const history = await cards.findGiftCard(card.giftCardId)
		expect(history?.account).toMatchObject({ status: 'VOID', voidReason: 'reported stolen' })
		expect(history?.entries.map((entry) => [entry.kind, entry.amountCents])).toEqual([
			['ISSUE', 2000],
			['HOLD', -500],
			['HOLD', -300],
			['VOID', -1200],
			['CAPTURE', 0],
			['RELEASE', 300],
			['VOID', -300],
		])
	})
})

describe('the entries are history', () => {
	it('refuses to edit or delete an entry, even directly', async () => {
		const card = await newCard(1000)
		const [entry] = await ledger.listWalletEntries(card.accountId)
		await expect(
			sql.query(`UPDATE "WalletEntry" SET "amountCents" = 100000 WHERE "id" = $1`, [entry!.id]),
		).rejects.toMatchObject({ code: 'BK020' })
		await expect(sql.query(`DELETE FROM "WalletEntry" WHERE "id" = $1`, [entry!.id])).rejects.toMatchObject({
			code: 'BK020',
		})
		expect((await ledger.listWalletEntries(card.accountId))[0]?.amountCents).toBe(1000)
	})
})

describe('liability', () => {
	it('sums what every active card and credit account still owes, held amounts included', async () => {
		const before = await wallet.walletLiability()
		const card = await newCard(2500)
		await wallet.holdWalletAmount({ accountId: card.accountId, reference: 'order:liab', amountCents: 1000 })
		const customer = await prisma.customer.create({ data: { email: `liability-${Date.now()}@example.com` } })
		const credit = await import('~/domain/wallet/models/store-credit.server')
		expect(
			await credit.issueStoreCredit({
				customerId: customer.id,
				amountCents: 750,
				reason: 'goodwill',
				note: 'late cake',
				issuedBy: 'owner@example.com',
			}),
		).toBe(750)
		expect(await credit.customerStoreCredit(customer.id)).toMatchObject({
			balanceCents: 750,
			entries: [{ kind: 'CREDIT', amountCents: 750, reference: 'goodwill', note: 'late cake' }],
		})
		const after = await wallet.walletLiability()
		expect(after.giftCardsCents - before.giftCardsCents).toBe(2500)
		expect(after.storeCreditCents - before.storeCreditCents).toBe(750)
		expect(after.totalCents).toBe(after.giftCardsCents + after.storeCreditCents)
		await wallet.captureWalletHold(card.accountId, 'order:liab')
		expect((await wallet.walletLiability()).giftCardsCents - before.giftCardsCents).toBe(1500)
	})
})

describe('finding the accounts a checkout spends', () => {
	it("finds a card by its code as a customer types it, and a customer's credit account (created once)", async () => {
		const card = await newCard(1000)
		const { formatGiftCardCode } = await import('~/domain/wallet/gift-card-code')
		expect(await wallet.giftCardAccountForCode(` ${formatGiftCardCode(card.code).toLowerCase()} `)).toBe(card.accountId)
		expect(await wallet.giftCardAccountForCode('ABCD-EFGH-JKLM-NPQR')).toBeNull()
		expect(await wallet.giftCardAccountForCode('nonsense')).toBeNull()
		const customer = await prisma.customer.create({ data: { email: `credit-${Date.now()}@example.com` } })
		const ids = await Promise.all(Array.from({ length: 5 }, () => wallet.storeCreditAccountId(customer.id)))
		expect(new Set(ids).size).toBe(1)
	})
})
