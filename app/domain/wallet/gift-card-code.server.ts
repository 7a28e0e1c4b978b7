import crypto from 'node:crypto'
import { CODE_ALPHABET, CODE_LENGTH, normalizeGiftCardCode } from './gift-card-code'

/** A new code from the system's random source: each character one of 32, chosen by 5 unbiased bits. */
export function generateGiftCardCode() {
	const bytes = crypto.randomBytes(CODE_LENGTH)
	let code = ''
	for (const byte of bytes) code += CODE_ALPHABET[byte & 31]
	return code
}

/**
 * The stored form of a code: its SHA-256. A code has 80 random bits, so a stolen table cannot be reversed by
 * guessing, and no key is needed (a rotated SESSION_SECRET must not lose every card).
 */
export function giftCardCodeDigest(normalizedCode: string) {
	return crypto.createHash('sha256').update(`gift-card:${normalizedCode}`).digest('hex')
}

/** The digest of whatever a customer typed, or null when it cannot be a code. */
export function digestOfTypedCode(input: string) {
	const code = normalizeGiftCardCode(input)
	return code ? giftCardCodeDigest(code) : null
}
