import zlib from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import {
	cachedPage,
	clearPageCache,
	NONCE_PLACEHOLDER,
	pageCacheFootprint,
	pageCacheKey,
	storePage,
} from './page-cache.server'

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
		expect(cachedPage(key, 'first', false)).toBeUndefined()
		expect(storePage(key, page, 'first', false).toString()).toBe('<script nonce="first">x</script><link nonce="first">')
		const second = cachedPage(key, 'second', false)?.toString()
		expect(second).toBe('<script nonce="second">x</script><link nonce="second">')
		expect(second).not.toContain(NONCE_PLACEHOLDER)
	})

	it('keys shared (frozen) data by its contents, and notices a change inside what is not frozen', () => {
		const items = [{ name: 'Concha', allergens: { contains: ['wheat'] } }]
		const frozen = deepFreeze(structuredClone(items))
		const key = pageCacheKey('https://bakery.test/menu', { menu: { items: frozen } })
		expect(pageCacheKey('https://bakery.test/menu', { menu: { items: frozen } })).toBe(key)
		expect(pageCacheKey('https://bakery.test/menu', { menu: { items: deepFreeze(structuredClone(items)) } })).toBe(key)
		const soldOut = deepFreeze([{ ...items[0]!, soldOut: true }])
		expect(pageCacheKey('https://bakery.test/menu', { menu: { items: soldOut } })).not.toBe(key)

		// Frozen on the outside only: what it holds may still change, and the key follows.
		const inner = { contains: ['wheat'] }
		const shallow = Object.freeze([Object.freeze({ name: 'Concha', allergens: inner })])
		const before = pageCacheKey('https://bakery.test/menu', { menu: { items: shallow } })
		inner.contains.push('milk')
		expect(pageCacheKey('https://bakery.test/menu', { menu: { items: shallow } })).not.toBe(before)
	})

	it('keys long texts (a page’s messages) by their contents', () => {
		const messages = JSON.stringify({ greeting: 'Olá '.repeat(500) })
		const key = pageCacheKey('https://bakery.test/pt-br', { root: { messages } })
		expect(pageCacheKey('https://bakery.test/pt-br', { root: { messages: `${messages}` } })).toBe(key)
		expect(pageCacheKey('https://bakery.test/pt-br', { root: { messages: messages.replace('Olá', 'Oi') } })).not.toBe(
			key,
		)
	})

	it('serves a gzipped page that unzips to the page with this response’s nonce', () => {
		const cards = Array.from({ length: 200 }, (_, index) => `<li class="card">Pão de queijo nº ${index}</li>`).join('')
		// The last part repeats the first: it is compressed by reference to it, across the nonces.
		const large = `<html><head>${page}</head><body><ul>${cards}</ul><script nonce="${NONCE_PLACEHOLDER}">y</script><ul>${cards}</ul></body></html>`
		const key = pageCacheKey('https://bakery.test/shop', {})!
		const expected = (nonce: string) => large.replaceAll(NONCE_PLACEHOLDER, nonce)
		const stored = storePage(key, large, 'Zmlyc3Q=', true)
		expect(zlib.gunzipSync(stored).toString()).toBe(expected('Zmlyc3Q='))
		const hit = cachedPage(key, 'c2Vjb25k', true)!
		expect(zlib.gunzipSync(hit).toString()).toBe(expected('c2Vjb25k'))
		// Compressed as well as the whole page at once: later parts refer back to earlier ones.
		expect(hit.length).toBeLessThan(zlib.gzipSync(expected('c2Vjb25k')).length + 40)
		// A nonce of another length (never in production) still gives a correct page.
		expect(zlib.gunzipSync(cachedPage(key, 'longer-nonce', true)!).toString()).toBe(expected('longer-nonce'))
		expect(cachedPage(key, 'c2Vjb25k', false)?.toString()).toBe(expected('c2Vjb25k'))
	})

	it('keeps alive no more memory than it counts against its limit', () => {
		for (let index = 0; index < 100; index++) {
			const cards = Array.from({ length: 20 }, (_, card) => `<li>Brigadeiro ${index}-${card}</li>`).join('')
			const html = `<html>${page}<ul>${cards}</ul><script nonce="${NONCE_PLACEHOLDER}">y</script></html>`
			storePage(pageCacheKey(`https://bakery.test/menu/${index}`, {})!, html, 'Zmlyc3Q=', true)
		}
		const { counted, retained } = pageCacheFootprint()
		expect(counted).toBeGreaterThan(0)
		expect(retained).toBe(counted)
	})

	it('unzips correctly whatever the page and wherever its nonces fall', () => {
		const words = ['<div class="card">', 'Pão de queijo', '</div>', 'nonce="', 'Brigadeiro 🍫', '"', 'Concha', '\n']
		let seed = 7
		const random = (below: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % below
		for (let run = 0; run < 40; run++) {
			const pieces = Array.from({ length: 50 + random(3000) }, () =>
				random(40) === 0 ? NONCE_PLACEHOLDER : words[random(words.length)],
			)
			const html = pieces.join('')
			const key = pageCacheKey(`https://bakery.test/${run}`, {})!
			storePage(key, html, 'Zmlyc3Q/bm9uY2U9PT0x', true)
			const nonce = 'c2Vjb25k+bm9uY2U9PT0y'.slice(0, 20)
			expect(zlib.gunzipSync(cachedPage(key, nonce, true)!).toString()).toBe(html.replaceAll(NONCE_PLACEHOLDER, nonce))
		}
	})

	it('uses a placeholder that HTML escaping leaves alone', () => {
		expect(NONCE_PLACEHOLDER).toMatch(/^[0-9a-f]{32}$/)
	})
})

function deepFreeze<T>(value: T): T {
	if (typeof value === 'object' && value !== null) {
		for (const inner of Object.values(value)) deepFreeze(inner)
		Object.freeze(value)
	}
	return value
}
