import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { StoredImage } from '~/components/stored-image'
import { imageWidths } from '~/utils/stored-image-url'
import { loader } from '~/routes/images.$'
import { prepareUploadedImage } from '~/utils/images.server'
import { createObjectKey, deleteObject, putObject, variantCacheDir } from '~/utils/storage.server'
import {
	decompressionBomb,
	executable,
	heicHeader,
	htmlPage,
	jpegWithExif,
	photo,
	svgImage,
	truncatedJpeg,
} from '../fixtures/images'
import { useTempImageStorage } from './temp-image-storage'

useTempImageStorage('bakery-images-')

describe('checking and re-encoding an upload', () => {
	it.each(['jpeg', 'png', 'webp', 'avif', 'gif'] as const)(
		'accepts a %s photo and stores it as WebP',
		async (format) => {
			const prepared = await prepareUploadedImage(await photo({ width: 640, height: 480, format }), 'owner')
			expect(prepared).toMatchObject({
				ok: true,
				extension: 'webp',
				contentType: 'image/webp',
				width: 640,
				height: 480,
			})
			if (!prepared.ok) return
			expect((await sharp(prepared.bytes).metadata()).format).toBe('webp')
		},
	)

	it('drops EXIF (camera, GPS) and turns the picture upright', async () => {
		const original = await jpegWithExif({ width: 300, height: 200 })
		expect((await sharp(original).metadata()).exif).toBeDefined()

		const prepared = await prepareUploadedImage(original, 'owner')
		if (!prepared.ok) throw new Error(prepared.reason)
		const metadata = await sharp(prepared.bytes).metadata()
		expect(metadata.exif).toBeUndefined()
		expect(metadata.orientation).toBeUndefined()
		expect([metadata.width, metadata.height]).toEqual([200, 300])
		expect(prepared.bytes.includes('SecretCam')).toBe(false)
	})

	it('scales very large photos down to 2560 px on the long side', async () => {
		const prepared = await prepareUploadedImage(await photo({ width: 4000, height: 3000 }), 'owner')
		expect(prepared).toMatchObject({ ok: true, width: 2560, height: 1920 })
	})

	it('drops anything hidden after the pixels of a valid image (polyglot files)', async () => {
		const payload = '<script>alert("pwned")</script>'
		const polyglot = Buffer.concat([await photo({ width: 100, height: 100, format: 'png' }), Buffer.from(payload)])
		const prepared = await prepareUploadedImage(polyglot, 'owner')
		if (!prepared.ok) throw new Error(prepared.reason)
		expect(prepared.bytes.includes(payload)).toBe(false)
	})

	it.each([
		['an SVG (it can carry scripts)', svgImage, 'not-an-image'],
		['an HTML page', htmlPage, 'not-an-image'],
		['an executable', executable, 'not-an-image'],
		['empty bytes', Buffer.alloc(0), 'not-an-image'],
		['a HEIC photo (no decoder)', heicHeader, 'heic'],
	] as const)('rejects %s by its bytes', async (_label, bytes, reason) => {
		expect(await prepareUploadedImage(bytes, 'owner')).toEqual({ ok: false, reason })
	})

	it('rejects a damaged image', async () => {
		expect(await prepareUploadedImage(await truncatedJpeg(), 'owner')).toEqual({ ok: false, reason: 'unreadable' })
	})

	it('rejects a decompression bomb (a 170 kB PNG of 54 megapixels) before decoding it', async () => {
		const bomb = await decompressionBomb()
		expect(bomb.byteLength).toBeLessThan(500_000)
		expect(await prepareUploadedImage(bomb, 'owner')).toEqual({ ok: false, reason: 'too-many-pixels' })
	})
})

function requestImage(
	key: string,
	{ width, accept = 'image/avif,image/webp,*/*', etag }: { width?: string; accept?: string; etag?: string } = {},
) {
	const url = new URL(`http://localhost/images/${key}`)
	if (width !== undefined) url.searchParams.set('w', width)
	const headers = new Headers({ Accept: accept })
	if (etag) headers.set('If-None-Match', etag)
	return loader({ request: new Request(url, { headers }), params: { '*': key }, context: {} }) as Promise<Response>
}

