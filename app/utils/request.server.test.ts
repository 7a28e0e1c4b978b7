import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'
import {
	isCrossSiteRequest,
	loopbackAliasRedirect,
	refusedRequest,
	siteHosts,
	siteOrigin,
	siteOrigins,
} from './request.server'

const base = {
	method: 'POST',
	siteOrigins: ['https://bakery.test'],
	origin: undefined,
	referer: undefined,
	secFetchSite: undefined,
}

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

	// Issue 35: only the host was compared, so a page at http://bakery.test could post to https://bakery.test.
	it('rejects a post from the same host on another scheme or port', () => {
		expect(isCrossSiteRequest({ ...base, origin: 'http://bakery.test' })).toBe(true)
		expect(isCrossSiteRequest({ ...base, referer: 'http://bakery.test/contact' })).toBe(true)
		expect(isCrossSiteRequest({ ...base, origin: 'https://bakery.test:8443' })).toBe(true)
		expect(isCrossSiteRequest({ ...base, origin: 'https://bakery.test:443' })).toBe(false)
	})

	it('accepts server-to-server posts that carry no browser headers (signed webhooks)', () => {
		expect(isCrossSiteRequest(base)).toBe(false)
	})

	it('accepts a post from a page opened under either loopback name of a loopback APP_URL (the preview)', () => {
		const preview = {
			...base,
			siteOrigins: siteOrigins('http://localhost:3000', { protocol: 'http', host: 'localhost:3000' }),
		}
		expect(isCrossSiteRequest({ ...preview, origin: 'http://127.0.0.1:3000' })).toBe(false)
		expect(isCrossSiteRequest({ ...preview, origin: 'http://localhost:3000' })).toBe(false)
		expect(isCrossSiteRequest({ ...preview, origin: 'http://127.0.0.1:3001' })).toBe(true)
		expect(isCrossSiteRequest({ ...preview, origin: 'http://evil.test:3000' })).toBe(true)
	})
})

describe('siteOrigins', () => {
	it('carries APP_URL’s scheme, or without APP_URL the request’s own', () => {
		expect(siteOrigins('https://docedulce.example', { protocol: 'http', host: 'evil.test' })).toEqual([
			'https://docedulce.example',
		])
		expect(siteOrigins(undefined, { protocol: 'http', host: '192.168.1.20:3000' })).toEqual([
			'http://192.168.1.20:3000',
		])
	})
})

describe('siteHosts', () => {
	it('is APP_URL’s host alone for a real domain, whatever the request says', () => {
		expect(siteHosts('https://docedulce.example', 'evil.test')).toEqual(['docedulce.example'])
	})

	it('adds the other loopback names on the port of a loopback APP_URL', () => {
		expect(siteHosts('http://localhost:3000', undefined)).toEqual(['localhost:3000', '127.0.0.1:3000', '[::1]:3000'])
		expect(siteHosts('http://127.0.0.1:3000', undefined)).toEqual(['127.0.0.1:3000', 'localhost:3000', '[::1]:3000'])
	})

	it('is the request’s own host without APP_URL (development)', () => {
		expect(siteHosts(undefined, '192.168.1.20:3000')).toEqual(['192.168.1.20:3000'])
	})
})

describe('loopbackAliasRedirect', () => {
	const request = { method: 'GET', host: '127.0.0.1:3000', originalUrl: '/shop?category=Cakes' }

	it('moves a page opened at 127.0.0.1 to a localhost APP_URL, path and query kept', () => {
		expect(loopbackAliasRedirect('http://localhost:3000', request)).toBe('http://localhost:3000/shop?category=Cakes')
	})

	it('leaves APP_URL’s own host, other ports, posts, real domains and development alone', () => {
		expect(loopbackAliasRedirect('http://localhost:3000', { ...request, host: 'localhost:3000' })).toBeNull()
		expect(loopbackAliasRedirect('http://localhost:3000', { ...request, host: '127.0.0.1:4000' })).toBeNull()
		expect(loopbackAliasRedirect('http://localhost:3000', { ...request, method: 'POST' })).toBeNull()
		expect(loopbackAliasRedirect('https://docedulce.example', request)).toBeNull()
		expect(loopbackAliasRedirect(undefined, request)).toBeNull()
	})
})

describe('siteOrigin', () => {
	const forged = new Request('http://evil.example/about', { headers: { 'X-Forwarded-Host': 'evil.example' } })

	it('is APP_URL, whatever host the request names', () => {
		expect(siteOrigin(forged, parseEnv({ APP_URL: 'https://docedulce.example/' }))).toBe('https://docedulce.example')
	})

	it('is the request’s own origin only in development without APP_URL', () => {
		expect(siteOrigin(new Request('http://192.168.1.20:3000/'), parseEnv({}))).toBe('http://192.168.1.20:3000')
		const productionWithoutAppUrl = { ...parseEnv({}), NODE_ENV: 'production' as const }
		expect(() => siteOrigin(forged, productionWithoutAppUrl)).toThrow('APP_URL is required in production')
	})
})

describe('refusedRequest', () => {
	const ordinary = {
		method: 'GET',
		url: '/about',
		host: 'docedulce.example',
		forwardedHost: undefined,
		forwardedProto: undefined,
	}

	it('lets ordinary requests through, behind a proxy too', () => {
		expect(refusedRequest(ordinary)).toBeNull()
		expect(refusedRequest({ ...ordinary, method: 'post', host: 'localhost:3000', url: '/contact?x=1' })).toBeNull()
		expect(refusedRequest({ ...ordinary, host: '[::1]:3000', url: '/shop?data=1' })).toBeNull()
		expect(refusedRequest({ ...ordinary, forwardedHost: 'docedulce.example', forwardedProto: 'https' })).toBeNull()
		expect(
			refusedRequest({ ...ordinary, forwardedHost: 'a.example, b.example:8443', forwardedProto: 'https,http' }),
		).toBeNull()
		expect(refusedRequest({ ...ordinary, host: undefined })).toBeNull()
	})

	// Issue 35: `X-Forwarded-Host: x/reviews?` on /about rendered the Reviews page; `x%` was a 500.
	it.each([
		{ forwardedHost: 'x/reviews?' },
		{ forwardedHost: 'x%' },
		{ forwardedHost: 'x#' },
		{ forwardedHost: 'user@x' },
		{ forwardedHost: 'x:80/reviews' },
		{ forwardedHost: 'docedulce.example, x/reviews?' },
		{ host: 'x/reviews?' },
		{ host: 'x\\y' },
		{ host: '' },
		{ forwardedProto: 'http://x/reviews?' },
		{ forwardedProto: 'javascript' },
		{ url: 'http://other.example/reviews' },
	])('refuses a host, protocol or target that would move the path Remix renders: %j', (forged) => {
		expect(refusedRequest({ ...ordinary, ...forged })).toBe('bad-address')
	})

	it('refuses the methods Remix cannot answer, and the data API before single fetch', () => {
		expect(refusedRequest({ ...ordinary, method: 'TRACE' })).toBe('method')
		expect(refusedRequest({ ...ordinary, method: 'TRACK' })).toBe('method')
		expect(refusedRequest({ ...ordinary, url: '/?_data=root' })).toBe('legacy-data')
		expect(refusedRequest({ ...ordinary, url: '/about?x=1&_data=routes%2Fabout' })).toBe('legacy-data')
	})
})
