import { describe, expect, it } from 'vitest'
import { translator } from '~/utils/i18n.server'
import { TEXT_CONSENT_VERSION } from './consent'
import { optInConsent } from './opt-in.server'

describe('optInConsent', () => {
	it('records the words the customer read, in their language, for the number as texts reach it', () => {
		const consent = optInConsent({
			phone: '(425) 555-0134',
			channel: 'whatsapp',
			locale: 'es',
			source: 'checkout',
			client: '203.0.113.9',
			userAgent: 'Firefox',
		})
		expect(consent).toEqual({
			phone: '+14255550134',
			channel: 'WHATSAPP',
			wording: translator('es')('common.textsOptIn'),
			version: TEXT_CONSENT_VERSION,
			source: 'checkout',
			client: '203.0.113.9',
			userAgent: 'Firefox',
		})
		expect(consent?.wording).not.toBe(translator('en')('common.textsOptIn'))
	})

	it('names who read the words on the phone instead of a browser', () => {
		expect(
			optInConsent({
				phone: '425-555-0134',
				channel: 'sms',
				locale: 'en',
				source: 'phone',
				recordedBy: 'ana@example.com',
			}),
		).toEqual(expect.objectContaining({ channel: 'SMS', source: 'phone', recordedBy: 'ana@example.com' }))
	})

	it('gives no consent for a number no text can reach', () => {
		expect(optInConsent({ phone: '12', channel: 'sms', locale: 'en', source: 'account' })).toBeNull()
	})
})
