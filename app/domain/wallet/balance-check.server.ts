import { consumeRateLimit } from '~/utils/rate-limit.server'
import { digestOfTypedCode } from './gift-card-code.server'
import { findGiftCardByDigest } from './models/gift-cards.server'

/**
 * A balance check (decision 078): the client's budget first, so a guess costs a try whether or not it is a code;
 * a malformed code and an unknown one are the same answer, 'not-found'.
 */
export async function checkGiftCardBalance(typedCode: string, client: string) {
	const limit = await consumeRateLimit('giftCardBalance', client)
	if (!limit.allowed) return { ok: false as const, reason: 'rate-limited' as const, limit }
	const digest = digestOfTypedCode(typedCode)
	const card = digest ? await findGiftCardByDigest(digest) : null
	if (!card) return { ok: false as const, reason: 'not-found' as const }
	return { ok: true as const, card }
}
