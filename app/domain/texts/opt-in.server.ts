import type { Locale } from '~/utils/i18n'
import { translator } from '~/utils/i18n.server'
import { TEXT_CONSENT_VERSION } from './consent'
import { normalizePhoneNumber } from './phone-number'
import type { ConsentGrant } from './models/text-consent.server'

/**
 * The consent a customer gives to texts (decision 074), however it is given: the box they ticked at checkout or on
 * /account, or the words staff read them on the phone (decision 075, `recordedBy`). It records the words of
 * `common.textsOptIn` in the customer's language and their version. Null: the number cannot receive texts.
 */
export function optInConsent({
	phone,
	channel,
	locale,
	source,
	client,
	userAgent,
	recordedBy,
}: {
	phone: string
	channel: 'sms' | 'whatsapp'
	locale: Locale
	source: ConsentGrant['source']
	client?: string | null
	userAgent?: string | null
	recordedBy?: string
}): ConsentGrant | null {
	const number = normalizePhoneNumber(phone)
	if (!number) return null
	return {
		phone: number,
		channel: channel === 'whatsapp' ? 'WHATSAPP' : 'SMS',
		wording: translator(locale)('common.textsOptIn'),
		version: TEXT_CONSENT_VERSION,
		source,
		...(recordedBy ? { recordedBy } : { client, userAgent }),
	}
}
