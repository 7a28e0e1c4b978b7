import { describe, expect, it } from 'vitest'
import { CODE_ALPHABET, formatGiftCardCode, normalizeGiftCardCode } from './gift-card-code'
import { digestOfTypedCode, generateGiftCardCode, giftCardCodeDigest } from './gift-card-code.server'

describe('gift card codes', () => {
	it('are 16 characters of the unambiguous alphabet, different each time', () => {
		const codes = new Set(Array.from({ length: 2000 }, () => generateGiftCardCode()))
		expect(codes.size).toBe(2000)
		for (const code of codes) {
			expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/)
		}
		// Every letter of the alphabet turns up: no character is left out by the bit mask.
		const seen = new Set([...codes].join(''))
		expect(seen.size).toBe(CODE_ALPHABET.length)
	})

	it('read whatever a customer types: any case, spaces, dashes', () => {
		expect(normalizeGiftCardCode('abcd-efgh jklm–npqr')).toBe('ABCDEFGHJKLMNPQR')
		expect(normalizeGiftCardCode('  ABCD EFGH JKLM NPQR ')).toBe('ABCDEFGHJKLMNPQR')
		// Digits and U survive (a bundled regex once stripped them).
		expect(normalizeGiftCardCode('2U3P—WGSE-NG2L d2qh')).toBe('2U3PWGSENG2LD2QH')
		expect(formatGiftCardCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR')
	})

	it('refuse what cannot be a code: wrong length, look-alike characters', () => {
		expect(normalizeGiftCardCode('ABCD-EFGH-JKLM-NPQ')).toBeNull()
		expect(normalizeGiftCardCode('ABCD-EFGH-JKLM-NPQRS')).toBeNull()
		expect(normalizeGiftCardCode('ABCD-EFGH-JKLM-NPQ0')).toBeNull()
		expect(normalizeGiftCardCode('ABCD-EFGH-JKLM-NPQI')).toBeNull()
		expect(digestOfTypedCode('not a code')).toBeNull()
	})

	it('store as a digest that the typed form finds again, never the code itself', () => {
		const code = generateGiftCardCode()
		const digest = giftCardCodeDigest(code)
		expect(digest).toMatch(/^[0-9a-f]{64}$/)
		expect(digest).not.toContain(code)
		expect(digestOfTypedCode(formatGiftCardCode(code).toLowerCase())).toBe(digest)
	})
})
