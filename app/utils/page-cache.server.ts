import crypto from 'node:crypto'
import { LRUCache } from 'lru-cache'

/**
 * Rendered HTML of public pages, kept in-process (decision 018). React server rendering is the
 * dominant cost of a page view (~10 ms of CPU), and a page is a pure function of its URL and its
 * loaders' data. So the key is the URL plus a hash of the loader data: when the owner changes the
 * menu, the menu cache is dropped, loaders return new data and the key changes; nothing has to be
 * invalidated by hand. Entries also expire with the CDN's s-maxage so render-time details (the
 * footer's year) stay fresh.
 *
 * Pages are rendered with a placeholder in place of the CSP nonce and every response gets its
 * own nonce substituted in, so no two responses share a nonce. The placeholder is random per
 * process (hex, which HTML escaping never changes), so page content cannot contain it.
 */
const TTL_MS = 30_000
const MAX_BYTES = 16 * 1024 * 1024

export const NONCE_PLACEHOLDER = crypto.randomBytes(16).toString('hex')

/** A page as UTF-8 bytes, split where the nonce goes: a hit is one memory copy, no string work. */
type CachedPage = Buffer[]

const pages = new LRUCache<string, CachedPage>({
	ttl: TTL_MS,
	maxSize: MAX_BYTES,
	sizeCalculation: (parts) => parts.reduce((total, part) => total + part.length, 0) || 1,
})

class NotCacheable extends Error {}

/**
 * The cache key for a document render, or undefined when the data cannot be fingerprinted
 * (deferred promises, streams, class instances whose JSON would hide their contents).
 */
export function pageCacheKey(url: string, loaderData: unknown): string | undefined {
	try {
		const fingerprint = JSON.stringify(loaderData, (_key, value: unknown) => {
			if (value instanceof Map || value instanceof Set || isThenable(value) || value instanceof ReadableStream) {
				throw new NotCacheable()
			}
			return value
		})
		return crypto
			.createHash('sha256')
			.update(url)
			.update('\n')
			.update(fingerprint ?? '')
			.digest('base64url')
	} catch (error) {
		if (error instanceof NotCacheable) return undefined
		throw error
	}
}

function isThenable(value: unknown) {
	return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

export function cachedPage(key: string, nonce: string): Buffer<ArrayBuffer> | undefined {
	const parts = pages.get(key)
	return parts ? withNonce(parts, nonce) : undefined
}

/** Stores a page rendered with NONCE_PLACEHOLDER; returns it with the response's own nonce. */
export function storePage(key: string, htmlWithPlaceholder: string, nonce: string): Buffer<ArrayBuffer> {
	const parts = htmlWithPlaceholder.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part, 'utf8'))
	pages.set(key, parts)
	return withNonce(parts, nonce)
}

function withNonce(parts: CachedPage, nonce: string): Buffer<ArrayBuffer> {
	const nonceBytes = Buffer.from(nonce, 'utf8')
	return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])))
}

export function clearPageCache() {
	pages.clear()
}
