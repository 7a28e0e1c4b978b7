/**
 * The public form's limits on photo processing (decision 023): a lower pixel cap checked from the
 * header, a time limit on decoding, and a line of its own so that customers' photos never hold up the
 * menu's /images resizing or the owner's uploads.
 *
 * sharp is wrapped (not replaced) so the tests can see which inputs were decoded and hold or slow
 * down chosen ones deterministically; every other image goes through the real sharp untouched.
 */
import crypto from 'node:crypto'
import { rm } from 'node:fs/promises'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { withStoredImage } from '~/domain/content/models/uploaded-image.server'
import { loader as imageLoader } from '~/routes/images.$'
import { prisma } from '~/utils/db.server'
import { resetRateLimits } from '~/utils/rate-limit.server'
import { createObjectKey, getObject, listObjectKeys, putObject } from '~/utils/storage.server'
import { fiftyMegapixelPng, file, photo, twentyFourMegapixelJpeg } from '../fixtures/images'
import { fieldErrors, postCustomCake, validFields, type ActionOutcome } from './custom-cakes-helpers'
import { useTempImageStorage } from './temp-image-storage'

type Behaviour = 'held' | 'slow'

const sharpSpy = vi.hoisted(() => ({
	/** Inputs (by SHA-256) to hold or slow down when they are decoded. */
	behaviours: new Map<string, Behaviour>(),
	/** Every input whose pixels were decoded (toBuffer), by SHA-256. */
	decoded: new Set<string>(),
	/** The decode time limit each input was given, by SHA-256. */
	timeouts: new Map<string, number>(),
	/** Held inputs whose header has been read: their upload is queued (or turned away) right after. */
	heldInspected: 0,
	gate: Promise.resolve(),
}))

const digestOf = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

vi.mock('sharp', async (importOriginal) => {
	const real = (await importOriginal<{ default: typeof import('sharp') }>()).default
	const { createHash } = await import('node:crypto')
	function spiedSharp(...args: Parameters<typeof real>) {
		const instance = real(...args)
		const input = args[0]
		if (!(input instanceof Uint8Array)) return instance
		const digest = createHash('sha256').update(input).digest('hex')
		const behaviour = sharpSpy.behaviours.get(digest)
		const metadata = instance.metadata.bind(instance)
		const timeout = instance.timeout.bind(instance)
		const toBuffer = instance.toBuffer.bind(instance) as (options?: object) => Promise<unknown>
		return Object.assign(instance, {
			async metadata() {
				const result = await metadata()
				if (behaviour === 'held') sharpSpy.heldInspected++
				return result
			},
			timeout(options: { seconds: number }) {
				sharpSpy.timeouts.set(digest, options.seconds)
				return timeout(options)
			},
			async toBuffer(options?: object) {
				sharpSpy.decoded.add(digest)
				if (behaviour === 'held') await sharpSpy.gate
				// A blur this wide takes minutes: the real libvips timeout (shortened to 1 s) stops it.
				if (behaviour === 'slow') timeout({ seconds: 1 }).blur(300)
				return toBuffer(options)
			},
		})
	}
	return { default: Object.assign(spiedSharp, real) }
})

const storage = useTempImageStorage('bakery-custom-cake-limits-')

beforeEach(async () => {
	resetRateLimits()
	sharpSpy.behaviours.clear()
	await prisma.customCakeRequest.deleteMany()
	await rm(storage.uploadsDir, { recursive: true, force: true })
})

const rowCount = () => prisma.customCakeRequest.count()
const storedPhotos = () => listObjectKeys('customCakeImages')

const tooManyPixels =
	'This photo has too many pixels for us to process. Please choose a smaller version; a screenshot of the photo works too.'

/** A plain AVIF: a few hundred bytes, whatever its size in pixels. */
function avif(width: number, height: number) {
	return sharp({ create: { width, height, channels: 3, background: '#c47a3a' } })
		.avif({ effort: 0 })
		.toBuffer()
}

function expectTypedValuesKept(outcome: ActionOutcome, fields: Record<string, string | File>) {
	for (const name of ['name', 'phone', 'email', 'type', 'size', 'message'])
		expect(outcome.result?.initialValue?.[name], name).toBe(fields[name])
}

describe('pixels', () => {
	it('refuses the 50-megapixel PNG from its header, without decoding it, and says what to do', async () => {
		const png = await fiftyMegapixelPng()
		expect(png.byteLength).toBeLessThan(300_000)
		const fields = validFields({ image: file(png, 'cake.png', 'image/png') })

		const outcome = await postCustomCake(fields)

		expect(outcome.status).toBe(400)
		expect(fieldErrors(outcome)).toEqual({
			image: [tooManyPixels],
		})
		expectTypedValuesKept(outcome, fields)
		expect(sharpSpy.decoded.has(digestOf(png))).toBe(false)
		expect(await rowCount()).toBe(0)
		expect(await storedPhotos()).toEqual([])
	})

	it('refuses a 25-megapixel AVIF (decoded whole: about 450 MB) from its header', async () => {
		const image = await avif(5000, 5000)
		const outcome = await postCustomCake(validFields({ image: file(image, 'cake.avif', 'image/avif') }))
		expect(fieldErrors(outcome)).toEqual({ image: [tooManyPixels] })
		expect(sharpSpy.decoded.has(digestOf(image))).toBe(false)
		expect(await rowCount()).toBe(0)
	})

	it('accepts an AVIF the size of a 4K frame (3840×2160)', async () => {
		const outcome = await postCustomCake(
			validFields({ image: file(await avif(3840, 2160), 'cake.avif', 'image/avif') }),
		)
		expect(outcome.submitted).toBe(true)
	})

	it('accepts a photo at the default size of recent iPhones (24 MP), stored at 2560 px', async () => {
		const outcome = await postCustomCake(
			validFields({ image: file(await twentyFourMegapixelJpeg(), 'IMG_0042.JPG', 'image/jpeg') }),
		)
		expect(outcome.submitted).toBe(true)
		const row = await prisma.customCakeRequest.findFirstOrThrow()
		const metadata = await sharp((await getObject(row.imageKey!))!).metadata()
		expect([metadata.width, metadata.height]).toEqual([2560, 1920])
	})
})

