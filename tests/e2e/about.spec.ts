import { expect, test } from '@playwright/test'

test('About Us: hero and intro, Our Story with an image, Our Mission & Values in two cards', async ({ page }) => {
	const response = await page.goto('/about')
	expect(response?.status()).toBe(200)
	await expect(page).toHaveTitle('About Us | Doce Dulce Bakery')
	await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
	await expect(page.getByRole('main')).toContainText('Fresh Brazilian and Mexican goods baked daily.')

	const story = page.getByRole('region', { name: 'Our Story' })
	await expect(story).toContainText('home kitchen grew into a neighbourhood bakery, built on family recipes')
	await expect(story.getByRole('img')).toHaveAttribute('alt', /recipe card/)

	const mission = page.getByRole('region', { name: 'Our Mission & Values' })
	await expect(mission.getByRole('article')).toHaveCount(2)
	await expect(mission.getByRole('heading', { level: 3 })).toHaveText(['Our Mission', 'Our Values'])
	await expect(mission).toContainText(
		'To bring joy through every bite by baking fresh, authentic goods and serving our community with heart.',
	)
	await expect(mission.getByRole('listitem')).toHaveText([
		/Freshness and quality$/,
		/Craftsmanship and tradition$/,
		/Community and connection$/,
		/Customer happiness$/,
	])
})
