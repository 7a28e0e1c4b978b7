import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { headers, loader } from '~/routes/custom-cakes'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { resetRateLimits } from '~/utils/rate-limit.server'
import { getObject, listObjectKeys } from '~/utils/storage.server'
import { executable, file, heicHeader, jpegWithExif, photo, svgImage } from '../fixtures/images'
import { fieldErrors, postCustomCake, validFields } from './custom-cakes-helpers'

let tempDir: string

function useLocalStorage(storageDir = path.join(tempDir, 'uploads')) {
	process.env.STORAGE_DIR = storageDir
	process.env.IMAGE_CACHE_DIR = path.join(tempDir, 'cache')
	resetEnv()
}

beforeAll(async () => {
	tempDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-custom-cakes-'))
	useLocalStorage()
})

afterAll(async () => {
	await rm(tempDir, { recursive: true, force: true })
})

beforeEach(async () => {
	resetRateLimits()
	useLocalStorage()
	await prisma.customCakeRequest.deleteMany()
	await rm(path.join(tempDir, 'uploads'), { recursive: true, force: true })
})

const rowCount = () => prisma.customCakeRequest.count()
const storedPhotos = () => listObjectKeys('customCakeImages')

describe('the page', () => {
	it('issues a fresh submission token on every view and is never cached', () => {
		const first = loader().submissionToken
		expect(first).toMatch(/^[0-9a-f-]{36}$/)
		expect(loader().submissionToken).not.toBe(first)
		const noHeaders = new Headers()
		const routeHeaders = headers({
			actionHeaders: noHeaders,
			loaderHeaders: noHeaders,
			parentHeaders: noHeaders,
			errorHeaders: undefined,
		})
		expect(new Headers(routeHeaders).get('Cache-Control')).toBe('no-store')
	})
})

