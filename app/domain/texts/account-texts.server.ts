/** The customer's own switch for texts on /account (decision 074): the same consent as at checkout. */
import type { Locale } from '~/utils/i18n'
import { optInConsent } from './opt-in.server'
import { normalizePhoneNumber } from './phone-number'
import { findTextConsent, grantTextConsent, withdrawTextConsent } from './models/text-consent.server'

/** Whether the account's number gets texts, and how (the form's defaults). */
export async function accountTextPreference(phone: string) {
	const number = normalizePhoneNumber(phone)
	const consent = number ? await findTextConsent(number) : null
	const standing = Boolean(consent && !consent.withdrawnAt)
	return {
		textsOptIn: standing,
		textsChannel: consent?.channel === 'WHATSAPP' ? ('whatsapp' as const) : ('sms' as const),
	}
}

/** Ticked: consent is recorded with the words in the page's language; unticked: a standing consent ends. */
export async function saveAccountTextPreference(
	phone: string,
	choice: { textsOptIn: boolean; textsChannel: 'sms' | 'whatsapp' },
	{ locale, client, userAgent }: { locale: Locale; client?: string; userAgent?: string | null },
) {
	const number = normalizePhoneNumber(phone)
	if (!number) return
	if (!choice.textsOptIn) {
		await withdrawTextConsent(number, 'account')
		return
	}
	const consent = optInConsent({
		phone: number,
		channel: choice.textsChannel,
		locale,
		source: 'account',
		client,
		userAgent,
	})
	if (consent) await grantTextConsent(consent)
}
