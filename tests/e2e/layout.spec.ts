import { expect, test, type Page } from '@playwright/test'

async function gotoHydrated(page: Page, path: string) {
	await page.goto(path)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

test.describe('desktop header (1280px)', () => {
	test('sticky header with logo + name home, About, Gallery and Order Online', async ({ page }) => {
		await gotoHydrated(page, '/about')
		const header = page.getByRole('banner')
		const nav = header.getByRole('navigation', { name: 'Main' })
		await expect(header.getByRole('link', { name: 'Doce Dulce Bakery' })).toHaveAttribute('href', '/')
		await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page')
		await expect(nav.getByRole('link', { name: 'Gallery' })).toBeVisible()
		// No ordering provider is configured in the e2e environment: the in-site shop, same tab.
		const order = nav.getByRole('link', { name: 'Order Online' })
		await expect(order).toHaveAttribute('href', '/shop')
		await expect(order).not.toHaveAttribute('target', /.*/)
		await expect(header.getByRole('button', { name: 'Menu', exact: true })).toBeHidden()

		await page.mouse.wheel(0, 1500)
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
		await expect.poll(async () => (await header.boundingBox())?.y).toBe(0)

		await nav.getByRole('link', { name: 'Gallery' }).click()
		await expect(page).toHaveURL('/gallery')
		await expect(page.getByRole('heading', { level: 1, name: 'Bakery Gallery' })).toBeVisible()
	})

	test('the dropdown opens on mouse enter and closes on mouse leave', async ({ page }) => {
		await gotoHydrated(page, '/')
		const button = page.getByRole('button', { name: 'Our Menu' })
		const cakes = page.getByRole('banner').getByRole('link', { name: 'Cakes', exact: true })
		await expect(button).toHaveAttribute('aria-expanded', 'false')
		await expect(cakes).toBeHidden()

		await button.hover()
		await expect(button).toHaveAttribute('aria-expanded', 'true')
		await expect(cakes).toBeVisible()
		// Moving down into the panel keeps it open; clicking the button keeps it open too.
		await cakes.hover()
		await expect(cakes).toBeVisible()
		await button.click()
		await expect(button).toHaveAttribute('aria-expanded', 'true')

		await page.mouse.move(640, 600)
		await expect(button).toHaveAttribute('aria-expanded', 'false')
		await expect(cakes).toBeHidden()
	})

	test('Escape and an outside click close the dropdown; keyboard users can open it', async ({ page }) => {
		await gotoHydrated(page, '/')
		const button = page.getByRole('button', { name: 'Our Menu' })
		await button.focus()
		await page.keyboard.press('Enter')
		await expect(button).toHaveAttribute('aria-expanded', 'true')
		await page.keyboard.press('Tab')
		await expect(page.getByRole('banner').getByRole('link', { name: 'Explore Our Menu' })).toBeFocused()
		await page.keyboard.press('Escape')
		await expect(button).toHaveAttribute('aria-expanded', 'false')
		await expect(button).toBeFocused()

		await page.keyboard.press('Enter')
		await expect(button).toHaveAttribute('aria-expanded', 'true')
		await page.getByRole('heading', { level: 1 }).click()
		await expect(button).toHaveAttribute('aria-expanded', 'false')
	})

	test('the dropdown closes when the path changes', async ({ page }) => {
		await gotoHydrated(page, '/')
		const button = page.getByRole('button', { name: 'Our Menu' })
		await button.hover()
		await page.getByRole('banner').getByRole('link', { name: 'Custom Cakes' }).click()
		await expect(page).toHaveURL('/custom-cakes')
		await expect(button).toHaveAttribute('aria-expanded', 'false')
	})
})

test.describe('mobile header (390px)', () => {
	test.use({ viewport: { width: 390, height: 844 } })

	test('the menu button opens a panel with About and Gallery, which closes on navigation', async ({ page }) => {
		await gotoHydrated(page, '/')
		const toggle = page.getByRole('button', { name: 'Menu', exact: true })
		await expect(page.getByRole('button', { name: 'Our Menu' })).toBeHidden()
		await expect(toggle).toHaveAttribute('aria-expanded', 'false')
		const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`)
		await expect(panel).toBeHidden()

		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-expanded', 'true')
		await expect(panel.getByRole('link', { name: 'About' })).toBeVisible()
		await expect(panel.getByRole('link', { name: 'Gallery' })).toBeVisible()
		await expect(panel.getByRole('link', { name: 'Order Online' })).toHaveAttribute('href', '/shop')

		await panel.getByRole('link', { name: 'About' }).click()
		await expect(page).toHaveURL('/about')
		await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
		await expect(toggle).toHaveAttribute('aria-expanded', 'false')
		await expect(panel).toBeHidden()

		await toggle.click()
		await expect(panel).toBeVisible()
		await toggle.click()
		await expect(panel).toBeHidden()
	})

	test('Escape closes the panel and returns focus to the button', async ({ page }) => {
		await gotoHydrated(page, '/')
		const toggle = page.getByRole('button', { name: 'Menu', exact: true })
		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-expanded', 'true')
		await page.keyboard.press('Escape')
		await expect(toggle).toHaveAttribute('aria-expanded', 'false')
		await expect(toggle).toBeFocused()
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('on a phone the navigation is simply shown open, with no dead toggle', async ({ page }) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await page.goto('/')
		await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden()
		await page.getByRole('banner').getByRole('link', { name: 'Gallery' }).click()
		await expect(page).toHaveURL('/gallery')
	})

	test('on a desktop the dropdown opens on hover and on keyboard focus', async ({ page }) => {
		await page.goto('/')
		const cakes = page.getByRole('banner').getByRole('link', { name: 'Cakes', exact: true })
		await expect(cakes).toBeHidden()
		await page.getByRole('button', { name: 'Our Menu' }).hover()
		await expect(cakes).toBeVisible()
		await page.mouse.move(640, 600)
		await expect(cakes).toBeHidden()
		await page.getByRole('button', { name: 'Our Menu' }).focus()
		await expect(cakes).toBeVisible()
	})
})

test('the footer: logo, name, tagline, Follow Us links and this year’s copyright', async ({ page }) => {
	await page.goto('/reviews')
	const footer = page.getByRole('contentinfo')
	await expect(footer.getByRole('link', { name: 'Doce Dulce Bakery', exact: true })).toHaveAttribute('href', '/')
	await expect(footer).toContainText('Serving sweet memories with every bite of Brazilian & Mexican goodness.')
	const followUs = footer.getByRole('region', { name: 'Follow Us' })
	const facebook = followUs.getByRole('link', { name: 'Doce Dulce Bakery on Facebook (opens in a new tab)' })
	await expect(facebook).toHaveAttribute('href', /^https:\/\/www\.facebook\.com\//)
	await expect(facebook).toHaveAttribute('rel', 'noopener noreferrer')
	await expect(followUs.getByRole('link', { name: /on Instagram/ })).toHaveAttribute(
		'href',
		/^https:\/\/www\.instagram\.com\//,
	)
	await expect(followUs.getByRole('link', { name: 'E-mail Doce Dulce Bakery' })).toHaveAttribute('href', /^mailto:.+@/)
	await expect(footer).toContainText(`© ${new Date().getFullYear()} Doce Dulce Bakery`)
})

// The footer's links, the menu cards and the home page's cards hydrate as the server's markup (decision
// 044): their clicks must still act in the browser, and they must follow a change of language.
test('links and cards that hydrate as the server’s markup still navigate in the browser and open dialogs', async ({
	page,
}) => {
	await gotoHydrated(page, '/')
	await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
	const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)
	await page.getByRole('main').getByRole('link', { name: 'Cakes' }).first().click()
	await expect(page).toHaveURL(/\/cakes$/)
	expect(await sameDocument()).toBe(true)
	await page
		.getByRole('button', { name: /Tres Leches Cake/ })
		.first()
		.click()
	await expect(page.getByRole('dialog', { name: 'Tres Leches Cake' })).toBeVisible()
	await page.keyboard.press('Escape')
	await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click()
	await expect(page).toHaveURL(/\/about$/)
	expect(await sameDocument()).toBe(true)

	// Fresh on /shop: the footer follows the language switch, the cards open with the keyboard.
	await gotoHydrated(page, '/shop')
	await page
		.getByRole('button', { name: /Coxinha/ })
		.first()
		.focus()
	await page.keyboard.press('Enter')
	await expect(page.getByRole('dialog', { name: 'Coxinha' })).toBeVisible()
	await page.keyboard.press('Escape')
	await page.getByRole('contentinfo').getByRole('link', { name: 'Español' }).click()
	await expect(page).toHaveURL(/\/es\/shop$/)
	await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Nosotros', exact: true })).toBeVisible()
	await expect(page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true })).toHaveCount(0)
})
