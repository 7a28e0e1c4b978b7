import { describe, expect, it } from 'vitest'
import { bareAddress, headerText } from './header-safe'

describe('headerText', () => {
	it('turns CR/LF and other controls into one space, so a name cannot start a header of its own', () => {
		expect(headerText('Ana\r\nBcc: victim@example.com')).toBe('Ana Bcc: victim@example.com')
		expect(headerText('Ana\u2028Souza\t\u0000 ')).toBe('Ana Souza')
	})

	it('keeps accents and emoji, and shortens long text with an ellipsis on a character boundary', () => {
		expect(headerText('Conceição 🎂')).toBe('Conceição 🎂')
		expect(headerText('🎂'.repeat(10), 5)).toBe('🎂🎂🎂🎂…')
		expect(headerText('a'.repeat(80))).toHaveLength(80)
	})
})

describe('bareAddress', () => {
	it('accepts one plain address, trimmed', () => {
		expect(bareAddress(' mariana@example.com ')).toBe('mariana@example.com')
		expect(bareAddress('o.brien+cakes@mail.example.co.uk')).toBe('o.brien+cakes@mail.example.co.uk')
	})

	it('refuses anything that could add a recipient or a header', () => {
		for (const value of [
			'a@example.com\r\nBcc: b@example.com',
			'a@example.com, b@example.com',
			'Ana <a@example.com>',
			'a@example.com;b@example.com',
			'not an address',
			'a@localhost',
			'',
		]) {
			expect(bareAddress(value), value).toBeNull()
		}
	})
})
