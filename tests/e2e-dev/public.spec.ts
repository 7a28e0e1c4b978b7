import { expect, test, type Page } from '@playwright/test'
import { addCakeToCart } from '../e2e/support'
import { expectHydrated, visitHydrated, watchForErrors, type ErrorWatch } from './support'

// Every page route in app/routes a visitor can open (checkout, payment, success and cancel: the next test), and
// a few of them in Spanish and Portuguese (the same modules under their language's prefix).
const PUBLIC_SCREENS = [
	'/about',
	'/menu',
	'/shop',
	'/cakes',
	'/brazilian-pastries',
	'/mexican-pastries',
	'/gallery',
	'/reviews',
	'/custom-cakes',
	'/contact',
	'/cart',
	'/es/shop',
	'/es/cart',
	'/pt-br',
	'/pt-br/custom-cakes',
]

test('hot reload connects on the site’s own port and every public screen hydrates without an error', async ({
	page,
	baseURL,
}) => {
	const watch = watchForErrors(page)
	const hotReload = page.waitForEvent('websocket', (socket) => socket.url().startsWith(baseURL!.replace('http', 'ws')))
	const connected = page.waitForEvent('console', (message) => message.text() === '[vite] connected.')
	await visitHydrated(page, watch, '/')
	const socket = await hotReload
	socket.on('socketerror', (error) => watch.errors.push(`hot reload socket error: ${error}`))
	await connected
	expect(socket.isClosed()).toBe(false)

	for (const path of PUBLIC_SCREENS) await visitHydrated(page, watch, path)

	// An unknown path shows the Home screen with a 404 status (app/routes/$.tsx).
	const unknownPath = `${baseURL}/no-such-page`
	watch.expectDocumentNotFound(unknownPath)
	const response = await page.goto(unknownPath)
	expect(response?.status()).toBe(404)
	await expectHydrated(page, watch)
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the bakery' })).toBeVisible()
	expect(watch.errors).toEqual([])
})

test('a customer sends a message, orders, cancels on the test payment page, then pays', async ({ page }) => {
	const watch = watchForErrors(page)
	await visitHydrated(page, watch, '/contact')
	await page.getByRole('textbox', { name: 'Name' }).fill('Dev Server Visitor')
	await page.getByRole('textbox', { name: 'Email' }).fill('visitor@example.com')
	await page.getByRole('textbox', { name: 'Message' }).fill('Do you bake pão de queijo on Sundays?')
	await page.getByRole('button', { name: 'Send Message' }).click()
	await expect(page.getByText('Thanks! Your message has been sent.')).toBeVisible()

	await visitHydrated(page, watch, '/cakes')
	await addCakeToCart(page, 'Tres Leches Cake')
	await visitHydrated(page, watch, '/cart')
	await expect(page.getByText('Tres Leches Cake').first()).toBeVisible()

	await checkOut(page, watch)
	await page.getByRole('button', { name: 'Cancel' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Order Cancelled' })).toBeVisible()
	await expectHydrated(page, watch)

	await checkOut(page, watch)
	await page.getByRole('button', { name: /^Pay / }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible()
	await expectHydrated(page, watch)
	const number = (await page.getByText(/Order #[0-9A-Z]{8}/).textContent())!.match(/#([0-9A-Z]{8})/)![1]!

	// With no mail server configured, the mails wait in the Outbox: the receipt, and the owner's alerts
	// (to the bakery's own address, as nobody else is configured).
	await visitHydrated(page, watch, '/admin/outbox')
	await page.getByRole('button', { name: 'Sign in as demo admin (development only)' }).click()
	const mails = page.getByRole('table', { name: 'Mails, newest first' })
	const row = (subject: RegExp) => mails.getByRole('row').filter({ has: page.getByRole('link', { name: subject }) })
	// The worker polls every couple of seconds: reload until the order's mails are there.
	await expect(async () => {
		await page.reload()
		await expect(row(new RegExp(`^Your Doce Dulce Bakery order #${number}`))).toContainText('ana@example.com')
		await expect(row(new RegExp(`^New order #${number}`))).toBeVisible()
		await expect(row(/^New message from Dev Server Visitor/)).toBeVisible()
	}).toPass({ timeout: 30_000 })
	await row(new RegExp(`^Your Doce Dulce Bakery order #${number}`))
		.getByRole('link')
		.click()
	await expect(page.getByRole('region', { name: 'Plain-text version' })).toContainText('Tres Leches Cake')
	await expectHydrated(page, watch)
})

async function checkOut(page: Page, watch: ErrorWatch) {
	await visitHydrated(page, watch, '/checkout')
	await page.getByLabel('Full Name').fill('Ana Souza')
	await page.getByLabel('Email Address').fill('ana@example.com')
	await page
		.getByRole('group', { name: /^Pickup time on / })
		.getByRole('radio')
		.first()
		.check()
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await page.getByRole('dialog', { name: 'Confirm Your Order' }).getByRole('button', { name: 'Confirm & Pay' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Pay for your order' })).toBeVisible()
	await expectHydrated(page, watch)
	// The test payment page exists in English only: no language links that would lead nowhere.
	await expect(page.getByRole('link', { name: 'Español' })).toHaveCount(0)
}
