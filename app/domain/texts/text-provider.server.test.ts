import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/utils/env.server'
import { textTransportKind, textsOffer } from './text-provider.server'

const twilio = {
	TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
	TWILIO_AUTH_TOKEN: 'a-twilio-auth-token-0123',
	TWILIO_FROM: '+14255550100',
}

describe('where texts go (decision 074)', () => {
	it('zero-config development keeps them in the Outbox and offers WhatsApp there', () => {
		const env = parseEnv({})
		expect(textTransportKind(env)).toBe('outbox')
		expect(textsOffer(env)).toEqual({ whatsApp: true })
	})

	it('sends through Twilio with the three settings, offering WhatsApp only with a WhatsApp sender', () => {
		expect(textTransportKind(parseEnv(twilio))).toBe('twilio')
		expect(textsOffer(parseEnv(twilio))).toEqual({ whatsApp: false })
		expect(textsOffer(parseEnv({ ...twilio, TWILIO_WHATSAPP_FROM: '+14255550101' }))).toEqual({ whatsApp: true })
	})

	it('TEXTS_DISABLED=true sends and keeps nothing, and offers no box to tick', () => {
		const env = parseEnv({ ...twilio, TEXTS_DISABLED: 'true', TWILIO_WHATSAPP_FROM: '+14255550101' })
		expect(textTransportKind(env)).toBe('disabled')
		expect(textsOffer(env)).toBeNull()
	})
})