describe('validation', () => {
	it.each([
		['name', 'Please enter your name.'],
		['phone', 'Please enter your phone number.'],
		['email', 'Please enter your email address.'],
		['type', 'Please choose a cake type.'],
		['size', 'Please enter a size, e.g. 8-inch, 10-inch or 12-inch.'],
	])('requires %s, says so next to it, and keeps everything typed', async (missing, message) => {
		const fields = validFields({ [missing]: '' })
		const outcome = await postCustomCake(fields)

		expect(outcome.status).toBe(400)
		expect(outcome.submitted).toBe(false)
		expect(fieldErrors(outcome)).toEqual({ [missing]: [message] })
		const { submissionToken: _token, ...typed } = fields
		for (const [name, value] of Object.entries(typed))
			if (value) expect(outcome.result?.initialValue?.[name]).toBe(value)
		expect(await rowCount()).toBe(0)
	})

	it('treats whitespace-only answers as missing', async () => {
		const outcome = await postCustomCake(validFields({ name: '   ', size: ' ' }))
		expect(Object.keys(fieldErrors(outcome)).sort()).toEqual(['name', 'size'])
	})

	it.each(['gabriela', 'gabi@', '@example.com', 'gabi@localhost', 'gabi@@example.com', 'gabi example@x.com'])(
		'rejects the e-mail address %j',
		async (email) => {
			const outcome = await postCustomCake(validFields({ email }))
			expect(fieldErrors(outcome)).toEqual({ email: ['Please enter a valid email address, e.g. name@example.com.'] })
		},
	)

	it.each(['555-0142', 'call me', '12345', '(425) 555-01ab', '+1 425 555 0142 0000 0000', '425/555/0142'])(
		'rejects the phone number %j',
		async (phone) => {
			const outcome = await postCustomCake(validFields({ phone }))
			expect(fieldErrors(outcome)).toEqual({
				phone: ['Please enter a valid phone number, e.g. (425) 555-0142 or +55 11 91234-5678.'],
			})
		},
	)

	it('accepts common US and international phone formats', async () => {
		const formats = [
			'(425) 555-0142',
			'425-555-0142',
			'425.555.0142',
			'4255550142',
			'+1 425 555 0142',
			'1-425-555-0142',
			'+55 11 91234-5678',
			'+52 55 1234 5678',
			'+44 20 7946 0958',
			'(425) 555-0142 ext. 12',
		]
		for (const phone of formats) {
			const outcome = await postCustomCake(validFields({ phone }), { clientIp: phone })
			expect(outcome.submitted, phone).toBe(true)
		}
		expect(await rowCount()).toBe(formats.length)
	})

	it('only takes the four cake types', async () => {
		for (const type of ['Strawberry', 'chocolate', 'Chocolate ']) {
			const outcome = await postCustomCake(validFields({ type }))
			expect(fieldErrors(outcome), type).toEqual({ type: ['Please choose a cake type.'] })
		}
		for (const type of ['Chocolate', 'Vanilla', 'Tres Leches', 'Fruit']) {
			expect((await postCustomCake(validFields({ type }), { clientIp: type })).submitted).toBe(true)
		}
	})

	it('limits lengths', async () => {
		const outcome = await postCustomCake(
			validFields({
				name: 'x'.repeat(101),
				size: 'x'.repeat(51),
				message: 'x'.repeat(2001),
				email: `${'x'.repeat(250)}@example.com`,
			}),
		)
		expect(fieldErrors(outcome)).toEqual({
			name: ['Please keep your name under 100 characters.'],
			size: ['Please keep the size under 50 characters.'],
			message: ['Please keep the message under 2,000 characters.'],
			email: ['Please keep the email address under 254 characters.'],
		})
		expect(await rowCount()).toBe(0)
	})

	it.each([
		['just over 5 MB', 5 * 1024 * 1024 + 1],
		['a 12 MB phone photo', 12 * 1024 * 1024],
	])('rejects a photo %s while it streams in, keeping every typed field', async (_label, bytes) => {
		const fields = validFields({ image: file(new Uint8Array(bytes), 'cake.jpg', 'image/jpeg') })
		const outcome = await postCustomCake(fields)
		expect(outcome.status).toBe(413)
		expect(fieldErrors(outcome)).toEqual({ image: ['The photo is larger than 5 MB. Please choose a smaller one.'] })
		for (const name of ['name', 'phone', 'email', 'type', 'size', 'message']) {
			expect(outcome.result?.initialValue?.[name]).toBe(fields[name])
		}
		expect(await rowCount()).toBe(0)
		expect(await storedPhotos()).toEqual([])
	})

	it('cuts a body over the total limit while it streams in, even when each part is under 5 MB', async () => {
		const fields = validFields({
			padding: 'x'.repeat(1024 * 1024),
			image: file(new Uint8Array(5 * 1024 * 1024 - 1), 'cake.jpg', 'image/jpeg'),
		})
		const outcome = await postCustomCake(fields)
		expect(outcome.status).toBe(413)
		expect(fieldErrors(outcome)).toEqual({ image: ['The photo is larger than 5 MB. Please choose a smaller one.'] })
		expect(outcome.result?.initialValue?.email).toBe('gabriela.torres@example.com')
		expect(await rowCount()).toBe(0)
	})

	it.each([
		[
			'an executable named cake.png',
			() => file(executable, 'cake.png', 'image/png'),
			'This file is not a photo we can use.',
		],
		['an SVG declared as PNG', () => file(svgImage, 'cake.png', 'image/png'), 'This file is not a photo we can use.'],
		['an SVG', () => file(svgImage, 'cake.svg', 'image/svg+xml'), 'This file is not a photo we can use.'],
		[
			'an HTML page',
			() => file(Buffer.from('<html><script>x</script></html>'), 'cake.html', 'text/html'),
			'This file is not a photo we can use.',
		],
		['a HEIC photo', () => file(heicHeader, 'IMG_0001.HEIC', 'image/heic'), 'This is a HEIC photo'],
		['a HEIC photo named .jpg', () => file(heicHeader, 'IMG_0001.jpg', 'image/jpeg'), 'This is a HEIC photo'],
	])('rejects %s with a clear message next to the photo field', async (_label, makeFile, message) => {
		const outcome = await postCustomCake(validFields({ image: makeFile() }))
		expect(outcome.status).toBe(400)
		expect(Object.keys(fieldErrors(outcome))).toEqual(['image'])
		expect(fieldErrors(outcome).image?.[0]).toContain(message)
		expect(outcome.result?.initialValue?.name).toBe('Gabriela Torres')
		expect(await rowCount()).toBe(0)
		expect(await storedPhotos()).toEqual([])
	})

	it('reports a bad photo in the same round as other mistakes', async () => {
		const outcome = await postCustomCake(validFields({ phone: '', image: file(executable, 'cake.png', 'image/png') }))
		expect(fieldErrors(outcome)).toEqual({
			phone: ['Please enter your phone number.'],
			image: ['This file is not a photo we can use. Please choose a JPEG, PNG, WebP, AVIF or GIF image.'],
		})
		expect(outcome.imageAttached).toBe(false)
	})

	it('asks a browser without JavaScript to choose a good photo again after other mistakes', async () => {
		const outcome = await postCustomCake(
			validFields({ phone: '', image: file(await photo(), 'cake.jpg', 'image/jpeg') }),
		)
		expect(fieldErrors(outcome)).toEqual({ phone: ['Please enter your phone number.'] })
		expect(outcome.imageAttached).toBe(true)
		expect(await storedPhotos()).toEqual([])
	})

	it('answers a malformed body with a form error instead of crashing', async () => {
		const request = new Request('http://localhost/custom-cakes', {
			method: 'POST',
			headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
			body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nGabi\r\n--xy',
		})
		const { action } = await import('~/routes/custom-cakes')
		const { unwrap } = await import('./custom-cakes-helpers')
		const outcome = unwrap(await action({ request, context: { clientIp: 'x' }, params: {} }))
		expect(outcome.status).toBe(400)
		expect(outcome.result?.error?.['']).toEqual(['We couldn’t read the form. Please try sending it again.'])
	})
})

