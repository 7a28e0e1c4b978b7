import { describe, expect, it } from 'vitest'
import { cachePresets, documentCacheControl } from './cache-control'

describe('documentCacheControl', () => {
	it('lets a CDN keep public pages briefly', () => {
		expect(documentCacheControl(200, new Headers(), [])).toBe(cachePresets.publicPage)
	})

	it('keeps any page private when one matched loader asks for it', () => {
		expect(documentCacheControl(200, new Headers(), ['private, no-store'])).toBe('private, no-store')
		expect(documentCacheControl(200, new Headers(), [cachePresets.publicPage, 'private, no-store'])).toBe(
			'private, no-store',
		)
	})

	it('never caches errors, unknown pages or responses that set a cookie', () => {
		expect(documentCacheControl(404, new Headers(), [])).toBe(cachePresets.private)
		expect(documentCacheControl(500, new Headers(), [])).toBe(cachePresets.private)
		expect(documentCacheControl(200, new Headers({ 'Set-Cookie': 'a=b' }), [])).toBe(cachePresets.private)
	})
})
