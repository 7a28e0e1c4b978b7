import crypto from 'node:crypto'
import { cookieSecrets } from '~/domain/admin-auth/index.server'
import { localizedPath } from '~/utils/i18n'
import type { Locale } from '~/utils/i18n'

/**
 * An order's "I'm here" link token: `<order id>.<HMAC-SHA256>`, keyed by SESSION_SECRET like the quote and
 * review links (cake-quote-token.server.ts). Nothing is stored; only this site can make one, and a changed
 * id or signature is refused (constant-time comparison) against every secret cookieSecrets() lists (decision 070).
 */
const PURPOSE = 'order-arrival:'

function signatureOf(orderId: string, secret: string) {
	return crypto.createHmac('sha256', secret).update(`${PURPOSE}${orderId}`).digest('base64url')
}

export function signArrivalToken(orderId: string) {
	return `${orderId}.${signatureOf(orderId, cookieSecrets()[0]!)}`
}

/** The "I'm here" page's path for an order, in the customer's language. */
export function arrivalPath(orderId: string, locale: Locale = 'en') {
	return localizedPath(`/here/${signArrivalToken(orderId)}`, locale)
}

/** The "I'm here" page's address for an order: the receipt, the ready mail and (later) the ready text carry it. */
export function arrivalUrl(origin: string, orderId: string, locale: Locale = 'en') {
	return new URL(arrivalPath(orderId, locale), origin).toString()
}

/** The order a token names, or null when this site did not sign it. */
export function readArrivalToken(token: string): string | null {
	if (token.length > 200) return null
	const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token)
	if (!match) return null
	const [, orderId, signature] = match
	const given = Buffer.from(signature!)
	return cookieSecrets().some((secret) => {
		const expected = Buffer.from(signatureOf(orderId!, secret))
		return given.length === expected.length && crypto.timingSafeEqual(given, expected)
	})
		? orderId!
		: null
}
