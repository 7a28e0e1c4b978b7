/**
 * The customers area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own.
 */
export { findSignInCodeForMail, deleteOldSignInCodes } from './models/sign-in-code.server'
export { deleteExpiredCustomerSessions } from './models/customer-session.server'
export { deleteExpiredPasskeyChallenges } from './models/passkey.server'
export { openSignInCode } from './sign-in-code-crypto.server'
export { MAGIC_LINK_PATH as customerMagicLinkPath } from './sign-in-rules'
import { SIGN_IN_CODE_TTL_SECONDS } from './sign-in-rules'
/** How long a sign-in code lives, in whole minutes (its mail says it). */
export const signInCodeMinutes = SIGN_IN_CODE_TTL_SECONDS / 60
