import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

const screens = [
	'/',
	'/about',
	'/contact',
	'/reviews',
	'/gallery',
	'/no-such-page',
	'/shop',
	'/menu',
	'/cakes',
	'/brazilian-pastries',
	'/mexican-pastries',
	'/cart',
	'/checkout',
	'/success',
	'/cancel',
	// The header, footer and home page in Spanish and Portuguese (docs/decisions/042).
	'/es',
	'/pt-br',
	'/es/about',
	'/pt-br/gallery',
	'/es/no-such-page',
	// The request forms in Spanish and Portuguese.
	'/pt-br/custom-cakes',
	'/es/contact',
	// The ordering path in Spanish and Portuguese (the checkout with a cart: tests/e2e/shop-languages.spec.ts).
	'/es/shop',
	'/es/cart',
	'/es/checkout',
	'/pt-br/menu',
]

async function scan(page: Page, path: string) {
	await page.goto(path)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	// Reveal everything first so axe checks the final colours, not a fading section.
	for (const section of await page.locator('[data-reveal]').all()) await section.scrollIntoViewIfNeeded()
	await expect(page.locator('[data-reveal="hidden"]')).toHaveCount(0)
	await page.waitForTimeout(800)
	const results = await new AxeBuilder({ page }).analyze()
	expect(results.violations, path).toEqual([])
}

for (const width of [390, 1280]) {
	test.describe(`axe at ${width}px`, () => {
		test.use({ viewport: { width, height: width === 390 ? 844 : 800 } })

		for (const path of screens) {
			test(`${path} has no violations`, async ({ page }) => {
				await scan(page, path)
			})
		}

		test('the open menus have no violations', async ({ page }) => {
			await page.goto('/')
			await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
			if (width === 390) await page.getByRole('button', { name: 'Menu', exact: true }).click()
			else await page.getByRole('button', { name: 'Our Menu' }).click()
			const results = await new AxeBuilder({ page }).include('header').analyze()
			expect(results.violations).toEqual([])
		})
	})
}
