/**
 * The bread club's server side as other areas use it (decision 053): everything another area calls goes through
 * here; the rest of the folder is the area's own.
 */
export { applyClubBillingEvent, makeDueClubBoxes, type ClubBillingEvent } from './club.server'
export { clubPickupForMail, clubSubscriptionForMail } from './models/club-mail.server'
