/**
 * Consent to texts as the forms ask for it (decision 074): an unticked box and the channel. The words the customer
 * reads are the message `common.textsOptIn` in their language; the version names those words, and is raised whenever
 * they change, so each recorded consent says which words it was given to.
 */
import { z } from 'zod'
import { normalizePhoneNumber } from './phone-number'

export const TEXT_CONSENT_VERSION = '2026-11-28'

const TEXT_CHANNELS = ['sms', 'whatsapp'] as const
/** The two fields (`textsOptIn`, `textsChannel`), added to a form's schema. */
export const textsOptInFields = {
	textsOptIn: z
		.literal('on')
		.optional()
		.transform((value) => value === 'on'),
	textsChannel: z.enum(TEXT_CHANNELS).default('sms'),
}

/** Opting in needs a number a text can reach: the message is for the phone field. */
export function textsNeedPhone(value: { textsOptIn: boolean; phone?: string }) {
	return value.textsOptIn && !normalizePhoneNumber(value.phone ?? '')
}

export const TEXTS_NEED_PHONE = 'common.textsNeedPhone'
