import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { enqueueMail } from '~/domain/mail/index.server'
import { enqueueText } from '~/domain/texts/index.server'
import { claimProviderEvent } from '~/domain/payments/index.server'
import type { CheckoutEvent, FulfillmentOutcome } from '~/domain/orders/index.server'
import { sealGiftCardCode } from '../gift-card-seal.server'
import { createGiftCard } from './gift-cards.server'
import { voidWalletAccount } from './ledger.server'

type PurchaseInput = {
	amountCents: number
	buyerName: string
	buyerEmail: string
	locale: string
	forRecipient: boolean
	recipientName: string
	recipientEmail: string
	/** E.164 or empty: the one text the buyer vouched for (decision 078). */
	recipientPhone: string
	message: string
	/** The bakery-local date of the recipient's mail (YYYY-MM-DD). */
	deliverOn: string
}

/** A pending online purchase, before its payment session is opened. */
export async function createGiftCardPurchase(input: PurchaseInput) {
	const purchase = await prisma.giftCardPurchase.create({
		data: { ...input, deliverOn: new Date(`${input.deliverOn}T00:00:00.000Z`) },
		select: { id: true },
	})
	return purchase.id
}

export async function attachGiftCardPurchaseSession(purchaseId: string, sessionId: string) {
	await prisma.giftCardPurchase.update({ where: { id: purchaseId }, data: { providerSessionId: sessionId } })
}

export async function markGiftCardPurchaseFailed(purchaseId: string) {
	await prisma.giftCardPurchase.updateMany({ where: { id: purchaseId, status: 'PENDING' }, data: { status: 'FAILED' } })
}

export async function findGiftCardPurchaseBySessionId(sessionId: string) {
	return prisma.giftCardPurchase.findUnique({
		where: { providerSessionId: sessionId },
		select: {
			id: true,
			status: true,
			amountCents: true,
			locale: true,
			forRecipient: true,
			recipientName: true,
			recipientEmail: true,
			buyerEmail: true,
			deliverOn: true,
			createdAt: true,
		},
	})
}

/** Pending purchases opened before `before`: the sweep asks the provider about each. */
export async function listLapsedGiftCardPurchases(before: Date) {
	const rows = await prisma.giftCardPurchase.findMany({
		where: { status: 'PENDING', createdAt: { lt: before }, providerSessionId: { not: null } },
		select: { providerSessionId: true },
		take: 100,
	})
	return rows.map((row) => row.providerSessionId!)
}

/**
 * A payment event for a gift card purchase, or null when the session is not one. Paid: exactly once (the event
 * claimed, the purchase moved from PENDING or EXPIRED by a conditional update), the card is issued with its
 * PURCHASE entry, its code sealed for the delivery mail, the buyer's receipt queued now and the recipient's mail
 * at `deliverAt` (the buyer's own card: at once), all in one transaction. Anything else ends the purchase.
 */
export async function applyGiftCardPurchaseEvent(
	event: CheckoutEvent,
	deliverAt: (deliverOn: Date) => Date,
): Promise<FulfillmentOutcome | null> {
	const purchase = await prisma.giftCardPurchase.findUnique({
		where: { providerSessionId: event.sessionId },
		select: { id: true },
	})
	if (!purchase) return null
	return prisma.$transaction(async (tx) => {
		if (!(await claimProviderEvent(tx, event))) return 'duplicate'
		if (event.kind === 'ignored') return 'unchanged'
		if (event.kind !== 'paid') {
			const { count } = await tx.giftCardPurchase.updateMany({
				where: { id: purchase.id, status: 'PENDING' },
				data: { status: event.kind === 'cancelled' ? 'CANCELLED' : 'EXPIRED' },
			})
			return count ? 'applied' : 'unchanged'
		}
		// A payment that arrives after the session's expiry was recorded still buys the card.
		const claimed = await tx.giftCardPurchase.updateMany({
			where: { id: purchase.id, status: { in: ['PENDING', 'EXPIRED', 'CANCELLED'] }, paidAt: null },
			data: { status: 'PAID', paidAt: new Date() },
		})
		if (claimed.count === 0) return 'unchanged'
		await issuePurchasedCard(tx, purchase.id, deliverAt)
		return 'applied'
	})
}

