/**
 * The loyalty card's server side as other areas use it (decision 053): everything another area calls goes through
 * here; the rest of the folder is the area's own.
 */
export {
	collectStampsForCustomer,
	collectStampsForOrder,
	customerLoyaltyCard,
	reverseStampForOrder,
} from './loyalty.server'
export { getLoyaltyProgram, loyaltySummary, saveLoyaltyProgram } from './models/loyalty.server'
