import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { fiftyMegapixelPng, photo } from '../fixtures/images'
import { expectNoAxeViolations, withE2eDatabase } from './support'

const THANK_YOU = "Thank you! We'll contact you soon. Redirecting to homepage..."
// The production server of these tests stores uploads here (tests/e2e/serve-production.ts).
const customCakeImagesDir = path.resolve('.data/e2e-uploads/customCakeImages')

function storedPhotoCount() {
	try {
		return readdirSync(customCakeImagesDir).filter((name) => name.endsWith('.webp')).length
	} catch {
		return 0
	}
}

async function cakePhoto() {
	return { name: 'inspiration.jpg', mimeType: 'image/jpeg', buffer: await photo({ width: 1200, height: 900 }) }
}

async function fillValidRequest(page: Page) {
	await page.getByLabel('Name').fill('Gabriela Torres')
	await page.getByLabel('Phone').fill('(425) 555-0142')
	await page.getByLabel('Email').fill('gabriela.torres@example.com')
	await page.getByLabel('Cake type').selectOption('Tres Leches')
	await page.getByLabel('Size').fill('12-inch')
	await page.getByLabel('Message').fill('Anniversary cake with white roses, please.')
}

test.describe('with JavaScript', () => {
	test('a request with a photo: Submitting..., the thank-you, then home after 20 seconds', async ({ page }) => {
		await page.clock.install()
		await page.goto('/custom-cakes')
		await page.waitForFunction(
			() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
		)
		await expect(page.getByRole('heading', { level: 1, name: 'Custom Cakes' })).toBeVisible()
		await expect(page.getByLabel('Size')).toHaveAttribute('placeholder', 'e.g. 8-inch, 10-inch or 12-inch')
		await expect(page.getByLabel('Cake type').locator('option')).toHaveText([
			'Choose a type',
			'Chocolate',
			'Vanilla',
			'Tres Leches',
			'Fruit',
		])
		await expectNoAxeViolations(page)

		await fillValidRequest(page)
		await page.getByLabel('Inspiration photo').setInputFiles(await cakePhoto())
		const photosBefore = storedPhotoCount()

		// Hold the post briefly so the pending state can be seen.
		let releasePost = () => {}
		const postHeld = new Promise<void>((resolve) => (releasePost = resolve))
		await page.route('**/custom-cakes*', async (route) => {
			if (route.request().method() === 'POST') await postHeld
			await route.continue()
		})
		await page.getByRole('button', { name: 'Submit Request' }).click()
		const pending = page.getByRole('button', { name: 'Submitting...' })
		await expect(pending).toBeVisible()
		await expect(pending).toBeDisabled()
		releasePost()

		await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toHaveText(THANK_YOU)
		const thankedAt = await page.evaluate(() => Date.now())
		await expect(page.getByRole('link', { name: 'Go to the homepage now' })).toHaveAttribute('href', '/')
		expect(storedPhotoCount()).toBeGreaterThan(photosBefore)
		await expectNoAxeViolations(page)

		// The installed clock still runs in real time: on a busy machine the checks above take seconds.
		const elapsed = (await page.evaluate(() => Date.now())) - thankedAt
		await page.clock.fastForward(Math.max(0, 19_000 - elapsed))
		await expect(page).toHaveURL(/\/custom-cakes$/)
		await page.clock.fastForward(1_500)
		await expect(page).toHaveURL(/:\d+\/$/)
	})

	test('checks fields in the browser before sending and points at the first problem', async ({ page }) => {
		await page.goto('/custom-cakes')
		await page.waitForFunction(
			() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
		)
		let posts = 0
		page.on('request', (request) => {
			if (request.method() === 'POST') posts++
		})
		await page.getByLabel('Name').fill('Gabriela Torres')
		await page.getByLabel('Email').fill('not-an-address')
		await page.getByRole('button', { name: 'Submit Request' }).click()

		await expect(page.getByText('Please enter your phone number.')).toBeVisible()
		await expect(page.getByText('Please enter a valid email address, e.g. name@example.com.')).toBeVisible()
		await expect(page.getByText('Please choose a cake type.')).toBeVisible()
		await expect(page.getByLabel('Phone')).toBeFocused()
		await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true')
		expect(posts).toBe(0)
		await expectNoAxeViolations(page)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the server explains each problem next to its field, keeps what was typed, then thanks and redirects', async ({
		page,
	}) => {
		test.setTimeout(60_000)
		await page.goto('/custom-cakes')
		await fillValidRequest(page)
		await page.getByLabel('Phone').fill('12345')
		await page.getByLabel('Email').fill('gabi@localhost')
		await page.getByLabel('Message').fill('<script>document.title = "pwned"</script> roses & gold')
		await page.getByLabel('Inspiration photo').setInputFiles(await cakePhoto())
		await page.getByRole('button', { name: 'Submit Request' }).click()

		await expect(
			page.getByText('Please enter a valid phone number, e.g. (425) 555-0142 or +55 11 91234-5678.'),
		).toBeVisible()
		await expect(page.getByText('Please enter a valid email address, e.g. name@example.com.')).toBeVisible()
		await expect(page.getByLabel('Phone')).toBeFocused()
		await expect(page.getByLabel('Name')).toHaveValue('Gabriela Torres')
		await expect(page.getByLabel('Cake type')).toHaveValue('Tres Leches')
		await expect(page.getByLabel('Size')).toHaveValue('12-inch')
		await expect(page.getByLabel('Message')).toHaveValue('<script>document.title = "pwned"</script> roses & gold')
		expect(await page.content()).not.toContain('<script>document.title')
		await expect(page.getByText('Please choose your photo again')).toBeVisible()

		await page.getByLabel('Phone').fill('+1 425 555 0142')
		await page.getByLabel('Email').fill('gabriela.torres@example.com')
		await page.getByLabel('Inspiration photo').setInputFiles(await cakePhoto())
		await page.getByRole('button', { name: 'Submit Request' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toHaveText(THANK_YOU)
		await expect(page.getByRole('link', { name: 'Go to the homepage now' })).toBeVisible()

		// The browser itself goes home after 20 s (meta refresh), not before.
		const shownAt = Date.now()
		await page.waitForURL(/:\d+\/$/, { timeout: 30_000 })
		expect(Date.now() - shownAt).toBeGreaterThan(18_000)
	})
})

test('the server-rendered error page (as a browser without JavaScript gets it) has no axe violations', async ({
	page,
}) => {
	// axe itself needs JavaScript: keep it on, but never let the app's own scripts load.
	await page.route('**/*.js', (route) => route.abort())
	await page.goto('/custom-cakes')
	await page.getByLabel('Name').fill('Gabriela Torres')
	await page.getByLabel('Email').fill('gabi@localhost')
	await page
		.getByLabel('Inspiration photo')
		.setInputFiles({ name: 'cake.png', mimeType: 'image/png', buffer: Buffer.from('MZ not a picture') })
	await page.getByRole('button', { name: 'Submit Request' }).click()

	await expect(page.getByText('Please enter your phone number.')).toBeVisible()
	await expect(page.getByText('This file is not a photo we can use.')).toBeVisible()
	await expect(page.getByLabel('Phone')).toBeFocused()
	await expectNoAxeViolations(page)
})

test('the production server resizes stored images by width and format, and never shows customer photos', async ({
	request,
}) => {
	const response = await request.get('/images/galleryImages/seed-storefront.webp?w=640', {
		headers: { Accept: 'image/avif,image/webp,*/*' },
	})
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('image/avif')
	expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
	expect(response.headers()['x-content-type-options']).toBe('nosniff')
	const jpeg = await request.get('/images/galleryImages/seed-storefront.webp?w=640', { headers: { Accept: '*/*' } })
	expect(jpeg.headers()['content-type']).toBe('image/jpeg')
	expect((await response.body()).byteLength).toBeLessThan((await jpeg.body()).byteLength)

	// A customer's photo that really exists in storage is still refused.
	const privateKey = `customCakeImages/${crypto.randomUUID()}.jpg`
	mkdirSync(customCakeImagesDir, { recursive: true })
	writeFileSync(path.resolve('.data/e2e-uploads', privateKey), await photo())
	expect((await request.get(`/images/${privateKey}?w=640`)).status()).toBe(404)
})

/** What a customer typed, posted as a browser posts the form (each test adds its photo). */
const typedFields = {
	name: 'Gabriela Torres',
	phone: '(425) 555-0142',
	email: 'gabriela.torres@example.com',
	type: 'Fruit',
	size: '8-inch',
}

test('an oversized photo is refused over real HTTP with the typed fields kept', async ({ request }) => {
	const response = await request.post('/custom-cakes', {
		multipart: {
			...typedFields,
			message: 'Big photo attached',
			image: { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(6 * 1024 * 1024, 1) },
		},
	})
	expect(response.status()).toBe(413)
	const html = await response.text()
	expect(html).toContain('The photo is larger than 5 MB. Please choose a smaller one.')
	expect(html).toContain('value="Gabriela Torres"')
})

test('a 215 kB PNG of 50 megapixels is refused over real HTTP from its header, with the typed fields kept', async ({
	request,
}) => {
	const response = await request.post('/custom-cakes', {
		multipart: {
			...typedFields,
			message: 'A photo from my camera’s 50 MP mode',
			image: { name: 'huge.png', mimeType: 'image/png', buffer: await fiftyMegapixelPng() },
		},
	})
	expect(response.status()).toBe(400)
	const html = await response.text()
	expect(html).toContain('This photo has too many pixels for us to process.')
	expect(html).toContain('value="Gabriela Torres"')
	// Nothing stored: no request, and no photo without its request. (Counting the folder's photos raced with the
	// other workers' uploads; a photo stored a moment before its row is only orphaned until that row commits.)
	const stored = await withE2eDatabase((client) =>
		client.query(`SELECT 1 FROM "CustomCakeRequest" WHERE message = $1`, ['A photo from my camera’s 50 MP mode']),
	)
	expect(stored.rowCount).toBe(0)
	await expect.poll(orphanedPhotos).toEqual([])
})

/** Stored cake photos that no request names. */
async function orphanedPhotos() {
	const { rows } = await withE2eDatabase((client) =>
		client.query<{ imageKey: string }>(`SELECT "imageKey" FROM "CustomCakeRequest" WHERE "imageKey" IS NOT NULL`),
	)
	const named = new Set(rows.map((row) => path.basename(row.imageKey)))
	const files = (() => {
		try {
			return readdirSync(customCakeImagesDir).filter((name) => name.endsWith('.webp'))
		} catch {
			return []
		}
	})()
	return files.filter((name) => !named.has(name))
}
