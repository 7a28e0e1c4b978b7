import { expect, test, type Page } from '@playwright/test'
import { paidCakeOrder, SIGN_IN_LANGUAGES, signInAsCustomer, uniqueEmail } from './customer-support'
import { receivedMails } from './mail-log'
import { seedPaidOrder } from './pickup-support'
import { expectNoAxeViolations } from './support'

/**
 * A customer's own order on the production build (decision 065): a paid order, then signed in with the mailed
 * code, the order page from /account, moving the pickup (the mail follows), "Order again" into the cart, and
 * cancelling after the confirmation step (refunded; the customer and the owner each get their mail), with
 * JavaScript and without; axe on the order page and its confirmation step in every language at 390 and 1280 px.
 */

const OWNER = 'owner@example.com'

/** The subjects of the mails sent to `to` so far that match `pattern`, once there are `count` of them. */
async function expectMails(baseURL: string | undefined, to: string, pattern: RegExp, count = 1) {
	let subjects: string[] = []
	await expect
		.poll(
			async () => {
				subjects = (await receivedMails(baseURL))
					.filter((mail) => mail.recipients.includes(to))
					.map((mail) => mail.headers.subject?.[0] ?? '')
					.filter((subject) => pattern.test(subject))
				return subjects.length
			},
			{ timeout: 30_000 },
		)
		.toBe(count)
	return subjects
}

/** From /account to the order's page. */
async function openOrder(page: Page, number: string) {
	await page
		.getByRole('region', { name: 'Upcoming pickups' })
		.getByRole('link', { name: `See order #${number}` })
		.click()
	await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible()
}

/** Moves the pickup to another offered time; returns the time's words as the list showed them. */
async function movePickup(page: Page) {
	const select = page.getByLabel('New pickup time')
	const offered = await select
		.locator('option:not([value=""])')
		.evaluateAll((options) =>
			options.map((option) => ({ value: (option as HTMLOptionElement).value, text: option.textContent ?? '' })),
		)
	expect(offered.length).toBeGreaterThan(5)
	// A time on the last day offered, so the order can still be cancelled after the move (the list also offers
	// times soon, within the lock time).
	const choice = offered.at(-3)!
	await select.selectOption(choice.value)
	await page.getByRole('button', { name: 'Move my pickup' }).click()
	await expect(page.getByRole('status')).toContainText('Done: your pickup is now')
	return choice.text
}

async function cancelOrder(page: Page, number: string) {
	await page.getByRole('link', { name: 'Cancel this order' }).click()
	await expect(page.getByText(`Cancel order #${number}?`)).toBeVisible()
	await page.getByRole('button', { name: 'Yes, cancel and refund' }).click()
	await expect(page.getByRole('status')).toContainText(`Order #${number} is cancelled and $`)
	await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible()
	await expect(page.getByText(/^Refunded · /)).toBeVisible()
	await expect(page.getByRole('link', { name: 'Cancel this order' })).toHaveCount(0)
}

test('sign in, see the order, move its pickup, order it again, cancel it: both sides get their mail', async ({
	page,
	baseURL,
}) => {
	// A checkout, a sign-in and four mails: a long flow.
	test.slow()
	const email = uniqueEmail('orders')
	const number = await paidCakeOrder(page, 'Olga Orders', email)
	await signInAsCustomer(page, baseURL, email)
	await openOrder(page, number)
	await expect(page.getByText('Tres Leches Cake × 1')).toBeVisible()
	await expectNoAxeViolations(page)

	const moved = await movePickup(page)
	expect(moved).toMatch(/AM|PM/)
	await expectMails(baseURL, email, new RegExp(`^Your order #${number} — new pickup `))

	await page.getByRole('button', { name: 'Order again' }).click()
	await expect(page).toHaveURL(/\/cart$/)
	const notice = page.getByRole('region', { name: `Order #${number} again` })
	await expect(notice.getByRole('status')).toHaveText("Its items are in your cart below, at today's prices.")
	await expect(page.getByRole('button', { name: /^Remove Tres Leches Cake/ })).toBeVisible()
	// Reloading the cart adds nothing twice.
	await page.reload()
	await expect(page.getByRole('region', { name: `Order #${number} again` })).toHaveCount(0)
	await expect(page.getByRole('button', { name: /^Remove Tres Leches Cake/ })).toHaveCount(1)

	await page.goto('/account')
	await openOrder(page, number)
	await cancelOrder(page, number)
	await expectMails(baseURL, email, new RegExp(`^Your order #${number} is cancelled and refunded$`))
	await expectMails(baseURL, OWNER, new RegExp(`^Customer cancelled order #${number} — `))
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the same with plain forms: move, order again (the cart says it needs JavaScript), cancel', async ({
		page,
		baseURL,
		browser,
	}) => {
		test.slow()
		const email = uniqueEmail('plain-orders')
		// The checkout needs JavaScript (the cart lives in the browser): the order is paid in another window.
		const shopper = await browser.newContext({ javaScriptEnabled: true })
		const number = await paidCakeOrder(await shopper.newPage(), 'Paulo Plain', email)
		await shopper.close()

		await signInAsCustomer(page, baseURL, email, '/pt-br')
		await page.goto('/account')
		await openOrder(page, number)
		await movePickup(page)
		await expectMails(baseURL, email, new RegExp(`^Your order #${number} — new pickup `))

		await page.getByRole('button', { name: 'Order again' }).click()
		await expect(page).toHaveURL(/\/cart$/)
		await expect(page.getByRole('heading', { name: `Order #${number} again` })).toBeVisible()
		expect(await page.content()).toContain('Your cart is kept in this browser: please turn on JavaScript to see it.')

		await page.goto('/account')
		await openOrder(page, number)
		await cancelOrder(page, number)
		await expectMails(baseURL, email, new RegExp(`^Your order #${number} is cancelled and refunded$`))
		await expectMails(baseURL, OWNER, new RegExp(`^Customer cancelled order #${number} — `))
	})

	test("another customer's order is not found", async ({ page, baseURL }) => {
		const someoneElse = await seedPaidOrder('Somebody Else')
		await signInAsCustomer(page, baseURL, uniqueEmail('nosy'))
		const response = await page.goto(`/account/orders/${someoneElse.id}`)
		expect(response?.status()).toBe(404)
		await expect(page.getByText('Somebody Else')).toHaveCount(0)
		await expect(page.getByText(someoneElse.number)).toHaveCount(0)
	})
})

for (const language of SIGN_IN_LANGUAGES) {
	test(`axe: the order page and its cancel confirmation in ${language.prefix || '/en'} at 390 and 1280 px`, async ({
		page,
		baseURL,
	}) => {
		test.slow()
		const email = uniqueEmail('axe-order')
		const order = await seedPaidOrder('Axel Axe', email)
		await signInAsCustomer(page, baseURL, email, language.prefix)
		const path = `${language.prefix}/account/orders/${order.id}`
		for (const suffix of ['', '?cancel']) {
			await page.goto(`${path}${suffix}`)
			await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
			await expect(page.getByRole('heading', { level: 1 })).toContainText(order.number)
			await expect(page.locator('select, form button[value="cancel"]').first()).toBeVisible()
			for (const width of [390, 1280]) {
				await page.setViewportSize({ width, height: 900 })
				await expectNoAxeViolations(page)
			}
		}
	})
}
