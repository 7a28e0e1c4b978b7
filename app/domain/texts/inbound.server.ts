/**
 * Texts customers send to the bakery's number (decision 074), through Twilio's signed webhook: STOP withdraws the
 * number's consent, START gives it back, HELP is answered with the bakery's name and phone; anything else is only
 * acknowledged (customers are told to call; the texts are not a conversation channel).
 */
import twilio from 'twilio'
import type { Locale } from '~/utils/i18n'
import { isLocale } from '~/utils/i18n'
import { getEnv, type Env } from '~/utils/env.server'
import { inboundKeyword, type InboundKeyword } from './inbound-keywords'
import { normalizePhoneNumber } from './phone-number'
import { restoreTextConsent, withdrawTextConsent } from './models/text-consent.server'
import { latestTextLocale } from './models/text-content.server'

/**
 * Whether Twilio signed this call: X-Twilio-Signature over the public URL the webhook is configured with (APP_URL's,
 * never the request's Host) and the posted fields, with the account's Auth Token. False without a token.
 */
export function isSignedByTwilio(
	signature: string | null,
	publicUrl: string,
	params: Record<string, string>,
	env: Env = getEnv(),
) {
	if (!signature || !env.TWILIO_AUTH_TOKEN) return false
	return twilio.validateRequest(env.TWILIO_AUTH_TOKEN, signature, publicUrl, params)
}

export interface InboundOutcome {
	keyword: InboundKeyword | null
	/** The language of the newest text to that number (English when none): the HELP answer's. */
	locale: Locale
}

/** Applies a verified inbound text. `from` is Twilio's `From` (`+1…` or `whatsapp:+1…`). */
export async function applyInboundText(from: string, body: string): Promise<InboundOutcome> {
	const phone = normalizePhoneNumber(from.replace(/^whatsapp:/, ''))
	const keyword = inboundKeyword(body)
	if (phone && keyword === 'stop') await withdrawTextConsent(phone, 'keyword')
	if (phone && keyword === 'start') await restoreTextConsent(phone)
	const locale = phone ? await latestTextLocale(phone) : null
	return { keyword, locale: locale && isLocale(locale) ? locale : 'en' }
}