describe('a valid request', () => {
	it('is stored without a photo', async () => {
		const fields = validFields()
		const outcome = await postCustomCake(fields)
		expect(outcome).toMatchObject({ status: 200, submitted: true })
		const rows = await prisma.customCakeRequest.findMany()
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({
			name: 'Gabriela Torres',
			phone: '(425) 555-0142',
			email: 'gabriela.torres@example.com',
			type: 'Tres Leches',
			size: '10-inch',
			message: fields.message,
			imageKey: null,
		})
	})

	it('is stored with its photo under customCakeImages/, re-encoded without EXIF', async () => {
		const outcome = await postCustomCake(
			validFields({ image: file(await jpegWithExif(), 'IMG_2041.JPG', 'image/jpeg') }),
		)
		expect(outcome.submitted).toBe(true)

		const row = await prisma.customCakeRequest.findFirstOrThrow()
		expect(row.imageKey).toMatch(/^customCakeImages\/[0-9a-f-]{36}\.webp$/)
		expect(row.imageKey).not.toContain('IMG_2041')
		expect(await storedPhotos()).toEqual([row.imageKey])
		const metadata = await sharp((await getObject(row.imageKey!))!).metadata()
		expect(metadata).toMatchObject({ format: 'webp', width: 200, height: 300 })
		expect(metadata.exif).toBeUndefined()
	})

	it('keeps the message as plain text, markup and all', async () => {
		const message = '<script>alert("hi")</script> & <b>bold</b> — “quotes”'
		await postCustomCake(validFields({ message }))
		expect((await prisma.customCakeRequest.findFirstOrThrow()).message).toBe(message)
	})

	it('is stored once when the same form is sent twice (double click, resubmitted page)', async () => {
		const fields = validFields({ image: file(await photo(), 'cake.jpg', 'image/jpeg') })
		const first = await postCustomCake(fields)
		const second = await postCustomCake(fields)
		expect([first.submitted, second.submitted]).toEqual([true, true])
		expect(await rowCount()).toBe(1)
		expect(await storedPhotos()).toHaveLength(1)
	})

	it('is stored once when two copies arrive at the same moment, leaving no extra photo', async () => {
		const fields = validFields({ image: file(await photo(), 'cake.jpg', 'image/jpeg') })
		const outcomes = await Promise.all([postCustomCake(fields), postCustomCake(fields), postCustomCake(fields)])
		expect(outcomes.map((outcome) => outcome.submitted)).toEqual([true, true, true])
		expect(await rowCount()).toBe(1)
		const row = await prisma.customCakeRequest.findFirstOrThrow()
		expect(await storedPhotos()).toEqual([row.imageKey])
	})

	it('from a page restored with the back button is still stored when its content differs', async () => {
		const submissionToken = crypto.randomUUID()
		await postCustomCake(validFields({ submissionToken }))
		await postCustomCake(validFields({ submissionToken, type: 'Fruit', message: 'And a second cake for Sunday.' }))
		expect(await rowCount()).toBe(2)
	})

	it('filled in by a bot (honeypot) gets the normal thank-you and is not stored', async () => {
		const outcome = await postCustomCake(
			validFields({ website: 'https://spam.example', image: file(await photo(), 'a.jpg', 'image/jpeg') }),
		)
		expect(outcome.submitted).toBe(true)
		expect(await rowCount()).toBe(0)
		expect(await storedPhotos()).toEqual([])
	})
})

