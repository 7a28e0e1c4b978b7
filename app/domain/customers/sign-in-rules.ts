/**
 * The customers' sign-in rules (decision 063), shared by the pages and the server: a code is six digits,
 * lives 10 minutes and allows 5 tries; a session lasts 30 days.
 */
export const SIGN_IN_CODE_DIGITS = 6
export const SIGN_IN_CODE_TTL_SECONDS = 10 * 60
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5
export const CUSTOMER_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60

/** One mailbox, one account: addresses are compared trimmed and in lower case. */
export function normalizeEmail(email: string) {
	return email.trim().toLowerCase()
}

/** The magic link's path (English only: the page it leads to is kept in the sign-in cookie, in the page's language). */
export const MAGIC_LINK_PATH = '/account/link'
