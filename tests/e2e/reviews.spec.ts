import { expect, test } from '@playwright/test'

test('Customer Reviews lists the reviews from the database, each comment in quotes with its author', async ({
	page,
}) => {
	const response = await page.goto('/reviews')
	expect(response?.status()).toBe(200)
	// Server-rendered: the reviews are in the HTML itself.
	expect(await response?.text()).toContain('Mariana S.')
	await expect(page).toHaveTitle('Customer Reviews | Doce Dulce Bakery')
	await expect(page.getByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeVisible()

	const reviews = page.getByRole('main').getByRole('figure')
	expect(await reviews.count()).toBeGreaterThanOrEqual(5)
	const first = reviews.filter({ hasText: 'Mariana S.' })
	await expect(first.locator('blockquote')).toHaveText(/^“The pão de queijo tastes exactly like .*Obrigada!”$/)
	await expect(first.locator('figcaption')).toHaveText('— Mariana S.')
})