describe('the image route /images/<key>?w=<width>', () => {
	let galleryKey: string
	let menuKey: string

	beforeAll(async () => {
		galleryKey = createObjectKey('galleryImages', 'jpg')
		await putObject(galleryKey, await jpegWithExif({ width: 1200, height: 800 }))
		menuKey = createObjectKey('menuImages', 'webp')
		await putObject(menuKey, await photo({ width: 800, height: 600, format: 'webp' }))
	})

	it.each([
		['image/avif,image/webp,image/apng,*/*;q=0.8', 'image/avif', 'heif'],
		['image/webp,*/*', 'image/webp', 'webp'],
		['*/*', 'image/jpeg', 'jpeg'],
	])('answers Accept %s with %s at the asked width, EXIF stripped', async (accept, contentType, sharpFormat) => {
		const response = await requestImage(galleryKey, { width: '480', accept })
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe(contentType)
		expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
		expect(response.headers.get('Vary')).toBe('Accept')
		const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
		expect(metadata.format).toBe(sharpFormat)
		// 1200×800 rotated upright by its EXIF orientation, then 480 wide.
		expect([metadata.width, metadata.height]).toEqual([480, 720])
		expect(metadata.exif).toBeUndefined()
	})

	it('encodes AVIF up to 1280 px and WebP past it, where an AVIF encode needs 80–115 MB', async () => {
		const accept = 'image/avif,image/webp,*/*'
		const formats = []
		for (const width of ['1280', '1600', '1920']) {
			const response = await requestImage(galleryKey, { width, accept })
			expect(response.status).toBe(200)
			formats.push([
				width,
				response.headers.get('Content-Type'),
				(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format,
			])
		}
		expect(formats).toEqual([
			['1280', 'image/avif', 'heif'],
			['1600', 'image/webp', 'webp'],
			['1920', 'image/webp', 'webp'],
		])
	})

	it('never enlarges, and without ?w= serves 1024 px at most', async () => {
		const wide = await requestImage(menuKey, { width: '1920', accept: 'image/webp' })
		expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(800)
		const plain = await requestImage(galleryKey, { accept: 'image/webp' })
		expect((await sharp(Buffer.from(await plain.arrayBuffer())).metadata()).width).toBe(800)
	})

	it('only renders the fixed widths (no cache flooding with arbitrary sizes)', async () => {
		for (const width of ['500', '0', '-320', 'abc', '320.5', '99999']) {
			const response = await requestImage(galleryKey, { width })
			expect(response.status, width).toBe(400)
			expect(response.headers.get('Cache-Control')).toBe('no-store')
		}
	})

	it('refuses private customer photos (customCakeImages/) even when they exist', async () => {
		const privateKey = createObjectKey('customCakeImages', 'webp')
		await putObject(privateKey, await photo({ format: 'webp' }))
		const response = await requestImage(privateKey, { width: '640' })
		expect(response.status).toBe(404)
		expect(response.headers.get('Content-Type')).toContain('text/plain')
	})

	it('answers 404 for unknown objects and for keys outside the storage folders', async () => {
		for (const key of [
			createObjectKey('galleryImages', 'jpg'),
			'../.env',
			'menuImages/../../package.json',
			'secrets/a.jpg',
		]) {
			expect((await requestImage(key, { width: '640' })).status, key).toBe(404)
		}
	})

	it('answers a repeat visit that has the variant with 304 Not Modified', async () => {
		const first = await requestImage(menuKey, { width: '320', accept: 'image/webp' })
		const etag = first.headers.get('ETag')!
		expect(etag).toMatch(/^".+"$/)
		const again = await requestImage(menuKey, { width: '320', accept: 'image/webp', etag })
		expect(again.status).toBe(304)
		// Another format is another variant.
		expect((await requestImage(menuKey, { width: '320', accept: '*/*' })).headers.get('ETag')).not.toBe(etag)
	})

	it('encodes a variant once and then serves it from the disk cache; deleting the object clears it', async () => {
		const key = createObjectKey('galleryImages', 'jpg')
		await putObject(key, await photo({ width: 900, height: 600 }))
		const first = await requestImage(key, { width: '640', accept: 'image/webp' })
		expect(first.status).toBe(200)

		const cached = path.join(variantCacheDir(key), '640.webp')
		expect(Buffer.compare(await readFile(cached), Buffer.from(await first.arrayBuffer()))).toBe(0)
		// If the route re-encoded, it would not return these bytes.
		await writeFile(cached, 'cached-variant')
		const second = await requestImage(key, { width: '640', accept: 'image/webp' })
		expect(await second.text()).toBe('cached-variant')

		await deleteObject(key)
		expect((await requestImage(key, { width: '640', accept: 'image/webp' })).status).toBe(404)
	})
})

describe('<StoredImage>', () => {
	it('offers every allowed width, reserves its box and loads lazily', () => {
		const html = renderToStaticMarkup(
			createElement(StoredImage, {
				imageKey: 'galleryImages/seed-conchas.jpg',
				alt: 'Conchas',
				sizes: '(min-width: 768px) 33vw, 100vw',
				width: 1600,
				height: 1200,
			}),
		)
		for (const width of imageWidths)
			expect(html).toContain(`/images/galleryImages/seed-conchas.jpg?w=${width} ${width}w`)
		expect(html).toContain('src="/images/galleryImages/seed-conchas.jpg?w=1280"')
		expect(html).toContain('sizes="(min-width: 768px) 33vw, 100vw"')
		expect(html).toContain('width="1600"')
		expect(html).toContain('height="1200"')
		expect(html).toContain('alt="Conchas"')
		expect(html).toContain('loading="lazy"')
		expect(html).not.toContain('fetchpriority="high"')
	})

	const churros = (loading: 'eager' | 'high-priority') =>
		renderToStaticMarkup(
			createElement(StoredImage, {
				imageKey: 'menuImages/seed-churros.jpg',
				alt: 'Churros',
				sizes: '100vw',
				width: 400,
				height: 300,
				loading,
			}),
		)

	it('loads the largest picture at once with high priority', () => {
		const html = churros('high-priority')
		expect(html).toContain('loading="eager"')
		expect(html).toContain('fetchpriority="high"')
		expect(html).toContain('src="/images/menuImages/seed-churros.jpg?w=480"')
	})

	it('loads a picture that only wide screens show above the fold at once, at the priority the browser picks', () => {
		const html = churros('eager')
		expect(html).toContain('loading="eager"')
		expect(html).toContain('fetchpriority="auto"')
	})
})

/**
 * On the 512 MB machine (decision 061): a picture being resized holds 20–90 MB, so the owner's uploads and the image
 * route take turns on one slot, a customer's photo has a line of its own (decision 023), and libvips keeps no decoded
 * pictures between jobs.
 */
describe('image memory', () => {
	async function mostPicturesAtOnce(work: () => Promise<unknown>) {
		let most = 0
		const watch = setInterval(() => (most = Math.max(most, sharp.counters().process)), 1)
		try {
			await work()
		} finally {
			clearInterval(watch)
		}
		return most
	}
	const storedPictures = () =>
		Promise.all(
			[0, 1].map(async () => {
				const key = createObjectKey('galleryImages', 'webp')
				await putObject(key, await photo({ width: 1600, height: 1200, format: 'webp' }))
				return key
			}),
		)

	it('works on one of the site’s own pictures at a time: the owner’s upload and the image route take turns', async () => {
		const variantKeys = await storedPictures()
		const ownerPhoto = await photo({ width: 2400, height: 1800 })
		const most = await mostPicturesAtOnce(async () => {
			const [owner, ...variants] = await Promise.all([
				prepareUploadedImage(ownerPhoto, 'owner'),
				...variantKeys.map((key) => requestImage(key, { width: '1280', accept: 'image/avif,*/*' })),
			])
			expect(owner.ok).toBe(true)
			expect(variants.map((response) => response.status)).toEqual([200, 200])
		})
		expect(most).toBe(1)
	})

	it('works on at most two pictures at once when a customer’s photo comes too', async () => {
		const variantKeys = await storedPictures()
		const [ownerPhoto, customerPhoto] = await Promise.all([
			photo({ width: 2400, height: 1800 }),
			photo({ width: 1600, height: 1200 }),
		])
		const most = await mostPicturesAtOnce(async () => {
			const [owner, customer, ...variants] = await Promise.all([
				prepareUploadedImage(ownerPhoto, 'owner'),
				prepareUploadedImage(customerPhoto, 'public'),
				...variantKeys.map((key) => requestImage(key, { width: '1280', accept: 'image/avif,*/*' })),
			])
			expect(owner.ok && customer.ok).toBe(true)
			expect(variants.map((response) => response.status)).toEqual([200, 200])
		})
		expect(most).toBeLessThanOrEqual(2)
	})

	it('keeps no decoded pictures in the libvips cache between jobs', async () => {
		await prepareUploadedImage(await photo({ width: 1200, height: 900 }), 'owner')
		expect(sharp.cache()).toMatchObject({ memory: { current: 0, max: 0 }, items: { current: 0, max: 0 } })
	})
})
