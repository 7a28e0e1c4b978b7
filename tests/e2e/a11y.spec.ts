import { expect, test, type Page } from '@playwright/test'
import { choosePickup } from './pickup-support'
import { createReviewInvitationLink, expectNoAxeViolations, gotoHydrated, signInTo } from './support'

/**
 * The accessibility sweep: axe on every page at a phone and a desktop width, with dialogs open and
 * forms in their error states; every public page without JavaScript; reduced motion. The keyboard-only
 * purchase lives in checkout.spec.ts ('the whole purchase by keyboard only'); other specs scan the states
 * their own flows reach (an item's options, the owner's forms with errors).
 */
const publicRoutes = [
	'/',
	'/about',
	'/menu',
	'/shop',
	'/shop?category=Cakes',
	'/menu?hide=tree-nuts,peanuts',
	'/cakes',
	'/brazilian-pastries',
	'/mexican-pastries',
	'/custom-cakes',
	'/contact',
	'/reviews',
	'/gallery',
	'/gift-cards',
	'/gift-cards/balance',
	'/gift-cards/thanks',
	'/club',
	'/cart',
	'/checkout',
	'/success',
	'/cancel',
	'/image-uploader',
	'/no-such-page',
]
/** The header, footer, home page, request forms and the ordering path in Spanish and Portuguese (decision 042). */
const translatedRoutes = [
	'/es',
	'/pt-br',
	'/es/about',
	'/pt-br/gallery',
	'/es/no-such-page',
	'/pt-br/custom-cakes',
	'/es/contact',
	'/es/shop',
	'/es/cart',
	'/es/checkout',
	'/pt-br/menu',
	'/es/gift-cards',
	'/pt-br/gift-cards/balance',
]
const adminRoutes = [
	'/admin',
	'/admin/menu',
	'/admin/messages',
	'/admin/orders',
	'/admin/orders?date=2030-01-01',
	'/admin/orders/new',
	'/admin/prep-list',
	'/admin/custom-cakes',
	'/admin/gallery',
	'/admin/pickup-schedule',
	'/admin/site-texts',
	'/admin/texts',
	'/admin/loyalty',
	'/admin/club',
	'/admin/reviews',
	// A seeded review's editor.
	'/admin/reviews/seed-review-1',
	'/admin/orders?status=PAID',
	'/admin/customers',
	'/admin/customers?q=no-such-customer',
	'/admin/staff',
	'/admin/promo-codes',
	'/admin/gift-cards',
	// Production planning (decisions 082, 083): the resources, the bake sheet, closing counts.
	'/admin/production',
	'/admin/bake-sheet',
	'/admin/closing-counts',
	// Signed in, the sign-in page is the upload form.
	'/image-uploader',
]
const phone = { name: 'phone', viewport: { width: 390, height: 844 } }
const desktop = { name: 'desktop', viewport: { width: 1280, height: 800 } }
const widths = [phone, desktop]

/**
 * Scrolls every reveal section into view and waits for its fade to end, so axe checks the colours a
 * visitor reads, not a section on its way in.
 */
async function revealAll(page: Page) {
	for (const section of await page.locator('[data-reveal]').all()) await section.scrollIntoViewIfNeeded()
	await expect(page.locator('[data-reveal="hidden"]')).toHaveCount(0)
	await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
}

for (const path of [...publicRoutes, ...translatedRoutes]) {
	test(`${path} has 0 axe violations at 390px and 1280px`, async ({ page }) => {
		await page.setViewportSize(phone.viewport)
		await gotoHydrated(page, path)
		for (const { viewport } of widths) {
			await page.setViewportSize(viewport)
			await revealAll(page)
			await test.step(`${viewport.width}px`, () => expectNoAxeViolations(page))
		}
	})
}

test('the header’s open menus have 0 axe violations at 390px and 1280px', async ({ page }) => {
	await page.setViewportSize(phone.viewport)
	await gotoHydrated(page, '/')
	await page.getByRole('button', { name: 'Menu', exact: true }).click()
	await test.step('390px: the navigation menu', () => expectNoAxeViolations(page, 'header'))
	await page.keyboard.press('Escape')
	await page.setViewportSize(desktop.viewport)
	await page.getByRole('button', { name: 'Our Menu' }).click()
	await test.step('1280px: Our Menu', () => expectNoAxeViolations(page, 'header'))
})

