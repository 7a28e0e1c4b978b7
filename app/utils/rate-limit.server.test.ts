import { describe, expect, it } from 'vitest'
import { rateLimitClient } from './rate-limit.server'

describe('rateLimitClient', () => {
	it('counts an IPv6 client by its /64, however the address is written', () => {
		const home = '2001:db8:abcd:12::/64'
		for (const address of [
			'2001:db8:abcd:12::1',
			'2001:0db8:abcd:0012:ffff:ffff:ffff:ffff',
			'2001:db8:abcd:12:1:2:3:4',
			'[2001:db8:abcd:12::9]',
			'fe80::1%eth0'.replace('fe80::1', '2001:db8:abcd:12::5'),
		]) {
			expect(rateLimitClient(address), address).toBe(home)
		}
		expect(rateLimitClient('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64')
		expect(rateLimitClient('::1')).toBe('0:0:0:0::/64')
		expect(rateLimitClient('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
	})

	it('keeps IPv4 as it is, also when written as IPv6', () => {
		expect(rateLimitClient('203.0.113.7')).toBe('203.0.113.7')
		expect(rateLimitClient('::ffff:203.0.113.7')).toBe('203.0.113.7')
		expect(rateLimitClient('unknown')).toBe('unknown')
	})
})
