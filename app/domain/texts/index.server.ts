/**
 * The texts area's server side as other areas use it (decision 053): everything another area calls goes through
 * here; the rest of the folder is the area's own.
 */
export {
	customerTextRecords,
	enqueueText,
	findTextForEvent,
	forgetCustomerTexts,
	listTexts,
} from './models/text-messages.server'
export { grantTextConsent, type ConsentGrant } from './models/text-consent.server'
export { optInConsent } from './opt-in.server'
export { startTextWorker } from './text-worker.server'
export { ensureTextQueue } from './text-queue.server'
export { textsOffer, textTransportKind, type TextsOffer } from './text-provider.server'
export { enqueueDueReminders, getTextSettings, saveTextSettings } from './models/text-reminders.server'
export { applyInboundText, isSignedByTwilio } from './inbound.server'
export { accountTextPreference, saveAccountTextPreference } from './account-texts.server'
export { isQuietHours } from './quiet-hours'
