import crypto from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { formatPickupAt, formatWallTime } from '../../app/domain/pickup/pickup-display'
import { localDateOf, wallTimeOf } from '../../app/domain/pickup/pickup-schedule'
import { BAKERY_ZONE, choosePickup } from './pickup-support'
import { E2E_CLIENT_IP_HEADER } from './production-env'
import { expectNoAxeViolations, gotoHydrated, mockStripeUrl, withE2eDatabase } from './support'

async function cartWithTwoCakes(page: Page) {
	await gotoHydrated(page, '/cakes')
	for (const name of ['Tres Leches Cake', 'Chocolate Brigadeiro Cake']) {
		await page.getByRole('button', { name: new RegExp(name) }).click()
		await page
			.getByRole('dialog')
			.getByRole('button', { name: /^Add to Cart/ })
			.click()
		await page.keyboard.press('Escape')
	}
}

/** The item's price in /shop.data, where the items are one JSON text (so its quotes come escaped). */
function shopPrice(shopData: string, id: string) {
	const match = new RegExp(`\\\\"id\\\\":\\\\"${id}\\\\"[^{}]*?\\\\"priceCents\\\\":(\\d+)`).exec(shopData)
	return match ? Number(match[1]) : null
}

async function fillCustomer(page: Page, name = 'Ana Souza', email = 'ana@example.com') {
	await page.getByLabel('Full Name').fill(name)
	await page.getByLabel('Email Address').fill(email)
	await page.getByLabel('Phone Number (Optional)').fill('')
}

