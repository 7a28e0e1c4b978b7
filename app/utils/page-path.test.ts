import { describe, expect, it } from 'vitest'
import { lowerCasePageRedirect, sameSitePath } from './page-path'

describe('lowerCasePageRedirect', () => {
	it('sends mixed-case page paths to the lower-case path, keeping the query string', () => {
		expect(lowerCasePageRedirect('GET', '/ABOUT')).toBe('/about')
		expect(lowerCasePageRedirect('HEAD', '/Admin/Custom-Cakes?Tab=New')).toBe('/admin/custom-cakes?Tab=New')
	})

	it('leaves lower-case paths, other methods and percent escapes alone', () => {
		expect(lowerCasePageRedirect('GET', '/about?Q=1')).toBeNull()
		expect(lowerCasePageRedirect('POST', '/CONTACT')).toBeNull()
		expect(lowerCasePageRedirect('GET', '/caf%C3%A9')).toBeNull()
		expect(lowerCasePageRedirect('GET', '/Caf%C3%A9')).toBe('/caf%C3%A9')
	})

	it('never touches assets, stored images or file-like paths (their names are case-sensitive)', () => {
		expect(lowerCasePageRedirect('GET', '/assets/entry.client-AbC123.js')).toBeNull()
		expect(lowerCasePageRedirect('GET', '/images/menuImages/seed-coxinha.jpg?w=400')).toBeNull()
		expect(lowerCasePageRedirect('GET', '/Images/menuImages/x')).toBeNull()
		expect(lowerCasePageRedirect('GET', '/Favicon.svg')).toBeNull()
		expect(lowerCasePageRedirect('GET', '/ABOUT.data')).toBeNull()
	})

	it('never turns into an open redirect', () => {
		expect(lowerCasePageRedirect('GET', '//Evil.example/Path')).toBeNull()
		expect(lowerCasePageRedirect('GET', '/\\Evil.example')).toBeNull()
	})
})

describe('sameSitePath', () => {
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
		expect(sameSitePath(target, '/admin')).toBe('/admin')
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
		expect(sameSitePath(target, '/admin')).toBe(expected)
	})

	it('falls back for anything that is not a string (a file field, a missing value)', () => {
		expect(sameSitePath(null, '/admin')).toBe('/admin')
		expect(sameSitePath(undefined)).toBe('/')
		expect(sameSitePath(new File(['x'], 'x.txt'), '/admin')).toBe('/admin')
	})
})
