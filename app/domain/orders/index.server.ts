/**
 * The orders area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own.
 */
export { sweepAbandonedCheckouts } from './checkout.server'
export {
	PAID_ORDER_STATUSES,
	customerLine,
	orderLineFields,
	orderNumber,
	ownerLine,
	type CheckoutEvent,
	type FulfillmentOutcome,
} from './models/order.server'
export { CONFIRMED_ORDER, CONFIRMED_ORDER_SQL } from './models/confirmed-orders.server'
export { orderCustomerAndTotals, type RefundEvent } from './models/owner-orders.server'
export {
	cancelOrderByCustomer,
	changeOrderPickup,
	orderChangeWindow,
	orderPickupChoices,
	type ChangePickupOutcome,
	type CustomerCancelOutcome,
	type OrderPickupChoices,
} from './order-changes.server'
export { arrivalPath, arrivalUrl } from './order-arrival-token.server'
export type { RefundTo } from './order-refund.server'
export { holdOfferedOrder, sendWaitlistOffer } from './offered-orders.server'
export { placeClubBox } from './club-orders.server'
export { findClubBoxOrder, payClubBoxOrderIn, setClubBoxOwed } from './models/club-orders.server'