test('full purchase: pickup time, preview, Processing..., pay on the hosted page, confirmed order with its pickup, empty cart, then in the owner’s day view and prep list', async ({
	page,
}) => {
	// Three pages checked with axe on a machine shared with other runs.
	test.slow()
	await cartWithTwoCakes(page)
	await gotoHydrated(page, '/checkout')
	await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
	const total = await page
		.getByText(/^Total: \$/)
		.first()
		.textContent()
	// An address no other test uses: the owner's day view below finds this order by it.
	const email = `ana.${Date.now()}@example.com`
	await fillCustomer(page, 'Ana Souza', email)
	const pickupAt = await choosePickup(page)
	const pickupText = formatPickupAt(pickupAt, BAKERY_ZONE)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	const dialog = page.getByRole('dialog', { name: 'Confirm Your Order' })
	await expect(dialog).toContainText(pickupText)
	await expect(dialog).toContainText('Ana Souza')
	await expect(dialog).toContainText(email)
	await expect(dialog).toContainText('N/A')
	await expect(dialog).toContainText('Tres Leches Cake x 1')
	await expect(dialog).toContainText(total!)
	await expectNoAxeViolations(page)

	let release: () => void = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/checkout.data*', async (route) => {
		await held
		await route.continue()
	})
	await dialog.getByRole('button', { name: 'Confirm & Pay' }).click()
	const processing = dialog.getByRole('button', { name: 'Processing...' })
	await expect(processing).toBeDisabled()
	release()

	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).click()
	await page.waitForURL(/\/success\?session_id=cs_test_/)
	await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
	await expect(page.getByText('Thank you for your purchase. A receipt has been sent to your email.')).toBeVisible()
	await expect(page.getByText(/Order #[0-9A-Z]{8}/)).toBeVisible()
	await expect(page.getByText('Chocolate Brigadeiro Cake x 1')).toBeVisible()
	await expect(page.getByText(total!)).toBeVisible()
	await expect(page.getByTestId('pickup-time')).toHaveText(pickupText)
	await expect(page.getByText('Doce Dulce Bakery, 2814 Colby Ave, Everett, WA 98201')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute('href', /google\.com\/maps/)
	const calendar = await page.request.get(
		(await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!,
	)
	expect(calendar.headers()['content-type']).toContain('text/calendar')
	const ics = await calendar.text()
	expect(ics).toContain(`DTSTART:${pickupAt.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')}`)
	expect(ics).toContain('LOCATION:Doce Dulce Bakery\\, 2814 Colby Ave\\, Everett\\, WA 98201')
	await expectNoAxeViolations(page)

	await gotoHydrated(page, '/cart')
	await expect(page.getByText('Your cart is empty.')).toBeVisible()

	// The owner sees the order in the day view of its pickup date, at its time, and its cakes on the prep list.
	const pickupDate = localDateOf(pickupAt, BAKERY_ZONE)
	await page.goto(`/admin/orders?date=${pickupDate}`)
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	const order = page
		.getByRole('list', { name: /^Orders by pickup time/ })
		.getByRole('article')
		.filter({ hasText: email })
	await expect(order).toContainText(formatWallTime(wallTimeOf(pickupAt, BAKERY_ZONE)))
	await expect(order).toContainText('Tres Leches Cake')
	await page.goto(`/admin/prep-list?date=${pickupDate}`)
	for (const cake of ['Tres Leches Cake', 'Chocolate Brigadeiro Cake']) {
		await expect(page.getByRole('row', { name: new RegExp(`^${cake}`) })).toBeVisible()
	}
})

test('cancelling on the payment page lands on /cancel with the cart still there', async ({ page }) => {
	await cartWithTwoCakes(page)
	await gotoHydrated(page, '/checkout')
	await fillCustomer(page)
	await choosePickup(page)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await page.getByRole('button', { name: 'Confirm & Pay' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Cancel' }).click()
	await page.waitForURL(/\/cancel\?session_id=cs_test_/)
	await expect(page.getByRole('heading', { name: 'Order Cancelled' })).toBeVisible()
	await expect(page.getByText("No worries — come back when you're ready!")).toBeVisible()
	await expectNoAxeViolations(page)
	await gotoHydrated(page, '/cart')
	await expect(page.getByLabel('Quantity of Tres Leches Cake', { exact: true })).toHaveValue('1')
	await expect(page.getByLabel('Quantity of Chocolate Brigadeiro Cake', { exact: true })).toHaveValue('1')
})

test('a price the owner changes while the preview is open: Confirm & Pay is refused, the new price shown, then paid', async ({
	page,
	baseURL,
}) => {
	// A cake of this test's own (the seeded cakes' prices are other tests' too), in a cart stored in this browser.
	const id = `e2e-price-${crypto.randomUUID().slice(0, 8)}`
	const name = `Repriced Cake ${id.slice(-8)}`
	await withE2eDatabase((db) =>
		db.query(
			`INSERT INTO "MenuItem" ("id", "name", "description", "priceCents", "category", "orderable", "sortOrder", "updatedAt")
			VALUES ($1, $2, 'A cake whose price changes.', 3000, 'CAKES', true, 9300, now())`,
			[id, name],
		),
	)
	try {
		await gotoHydrated(page, '/')
		const line = {
			id,
			key: id,
			name,
			imageKey: null,
			imageAlt: '',
			priceCents: 3000,
			quantity: 1,
			choices: [],
			options: [],
		}
		await page.evaluate(
			(value) => localStorage.setItem('bakery-cart', value),
			JSON.stringify({ version: 2, items: [line] }),
		)
		// The menu is cached for a few seconds: the page knows the cake once the cache has read it.
		await expect(async () => {
			await gotoHydrated(page, '/checkout')
			await expect(page.getByText(/^Total: \$/)).toHaveText('Total: $30.00', { timeout: 1_000 })
		}).toPass({ timeout: 20_000 })
		await fillCustomer(page, 'Ana Souza', `ana.repriced.${Date.now()}@example.com`)
		await choosePickup(page)
		await page.getByRole('button', { name: 'Preview Order' }).click()
		const preview = page.getByRole('dialog', { name: 'Confirm Your Order' })
		await expect(preview).toContainText('Total: $30.00')

		await withE2eDatabase((db) => db.query(`UPDATE "MenuItem" SET "priceCents" = 3517 WHERE "id" = $1`, [id]))
		// Written behind the cache's back (an owner's edit empties it): wait until the whole menu has it.
		await expect
			.poll(async () => shopPrice(await (await page.request.get('/shop.data')).text(), id), { timeout: 20_000 })
			.toBe(3517)
		await preview.getByRole('button', { name: 'Confirm & Pay' }).click()
		await expect(preview).toContainText(`${name} is now $35.17.`)
		await expect(preview).toContainText('Total: $35.17')
		await expect(preview).not.toContainText('Please update your cart.')
		await expect(page.getByText(/^Total: \$/).first()).toHaveText('Total: $35.17')
		await expectNoAxeViolations(page)

		await preview.getByRole('button', { name: 'Confirm & Pay' }).click()
		await page.waitForURL(/\/pay\/cs_test_/)
		const sessionId = /\/pay\/(cs_test_[A-Za-z0-9_]+)/.exec(page.url())![1]!
		const session = await (await page.request.get(`${mockStripeUrl(baseURL)}/v1/checkout/sessions/${sessionId}`)).json()
		expect(session.amount_total).toBe(3517)
	} finally {
		await withE2eDatabase((db) =>
			db.query(
				`DELETE FROM "MenuItem" WHERE "id" = $1 AND NOT EXISTS (SELECT 1 FROM "OrderItem" WHERE "menuItemId" = $1)`,
				[id],
			),
		)
	}
})

test('Preview Order without name or e-mail says so beside each field and opens nothing', async ({ page }) => {
	await cartWithTwoCakes(page)
	await gotoHydrated(page, '/checkout')
	await page.getByRole('button', { name: 'Preview Order' }).click()
	// The spec's alert, and each field says what it needs.
	await expect(page.getByRole('alert').filter({ hasText: 'Please enter name and email.' })).toBeVisible()
	const name = page.getByLabel('Full Name')
	await expect(name).toHaveAttribute('aria-invalid', 'true')
	await expect(name).toHaveAccessibleDescription('Please enter your name.')
	await expect(name).toBeFocused()
	await expect(page.getByLabel('Email Address')).toHaveAccessibleDescription('Please enter your email address.')
	await expect(page.getByRole('dialog')).toBeHidden()

	await page.getByLabel('Email Address').fill('ana@')
	await expect(page.getByLabel('Email Address')).toHaveAccessibleDescription('Please enter a valid email address.')
	await fillCustomer(page)
	await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0)
	await expect(page.getByRole('alert').filter({ hasText: 'Please enter name and email.' })).toHaveCount(0)
	await expect(page.getByText('Please choose a pickup time.')).toBeVisible()
	await choosePickup(page)
	await expect(page.getByText('Please choose a pickup time.')).toHaveCount(0)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await expect(page.getByRole('dialog', { name: 'Confirm Your Order' })).toBeVisible()
})

test('a detail the server refuses is said beside its field, and what was typed stays', async ({ page }) => {
	await cartWithTwoCakes(page)
	await gotoHydrated(page, '/checkout')
	await fillCustomer(page)
	await choosePickup(page)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	// The browser checks with the same schema, so only a form changed behind the page's back gets this far.
	await page.getByLabel('Email Address').evaluate((input: HTMLInputElement) => (input.value = 'ana@'))
	await page.getByRole('dialog').getByRole('button', { name: 'Confirm & Pay' }).click()
	await expect(page.getByRole('dialog')).toBeHidden()
	const email = page.getByLabel('Email Address')
	await expect(email).toHaveAccessibleDescription('Please enter a valid email address.')
	await expect(email).toBeFocused()
	await expect(email).toHaveValue('ana@')
	await expect(page.getByLabel('Full Name')).toHaveValue('Ana Souza')
	await expectNoAxeViolations(page)

	await email.fill('ana.souza@example.com')
	await expect(email).not.toHaveAttribute('aria-invalid', 'true')
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await page.getByRole('dialog').getByRole('button', { name: 'Confirm & Pay' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
})

test('a failed checkout keeps the dialog and the cart and re-enables the button', async ({
	page,
	request,
	baseURL,
}) => {
	await cartWithTwoCakes(page)
	await gotoHydrated(page, '/checkout')
	// Only this customer's payment page fails: the other worker's checkouts go on meanwhile.
	const email = `ana.fails.${Date.now()}@example.com`
	await fillCustomer(page, 'Ana Souza', email)
	await choosePickup(page)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await request.post(`${mockStripeUrl(baseURL)}/__control/fail-next?status=400&email=${encodeURIComponent(email)}`)
	const dialog = page.getByRole('dialog', { name: 'Confirm Your Order' })
	await dialog.getByRole('button', { name: 'Confirm & Pay' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Checkout failed. Try again.')
	await expect(dialog.getByRole('button', { name: 'Confirm & Pay' })).toBeEnabled()
	await expectNoAxeViolations(page)
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await expect(page.getByRole('button', { name: 'Remove Tres Leches Cake' })).toBeVisible()
})

test('minus stops at 1 and Remove removes a line on the checkout page', async ({ page }) => {
	await cartWithTwoCakes(page)
	await gotoHydrated(page, '/checkout')
	await expect(page.getByRole('button', { name: 'Decrease quantity of Tres Leches Cake' })).toBeDisabled()
	await page.getByRole('button', { name: 'Increase quantity of Tres Leches Cake' }).click()
	await expect(page.getByLabel('Quantity of Tres Leches Cake', { exact: true })).toHaveText('2')
	await page.getByRole('button', { name: 'Remove Chocolate Brigadeiro Cake' }).click()
	await expect(page.getByRole('button', { name: 'Remove Chocolate Brigadeiro Cake' })).toHaveCount(0)
	await expectNoAxeViolations(page)
})

test('the whole purchase by keyboard only', async ({ page }) => {
	await gotoHydrated(page, '/cakes')
	const card = page.getByRole('button', { name: /Tres Leches Cake/ })
	await card.focus()
	await page.keyboard.press('Enter')
	const addButton = page.getByRole('dialog').getByRole('button', { name: /^Add to Cart/ })
	await addButton.focus()
	await page.keyboard.press('Enter')
	await page.keyboard.press('Escape')
	await gotoHydrated(page, '/checkout')
	// The pickup days arrive after the page: the date list is disabled (skipped by Tab) until they do.
	await expect(page.getByLabel('Pickup date')).toBeEnabled()
	await page.getByLabel('Full Name').focus()
	await page.keyboard.type('Keyboard Kim')
	await page.keyboard.press('Tab')
	await page.keyboard.type('kim@example.com')
	await page.keyboard.press('Tab')
	await expect(page.getByLabel('Phone Number (Optional)')).toBeFocused()
	// Past the texts opt-in (decision 074): unticked, and left so.
	await page.keyboard.press('Tab')
	await expect(page.getByRole('checkbox', { name: /^Text me about my order/ })).toBeFocused()
	await expect(page.getByRole('checkbox', { name: /^Text me about my order/ })).not.toBeChecked()
	// The channel's radio group is one stop (SMS, chosen by default; this server has a WhatsApp sender).
	await page.keyboard.press('Tab')
	await expect(page.getByRole('radio', { name: 'SMS' })).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(page.getByLabel('Pickup date')).toBeFocused()
	// Into the day's times: the first one, chosen with Space.
	await page.keyboard.press('Tab')
	await page.keyboard.press('Space')
	await expect(
		page
			.getByRole('group', { name: /^Pickup time on / })
			.getByRole('radio')
			.first(),
	).toBeChecked()
	// Then the two optional notes (decision 077), and on to Preview Order.
	await page.keyboard.press('Tab')
	await expect(page.getByLabel('Allergies (optional)')).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(page.getByLabel('Note for the bakery (optional)')).toBeFocused()
	// The promo code, its Apply button, the tip's radio group (one stop, "No tip") and its amount (decision 080).
	await page.keyboard.press('Tab')
	await expect(page.getByLabel('Promo code', { exact: true })).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(page.getByRole('button', { name: 'Apply promo code' })).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(page.getByRole('radio', { name: 'No tip' })).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(page.getByLabel('Tip amount in dollars')).toBeFocused()
	// The gift card's code and its own Apply button (decision 086).
	await page.keyboard.press('Tab')
	await expect(page.getByLabel('Gift card code')).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(page.getByRole('button', { name: 'Apply gift card' })).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(page.getByRole('button', { name: 'Preview Order' })).toBeFocused()
	await page.keyboard.press('Enter')
	const dialog = page.getByRole('dialog', { name: 'Confirm Your Order' })
	const confirm = dialog.getByRole('button', { name: 'Confirm & Pay' })
	// Focus moves into the dialog (first control: Cancel); one Tab reaches Confirm & Pay.
	await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(confirm).toBeFocused()
	await page.keyboard.press('Enter')
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).focus()
	await page.keyboard.press('Enter')
	await page.waitForURL(/\/success/)
	await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
})

/**
 * Checkouts posted straight to the action until `pickupAt` is full (the seeded 6 orders per slot), each by another
 * customer: one client may hold only two unpaid checkouts (decision 058).
 */
async function fillSlot(request: APIRequestContext, pickupAt: string) {
	const fillers = crypto.randomBytes(2)
	for (let post = 0; post < 10; post++) {
		const response = await request.post('/checkout.data', {
			headers: { [E2E_CLIENT_IP_HEADER]: `10.${fillers[0]}.${fillers[1]}.${post}` },
			form: {
				'customer.name': `Filler ${post}`,
				'customer.email': `filler-${fillers.toString('hex')}-${post}@example.com`,
				'items[0].id': 'seed-tres-leches-cake',
				'items[0].quantity': '1',
				pickupAt,
			},
		})
		if ((await response.text()).includes('just taken')) return
	}
	throw new Error(`${pickupAt} never filled`)
}

test('a fully booked pickup time is not offered', async ({ page, request }) => {
	await cartWithTwoCakes(page)
	await gotoHydrated(page, '/checkout')
	const pickupAt = await choosePickup(page, 'last')
	await fillSlot(request, pickupAt)
	await gotoHydrated(page, '/checkout')
	await expect(
		page
			.getByRole('group', { name: /^Pickup time on / })
			.getByRole('radio')
			.first(),
	).toBeVisible()
	await expect(page.locator(`input[name="pickupAt"][value="${pickupAt}"]`)).toHaveCount(0)
})

test('a time taken while the customer chose: said beside the pickup choice, the form and cart kept, the time no longer offered', async ({
	page,
	request,
}) => {
	await cartWithTwoCakes(page)
	await gotoHydrated(page, '/checkout')
	await fillCustomer(page)
	const pickupAt = await choosePickup(page, 'last')
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await fillSlot(request, pickupAt)
	await page.getByRole('dialog').getByRole('button', { name: 'Confirm & Pay' }).click()
	await expect(page.getByRole('dialog')).toBeHidden()
	await expect(page.getByText('That pickup time was just taken — please choose another.')).toBeVisible()
	await expect(page.getByLabel('Full Name')).toHaveValue('Ana Souza')
	await expect(page.getByRole('button', { name: 'Remove Tres Leches Cake' })).toBeVisible()
	await expect(page.locator(`input[name="pickupAt"][value="${pickupAt}"]`)).toHaveCount(0)
	await expectNoAxeViolations(page)
	await choosePickup(page)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await page.getByRole('dialog').getByRole('button', { name: 'Confirm & Pay' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
})

test('/success with an unknown session never shows a confirmation', async ({ page }) => {
	await gotoHydrated(page, '/success?session_id=cs_test_forged')
	await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toHaveCount(0)
	await expect(page.getByRole('heading', { name: 'We couldn’t confirm this order' })).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('checkout says it needs JavaScript (the cart is kept in the browser) and offers no form', async ({ page }) => {
		const response = await page.goto('/checkout')
		expect(response?.status()).toBe(200)
		await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
		// In the <noscript> (which Playwright's Chromium does not render with scripts off, so read the page itself).
		expect(await response!.text()).toContain(
			'Checkout needs JavaScript turned on, as your cart is kept in this browser.',
		)
		await expect(page.getByLabel('Full Name')).toHaveCount(0)
		await expect(page.getByRole('button', { name: 'Preview Order' })).toHaveCount(0)
	})
})
