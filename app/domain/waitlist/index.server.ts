/**
 * The waitlist area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own.
 */
export {
	customerWaitlists,
	joinWaitlist,
	leaveWaitlist,
	offerFreedPlaces,
	waitlistChoices,
	waitlistPosition,
	type JoinWaitlistResult,
	type OfferRun,
	type WaitlistRefusal,
	type WaitlistRequest,
	type Choice as WaitlistChoice,
} from './waitlist.server'
export { waitlistsForDate } from './models/waitlist.server'
