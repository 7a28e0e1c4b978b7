import { afterEach, describe, expect, it } from 'vitest'
import { cachedPage, clearPageCache, NONCE_PLACEHOLDER, pageCacheKey, storePage } from './page-cache.server'

const page = `<script nonce="${NONCE_PLACEHOLDER}">x</script><link nonce="${NONCE_PLACEHOLDER}">`

afterEach(() => clearPageCache())

describe('page cache', () => {
	it('keys a page on its URL and its loaders’ data, so a menu change is a new page', () => {
		const menu = { items: [{ name: 'Concha', soldOut: false }] }
		const key = pageCacheKey('https://bakery.test/menu', { root: {}, menu })
		expect(pageCacheKey('https://bakery.test/menu', { root: {}, menu: structuredClone(menu) })).toBe(key)
		expect(
			pageCacheKey('https://bakery.test/menu', { root: {}, menu: { items: [{ name: 'Concha', soldOut: true }] } }),
		).not.toBe(key)
		expect(pageCacheKey('https://bakery.test/menu?category=Cakes', { root: {}, menu })).not.toBe(key)
	})

	it('refuses data whose JSON would hide its contents (deferred promises, maps)', () => {
		expect(pageCacheKey('https://bakery.test/', { reviews: Promise.resolve([]) })).toBeUndefined()
		expect(pageCacheKey('https://bakery.test/', { counts: new Map([['a', 1]]) })).toBeUndefined()
	})

	it('gives every response its own nonce and never leaks the placeholder', () => {
		const key = pageCacheKey('https://bakery.test/', {})!
		expect(cachedPage(key, 'first')).toBeUndefined()
		expect(storePage(key, page, 'first').toString()).toBe('<script nonce="first">x</script><link nonce="first">')
		const second = cachedPage(key, 'second')?.toString()
		expect(second).toBe('<script nonce="second">x</script><link nonce="second">')
		expect(second).not.toContain(NONCE_PLACEHOLDER)
	})

	it('uses a placeholder that HTML escaping leaves alone', () => {
		expect(NONCE_PLACEHOLDER).toMatch(/^[0-9a-f]{32}$/)
	})
})
