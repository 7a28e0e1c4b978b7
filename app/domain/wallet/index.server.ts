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
	refundWalletHold,
	releaseWalletHold,
	settleWalletHolds,
	walletLiability,
	type HoldOutcome,
	type HoldReference,
	type RefundOutcome,
} from './models/ledger.server'
export { creditLoyaltyReward, storeCreditAccountId } from './models/store-credit.server'
import { findGiftCardAccountId } from './models/gift-cards.server'
import { digestOfTypedCode } from './gift-card-code.server'

/** The account of the gift card a customer typed (any case, spaces, dashes), or null: malformed and unknown alike. */
export async function giftCardAccountForCode(typedCode: string) {
	const digest = digestOfTypedCode(typedCode)
	return digest ? findGiftCardAccountId(digest) : null
}
