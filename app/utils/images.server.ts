import crypto from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import pLimit from 'p-limit'
import { sharp } from './sharp.server'
import { imageWidths, type ImageWidth } from '~/utils/stored-image-url'
import { getObject, variantCacheDir } from './storage.server'

/**
 * The site's own picture work, the owner's uploads and the /images variants, takes turns on one slot; a customer's
 * photo has a line of its own, so one that is slow to decode never holds up the menu's pictures or the owner
 * (decision 023). At most two pictures are worked on at once: a job holds 20–90 MB while it runs (an AVIF at 1920 px
 * the most), three at once took the process past 300 MB of the 512 MB machine, and on its two cores a third
 * pipeline only slows the page renders (decision 061).
 */
const siteImageSlot = pLimit(1)

/**
 * Limits per uploader (decision 023). Pixels are checked from the header before anything is decoded (a
 * 5 MB file may still unpack to gigabytes) and again by sharp's `limitInputPixels` while decoding; the
 * time limit stops a decode that runs away anyway. Each uploader has a line of its own, one job at a time,
 * so customers' photos never hold up the owner's uploads or the menu's resizing.
 */
const uploaders = {
	/**
	 * The owner's camera originals on the admin screens. Formats decoded whole stop at 16 MP (a 12 MP phone
	 * AVIF with room to spare, about +290 MB): a 50 MP AVIF would need ~900 MB on a 512 MB machine.
	 */
	owner: {
		maxPixels: 50_000_000,
		maxPixelsDecodedWhole: 16_000_000,
		timeoutSeconds: 20,
		work: siteImageSlot,
		maxWaiting: Infinity,
	},
	/**
	 * The public custom-cake form: a phone's default photo (12 MP, 24 MP on recent iPhones), not its
	 * 48–200 MP modes; formats decoded whole in memory up to a 4K frame (3840×2160). Past `maxWaiting`
	 * queued photos the customer is asked to come back in a minute.
	 */
	public: {
		maxPixels: 25_000_000,
		maxPixelsDecodedWhole: 9_000_000,
		timeoutSeconds: 10,
		work: pLimit(1),
		maxWaiting: 3,
	},
}
export type Uploader = keyof typeof uploaders

/** Stored originals are scaled down to fit this box; the image route never needs more. */
const MAX_STORED_EDGE = 2560

/** Resizing for /images: one job at a time, queued requests finish in arrival order. */
const variantWork = pLimit(1)
/** Variants are made from originals this site re-encoded (≤ 2560 px): the limit only stops a stuck job. */
const VARIANT_TIMEOUT_SECONDS = 20

/** Types recognised from the file's own bytes that sharp (as shipped) can decode. */
const decodableTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])
/** iPhone photos: recognised, but sharp's prebuilt libheif has no HEVC decoder. */
const heicTypes = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'])

/** Why an image was refused; app/utils/upload-rules.ts has the words for each. */
export type UploadRejection = 'not-an-image' | 'heic' | 'too-many-pixels' | 'unreadable' | 'too-slow'

export type PreparedImage =
	| { ok: true; bytes: Buffer; extension: 'webp'; contentType: 'image/webp'; width: number; height: number }
	| { ok: false; reason: UploadRejection }
/** The public line is full: nothing was decoded; the customer may try again shortly. */
export type ImageWorkBusy = { ok: false; reason: 'busy' }
/** How long a customer turned away by a full line is asked to wait (the answer's Retry-After). */
export const IMAGE_WORK_BUSY_RETRY_AFTER_SECONDS = 60

function isFull({ work, maxWaiting }: (typeof uploaders)[Uploader]) {
	return work.activeCount + work.pendingCount >= work.concurrency + maxWaiting
}

/** sharp rejects with "timeout: NN% complete" when `timeout()` stops libvips. */
function isTimeout(error: unknown) {
	return error instanceof Error && error.message.startsWith('timeout')
}

/**
 * Checks an upload by its bytes (never its name or declared type) and re-encodes it: EXIF and
 * other metadata are dropped, orientation is applied, and anything appended to the pixels (a
 * polyglot payload) does not survive. The result is a WebP no larger than MAX_STORED_EDGE.
 */
export function prepareUploadedImage(input: Uint8Array, uploader: 'owner'): Promise<PreparedImage>
export function prepareUploadedImage(input: Uint8Array, uploader: Uploader): Promise<PreparedImage | ImageWorkBusy>
export async function prepareUploadedImage(
	input: Uint8Array,
	uploader: Uploader,
): Promise<PreparedImage | ImageWorkBusy> {
	const rejection = await inspectUploadedImage(input, uploader)
	if (rejection) return { ok: false, reason: rejection }
	const limits = uploaders[uploader]
	if (isFull(limits)) return { ok: false, reason: 'busy' }
	try {
		const { data, info } = await limits.work(() =>
			sharp(input, { limitInputPixels: limits.maxPixels })
				.timeout({ seconds: limits.timeoutSeconds })
				.rotate()
				.resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: 'inside', withoutEnlargement: true })
				// Effort 2: about 2.5× faster than the default 4, a few percent larger.
				.webp({ quality: 85, effort: 2 })
				.toBuffer({ resolveWithObject: true }),
		)
		return {
			ok: true,
			bytes: data,
			extension: 'webp',
			contentType: 'image/webp',
			width: info.width,
			height: info.height,
		}
	} catch (error) {
		return { ok: false, reason: isTimeout(error) ? 'too-slow' : 'unreadable' }
	}
}

