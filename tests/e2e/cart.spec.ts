import { expect, test, type Page } from '@playwright/test'
import { choosePickup } from './pickup-support'
import { addCakeToCart, expectNoAxeViolations, gotoHydrated, mockStripeUrl } from './support'

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

interface StoredLine {
	id: string
	name: string
	priceCents: number
	quantity: number
}

/** A cart as an earlier visit left it in this browser (app/domain/orders/cart.ts): the prices of that day. */
async function storeCart(page: Page, lines: readonly StoredLine[]) {
	await gotoHydrated(page, '/')
	const items = lines.map((line) => ({ ...line, key: line.id, imageKey: null, imageAlt: '', choices: [], options: [] }))
	await page.evaluate((value) => localStorage.setItem('bakery-cart', value), JSON.stringify({ version: 2, items }))
}

/** The cart's lines (each has its buttons), not the list of price changes above them. */
function cartLines(page: Page) {
	return page.locator('main li').filter({ has: page.getByRole('button') })
}

const staleTresLeches = { id: 'seed-tres-leches-cake', name: 'Tres Leches Cake', priceCents: 1, quantity: 2 }

test('a cart stored with an old price shows today’s price on the cart, the checkout and the preview, and pays it', async ({
	page,
	baseURL,
}) => {
	await storeCart(page, [staleTresLeches])
	await gotoHydrated(page, '/cart')
	await expect(cartLines(page).filter({ hasText: 'Tres Leches Cake' })).toContainText('$42.00 each')
	await expect(page.getByLabel('Line total for Tres Leches Cake')).toHaveText('$84.00')
	await expect(page.getByText(/^Total: \$/)).toHaveText('Total: $84.00')
	await expect(page.getByRole('status').filter({ hasText: 'Prices have changed' })).toContainText(
		'Tres Leches Cake is now $42.00.',
	)
	await expect(page.locator('main')).not.toContainText('$0.0')
	await expectNoAxeViolations(page)
	// The new price is kept: the change is said once.
	await gotoHydrated(page, '/cart')
	await expect(page.getByText(/^Total: \$/)).toHaveText('Total: $84.00')
	await expect(page.getByText('Prices have changed')).toHaveCount(0)

	// Straight to the checkout with the old price: its lines, total and preview say today's, and it pays.
	await storeCart(page, [staleTresLeches])
	await gotoHydrated(page, '/checkout')
	await expect(page.getByRole('status').filter({ hasText: 'Prices have changed' })).toContainText(
		'Tres Leches Cake is now $42.00.',
	)
	await expect(cartLines(page).filter({ hasText: 'Tres Leches Cake' })).toContainText('$42.00')
	await expect(page.getByText(/^Total: \$/)).toHaveText('Total: $84.00')
	await page.getByLabel('Full Name').fill('Ana Souza')
	await page.getByLabel('Email Address').fill('ana.stale@example.com')
	await choosePickup(page)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	const preview = page.getByRole('dialog', { name: 'Confirm Your Order' })
	await expect(preview).toContainText('Tres Leches Cake x 2$84.00')
	await expect(preview).toContainText('Total: $84.00')
	await expect(preview).not.toContainText('$0.0')
	await preview.getByRole('button', { name: 'Confirm & Pay' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	const sessionId = /\/pay\/(cs_test_[A-Za-z0-9_]+)/.exec(page.url())![1]!
	const session = await (await page.request.get(`${mockStripeUrl(baseURL)}/v1/checkout/sessions/${sessionId}`)).json()
	expect(session.amount_total).toBe(8400)
})

test('lines that can no longer be bought say why, count in no total and stop the checkout until removed', async ({
	page,
}) => {
	// Six pages with an axe pass each, then the checkout: a minute on a busy 2-core machine.
	test.slow()
	const cart = [
		{ id: 'seed-pao-de-queijo', name: 'Pão de Queijo', priceCents: 450, quantity: 3 },
		{ id: 'e2e-withdrawn-cake', name: 'Withdrawn Cake', priceCents: 3000, quantity: 1 },
		staleTresLeches,
	]
	const words = {
		'': ['Pão de Queijo is no longer sold online.', 'Withdrawn Cake is no longer on the menu.', 'Total: $84.00'],
		'/es': ['Pão de Queijo ya no se vende en línea.', 'Withdrawn Cake ya no está en el menú.', 'Total: $84.00'],
		'/pt-br': [
			'Pão de Queijo não é mais vendido online.',
			'Withdrawn Cake não está mais no cardápio.',
			'Total: US$ 84,00',
		],
	}
	for (const [prefix, [notOnline, offMenu, total]] of Object.entries(words)) {
		for (const width of [390, 1280]) {
			await page.setViewportSize({ width, height: 844 })
			await storeCart(page, cart)
			await gotoHydrated(page, `${prefix}/cart`)
			await expect(cartLines(page).nth(0)).toContainText(notOnline!)
			await expect(cartLines(page).nth(1)).toContainText(offMenu!)
			await expect(page.getByText(/^Total: /)).toHaveText(total!)
			await expect(page.getByRole('status').filter({ hasText: /42[.,]00/ })).toBeVisible()
			await expect(page.locator('main a[href$="/checkout"]')).toHaveCount(0)
			await test.step(`axe: ${prefix || '/'}cart at ${width}px`, () => expectNoAxeViolations(page))
		}
	}

	await storeCart(page, cart)
	await gotoHydrated(page, '/checkout')
	await expect(cartLines(page).filter({ hasText: 'Pão de Queijo' })).toContainText(
		'Pão de Queijo is no longer sold online.',
	)
	await expect(page.getByText(/^Total: \$/)).toHaveText('Total: $84.00')
	await page.getByLabel('Full Name').fill('Ana Souza')
	await page.getByLabel('Email Address').fill('ana@example.com')
	await choosePickup(page)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await expect(
		page.getByText('Some items in your cart can’t be ordered now. Please remove them to check out.'),
	).toBeVisible()
	await expect(page.getByRole('dialog', { name: 'Confirm Your Order' })).toHaveCount(0)

	await gotoHydrated(page, '/cart')
	await page.getByRole('button', { name: 'Remove Pão de Queijo' }).click()
	await page.getByRole('button', { name: 'Remove Withdrawn Cake' }).click()
	await expect(page.getByText('Please remove them to check out.')).toHaveCount(0)
	await page.getByRole('link', { name: 'Checkout' }).click()
	await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the cart page says the cart needs it', async ({ page }) => {
		const response = await page.goto('/cart')
		await expect(page.getByRole('heading', { name: 'Your Cart', level: 1 })).toBeVisible()
		// In the <noscript> (which Playwright's Chromium does not render with scripts off, so read the page itself).
		expect(await response!.text()).toContain('Your cart is kept in this browser: please turn on JavaScript to see it.')
	})
})
