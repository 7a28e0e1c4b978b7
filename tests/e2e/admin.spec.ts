import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { photo } from '../fixtures/images'

/** Waits until React has hydrated (the root marks <html data-hydrated>). */
async function hydrated(page: Page) {
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/**
 * The real 'Sign in with Google' button; the mock Google answers as its default account, Olivia Owner.
 * An admin page sends the visitor to sign-in first and back afterwards.
 */
async function signIn(page: Page, path = '/image-uploader', landingHeading = 'Welcome, Olivia Owner') {
	await page.goto(path)
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	await expect(page.getByRole('heading', { level: 1, name: landingHeading })).toBeVisible()
	await hydrated(page)
}

function uniqueName(prefix: string) {
	return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** A request as a customer sends it from /custom-cakes (with an inspiration photo). */
async function submitCakeRequest(request: APIRequestContext, name: string) {
	const response = await request.post('/custom-cakes', {
		multipart: {
			name,
			phone: '(425) 555-0199',
			email: 'e2e.customer@example.com',
			type: 'Fruit',
			size: '10-inch',
			message: 'Strawberries, and "Feliz cumpleaños", please',
			image: { name: 'idea.jpg', mimeType: 'image/jpeg', buffer: await photo({ width: 320, height: 240 }) },
		},
	})
	expect(response.ok()).toBe(true)
}

test('sign in with Google, upload an item and see it in the shop, mark it sold out, and log out', async ({ page }) => {
	const name = uniqueName('E2E Guava Roll')
	await signIn(page)
	await expect(page).toHaveTitle('Upload Menu Item | Doce Dulce Bakery')

	const form = page.locator('form#upload-menu-item')
	await form.getByLabel('Name').fill(name)
	await form.getByLabel('Description', { exact: true }).fill('Flaky pastry with guava paste.')
	await form.getByLabel('Price').fill('$4.50')
	await form.getByLabel('Category').selectOption({ label: 'Brazilian Pastries' })
	await form.getByLabel('Image', { exact: true }).setInputFiles({
		name: 'guava.png',
		mimeType: 'image/png',
		buffer: await photo({ width: 640, height: 480, format: 'png' }),
	})
	// Hold the upload briefly so its pending state can be seen.
	await page.route('**/image-uploader*', async (route) => {
		if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 400))
		await route.continue()
	})
	await form.getByRole('button', { name: 'Upload Item' }).click()
	await expect(form.getByRole('button', { name: 'Uploading...' })).toBeDisabled()
	await expect(page.getByRole('status').filter({ hasText: 'Item uploaded successfully!' })).toBeVisible()
	await expect(form.getByLabel('Name')).toHaveValue('')
	await expect(form.getByLabel('Price')).toHaveValue('')

	// The public shop reads the menu on every request: the new item is there at once.
	await page.goto('/shop')
	const shopCard = page.locator('main li').filter({ hasText: name })
	await expect(shopCard).toContainText('$4.50')
	// The photo's description defaults to the name, which the card already shows: the card's picture is
	// then decorative (no repeated name for screen readers); the item dialog keeps the description.
	await expect(shopCard.locator('img')).toBeVisible()
	await expect(shopCard.locator('img')).toHaveAttribute('alt', '')
	await expect(shopCard.getByText('Sold out', { exact: true })).toHaveCount(0)

	await page.goto('/admin/menu')
	const card = page.getByRole('article', { name })
	await expect(card).toContainText('$4.50 · Brazilian Pastries')
	await expect(card.getByRole('img', { name })).toBeVisible()
	await expect(card.getByText('Sold out', { exact: true })).toHaveCount(0)

	await card.getByRole('button', { name: /^Mark sold out/ }).click()
	await expect(card.getByText('Sold out', { exact: true })).toBeVisible()
	await expect(page.getByRole('status').filter({ hasText: `${name} is now sold out.` })).toBeVisible()
	await page.reload()
	await expect(card.getByText('Sold out', { exact: true })).toBeVisible()
	await expect(card.getByRole('button', { name: /^Mark available/ })).toBeVisible()
	await page.goto('/shop')
	await expect(shopCard.getByText('Sold out', { exact: true })).toBeVisible()

	await page.goto('/admin')
	await page.getByRole('button', { name: 'Logout' }).click()
	await expect(page).toHaveURL(/\/image-uploader$/)
	await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible()
	await page.goto('/admin/menu')
	await expect(page).toHaveURL(/\/image-uploader\?returnTo=%2Fadmin%2Fmenu$/)
})

