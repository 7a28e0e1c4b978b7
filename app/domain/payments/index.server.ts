/**
 * The payments area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own. Every hosted payment session, an order's or a
 * cake payment's, is opened, read, closed and refunded through `paymentProvider` (decision 054).
 */
export { claimProviderEvent } from './models/webhook-events.server'
export {
	CHECKOUT_SESSION_MINUTES,
	RefundFailed,
	SWEEP_GRACE_MS,
	paymentMode,
	paymentProvider,
	providerOfSession,
	siteEventId,
	testSessionExpired,
	type ChargedAmounts,
	type PaymentProvider,
	type SessionKind,
} from './payments.server'
export {
	billingProvider,
	type BillingPlan,
	type BillingProvider,
	type SubscriptionSessionState,
} from './billing.server'