describe('nothing half-happens', () => {
	it('when the photo cannot be stored: a clear error, the typed values kept, and no row', async () => {
		// A file where the storage folder should be: every write fails.
		const blocked = path.join(tempDir, 'not-a-folder')
		await writeFile(blocked, 'x')
		useLocalStorage(blocked)

		const outcome = await postCustomCake(validFields({ image: file(await photo(), 'cake.jpg', 'image/jpeg') }))
		expect(outcome.status).toBe(503)
		expect(outcome.submitted).toBe(false)
		expect(outcome.result?.error?.['']).toEqual(['We couldn’t save your photo just now. Please try again in a moment.'])
		expect(outcome.result?.initialValue?.email).toBe('gabriela.torres@example.com')
		expect(await rowCount()).toBe(0)
	})

	it('when the database write fails after the upload: the photo is removed again', async () => {
		// Inserts now fail inside Postgres (reads still work), after the photo has been stored.
		await prisma.$executeRawUnsafe(
			'ALTER TABLE "CustomCakeRequest" ADD CONSTRAINT refuse_inserts CHECK (false) NOT VALID',
		)
		try {
			const outcome = await postCustomCake(validFields({ image: file(await photo(), 'cake.jpg', 'image/jpeg') }))
			expect(outcome.status).toBe(503)
			expect(outcome.result?.error?.['']).toEqual([
				'We couldn’t save your request just now. Please try again in a moment.',
			])
			expect(outcome.result?.initialValue?.message).toBe(validFields().message)
		} finally {
			await prisma.$executeRawUnsafe('ALTER TABLE "CustomCakeRequest" DROP CONSTRAINT refuse_inserts')
		}
		expect(await storedPhotos()).toEqual([])
		expect(await rowCount()).toBe(0)
	})

	it('when the database is unreachable: a clear error and nothing uploaded', async () => {
		await prisma.$executeRawUnsafe('ALTER TABLE "CustomCakeRequest" RENAME TO "CustomCakeRequestAway"')
		try {
			const outcome = await postCustomCake(validFields({ image: file(await photo(), 'cake.jpg', 'image/jpeg') }))
			expect(outcome.status).toBe(503)
			expect(outcome.result?.error?.['']).toEqual([
				'We couldn’t save your request just now. Please try again in a moment.',
			])
		} finally {
			await prisma.$executeRawUnsafe('ALTER TABLE "CustomCakeRequestAway" RENAME TO "CustomCakeRequest"')
		}
		expect(await storedPhotos()).toEqual([])
	})
})

describe('spam protection', () => {
	it('limits each client to 8 requests per 10 minutes, keeping what was typed', async () => {
		for (let attempt = 1; attempt <= 8; attempt++) {
			expect((await postCustomCake(validFields(), { clientIp: '203.0.113.9' })).submitted).toBe(true)
		}
		const limited = await postCustomCake(validFields({ name: 'Ninth Try' }), { clientIp: '203.0.113.9' })
		expect(limited.status).toBe(429)
		expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(limited.result?.error?.['']?.[0]).toMatch(
			/^Too many requests from your connection\. Please try again in \d+ minutes?\.$/,
		)
		expect(limited.result?.initialValue?.name).toBe('Ninth Try')
		expect(await rowCount()).toBe(8)

		// Other people are not affected.
		expect((await postCustomCake(validFields(), { clientIp: '198.51.100.7' })).submitted).toBe(true)
	})
})

describe('in Spanish and Portuguese (/es/custom-cakes, /pt-br/custom-cakes)', () => {
	it('stores the page’s language with the request', async () => {
		await postCustomCake(validFields(), { path: '/pt-br/custom-cakes' })
		await postCustomCake(validFields({ name: 'Lupita' }), { path: '/es/custom-cakes' })
		await postCustomCake(validFields({ name: 'Pat' }))
		const rows = await prisma.customCakeRequest.findMany({ orderBy: { createdAt: 'asc' } })
		expect(rows.map((row) => [row.name, row.locale])).toEqual([
			['Gabriela Torres', 'pt-BR'],
			['Lupita', 'es'],
			['Pat', 'en'],
		])
	})

	it('answers field errors and photo refusals in the page’s language, keeping what was typed', async () => {
		const outcome = await postCustomCake(validFields({ phone: '', image: file(executable, 'bolo.png', 'image/png') }), {
			path: '/pt-br/custom-cakes',
		})
		expect(outcome.status).toBe(400)
		expect(fieldErrors(outcome)).toEqual({
			phone: ['Informe seu número de telefone.'],
			image: ['Este arquivo não é uma foto que a gente consiga usar. Escolha uma imagem JPEG, PNG, WebP, AVIF ou GIF.'],
		})
		expect(outcome.result?.initialValue?.name).toBe('Gabriela Torres')
	})
})
