import crypto from 'node:crypto'
import { cookieSecrets } from '~/domain/admin-auth/index.server'

/** The key that seals a bought card's code until its delivery mail is composed (decision 078), from SESSION_SECRET. */
function sealKey() {
	return crypto.createHmac('sha256', cookieSecrets()[0]!).update('gift-card:seal').digest()
}

/** The code encrypted (AES-256-GCM): the purchase keeps this, never the code. */
export function sealGiftCardCode(code: string) {
	const iv = crypto.randomBytes(12)
	const cipher = crypto.createCipheriv('aes-256-gcm', sealKey(), iv)
	const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()])
	return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

export function openGiftCardCode(sealed: string) {
	const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
	if (!iv || !tag || !body) throw new Error('A sealed gift card code is malformed')
	const decipher = crypto.createDecipheriv('aes-256-gcm', sealKey(), iv)
	decipher.setAuthTag(tag)
	return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
}
