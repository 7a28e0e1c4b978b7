import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { depositToWallet, listWalletEntries } from './ledger.server'

type Db = Prisma.TransactionClient

/** Why the owner gives credit: a refund paid as credit instead of to the card, or a goodwill gesture. */
export type StoreCreditReason = 'refund' | 'goodwill'

/**
 * The customer's store credit account, created the first time (one per customer, a unique key; ON CONFLICT so
 * two first credits at once make one account).
 */
export async function storeCreditAccountId(customerId: string, db: Db = prisma) {
	await db.$executeRaw`
		INSERT INTO "WalletAccount" ("id", "kind", "customerId")
		VALUES (gen_random_uuid()::text, 'STORE_CREDIT', ${customerId})
		ON CONFLICT ("customerId") DO NOTHING`
	const account = await db.walletAccount.findUniqueOrThrow({ where: { customerId }, select: { id: true } })
	return account.id
}

/**
 * The owner credits a customer's account: the new balance, or null when the customer is unknown (deleted).
 * The reason is the entry's reference (the customer sees it); the owner's note its note (the owner only).
 */
export async function issueStoreCredit(input: {
	customerId: string
	amountCents: number
	reason: StoreCreditReason
	note: string
	issuedBy: string
}) {
	return prisma.$transaction(async (tx) => {
		const customer = await tx.customer.findUnique({ where: { id: input.customerId }, select: { id: true } })
		if (!customer) return null
		const accountId = await storeCreditAccountId(input.customerId, tx)
		return depositToWallet(
			{
				accountId,
				kind: 'CREDIT',
				amountCents: input.amountCents,
				reference: input.reason,
				note: input.note,
				createdBy: input.issuedBy,
			},
			tx,
		)
	})
}

/**
 * A full loyalty card's reward (decision 085), credited in the transaction that completed the card: the new balance,
 * or null when the owner had voided the customer's credit (nothing credited).
 */
export async function creditLoyaltyReward(
	tx: Db,
	reward: { customerId: string; rewardNumber: number; rewardCents: number },
) {
	const accountId = await storeCreditAccountId(reward.customerId, tx)
	return depositToWallet(
		{
			accountId,
			kind: 'CREDIT',
			amountCents: reward.rewardCents,
			reference: 'loyalty',
			note: `Loyalty card reward #${reward.rewardNumber}`,
		},
		tx,
	)
}

/** A customer's credit (zero and no entries before any was given), for /account and the owner's customer page. */
export async function customerStoreCredit(customerId: string) {
	const account = await prisma.walletAccount.findUnique({
		where: { customerId },
		select: { id: true, balanceCents: true, heldCents: true },
	})
	if (!account) return { balanceCents: 0, heldCents: 0, entries: [] }
	return {
		balanceCents: account.balanceCents,
		heldCents: account.heldCents,
		entries: await listWalletEntries(account.id),
	}
}

/**
 * The customer's store credit as a checkout spends it (decision 087): its account and spendable balance, or null when
 * they have none; never creates the account (`storeCreditAccountId` does).
 */
export async function findStoreCredit(customerId: string, db: Db = prisma) {
	const account = await db.walletAccount.findUnique({
		where: { customerId },
		select: { id: true, status: true, balanceCents: true },
	})
	return account && account.status === 'ACTIVE' ? { accountId: account.id, balanceCents: account.balanceCents } : null
}
