import crypto from 'node:crypto'
import zlib from 'node:zlib'
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
 *
 * A page is also kept gzipped, each part between two nonces compressed on its own, so a response is
 * assembled without compressing anything (decision 045).
 */
const TTL_MS = 30_000
const MAX_BYTES = 16 * 1024 * 1024

export const NONCE_PLACEHOLDER = crypto.randomBytes(16).toString('hex')

/** A page as UTF-8 bytes split where the nonce goes, and the same parts as raw deflate blocks. */
interface CachedPage {
	parts: Buffer[]
	deflatedParts: Buffer[]
	/** The nonce length the parts were deflated for (every nonce of server/app.ts has the same). */
	nonceLength: number
}

const pages = new LRUCache<string, CachedPage>({
	ttl: TTL_MS,
	maxSize: MAX_BYTES,
	sizeCalculation: ({ parts, deflatedParts }) =>
		[...parts, ...deflatedParts].reduce((total, part) => total + part.length, 0) || 1,
})

class NotCacheable extends Error {}

/** Stands for a long string hashed before; the process's random token keeps it from being data. */
const DIGEST_MARK = `${NONCE_PLACEHOLDER}:`
const LONG_STRING = 1024
/** Long strings in loader data are shared by many requests (a page's messages, the menu as JSON text): hashed once. */
const stringDigests = new LRUCache<string, string>({ max: 256 })

/**
 * The cache key for a document render, or undefined when the data cannot be fingerprinted
 * (deferred promises, streams, class instances whose JSON would hide their contents).
 */
export function pageCacheKey(url: string, loaderData: unknown): string | undefined {
	try {
		return sha256(`${url}\n${fingerprint(loaderData) ?? ''}`)
	} catch (error) {
		if (error instanceof NotCacheable) return undefined
		throw error
	}
}

function fingerprint(data: unknown): string | undefined {
	return JSON.stringify(data, (_key, value: unknown) => {
		if (value instanceof Map || value instanceof Set || isThenable(value) || value instanceof ReadableStream) {
			throw new NotCacheable()
		}
		if (typeof value === 'string' && value.length >= LONG_STRING) return DIGEST_MARK + stringDigest(value)
		return value
	})
}

function stringDigest(value: string) {
	let digest = stringDigests.get(value)
	if (digest === undefined) stringDigests.set(value, (digest = sha256(value)))
	return digest
}

function sha256(text: string) {
	return crypto.createHash('sha256').update(text).digest('base64url')
}

function isThenable(value: unknown) {
	return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

/** The page for this key with the response's own nonce, gzipped when the client takes gzip. */
export function cachedPage(key: string, nonce: string, gzip: boolean): Buffer<ArrayBuffer> | undefined {
	const page = pages.get(key)
	if (!page) return undefined
	return gzip ? gzippedWithNonce(page, nonce) : withNonce(page.parts, nonce)
}

/** Stores a page rendered with NONCE_PLACEHOLDER; returns it with the response's own nonce. */
export function storePage(key: string, htmlWithPlaceholder: string, nonce: string, gzip: boolean) {
	const parts = htmlWithPlaceholder.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part, 'utf8'))
	const nonceLength = Buffer.byteLength(nonce)
	const [ownParts, ownDeflatedParts] = intoOneBuffer(parts, deflateParts(parts, nonceLength))
	const page = { parts: ownParts, deflatedParts: ownDeflatedParts, nonceLength }
	pages.set(key, page)
	return gzip ? gzippedWithNonce(page, nonce) : withNonce(parts, nonce)
}

/**
 * The page's pieces copied into one block of exactly their size, as views of it. zlib's output and small Buffers
 * (Node's shared 64 KB pool) are slices of larger blocks: kept as they were, each piece of a few KB held a whole
 * block alive, so the cache held several times the 16 MB its size counts (decision 061). `allocUnsafeSlow` is
 * never a slice of the pool.
 */
function intoOneBuffer(parts: Buffer[], deflatedParts: Buffer[]): [Buffer[], Buffer[]] {
	const pieces = [...parts, ...deflatedParts]
	const whole = Buffer.allocUnsafeSlow(pieces.reduce((total, piece) => total + piece.length, 0))
	let offset = 0
	const view = (piece: Buffer) => {
		piece.copy(whole, offset)
		const copy = whole.subarray(offset, offset + piece.length)
		offset += piece.length
		return copy
	}
	return [parts.map(view), deflatedParts.map(view)]
}

function withNonce(parts: Buffer[], nonce: string): Buffer<ArrayBuffer> {
	const nonceBytes = Buffer.from(nonce, 'utf8')
	return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])))
}

/*
 * One gzip member (RFC 1952) around one deflate stream (RFC 1951) made of pieces: each part is compressed
 * on its own and ends on a byte boundary (a sync flush, not final), the nonce between two parts is a stored
 * block, and an empty final block closes the stream. The trailer is the CRC-32 and length of the whole page.
 *
 * A part may refer back to the page before it: it is deflated with that page as its dictionary, the
 * nonces' places filled with 0xFF bytes. UTF-8 never contains 0xFF, so no back-reference can reach into a
 * nonce (whose bytes differ per response), and every other distance is the same in the real stream.
 */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00])
const WINDOW_BYTES = 32 * 1024

function deflateParts(parts: Buffer[], nonceLength: number) {
	const gap = Buffer.alloc(nonceLength, 0xff)
	let before = Buffer.alloc(0)
	return parts.map((part, index) => {
		if (index > 0) before = Buffer.concat([before, gap]).subarray(-WINDOW_BYTES)
		const dictionary = before.length > 0 ? { dictionary: before } : {}
		before = Buffer.concat([before, part]).subarray(-WINDOW_BYTES)
		return zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH, ...dictionary })
	})
}

function storedBlock(bytes: Buffer) {
	const header = Buffer.alloc(5)
	header.writeUInt16LE(bytes.length, 1)
	header.writeUInt16LE(~bytes.length & 0xffff, 3)
	return [header, bytes]
}

function gzippedWithNonce(page: CachedPage, nonce: string): Buffer<ArrayBuffer> {
	const nonceBytes = Buffer.from(nonce, 'utf8')
	if (nonceBytes.length !== page.nonceLength) return zlib.gzipSync(withNonce(page.parts, nonce))
	const pieces: Buffer[] = [GZIP_HEADER]
	let crc = 0
	let length = 0
	page.parts.forEach((part, index) => {
		if (index > 0) {
			pieces.push(...storedBlock(nonceBytes))
			crc = zlib.crc32(nonceBytes, crc)
			length += nonceBytes.length
		}
		pieces.push(page.deflatedParts[index]!)
		// zlib.crc32 of an empty buffer answers 0, not the running value.
		if (part.length > 0) crc = zlib.crc32(part, crc)
		length += part.length
	})
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(length >>> 0, 4)
	return Buffer.concat([...pieces, FINAL_EMPTY_BLOCK, trailer])
}

/**
 * What the cache counts against its limit, and the memory its pieces actually keep alive (each distinct block
 * behind them once): the two stay equal while every page is stored in one block of its own (decision 061).
 */
export function pageCacheFootprint() {
	const blocks = new Set<ArrayBufferLike>()
	for (const { parts, deflatedParts } of pages.values())
		for (const piece of [...parts, ...deflatedParts]) blocks.add(piece.buffer)
	return { counted: pages.calculatedSize, retained: [...blocks].reduce((total, block) => total + block.byteLength, 0) }
}

export function clearPageCache() {
	pages.clear()
}
