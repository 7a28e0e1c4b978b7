/**
 * Passkeys (decision 066) as the pages and the server both know them: the endpoint (one resource route, an `intent`
 * per step), what it answers (an outcome the page puts into words) and the longest name a passkey may have.
 * Browser-safe.
 */
export const PASSKEYS_PATH = '/account/passkeys'

export type PasskeyIntent = 'sign-in-options' | 'sign-in' | 'register-options' | 'register' | 'remove'
export const PASSKEY_NAME_MAX_LENGTH = 60

type PasskeyOutcome =
	'options' | 'saved' | 'signed-in' | 'expired' | 'invalid' | 'unknown' | 'duplicate' | 'rate-limited' | 'signed-out'

/** The JSON the endpoint answers every step but 'remove' (a form, which redirects) with. */
export interface PasskeyReply {
	outcome: PasskeyOutcome
	/** With 'options': what the browser hands to the authenticator. */
	options?: unknown
	/** With 'signed-in': where to go now (a same-site path). */
	redirectTo?: string
	/** With 'rate-limited'. */
	retryAfterSeconds?: number
}
