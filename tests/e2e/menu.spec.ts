import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, gotoHydrated } from './support'

test.describe('menu pages', () => {
	test('/shop filters by category with shareable links, marks the active one, and says when nothing matches', async ({ page }) => {
		await gotoHydrated(page, '/shop')
		const filters = page.getByRole('navigation', { name: 'Menu categories' })
		await expect(filters.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page')
		const cards = page.locator('main li button[aria-haspopup="dialog"]')
		const allCount = await cards.count()
		expect(allCount).toBeGreaterThanOrEqual(16)

		for (const category of ['Brazilian Pastries', 'Mexican Pastries', 'Cakes', 'Donuts']) {
			await filters.getByRole('link', { name: category }).click()
			await expect(page).toHaveURL(`/shop?category=${encodeURIComponent(category)}`)
			await expect(filters.getByRole('link', { name: category })).toHaveAttribute('aria-current', 'page')
			await expect(cards.first()).toBeVisible()
			expect(await cards.count()).toBeLessThan(allCount)
		}
		await gotoHydrated(page, '/shop?category=Sandwiches')
		await expect(page.getByText('No items found in this category.')).toBeVisible()
	})

	test('filtering works without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto('/menu')
		await page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link', { name: 'Cakes' }).click()
		await expect(page).toHaveURL('/menu?category=Cakes')
		await expect(page.getByText('Tres Leches Cake').first()).toBeVisible()
		await expect(page.getByText('Pão de Queijo')).toHaveCount(0)
		await context.close()
	})

	test('six skeleton cards show while a slowed filter navigation loads', async ({ page }) => {
		await gotoHydrated(page, '/shop')
		let release: () => void = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route('**/shop.data*', async (route) => {
			await held
			await route.continue()
		})
		await page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link', { name: 'Donuts' }).click()
		await expect(page.getByTestId('skeleton-card')).toHaveCount(6)
		release()
		await expect(page.getByTestId('skeleton-card')).toHaveCount(0)
		await expect(page).toHaveURL('/shop?category=Donuts')
	})

	test('six skeleton cards show while a menu page loads after a link click from another page', async ({ page }) => {
		await gotoHydrated(page, '/about')
		let release: () => void = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route('**/cakes.data*', async (route) => {
			await held
			await route.continue()
		})
		await page.evaluate(() => window.scrollTo(0, 0))
		await page.getByRole('banner').getByRole('button', { name: 'Our Menu' }).click()
		await page.getByRole('banner').getByRole('link', { name: 'Cakes', exact: true }).click()
		await expect(page.getByTestId('skeleton-card')).toHaveCount(6)
		release()
		await expect(page.getByRole('heading', { level: 1, name: 'Our Cakes' })).toBeVisible()
		await expect(page.getByTestId('skeleton-card')).toHaveCount(0)
	})

	test('the cakes modal: click or Enter opens it, Escape and outside click close it, focus returns, scroll locks', async ({ page }) => {
		await gotoHydrated(page, '/cakes')
		const card = page.getByRole('button', { name: /Tres Leches Cake/ })
		await card.click()
		const dialog = page.getByRole('dialog', { name: 'Tres Leches Cake' })
		await expect(dialog).toBeVisible()
		expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden')
		await expectNoAxeViolations(page)
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expect(card).toBeFocused()
		expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('')

		await card.focus()
		await page.keyboard.press('Enter')
		await expect(dialog).toBeVisible()
		await page.mouse.click(5, 5) // the backdrop
		await expect(dialog).toBeHidden()
		await expect(card).toBeFocused()
	})

	test('the stepper never goes below 1 and the button total follows the quantity', async ({ page }) => {
		await gotoHydrated(page, '/cakes')
		await page.getByRole('button', { name: /Tres Leches Cake/ }).click()
		const dialog = page.getByRole('dialog')
		const minus = dialog.getByRole('button', { name: 'Decrease quantity' })
		const plus = dialog.getByRole('button', { name: 'Increase quantity' })
		const quantity = dialog.getByLabel('Quantity', { exact: true })
		await expect(minus).toBeDisabled()
		const addButton = dialog.getByRole('button', { name: /^Add to Cart - \$/ })
		const unit = Number((await addButton.textContent())!.replace(/[^\d.]/g, ''))
		await plus.click()
		await plus.click()
		await expect(quantity).toHaveValue('3')
		await expect(addButton).toHaveText(`Add to Cart - $${(unit * 3).toFixed(2)}`)
		await quantity.fill('abc')
		await quantity.blur()
		await expect(quantity).toHaveValue('3')
		await quantity.fill('0')
		await quantity.blur()
		await expect(quantity).toHaveValue('3')
		await minus.click()
		await minus.click()
		await expect(quantity).toHaveValue('1')
		await expect(minus).toBeDisabled()
	})

	test('pastries and donuts say Coming Soon! and cannot be added', async ({ page }) => {
		await gotoHydrated(page, '/brazilian-pastries')
		await page.getByRole('button', { name: /Pão de Queijo/ }).click()
		await expect(page.getByRole('dialog').getByRole('button', { name: 'Coming Soon!' })).toBeDisabled()
		await expectNoAxeViolations(page)
	})

	for (const path of ['/shop', '/menu', '/cakes', '/brazilian-pastries', '/mexican-pastries']) {
		test(`${path} is server-rendered and axe-clean at 1280px and 390px`, async ({ page }) => {
			await gotoHydrated(page, path)
			await expect(page.locator('main li').first()).toBeVisible()
			await expectNoAxeViolations(page)
			await page.setViewportSize({ width: 390, height: 844 })
			await expectNoAxeViolations(page)
		})
	}
})