/** The quick checks of prepareUploadedImage (type from the bytes, pixel count from the header), without decoding. */
export async function inspectUploadedImage(input: Uint8Array, uploader: Uploader): Promise<UploadRejection | null> {
	const sniffed = await fileTypeFromBuffer(input)
	if (sniffed && heicTypes.has(sniffed.mime)) return 'heic'
	if (!sniffed || !decodableTypes.has(sniffed.mime)) return 'not-an-image'
	try {
		const { width = 0, height = 0, format, isProgressive } = await sharp(input).metadata()
		// libvips streams JPEG, WebP and plain PNG through a resize; these it must hold whole (AVIF ~18 bytes a pixel).
		const decodedWhole = format === 'heif' || format === 'gif' || (format === 'png' && isProgressive)
		const { maxPixels, maxPixelsDecodedWhole } = uploaders[uploader]
		return width * height > (decodedWhole ? maxPixelsDecodedWhole : maxPixels) ? 'too-many-pixels' : null
	} catch {
		return 'unreadable'
	}
}

export type VariantFormat = 'avif' | 'webp' | 'jpeg'

const variantContentTypes: Record<VariantFormat, string> = {
	avif: 'image/avif',
	webp: 'image/webp',
	jpeg: 'image/jpeg',
}

/**
 * The widest variant encoded as AVIF. Past it libheif's encoder needs 81 MB at 1600 px and 114 MB at 1920 px (WebP:
 * 29 and 53 MB), more than the 512 MB machine can give one picture beside the app (decision 061); those widths only
 * go to large desktop screens, which get WebP, about a quarter more bytes.
 */
const WIDEST_AVIF = 1280

/** AVIF (up to WIDEST_AVIF), else WebP, else JPEG: the best format the browser's Accept header names. */
function negotiateFormat(accept: string | null, width: ImageWidth): VariantFormat {
	const types = (accept ?? '').toLowerCase()
	if (types.includes('image/avif') && width <= WIDEST_AVIF) return 'avif'
	if (types.includes('image/webp')) return 'webp'
	return 'jpeg'
}

function parseImageWidth(value: string | null): ImageWidth | null {
	if (value === null) return 1024
	return imageWidths.find((width) => String(width) === value) ?? null
}

function encode(original: Buffer, width: ImageWidth, format: VariantFormat) {
	const image = sharp(original, { limitInputPixels: uploaders.owner.maxPixels })
		.timeout({ seconds: VARIANT_TIMEOUT_SECONDS })
		.rotate()
		.resize({ width, withoutEnlargement: true })
	// AVIF effort 2 encodes ~15x faster than the default 4 for nearly the same size.
	if (format === 'avif') return image.avif({ quality: 55, effort: 2 }).toBuffer()
	if (format === 'webp') return image.webp({ quality: 80 }).toBuffer()
	return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer()
}

async function writeCacheFile(file: string, bytes: Buffer) {
	const temporary = `${file}.${crypto.randomUUID()}.tmp`
	try {
		await mkdir(path.dirname(file), { recursive: true })
		await writeFile(temporary, bytes)
		await rename(temporary, file)
	} catch (error) {
		// A cache that can't be written only costs speed.
		console.error('Image cache write failed:', error)
		await rm(temporary, { force: true })
	}
}

const inFlight = new Map<string, Promise<Buffer | null>>()

/**
 * One stored image at one width and format, from the disk cache or encoded once (concurrent
 * requests for the same variant share one encode). Null when the object does not exist.
 */
function getImageVariant(key: string, width: ImageWidth, format: VariantFormat): Promise<Buffer | null> {
	const file = path.join(variantCacheDir(key), `${width}.${format}`)
	const pending = inFlight.get(file)
	if (pending) return pending
	const work = (async () => {
		try {
			return await readFile(file)
		} catch {
			// Read in its turn: a request waiting for the slot holds no picture.
			const bytes = await variantWork(async () => {
				const original = await getObject(key)
				return original && (await siteImageSlot(() => encode(original, width, format)))
			})
			if (!bytes) return null
			await writeCacheFile(file, bytes)
			return bytes
		}
	})().finally(() => inFlight.delete(file))
	inFlight.set(file, work)
	return work
}

/**
 * The HTTP answer for one stored image, sized by `?w=` and typed by `Accept`. Callers decide who may
 * see the key (the public route serves menu and gallery images only); `visibility: 'private'` keeps
 * shared caches from storing it.
 */
export async function imageResponse(
	request: Request,
	key: string,
	{ visibility }: { visibility: 'public' | 'private' } = { visibility: 'public' },
) {
	const width = parseImageWidth(new URL(request.url).searchParams.get('w'))
	if (width === null) {
		return plainResponse(400, `Width must be one of ${imageWidths.join(', ')}.`)
	}
	const format = negotiateFormat(request.headers.get('Accept'), width)
	const etag = `"${crypto.createHash('sha256').update(`${key}|${width}|${format}`).digest('base64url').slice(0, 27)}"`
	// X-Content-Type-Options: nosniff comes from the server's helmet on every response.
	const headers = new Headers({
		'Content-Type': variantContentTypes[format],
		// Keys are write-once (app/utils/storage.server.ts), so a variant never changes.
		'Cache-Control': `${visibility}, max-age=31536000, immutable`,
		Vary: 'Accept',
		ETag: etag,
		'Content-Disposition': 'inline',
	})
	if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
	let variant: Awaited<ReturnType<typeof getImageVariant>>
	try {
		variant = await getImageVariant(key, width, format)
	} catch (error) {
		// Storage unreachable (or a stuck encode stopped): the page around it still renders; retried later.
		console.error(`Image ${key} unavailable: ${String(error)}`)
		return plainResponse(503, 'Image temporarily unavailable.')
	}
	if (!variant) return plainResponse(404, 'Image not found.')
	headers.set('Content-Length', String(variant.byteLength))
	return new Response(new Uint8Array(variant), { headers })
}

export function plainResponse(status: number, text: string) {
	return new Response(text, {
		status,
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'no-store',
		},
	})
}
