import { expect, test } from '@playwright/test'

/**
 * The spec's route table (§2), path and screen: each path answers with its own screen (its heading)
 * inside the shared header and footer. Signed out, the admin paths show the admin sign-in screen.
 */
const routeTable = [
	['/', 'Welcome to the bakery'],
	['/about', 'About Us'],
	['/contact', 'Get in Touch'],
	['/reviews', 'Customer Reviews'],
	['/shop', 'Shop Our Menu'],
	['/menu', 'Explore Our Menu'],
	['/gallery', 'Bakery Gallery'],
	['/image-uploader', 'Admin Login'],
	['/cakes', 'Our Cakes'],
	['/brazilian-pastries', 'Brazilian Pastries'],
	['/mexican-pastries', 'Mexican Pastries'],
	['/custom-cakes', 'Custom Cakes'],
	['/cart', 'Your Cart'],
	['/checkout', 'Checkout'],
	// Without a paid checkout session the confirmation screen says it has nothing to confirm.
	['/success', 'We couldn’t confirm this order'],
	['/cancel', 'Order Cancelled'],
	['/admin-upload', 'Admin Login'],
	['/admin/custom-cakes', 'Admin Login'],
	['/admin-custom-cake-orders/image-uploader', 'Admin Login'],
] as const

test('every path of the route table shows its own screen inside the shared layout', async ({ page }) => {
	test.setTimeout(60_000) // 19 pages
	for (const [path, screen] of routeTable) {
		const response = await page.goto(path)
		expect(response?.status(), path).toBe(200)
		await expect(page.getByRole('banner').getByRole('link', { name: 'Doce Dulce Bakery' }), path).toBeVisible()
		await expect(page.getByRole('contentinfo'), path).toContainText('Follow Us')
		await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(screen)
		// Never the framework's generic error screens.
		await expect(page.getByRole('main'), path).not.toContainText(/Application Error|Something went wrong/)
	}
})

test('paths are case-insensitive: /ABOUT shows About, at its one lower-case address', async ({ page, request }) => {
	const redirect = await request.get('/ABOUT?ref=Flyer', { maxRedirects: 0 })
	expect(redirect.status()).toBe(301)
	expect(redirect.headers()['location']).toBe('/about?ref=Flyer')

	await page.goto('/ABOUT')
	await expect(page).toHaveURL('/about')
	await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()

	await page.goto('/Gallery')
	await expect(page).toHaveURL('/gallery')
	await expect(page.getByRole('heading', { level: 1, name: 'Bakery Gallery' })).toBeVisible()
})

test('stored images keep their case-sensitive addresses', async ({ request }) => {
	const image = await request.get('/images/galleryImages/seed-latte-art.webp?w=320', { maxRedirects: 0 })
	expect(image.status()).toBe(200)
	expect(image.headers()['content-type']).toMatch(/^image\//)
	const wrongCase = await request.get('/images/GALLERYIMAGES/seed-latte-art.webp?w=320', { maxRedirects: 0 })
	expect(wrongCase.status()).toBe(404)
})

test('an unknown path shows the Home screen with status 404 and noindex', async ({ page }) => {
	const response = await page.goto('/this/page/does-not-exist')
	expect(response?.status()).toBe(404)
	expect(response?.headers()['x-robots-tag']).toBe('noindex')
	await expect(page).toHaveURL('/this/page/does-not-exist')
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the bakery' })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Our Goodies' })).toBeVisible()
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
	await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/)

	// Client-side navigation from there works as usual.
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await page.getByRole('banner').getByRole('link', { name: 'Gallery' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Bakery Gallery' })).toBeVisible()
})
