import { expect, test } from '@playwright/test'
import { addCakeToCart, expectNoAxeViolations, gotoHydrated } from './support'

test('adding, merging, updating, removing and clearing; the cart survives a reload', async ({ page }) => {
	await gotoHydrated(page, '/cakes')
	await addCakeToCart(page, 'Tres Leches Cake')
	await addCakeToCart(page, 'Chocolate Brigadeiro Cake', 2)
	await addCakeToCart(page, 'Tres Leches Cake', 2)
	await expect(
		page
			.getByRole('banner')
			.getByRole('link', { name: /Cart, 5 items/ })
			.first(),
	).toBeVisible()

	await gotoHydrated(page, '/cart')
	const lines = page.locator('main li')
	await expect(lines).toHaveCount(2)
	await expect(page.getByLabel('Quantity of Tres Leches Cake', { exact: true })).toHaveValue('3')
	await expect(page.getByLabel('Quantity of Chocolate Brigadeiro Cake', { exact: true })).toHaveValue('2')
	const total = await page.getByText(/^Total: \$/).textContent()

	await page.reload()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(page.getByText(/^Total: \$/)).toHaveText(total!)
	await expectNoAxeViolations(page)

	await page.getByRole('button', { name: 'Increase quantity of Chocolate Brigadeiro Cake' }).click()
	await expect(page.getByLabel('Quantity of Chocolate Brigadeiro Cake', { exact: true })).toHaveValue('3')
	await page.getByLabel('Quantity of Chocolate Brigadeiro Cake', { exact: true }).fill('-2')
	await page.getByLabel('Quantity of Chocolate Brigadeiro Cake', { exact: true }).blur()
	await expect(page.getByLabel('Quantity of Chocolate Brigadeiro Cake', { exact: true })).toHaveValue('3')
	await page.getByRole('button', { name: 'Remove Tres Leches Cake' }).click()
	await expect(lines).toHaveCount(1)
	await page.getByRole('button', { name: 'Clear Cart' }).click()
	await expect(page.getByText('Your cart is empty.')).toBeVisible()
	await page.getByRole('link', { name: 'Browse menu' }).click()
	await expect(page).toHaveURL('/menu')
})

test('the cart never flashes "Your cart is empty." before the stored cart is read', async ({ page }) => {
	await gotoHydrated(page, '/cakes')
	await addCakeToCart(page, 'Tres Leches Cake')
	const seen: string[] = []
	await page.exposeFunction('recordEmpty', (text: string) => seen.push(text))
	await page.addInitScript(() => {
		new MutationObserver(() => {
			if (document.body?.innerText.includes('Your cart is empty.'))
				(window as unknown as { recordEmpty: (t: string) => void }).recordEmpty('empty')
		}).observe(document, { childList: true, subtree: true, characterData: true })
	})
	await gotoHydrated(page, '/cart')
	await expect(page.getByLabel('Quantity of Tres Leches Cake', { exact: true })).toHaveValue('1')
	expect(seen).toEqual([])
})

test('corrupt stored cart data is discarded without breaking the page', async ({ page }) => {
	await gotoHydrated(page, '/')
	await page.evaluate(() => localStorage.setItem('bakery-cart', '{"version":1,"items":[{"id":1}]}'))
	await gotoHydrated(page, '/cart')
	await expect(page.getByText('Your cart is empty.')).toBeVisible()
})

test('the cart stays in sync across tabs', async ({ page, context }) => {
	await gotoHydrated(page, '/cart')
	const other = await context.newPage()
	await gotoHydrated(other, '/cakes')
	await addCakeToCart(other, 'Tres Leches Cake')
	await expect(page.getByLabel('Quantity of Tres Leches Cake', { exact: true })).toHaveValue('1')
})