describe('decoding time', () => {
	it('stops a photo that takes too long with a clear message, and saves nothing', async () => {
		const slow = await photo({ width: 640, height: 480 })
		sharpSpy.behaviours.set(digestOf(slow), 'slow')
		const fields = validFields({ image: file(slow, 'cake.jpg', 'image/jpeg') })

		const outcome = await postCustomCake(fields)

		expect(sharpSpy.timeouts.get(digestOf(slow))).toBeLessThanOrEqual(10)
		expect(outcome.status).toBe(400)
		expect(fieldErrors(outcome)).toEqual({
			image: [
				'We couldn’t process this photo in time. Please choose a smaller version; a screenshot of the photo works too.',
			],
		})
		expectTypedValuesKept(outcome, fields)
		expect(await rowCount()).toBe(0)
		expect(await storedPhotos()).toEqual([])
	})
})

/** Within `milliseconds`, or null: only reached when the work is stuck behind the held uploads. */
function within<T>(milliseconds: number, work: Promise<T>) {
	let timer: NodeJS.Timeout | undefined
	const expired = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), milliseconds)))
	return Promise.race([work, expired]).finally(() => clearTimeout(timer))
}

describe('while customers’ uploads are stuck in processing', () => {
	const POSTS = 6
	let release: () => void
	let posts: Array<{ fields: Record<string, string | File>; outcome: Promise<ActionOutcome> }>

	beforeEach(async () => {
		sharpSpy.gate = new Promise((resolve) => (release = resolve))
		sharpSpy.heldInspected = 0
		const held = await photo({ width: 320, height: 240 })
		sharpSpy.behaviours.set(digestOf(held), 'held')
		posts = Array.from({ length: POSTS }, (_, index) => {
			const fields = validFields({ name: `Customer ${index}`, image: file(held, 'cake.jpg', 'image/jpeg') })
			return { fields, outcome: postCustomCake(fields, { clientIp: `198.51.100.${index}` }) }
		})
		// Every post has read its photo's header, so each is now decoding, waiting in line, or turned away.
		await vi.waitFor(() => expect(sharpSpy.heldInspected).toBe(POSTS), { timeout: 20_000 })
	})

	afterEach(async () => {
		release()
		await Promise.all(posts.map((post) => post.outcome))
	})

	it('the menu’s /images resizing still produces a new variant', async () => {
		const key = createObjectKey('galleryImages', 'jpg')
		await putObject(key, await photo({ width: 900, height: 600 }))
		const request = new Request(`http://localhost/images/${key}?w=640`, { headers: { Accept: 'image/webp' } })

		const response = await within(
			10_000,
			imageLoader({ request, params: { '*': key }, context: {} }) as Promise<Response>,
		)

		expect(response?.status).toBe(200)
		expect((await sharp(Buffer.from(await response!.arrayBuffer())).metadata()).width).toBe(640)
	})

	it('the owner can still upload a menu photo', async () => {
		const upload = withStoredImage(
			'menuImages',
			file(await photo(), 'conchas.jpg', 'image/jpeg'),
			'owner',
			async (key) => key,
		)
		expect(await within(10_000, upload)).toMatchObject({ ok: true })
	})

	it('posts beyond the waiting line are asked to come back in a minute, with everything typed kept', async () => {
		release()
		const outcomes = await Promise.all(posts.map((post) => post.outcome))
		const busy = outcomes.flatMap((outcome, index) => (outcome.status === 503 ? [{ outcome, index }] : []))
		expect(busy.length).toBeGreaterThan(0)
		for (const { outcome, index } of busy) {
			expect(outcome.headers.get('Retry-After')).toBe('60')
			expect(outcome.result?.error?.['']).toEqual([
				'We’re busy processing other photos. Please try sending your request again in a minute.',
			])
			expectTypedValuesKept(outcome, posts[index]!.fields)
			// Without JavaScript the page asks for the photo again: browsers can't refill a file input.
			expect(outcome.imageAttached).toBe(true)
		}
		// The ones in line were all stored once the line moved, each with its photo.
		const accepted = outcomes.filter((outcome) => outcome.submitted)
		expect(accepted.length).toBe(POSTS - busy.length)
		expect(await rowCount()).toBe(accepted.length)
		expect(await storedPhotos()).toHaveLength(accepted.length)
	})
})
