import type { GiftCardSource, Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { generateGiftCardCode, giftCardCodeDigest } from '../gift-card-code.server'
import { giftCardLast4 } from '../gift-card-code'
import { depositToWallet, listWalletEntries, voidWalletAccount } from './ledger.server'

type Db = Prisma.TransactionClient

interface IssueInput {
	amountCents: number
	source: GiftCardSource
	issuedTo?: string
	note?: string
	/** The admin's e-mail; null for a card bought online. */
	issuedBy: string | null
}

/**
 * A new gift card with its first entry (ISSUE, or PURCHASE when bought online), inside the caller's transaction.
 * The code is returned once, here, and never stored: only its digest and last four characters.
 */
export async function createGiftCard(input: IssueInput, tx: Db) {
	const code = generateGiftCardCode()
	const account = await tx.walletAccount.create({ data: { kind: 'GIFT_CARD' }, select: { id: true } })
	const card = await tx.giftCard.create({
		data: {
			accountId: account.id,
			codeDigest: giftCardCodeDigest(code),
			codeLast4: giftCardLast4(code),
			source: input.source,
			issuedTo: input.issuedTo ?? '',
			note: input.note ?? '',
			issuedBy: input.issuedBy,
		},
		select: { id: true },
	})
	const kind = input.source === 'ONLINE' ? 'PURCHASE' : 'ISSUE'
	await depositToWallet(
		{ accountId: account.id, kind, amountCents: input.amountCents, note: input.note, createdBy: input.issuedBy },
		tx,
	)
	return { giftCardId: card.id, accountId: account.id, code }
}

/** The owner issues a card (sold at the counter, or a promotion): its id and the code, shown once. */
export async function issueGiftCard(input: IssueInput) {
	return prisma.$transaction((tx) => createGiftCard(input, tx))
}

const cardColumns = {
	id: true,
	codeLast4: true,
	source: true,
	issuedTo: true,
	note: true,
	issuedBy: true,
	createdAt: true,
	account: {
		select: {
			id: true,
			status: true,
			balanceCents: true,
			heldCents: true,
			voidedAt: true,
			voidReason: true,
			voidedBy: true,
		},
	},
	purchase: { select: { buyerName: true, buyerEmail: true, recipientName: true, forRecipient: true } },
} as const

/** Every card, newest first (the owner's list). */
export async function listGiftCards(take = 500) {
	return prisma.giftCard.findMany({ select: cardColumns, orderBy: { createdAt: 'desc' }, take })
}

export type GiftCardSummary = Awaited<ReturnType<typeof listGiftCards>>[number]

/** One card with its whole history (the owner's view), or null. */
export async function findGiftCard(giftCardId: string) {
	const card = await prisma.giftCard.findUnique({ where: { id: giftCardId }, select: cardColumns })
	if (!card) return null
	return { ...card, entries: await listWalletEntries(card.account.id) }
}

/** The card a typed code's digest names, as its holder may see it (no owner's notes), or null. */
export async function findGiftCardByDigest(codeDigest: string) {
	const card = await prisma.giftCard.findUnique({
		where: { codeDigest },
		select: { codeLast4: true, account: { select: { id: true, status: true, balanceCents: true, heldCents: true } } },
	})
	if (!card) return null
	const entries = await listWalletEntries(card.account.id)
	return {
		last4: card.codeLast4,
		status: card.account.status,
		balanceCents: card.account.balanceCents,
		heldCents: card.account.heldCents,
		entries: entries.map(({ kind, amountCents, heldChangeCents, balanceAfterCents, createdAt }) => ({
			kind,
			amountCents,
			heldChangeCents,
			balanceAfterCents,
			createdAt,
		})),
	}
}

/** The account a code's digest names, for the next step's checkout (null: no such card). */
export async function findGiftCardAccountId(codeDigest: string, db: Db = prisma) {
	const card = await db.giftCard.findUnique({ where: { codeDigest }, select: { accountId: true } })
	return card?.accountId ?? null
}

/** Voids a card with the owner's reason: the amount voided, or null when it was already void (or unknown). */
export async function voidGiftCard(giftCardId: string, reason: string, voidedBy: string) {
	const card = await prisma.giftCard.findUnique({ where: { id: giftCardId }, select: { accountId: true } })
	if (!card) return null
	return voidWalletAccount(card.accountId, reason, voidedBy)
}
