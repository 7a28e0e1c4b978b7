import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { depositToWallet, findWalletHolds, refundWalletHold, type HoldReference } from './ledger.server'
import { storeCreditAccountId } from './store-credit.server'

type Db = Prisma.TransactionClient

/** Where a part of a payment comes from (decision 086). */
export type WalletSource = 'gift-card' | 'store-credit'

/** One account's part of a payment, as the server decided it from the balance it read. */
export interface WalletSpend {
	accountId: string
	source: WalletSource
	amountCents: number
	/** The account's spendable balance when it was read (before this payment). */
	balanceCents: number
	/** A gift card's last four characters (what the customer may be shown); null for store credit. */
	last4: string | null
}

/**
 * What `email`'s own unpaid orders hold of the account: a checkout with their e-mail replaces those orders
 * (place_pending_order, decision 086), so it may spend that too. One statement with the account's row.
 */
function spendableSql(where: Prisma.Sql, email: string | undefined) {
	const owner = email?.trim().toLowerCase() ?? ''
	return Prisma.sql`
		SELECT a."id" AS "accountId", a."status"::text AS "status", g."codeLast4" AS "last4",
			a."balanceCents" + COALESCE((
				SELECT sum(h."amountCents") FROM "WalletHold" h
				WHERE h."accountId" = a."id" AND h."status" = 'HELD' AND h."reference" LIKE 'order:%' AND ${owner} <> ''
					AND EXISTS (
						SELECT 1 FROM "Order" o
						WHERE o."id" = substr(h."reference", 7) AND o."status" = 'PENDING' AND lower(o."customerEmail") = ${owner}
					)
			), 0)::integer AS "balanceCents"
		FROM "WalletAccount" a LEFT JOIN "GiftCard" g ON g."accountId" = a."id"
		WHERE ${where}`
}

type SpendableRow = { accountId: string; status: string; last4: string | null; balanceCents: number }

/**
 * The gift card with this code digest and its spendable balance (with what `email`'s own unpaid orders hold of it),
 * or null when it cannot pay (unknown or void).
 */
export async function spendableGiftCard(codeDigest: string, email?: string, db: Db = prisma) {
	const [card] = await db.$queryRaw<SpendableRow[]>(spendableSql(Prisma.sql`g."codeDigest" = ${codeDigest}`, email))
	if (!card || card.status !== 'ACTIVE') return null
	return { accountId: card.accountId, balanceCents: card.balanceCents, last4: card.last4 ?? '' }
}

/**
 * The customer's store credit account and its spendable balance (with what `email`'s own unpaid orders hold of
 * it), or null when they have none to spend.
 */
export async function spendableStoreCredit(customerId: string, email?: string, db: Db = prisma) {
	const [account] = await db.$queryRaw<SpendableRow[]>(spendableSql(Prisma.sql`a."customerId" = ${customerId}`, email))
	if (!account || account.status !== 'ACTIVE' || account.balanceCents <= 0) return null
	return { accountId: account.accountId, balanceCents: account.balanceCents }
}

/**
 * Each account's part of a payment of `dueCents`: the gift card first, up to its balance, then the store credit for
 * what is left. Read without a lock: the hold (wallet_hold) decides, and refuses with the balance then.
 */
export function planWalletSpends(
	dueCents: number,
	giftCard: { accountId: string; balanceCents: number; last4: string } | null,
	storeCredit: { accountId: string; balanceCents: number } | null,
): WalletSpend[] {
	const spends: WalletSpend[] = []
	let due = dueCents
	if (giftCard && giftCard.balanceCents > 0 && due > 0) {
		const amountCents = Math.min(giftCard.balanceCents, due)
		spends.push({ ...giftCard, source: 'gift-card', amountCents })
		due -= amountCents
	}
	if (storeCredit && due > 0) {
		const amountCents = Math.min(storeCredit.balanceCents, due)
		spends.push({ ...storeCredit, source: 'store-credit', amountCents, last4: null })
	}
	return spends
}

/** What a refund returned to one account of a payment ('void': the card was voided since; nothing returned). */
export interface WalletRefund {
	accountId: string
	amountCents: number
	outcome: 'refunded' | 'duplicate' | 'void'
}

/**
 * A refunded payment's spent holds go back to where they came from (decision 086), what is left of each, exactly
 * once per `refundReference` (wallet_refund), in the refund's transaction.
 */
export async function refundWalletPayment(reference: HoldReference, refundReference: string, db: Db) {
	const refunds: WalletRefund[] = []
	for (const hold of await findWalletHolds(reference, db)) {
		const amountCents = hold.amountCents - hold.refundedCents
		if (hold.status !== 'CAPTURED' || amountCents <= 0) continue
		const outcome = await refundWalletHold(
			{ accountId: hold.accountId, holdReference: reference, refundReference, amountCents },
			db,
		)
		if (outcome === 'refunded' || outcome === 'duplicate' || outcome === 'void') {
			refunds.push({ accountId: hold.accountId, amountCents, outcome })
		}
	}
	return refunds
}

/**
 * A card payment refunded as store credit instead (the customer's choice when they cancel, decision 086): the
 * amount credited to their account, with the refund as its reason (what they see) and the payment as the note.
 */
export async function creditRefundAsStoreCredit(
	input: { customerId: string; amountCents: number; paymentReference: string },
	db: Db,
) {
	const accountId = await storeCreditAccountId(input.customerId, db)
	return depositToWallet(
		{
			accountId,
			kind: 'CREDIT',
			amountCents: input.amountCents,
			reference: 'refund',
			note: input.paymentReference,
			createdBy: null,
		},
		db,
	)
}

/** What of a refunded payment the customer took as store credit instead of a card refund (0: none). */
export async function refundCreditedAsStoreCredit(paymentReference: string, db: Db = prisma) {
	const { _sum } = await db.walletEntry.aggregate({
		where: { kind: 'CREDIT', reference: 'refund', note: paymentReference },
		_sum: { amountCents: true },
	})
	return _sum.amountCents ?? 0
}
