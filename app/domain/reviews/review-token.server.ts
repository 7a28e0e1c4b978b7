import crypto from 'node:crypto'
import { cookieSecrets } from '~/domain/admin-auth/index.server'

/**
 * A review invitation's link token: `<invitation id>.<HMAC-SHA256 of the id>`, keyed by SESSION_SECRET
 * (the development secret without it). Nothing secret is stored: the database holds the invitation, the
 * server can rebuild the same link for the same order (a retried mail carries the same link), and a
 * changed id or a guessed signature is refused. Changing SESSION_SECRET retires every link sent before.
 */
const PURPOSE = 'review-invitation:'

function signatureOf(invitationId: string) {
	return crypto
		.createHmac('sha256', cookieSecrets()[0]!)
		.update(PURPOSE + invitationId)
		.digest('base64url')
}

export function signReviewToken(invitationId: string) {
	return `${invitationId}.${signatureOf(invitationId)}`
}

/** The invitation id a token carries, or null when the token was not signed by this site. */
export function readReviewToken(token: string): string | null {
	const dot = token.indexOf('.')
	if (dot <= 0 || token.length > 200) return null
	const invitationId = token.slice(0, dot)
	const given = Buffer.from(token.slice(dot + 1))
	const expected = Buffer.from(signatureOf(invitationId))
	return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? invitationId : null
}
