/**
 * The pickup area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own.
 */
export {
	holdItemsJson,
	pickupRefusal,
	releasePickupCapacityIn,
	releasePickupSlotIn,
	reservePickupCapacity,
	takePickupSlotIn,
	type HoldRefusalRow,
	type PickupRefusal,
} from './models/pickup-capacity.server'
export {
	dateColumn,
	dateFromColumn,
	getAdminPickupSchedule,
	getCapacityUsage,
	getCheckoutRules,
	getItemPickupRules,
	getPayAtPickupAllowed,
	getPickupSchedule,
	getPickupSettings,
	type CheckoutMenuItem,
} from './models/pickup-schedule.server'
export { cartPickupItems, loadCartPickup, loadMenuPickup, nothingHeld } from './pickup.server'
export { loadVisitorHours } from './visitor-hours.server'
