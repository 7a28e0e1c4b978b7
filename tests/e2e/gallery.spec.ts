import { expect, test } from '@playwright/test'

test('Bakery Gallery: the stored gallery images with alt text, lazy below the fold, no captions', async ({ page }) => {
	const response = await page.goto('/gallery')
	expect(response?.status()).toBe(200)
	await expect(page).toHaveTitle('Bakery Gallery | Doce Dulce Bakery')
	await expect(page.getByRole('heading', { level: 1, name: 'Bakery Gallery' })).toBeVisible()

	const images = page.getByRole('main').getByRole('img')
	await expect(images).toHaveCount(12)
	for (const image of await images.all()) {
		await expect(image).toHaveAttribute('src', /^\/images\/galleryImages\/seed-[a-z-]+\.webp\?w=\d+$/)
		expect((await image.getAttribute('alt'))!.length).toBeGreaterThan(20)
		await expect(image).toHaveAttribute('width', '1600')
		await expect(image).toHaveAttribute('height', '1200')
	}
	await expect(images.first()).toHaveAttribute('loading', 'eager')
	await expect(images.last()).toHaveAttribute('loading', 'lazy')
	await expect(page.getByRole('main').locator('figcaption')).toHaveCount(0)

	// The images really load from the image route.
	await images.last().scrollIntoViewIfNeeded()
	await expect
		.poll(() => images.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
		.toBe(true)
})