test('custom cake requests: photo, export to CSV, delete after the confirm', async ({ page, request, browser }) => {
	const name = uniqueName('E2E Fernanda')
	await submitCakeRequest(request, name)
	await signIn(page, '/admin/custom-cakes', 'Custom Cake Orders')
	await expect(page).toHaveURL(/\/admin\/custom-cakes$/)

	const card = page.getByRole('article', { name })
	await expect(card).toContainText('(425) 555-0199')
	await expect(card).toContainText('e2e.customer@example.com')
	await expect(card).toContainText('Fruit')
	await expect(card).toContainText('10-inch')
	await expect(card).toContainText('Feliz cumpleaños')
	const thumbnail = card.getByRole('img', { name: `Cake inspiration sent by ${name} (opens full size in a new tab)` })
	await expect
		.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
		.toBeGreaterThan(0)

	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'Export to CSV' }).click(),
	])
	expect(download.suggestedFilename()).toBe('custom_cake_orders.csv')
	const csv = (await readFile((await download.path())!)).toString('utf8')
	const lines = csv.replace(/^\uFEFF/, '').split('\r\n')
	expect(lines[0]).toBe('Name,Email,Type,Size,Message,Image URL,Phone,Submitted,Status,Quote,Paid,Pickup')
	const row = lines.find((line) => line.startsWith(`${name},`))
	expect(row).toMatch(
		/^[^,]+,e2e\.customer@example\.com,Fruit,10-inch,"Strawberries, and ""Feliz cumpleaños"", please",/,
	)
	const photoUrl = /,(http:\/\/localhost:\d+\/admin\/cake-photos\/customCakeImages\/[\w-]+\.webp),/.exec(row!)?.[1]
	expect(photoUrl).toBeDefined()

	// The photo link works for the signed-in admin only.
	const asAdmin = await page.request.get(photoUrl!)
	expect(asAdmin.status()).toBe(200)
	expect(asAdmin.headers()['content-type']).toMatch(/^image\//)
	expect(asAdmin.headers()['cache-control']).toBe('private, no-store')
	const stranger = await browser.newContext()
	const anonymous = await stranger.request.get(photoUrl!, { maxRedirects: 0 })
	expect(anonymous.status()).toBe(302)
	expect(anonymous.headers()['location']).toMatch(/^\/image-uploader\?returnTo=/)
	await stranger.close()

	// Cancel first: nothing happens.
	page.once('dialog', (dialog) => void dialog.dismiss())
	await card.getByRole('button', { name: /^Delete/ }).click()
	await expect(card).toBeVisible()

	page.once('dialog', (dialog) => {
		expect(dialog.type()).toBe('confirm')
		expect(dialog.message()).toBe('Are you sure you want to delete this request?')
		void dialog.accept()
	})
	await card.getByRole('button', { name: /^Delete/ }).click()
	await expect(page.getByRole('status').filter({ hasText: 'The request was deleted.' })).toBeVisible()
	await expect(card).toHaveCount(0)
	expect((await page.request.get(photoUrl!)).status()).toBe(404)
	await page.reload()
	await expect(page.getByRole('article', { name })).toHaveCount(0)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('upload works, and delete asks on its own page first', async ({ page, request }) => {
		const requester = uniqueName('E2E NoJS')
		await submitCakeRequest(request, requester)
		await page.goto('/admin-upload')
		await page.getByRole('button', { name: 'Sign in with Google' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Olivia Owner' })).toBeVisible()
		await expect(page).toHaveURL(/\/admin-upload$/)

		const form = page.locator('form#upload-menu-item')
		await form.getByLabel('Name').fill('E2E No-JS Churro')
		await form.getByLabel('Price').fill('4.555')
		await form.getByLabel('Category').selectOption({ label: 'Donuts' })
		await form.getByRole('button', { name: 'Upload Item' }).click()
		await expect(page.getByText('Please enter a price such as 4, 4.5 or $4.50 (at most two decimals).')).toBeVisible()
		await expect(form.getByLabel('Name')).toHaveValue('E2E No-JS Churro')
		await form.getByLabel('Price').fill('2')
		await form.getByLabel('Image', { exact: true }).setInputFiles({
			name: 'churro.jpg',
			mimeType: 'image/jpeg',
			buffer: await photo({ width: 400, height: 300 }),
		})
		await form.getByRole('button', { name: 'Upload Item' }).click()
		await expect(page.getByText('Item uploaded successfully!')).toBeVisible()

		await page.goto('/admin/custom-cakes')
		const card = page.getByRole('article', { name: requester })
		await card.getByRole('button', { name: /^Delete/ }).click()
		const question = page.getByRole('alert').filter({ hasText: 'Are you sure you want to delete this request?' })
		await expect(question).toBeVisible()
		await expect(page.getByRole('article', { name: requester })).toBeVisible()
		await question.getByRole('button', { name: 'Yes, delete' }).click()
		await expect(page.getByText('The request was deleted.')).toBeVisible()
		await expect(page.getByRole('article', { name: requester })).toHaveCount(0)
	})
})

// Their axe scans, at a phone's and a desktop's width: tests/e2e/a11y.spec.ts.
test('every admin page is noindex and never cached', async ({ page }) => {
	await signIn(page)
	await page.goto('/admin/menu')
	const editPath = await page.getByRole('link', { name: /^Edit/ }).first().getAttribute('href')
	const paths = [
		'/image-uploader',
		'/admin-upload',
		'/admin-custom-cake-orders/image-uploader',
		'/admin',
		'/admin/menu',
		editPath!,
		'/admin/custom-cakes',
		'/admin/orders',
		'/admin/orders?status=PAID',
		'/admin/messages',
		'/admin/gallery',
	]
	for (const path of paths) {
		const response = await page.goto(path)
		expect(response?.status(), path).toBe(200)
		expect(response?.headers()['cache-control'], path).toBe('private, no-store')
		await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex')
	}
	// Client-side navigations fetch data the same way: not cacheable either.
	const data = await page.request.get('/admin/menu.data')
	expect(data.status()).toBe(200)
	expect(data.headers()['cache-control']).toBe('private, no-store')
})

test('anonymous visitors: admin pages send them to sign-in, writes are refused, demo sign-in does not exist', async ({
	request,
}) => {
	const page = await request.get('/admin/orders?status=PAID', { maxRedirects: 0 })
	expect(page.status()).toBe(302)
	expect(page.headers()['location']).toBe('/image-uploader?returnTo=%2Fadmin%2Forders%3Fstatus%3DPAID')
	const csv = await request.get('/admin/custom-cakes.csv', { maxRedirects: 0 })
	expect(csv.status()).toBe(302)

	const write = await request.post('/admin/menu', { form: { intent: 'delete', id: 'seed-conchas', confirmed: 'yes' } })
	expect(write.status()).toBe(401)
	// The admin area's words on the site's error boundary, with the way back in.
	expect(await write.text()).toMatch(/Please sign in again.*Go to the admin sign-in/s)

	const demo = await request.post('/auth/demo', { form: { returnTo: '/admin' }, maxRedirects: 0 })
	expect(demo.status()).toBe(404)
	expect(demo.headers()['set-cookie']).toBeUndefined()
})
