import { describe, expect, it } from 'vitest'
import { inboundKeyword } from './inbound-keywords'

describe('STOP, START and HELP in an incoming text', () => {
	it('hears the opt-out words in any case', () => {
		for (const body of [
			'STOP',
			'stop',
			' Stop. ',
			'Stop all',
			'unsubscribe',
			'CANCEL',
			'end',
			'quit',
			'opt-out',
			'revoke',
		]) {
			expect(inboundKeyword(body), body).toBe('stop')
		}
	})

	it('hears the opt-in and help words', () => {
		expect(inboundKeyword('START')).toBe('start')
		expect(inboundKeyword('yes')).toBe('start')
		expect(inboundKeyword('Unstop')).toBe('start')
		expect(inboundKeyword('help')).toBe('help')
		expect(inboundKeyword('INFO')).toBe('help')
	})

	it('treats a sentence as a message, not a keyword', () => {
		expect(inboundKeyword('Please stop by at 9')).toBeNull()
		expect(inboundKeyword('Can I cancel my order?')).toBeNull()
		expect(inboundKeyword('')).toBeNull()
	})
})
