/**
 * The wallet area's server side as other areas use it (decision 053): gift cards and store credit on one ledger
 * (decision 078). A checkout that spends the wallet finds the accounts (`giftCardAccountForCode`,
 * `storeCreditAccountId`), holds inside its own transaction (`holdWalletAmount`, or the SQL function
 * `wallet_hold` from one statement), and settles the payment's holds once it is paid or lapses
 * (`settleWalletHolds`); a refund returns a spent hold (`refundWalletHold`).
 */
export {
	captureWalletHold,
	holdWalletAmount,
	listSpentHolds,
	refundWalletHold,
	releaseWalletHold,
	findWalletHolds,
	settleWalletHolds,
	walletAccountBalance,
	walletLiability,
	type HoldOutcome,
	type HoldReference,
	type RefundOutcome,
} from './models/ledger.server'
export { creditLoyaltyReward, storeCreditAccountId } from './models/store-credit.server'
export {
	creditRefundAsStoreCredit,
	planWalletSpends,
	refundCreditedAsStoreCredit,
	refundWalletPayment,
	spendableStoreCredit,
	type WalletRefund,
	type WalletSource,
	type WalletSpend,
} from './models/wallet-spend.server'
import { findGiftCardAccountId } from './models/gift-cards.server'
import { spendableGiftCard } from './models/wallet-spend.server'
import { digestOfTypedCode } from './gift-card-code.server'
import { openGiftCardCode } from './gift-card-seal.server'
import { formatGiftCardCode } from './gift-card-code'
import { customerStoreCredit } from './models/store-credit.server'
import { findGiftCardPurchaseForMail, listGiftCardPurchasesBy } from './models/gift-card-purchases.server'

/** The account of the gift card a customer typed (any case, spaces, dashes), or null: malformed and unknown alike. */
export async function giftCardAccountForCode(typedCode: string) {
	const digest = digestOfTypedCode(typedCode)
	return digest ? findGiftCardAccountId(digest) : null
}

/**
 * The gift card a customer typed at a checkout, with what it can pay now (for `email`, with what their own unpaid
 * orders hold of it); null when it cannot pay at all (malformed, unknown and void read the same, decision 078).
 */
export async function giftCardForPayment(typedCode: string, email?: string) {
	const digest = digestOfTypedCode(typedCode)
	return digest ? spendableGiftCard(digest, email) : null
}

export { applyGiftCardPurchaseEvent, sweepLapsedGiftCardPurchases } from './gift-card-purchase.server'
export { applyGiftCardRefundEvent } from './models/gift-card-purchases.server'

/** A paid online purchase as its mails tell it, the code opened and grouped for reading; null when not paid. */
export async function giftCardPurchaseForMail(purchaseId: string) {
	const purchase = await findGiftCardPurchaseForMail(purchaseId)
	if (!purchase?.sealedCode || !purchase.giftCard) return null
	const { sealedCode, giftCard, deliverOn, ...rest } = purchase
	return {
		...rest,
		last4: giftCard.codeLast4,
		deliverOn: deliverOn.toISOString().slice(0, 10),
		code: formatGiftCardCode(openGiftCardCode(sealedCode)),
	}
}

/**
 * What "Download my data" says of the wallet (decision 079): the customer's store credit with its entries (the
 * owner's notes left out), and the gift cards bought online with their e-mail (never a code).
 */
export async function customerWalletRecords(customerId: string, email: string) {
	const [credit, purchases] = await Promise.all([customerStoreCredit(customerId), listGiftCardPurchasesBy(email)])
	return {
		storeCredit: {
			balanceCents: credit.balanceCents,
			heldCents: credit.heldCents,
			entries: credit.entries.map((entry) => ({
				kind: entry.kind.toLowerCase(),
				amountCents: entry.amountCents,
				balanceAfterCents: entry.balanceAfterCents,
				at: entry.createdAt.toISOString(),
			})),
		},
		giftCardsBought: purchases.map((purchase) => ({
			amountCents: purchase.amountCents,
			paidAt: purchase.paidAt?.toISOString() ?? null,
			recipientName: purchase.recipientName,
			recipientEmail: purchase.recipientEmail,
			message: purchase.message,
			deliverOn: purchase.deliverOn.toISOString().slice(0, 10),
			cardEndsWith: purchase.giftCard?.codeLast4 ?? null,
		})),
	}
}