async function issuePurchasedCard(tx: Prisma.TransactionClient, purchaseId: string, deliverAt: (day: Date) => Date) {
	const paid = await tx.giftCardPurchase.findUniqueOrThrow({
		where: { id: purchaseId },
		select: { amountCents: true, forRecipient: true, recipientName: true, buyerName: true, deliverOn: true },
	})
	const card = await createGiftCard(
		{
			amountCents: paid.amountCents,
			source: 'ONLINE',
			issuedTo: paid.forRecipient ? paid.recipientName : paid.buyerName,
			issuedBy: null,
		},
		tx,
	)
	await tx.giftCardPurchase.update({
		where: { id: purchaseId },
		data: { giftCardId: card.giftCardId, sealedCode: sealGiftCardCode(card.code) },
	})
	await enqueueMail(tx, { kind: 'gift-card-receipt', purchaseId })
	const startAfter = paid.forRecipient ? deliverAt(paid.deliverOn) : new Date()
	await enqueueMail(tx, { kind: 'gift-card-delivery', purchaseId }, { startAfter })
	if (paid.forRecipient) await enqueueText(tx, { kind: 'gift-card-delivery', purchaseId }, { startAfter })
}

/** What the mails say about a paid purchase, with the sealed code for the delivery mail; null when unpaid. */
export async function findGiftCardPurchaseForMail(purchaseId: string) {
	return prisma.giftCardPurchase.findFirst({
		where: { id: purchaseId, status: 'PAID', giftCardId: { not: null } },
		select: {
			amountCents: true,
			buyerName: true,
			buyerEmail: true,
			locale: true,
			forRecipient: true,
			recipientName: true,
			recipientEmail: true,
			message: true,
			deliverOn: true,
			sealedCode: true,
			giftCard: { select: { codeLast4: true } },
		},
	})
}

/** The paid purchases made with this e-mail (a customer's data download). */
export async function listGiftCardPurchasesBy(buyerEmail: string) {
	return prisma.giftCardPurchase.findMany({
		where: { buyerEmail: buyerEmail.toLowerCase(), status: 'PAID' },
		orderBy: { paidAt: 'asc' },
		select: {
			amountCents: true,
			paidAt: true,
			recipientName: true,
			recipientEmail: true,
			message: true,
			deliverOn: true,
			giftCard: { select: { codeLast4: true } },
		},
	})
}

/**
 * A gift card bought online whose payment was refunded in full (Stripe's dashboard): the card is voided with that
 * reason, whatever is left on it, and its sealed code forgotten, so a delivery mail or text not yet sent never goes
 * out (decision 087's counterpart for cards). Exactly once (the event id is claimed); null when the session is not a
 * card purchase's.
 */
export async function applyGiftCardRefundEvent(event: {
	eventId: string
	type: string
	sessionId: string | null
}): Promise<FulfillmentOutcome | null> {
	if (!event.sessionId) return null
	const purchase = await prisma.giftCardPurchase.findUnique({
		where: { providerSessionId: event.sessionId },
		select: { id: true, giftCard: { select: { accountId: true } } },
	})
	if (!purchase) return null
	return prisma.$transaction(async (tx) => {
		if (!(await claimProviderEvent(tx, event))) return 'duplicate'
		if (!purchase.giftCard) return 'unchanged'
		await tx.giftCardPurchase.update({ where: { id: purchase.id }, data: { sealedCode: null } })
		const voided = await voidWalletAccount(purchase.giftCard.accountId, 'Payment refunded in Stripe', 'stripe', tx)
		return voided === null ? 'unchanged' : 'applied'
	})
}
