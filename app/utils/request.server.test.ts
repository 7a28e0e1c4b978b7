import { describe, expect, it } from 'vitest'
import { isCrossSiteRequest } from './request.server'

const base = { method: 'POST', host: 'bakery.test', origin: undefined, referer: undefined, secFetchSite: undefined }

describe('isCrossSiteRequest', () => {
	it('lets reads through whatever their origin', () => {
		expect(isCrossSiteRequest({ ...base, method: 'GET', origin: 'https://evil.test' })).toBe(false)
	})

	it('accepts a post from the same host', () => {
		expect(isCrossSiteRequest({ ...base, origin: 'https://bakery.test' })).toBe(false)
		expect(isCrossSiteRequest({ ...base, referer: 'https://bakery.test/contact' })).toBe(false)
	})

	it('rejects a post from another site, by Origin, Referer or Sec-Fetch-Site', () => {
		expect(isCrossSiteRequest({ ...base, origin: 'https://evil.test' })).toBe(true)
		expect(isCrossSiteRequest({ ...base, origin: 'null' })).toBe(true)
		expect(isCrossSiteRequest({ ...base, referer: 'https://evil.test/form' })).toBe(true)
		expect(isCrossSiteRequest({ ...base, secFetchSite: 'cross-site', origin: 'https://bakery.test' })).toBe(true)
		expect(isCrossSiteRequest({ ...base, origin: 'https://bakery.test.evil.test' })).toBe(true)
	})

	it('accepts server-to-server posts that carry no browser headers (signed webhooks)', () => {
		expect(isCrossSiteRequest(base)).toBe(false)
	})
})
