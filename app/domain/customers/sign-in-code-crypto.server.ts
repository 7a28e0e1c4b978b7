import crypto from 'node:crypto'
import { cookieSecrets } from '~/domain/admin-auth/index.server'

/** Keys derived from SESSION_SECRET, one per use, so a code's digest, its sealed copy and the TOTP cookie never share a key. */
function derivedKey(purpose: string) {
	return crypto.createHmac('sha256', cookieSecrets()[0]!).update(`customer-sign-in:${purpose}`).digest()
}

/** What the database keeps to recognise a code: an HMAC, useless without SESSION_SECRET. */
export function hashSignInCode(code: string) {
	return crypto.createHmac('sha256', derivedKey('hash')).update(code.trim()).digest('base64url')
}

/** The code encrypted (AES-256-GCM) for the mail worker, which reads it back with `openSignInCode`. */
export function sealSignInCode(code: string) {
	const iv = crypto.randomBytes(12)
	const cipher = crypto.createCipheriv('aes-256-gcm', derivedKey('seal'), iv)
	const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()])
	return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

export function openSignInCode(sealed: string) {
	const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
	if (!iv || !tag || !body) throw new Error('A sealed sign-in code is malformed')
	const decipher = crypto.createDecipheriv('aes-256-gcm', derivedKey('seal'), iv)
	decipher.setAuthTag(tag)
	return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
}

/** The TOTP strategy's JWE key: 64 hex characters. */
export function totpSecret() {
	return derivedKey('totp').toString('hex')
}
