/**
 * The payments area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own.
 */
export { claimProviderEvent } from './models/webhook-events.server'
export {
	CHECKOUT_SESSION_MINUTES,
	RefundFailed,
	TEST_SESSION_PREFIX,
	createTestProvider,
	getStripe,
	paymentMode,
	stripeProvider,
	type ChargedAmounts,
	type PaymentProvider,
} from './payments.server'
