/**
 * The cake-quotes area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own.
 */
export { quotePath } from './cake-quote-token.server'
export {
	expireOverdueQuotes,
	expireQuote,
	findCakeQuote,
	listCakesForPickupDate,
	listHeldCakeSteps,
} from './models/cake-quote.server'
export { adminRequestFields } from './models/request-fields.server'
export { sweepLapsedCakePayments } from './quote-checkout.server'
