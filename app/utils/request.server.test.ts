import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'
import { isCrossSiteRequest, loopbackAliasRedirect, safeRedirectPath, siteHosts, siteOrigin } from './request.server'

const base = {
	method: 'POST',
	siteHosts: ['bakery.test'],
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

	it('accepts server-to-server posts that carry no browser headers (signed webhooks)', () => {
		expect(isCrossSiteRequest(base)).toBe(false)
	})

	it('accepts a post from a page opened under either loopback name of a loopback APP_URL (the preview)', () => {
		const preview = { ...base, siteHosts: siteHosts('http://localhost:3000', 'localhost:3000') }
		expect(isCrossSiteRequest({ ...preview, origin: 'http://127.0.0.1:3000' })).toBe(false)
		expect(isCrossSiteRequest({ ...preview, origin: 'http://localhost:3000' })).toBe(false)
		expect(isCrossSiteRequest({ ...preview, origin: 'http://127.0.0.1:3001' })).toBe(true)
		expect(isCrossSiteRequest({ ...preview, origin: 'http://evil.test:3000' })).toBe(true)
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

describe('safeRedirectPath', () => {
	// What each value becomes after the browser's own URL parsing: tab, CR and LF vanish anywhere,
	// `\` is `/`, dot segments collapse. Values arrive decoded once (query string or form field).
	it.each([
		['https://evil.example/', 'an absolute URL'],
		['http:evil.example', 'a scheme without slashes'],
		['javascript:alert(1)', 'a script URL'],
		['//evil.example/', 'a protocol-relative URL'],
		['/\\evil.example/', 'slash-backslash'],
		['\\/evil.example/', 'backslash-slash'],
		['\\\\evil.example/', 'two backslashes'],
		['/\t/evil.example', 'a tab between the slashes'],
		['/\n/evil.example', 'a line feed between the slashes'],
		['/\r/evil.example', 'a carriage return between the slashes'],
		['\t//evil.example', 'a leading tab'],
		[' //evil.example', 'a leading space'],
		['\u0000//evil.example', 'a leading NUL'],
		['/.//evil.example', 'a dot segment that leaves a protocol-relative path'],
		['/..//evil.example', 'a parent segment that leaves a protocol-relative path'],
		['/%2e%2e//evil.example', 'an encoded parent segment'],
		['/\\/evil.example', 'slash-backslash-slash'],
		['%2F%2Fevil.example', 'an encoded protocol-relative URL (not a path)'],
		['evil.example', 'a bare host'],
		['', 'nothing'],
	])('falls back for %j (%s)', (target) => {
		expect(safeRedirectPath(target, '/admin')).toBe('/admin')
	})

	it.each([
		['/admin/orders?status=PAID', '/admin/orders?status=PAID'],
		['/admin#top', '/admin#top'],
		['/', '/'],
		// Encoded slashes and backslashes stay encoded: browsers never turn them into path separators.
		['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
		['/%5Cevil.example', '/%5Cevil.example'],
		['/%09/evil.example', '/%09/evil.example'],
		// CR and LF are dropped (as browsers do), so a Location header can never be split or rejected.
		['/\n', '/'],
		['/admin\r\n/orders', '/admin/orders'],
		['/caf\u00e9', '/caf%C3%A9'],
		['/admin/../orders', '/orders'],
	])('keeps the same-site path %j as %j', (target, expected) => {
		expect(safeRedirectPath(target, '/admin')).toBe(expected)
	})

	it('falls back for anything that is not a string (a file field, a missing value)', () => {
		expect(safeRedirectPath(null, '/admin')).toBe('/admin')
		expect(safeRedirectPath(undefined)).toBe('/')
		expect(safeRedirectPath(new File(['x'], 'x.txt'), '/admin')).toBe('/admin')
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
