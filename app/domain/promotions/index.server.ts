/**
 * The promotions area's server side as other areas use it (decision 053): promo codes (decisions 080 and 081).
 */
export { customerPromoHistory, findPromoCode, retakePromoCodeUseIn } from './models/promo-codes.server'
export {
	changePromoCodeLimits,
	createOwnerPromoCode,
	ownerPromoCodes,
	setPromoCodeActive,
} from './owner-promo-codes.server'
