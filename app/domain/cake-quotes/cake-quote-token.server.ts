import crypto from 'node:crypto'
import { cookieSecrets } from '~/domain/admin-auth/index.server'

/**
 * A quote page's link token: `<request id>.<quote version>.<HMAC-SHA256>`, keyed by SESSION_SECRET like
 * the review links (review-token.server.ts). Nothing secret is stored; a changed or withdrawn quote
 * raises the version, so links to the old one stop working, and a changed id, version or signature is
 * refused (constant-time comparison).
 */
const PURPOSE = 'cake-quote:'

function signatureOf(requestId: string, quoteVersion: number) {
	return crypto
		.createHmac('sha256', cookieSecrets()[0]!)
		.update(`${PURPOSE}${requestId}:${quoteVersion}`)
		.digest('base64url')
}

export function signQuoteToken(requestId: string, quoteVersion: number) {
	return `${requestId}.${quoteVersion}.${signatureOf(requestId, quoteVersion)}`
}

/** The quote page's path for a request's current quote version. */
export function quotePath(requestId: string, quoteVersion: number) {
	return `/quote/${signQuoteToken(requestId, quoteVersion)}`
}

/** The request and quote version a token carries, or null when this site did not sign it. */
export function readQuoteToken(token: string): { requestId: string; quoteVersion: number } | null {
	if (token.length > 200) return null
	const match = /^([A-Za-z0-9_-]+)\.(\d{1,9})\.([A-Za-z0-9_-]+)$/.exec(token)
	if (!match) return null
	const [, requestId, version, signature] = match
	const quoteVersion = Number(version)
	const given = Buffer.from(signature!)
	const expected = Buffer.from(signatureOf(requestId!, quoteVersion))
	return given.length === expected.length && crypto.timingSafeEqual(given, expected)
		? { requestId: requestId!, quoteVersion }
		: null
}
