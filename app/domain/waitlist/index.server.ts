/**
 * The waitlist area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own.
 */
export {
	MAX_WAITLIST_QUANTITY,
	joinWaitlist,
	leaveWaitlist,
	offerFreedPlaces,
	waitlistPosition,
	type JoinWaitlistResult,
	type OfferRun,
	type WaitlistRefusal,
	type WaitlistRequest,
} from './waitlist.server'
