import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'

/**
 * The wallet's ledger (decision 078): every change of a gift card's or store credit's balance is one of the SQL
 * functions in prisma/sql/wallet_*.sql, which lock the account's row and write its entry in the same call. Each
 * function here takes the caller's transaction (or runs alone), so a checkout can hold inside its own; a
 * checkout written as one SQL statement PERFORMs or SELECTs the same functions.
 */
type Db = Prisma.TransactionClient

/** A payment's reference in the ledger: one hold per account and reference. */
export type HoldReference = `order:${string}` | `cake-payment:${string}`

export type HoldOutcome = 'held' | 'insufficient' | 'void' | 'unknown' | 'duplicate'

/** Holds `amountCents` of an account for a payment; any outcome but 'held' wrote nothing. Always the balance now. */
export async function holdWalletAmount(
	input: { accountId: string; reference: HoldReference; amountCents: number },
	db: Db = prisma,
): Promise<{ outcome: HoldOutcome; balanceCents: number }> {
	const [row] = await db.$queryRaw<{ outcome: HoldOutcome; balance_cents: number }[]>`
		SELECT outcome, balance_cents FROM wallet_hold(${input.accountId}, ${input.reference}, ${input.amountCents}::integer)`
	if (!row) throw new Error('wallet_hold returned no row')
	return { outcome: row.outcome, balanceCents: row.balance_cents }
}

/** Gives a payment's hold back, exactly once: true when this call gave it back. */
export async function releaseWalletHold(accountId: string, reference: HoldReference, db: Db = prisma) {
	const [row] = await db.$queryRaw<{ released: boolean }[]>`
		SELECT wallet_hold_release(${accountId}, ${reference}) AS released`
	return row?.released === true
}

/** Spends a payment's hold, exactly once: true when this call spent it. */
export async function captureWalletHold(accountId: string, reference: HoldReference, db: Db = prisma) {
	const [row] = await db.$queryRaw<{ captured: boolean }[]>`
		SELECT wallet_hold_capture(${accountId}, ${reference}) AS captured`
	return row?.captured === true
}

/** Every hold a payment has (a gift card and the customer's credit can both pay one order). */
export async function findWalletHolds(reference: HoldReference, db: Db = prisma) {
	return db.walletHold.findMany({
		where: { reference },
		select: { accountId: true, amountCents: true, status: true, refundedCents: true },
		orderBy: { accountId: 'asc' },
	})
}

/** An account's spendable balance and whether it can be spent (a checkout decides how much to hold from it). */
export async function walletAccountBalance(accountId: string, db: Db = prisma) {
	const account = await db.walletAccount.findUnique({
		where: { id: accountId },
		select: { kind: true, status: true, balanceCents: true },
	})
	return account && { kind: account.kind, active: account.status === 'ACTIVE', balanceCents: account.balanceCents }
}

/** What the payments' captured holds spent, one row per hold with its account's kind (the owner's pages). */
export async function listSpentHolds(references: string[], db: Db = prisma) {
	if (references.length === 0) return []
	const holds = await db.walletHold.findMany({
		where: { reference: { in: references }, status: 'CAPTURED' },
		select: { reference: true, amountCents: true, account: { select: { kind: true } } },
		orderBy: { accountId: 'asc' },
	})
	return holds.map((hold) => ({ reference: hold.reference, amountCents: hold.amountCents, kind: hold.account.kind }))
}

/** Releases (or captures) every hold of a payment, in account order; how many this call settled. */
export async function settleWalletHolds(reference: HoldReference, how: 'release' | 'capture', db: Db = prisma) {
	let settled = 0
	for (const hold of await findWalletHolds(reference, db)) {
		const done =
			how === 'release'
				? await releaseWalletHold(hold.accountId, reference, db)
				: await captureWalletHold(hold.accountId, reference, db)
		if (done) settled += 1
	}
	return settled
}

export type RefundOutcome = 'refunded' | 'duplicate' | 'not-captured' | 'too-much' | 'void'

/** Returns part or all of a spent hold to its account, exactly once per `refundReference`. */
export async function refundWalletHold(
	input: { accountId: string; holdReference: HoldReference; refundReference: string; amountCents: number },
	db: Db = prisma,
): Promise<RefundOutcome> {
	const [row] = await db.$queryRaw<{ outcome: RefundOutcome }[]>`
		SELECT wallet_refund(${input.accountId}, ${input.holdReference}, ${input.refundReference},
			${input.amountCents}::integer) AS outcome`
	if (!row) throw new Error('wallet_refund returned no row')
	return row.outcome
}

export type DepositKind = 'ISSUE' | 'PURCHASE' | 'CREDIT'

/** Puts money on an active account with its entry: the new balance, or null (unknown or void account). */
export async function depositToWallet(
	input: {
		accountId: string
		kind: DepositKind
		amountCents: number
		reference?: string | null
		note?: string
		createdBy?: string | null
	},
	db: Db = prisma,
) {
	const [row] = await db.$queryRaw<{ balance: number | null }[]>`
		SELECT wallet_deposit(${input.accountId}, ${input.kind}::"WalletEntryKind", ${input.amountCents}::integer,
			${input.reference ?? null}, ${input.note ?? ''}, ${input.createdBy ?? null}) AS balance`
	return row?.balance ?? null
}

/** Voids an account: the amount voided, or null when it was unknown or void already. */
export async function voidWalletAccount(accountId: string, reason: string, voidedBy: string, db: Db = prisma) {
	const [row] = await db.$queryRaw<{ voided: number | null }[]>`
		SELECT wallet_void(${accountId}, ${reason}, ${voidedBy}) AS voided`
	return row?.voided ?? null
}

/** An account's entries, oldest first. */
export async function listWalletEntries(accountId: string, db: Db = prisma) {
	const entries = await db.walletEntry.findMany({
		where: { accountId },
		orderBy: { id: 'asc' },
		select: {
			id: true,
			kind: true,
			amountCents: true,
			heldChangeCents: true,
			balanceAfterCents: true,
			reference: true,
			note: true,
			createdBy: true,
			createdAt: true,
		},
	})
	return entries.map((entry) => ({ ...entry, id: entry.id.toString() }))
}

export type WalletEntryView = Awaited<ReturnType<typeof listWalletEntries>>[number]

/**
 * What the bakery owes: every active account's spendable and held cents, gift cards and store credit apart. A
 * voided account owes nothing; a hold on one still counts until it is spent or released (then voided).
 */
export async function walletLiability(db: Db = prisma) {
	const rows = await db.walletAccount.groupBy({
		by: ['kind'],
		_sum: { balanceCents: true, heldCents: true },
	})
	const total = (kind: 'GIFT_CARD' | 'STORE_CREDIT') => {
		const row = rows.find((candidate) => candidate.kind === kind)
		return (row?._sum.balanceCents ?? 0) + (row?._sum.heldCents ?? 0)
	}
	const giftCardsCents = total('GIFT_CARD')
	const storeCreditCents = total('STORE_CREDIT')
	return { giftCardsCents, storeCreditCents, totalCents: giftCardsCents + storeCreditCents }
}
