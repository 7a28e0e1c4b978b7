import { describe, expect, it } from 'vitest'
import { lowerCasePageRedirect } from './page-path'

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
