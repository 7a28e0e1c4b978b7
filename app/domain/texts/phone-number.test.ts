import { describe, expect, it } from 'vitest'
import { normalizePhoneNumber } from './phone-number'

describe('a customer’s mobile number', () => {
	it('reads US numbers the way customers type them', () => {
		expect(normalizePhoneNumber('(425) 555-0123')).toBe('+14255550123')
		expect(normalizePhoneNumber('425.555.0123')).toBe('+14255550123')
		expect(normalizePhoneNumber('1 425 555 0123')).toBe('+14255550123')
		expect(normalizePhoneNumber('+1 425-555-0123')).toBe('+14255550123')
	})

	it('keeps numbers from other countries written with their code', () => {
		expect(normalizePhoneNumber('+55 11 91234-5678')).toBe('+5511912345678')
		expect(normalizePhoneNumber('+52 55 1234 5678')).toBe('+525512345678')
	})

	it('refuses what cannot be a mobile number', () => {
		expect(normalizePhoneNumber('')).toBeNull()
		expect(normalizePhoneNumber('555-0123')).toBeNull()
		expect(normalizePhoneNumber('(125) 555-0123')).toBeNull()
		expect(normalizePhoneNumber('425 155 0123')).toBeNull()
		expect(normalizePhoneNumber('+1 425 555 012')).toBeNull()
		expect(normalizePhoneNumber('+0 123 456 789')).toBeNull()
		expect(normalizePhoneNumber('425-555-0123 ext 4')).toBeNull()
		expect(normalizePhoneNumber('+1234567890123456')).toBeNull()
	})
})