for (const { name, viewport } of widths) {
	test.describe(`at ${viewport.width}px`, () => {
		test.use({ viewport })
		test.describe.configure({ timeout: 240_000 })

		test(`every admin page has 0 axe violations (${name})`, async ({ page }) => {
			await signInTo(page, '/admin/menu', 'Menu items')
			const itemEditor = await page.getByRole('link', { name: /^Edit/ }).first().getAttribute('href')
			for (const path of [...adminRoutes, itemEditor!]) {
				await gotoHydrated(page, path)
				await test.step(path, () => expectNoAxeViolations(page))
			}
		})

		test(`open dialogs and error states have 0 axe violations (${name})`, async ({ page }) => {
			await gotoHydrated(page, '/cakes')
			await page.getByRole('button', { name: /Tres Leches Cake/ }).click()
			await expect(page.getByRole('dialog')).toBeVisible()
			await test.step('item dialog', () => expectNoAxeViolations(page))
			await page
				.getByRole('dialog')
				.getByRole('button', { name: /^Add to Cart/ })
				.click()
			await page.keyboard.press('Escape')

			await gotoHydrated(page, '/checkout')
			await page.getByRole('button', { name: 'Preview Order' }).click()
			await test.step('checkout with missing details', () => expectNoAxeViolations(page))
			await page.getByLabel('Full Name').fill('Ana Souza')
			await page.getByLabel('Email Address').fill('ana@example.com')
			await choosePickup(page)
			await page.getByRole('button', { name: 'Preview Order' }).click()
			await expect(page.getByRole('dialog', { name: 'Confirm Your Order' })).toBeVisible()
			await test.step('order preview dialog', () => expectNoAxeViolations(page))
			await page.keyboard.press('Escape')

			for (const path of ['/contact', '/custom-cakes']) {
				await gotoHydrated(page, path)
				const form = page.locator('main form').last()
				await form.locator('button[type="submit"]').click()
				await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible()
				await test.step(`${path} with errors`, () => expectNoAxeViolations(page))
			}

			await gotoHydrated(page, await createReviewInvitationLink('Axe Reviewer'))
			await test.step('review form', () => expectNoAxeViolations(page))
			await page.getByRole('button', { name: 'Send review' }).click()
			await expect(page.locator('main form [aria-invalid="true"]').first()).toBeVisible()
			await test.step('review form with errors', () => expectNoAxeViolations(page))
			await gotoHydrated(page, '/review/not-a-real-link')
			await test.step('review link that does not work', () => expectNoAxeViolations(page))
		})
	})
}

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('every public page renders fully: a heading, the main content and the footer', async ({ page }) => {
		for (const path of publicRoutes.filter(
			(route) => !['/cart', '/checkout', '/success', '/no-such-page'].includes(route),
		)) {
			const response = await page.goto(path)
			expect(response?.status(), path).toBe(200)
			await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible()
			await expect(page.locator('main'), path).not.toBeEmpty()
			await expect(page.locator('footer'), path).toBeVisible()
		}
	})

	test('category filtering works as plain links', async ({ page }) => {
		await page.goto('/shop')
		await page.getByRole('link', { name: 'Cakes', exact: true }).first().click()
		await expect(page).toHaveURL(/category=Cakes/)
		await expect(page.getByText('Tres Leches Cake').first()).toBeVisible()
	})
})

test.describe('reduced motion', () => {
	test.use({ colorScheme: 'light' })

	test('with prefers-reduced-motion nothing slides, spins or scrolls smoothly', async ({ page }) => {
		await page.emulateMedia({ reducedMotion: 'reduce' })
		for (const path of ['/', '/menu', '/about', '/custom-cakes']) {
			await gotoHydrated(page, path)
			const moving = await page.evaluate(() =>
				[...document.querySelectorAll<HTMLElement>('body *')]
					.map((element) => ({ element, style: getComputedStyle(element) }))
					.filter(({ style }) => {
						const animated = style.animationName !== 'none' && parseFloat(style.animationDuration) > 0.01
						const movesOnTransition =
							/transform|translate|all/.test(style.transitionProperty) && parseFloat(style.transitionDuration) > 0.01
						return animated || movesOnTransition
					})
					.map(({ element }) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80)),
			)
			expect(moving, path).toEqual([])
			expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior), path).not.toBe(
				'smooth',
			)
		}
	})
})
