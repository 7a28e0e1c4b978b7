/**
 * The admin-auth area's server side as other areas use it (decision 053): everything another area calls
 * goes through here; the rest of the folder is the area's own.
 */
export { deleteExpiredSessions } from './models/session-store.server'
export { cookieSecrets } from './session.server'
