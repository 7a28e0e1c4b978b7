import crypto from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { encodeAccount } from '../mocks/google-oauth-server'
import { receivedMails } from './mail-log'
import { BAKERY_ZONE } from './pickup-support'
import { textsTo } from './text-log'
import { expectNoAxeViolations, gotoHydrated, signInTo } from './support'

/**
 * Phone and walk-in orders (decision 075) on the production build: a staff member (STAFF_EMAILS) enters an order
 * for a customer on the phone; with a payment link the customer pays on the Stripe stand-in's page and the order
 * shows on the board; with pay at pickup (once the owner allows it) it is on the board at once, unpaid, and is paid
 * at the counter on handover.
 */

const STAFF = { email: 'staff@example.com', name: 'Sam Staff' }

async function staffPage(browser: Browser, baseURL: string | undefined, path: string, heading: string) {
	const context = await browser.newContext()
	const mockGoogle = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 2000}`
	await context.addCookies([{ name: 'mock_google_account', value: encodeAccount(STAFF), url: mockGoogle }])
	const page = await context.newPage()
	await signInTo(page, path, heading)
	return page
}

/** Chooses the first free time at least three days ahead (whole cakes need 48 hours); returns its instant. */
async function chooseTimeDaysAhead(page: Page) {
	const select = page.getByLabel('Pickup time')
	const values = await select
		.locator('option')
		.evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean))
	const earliest = Date.now() + 3 * 24 * 60 * 60 * 1000
	const slot = values.find((value) => Date.parse(value) >= earliest)
	expect(slot, 'a free time three days ahead').toBeTruthy()
	await select.selectOption(slot!)
	return slot!
}

const boardCard = (page: Page, column: string, customer: string) =>
	page
		.getByRole('region', { name: new RegExp(`^${column}`) })
		.getByRole('article')
		.filter({ hasText: customer })

test('staff enter a phone order with a payment link; the customer pays it and the board shows it', async ({
	browser,
	baseURL,
}) => {
	test.slow()
	const customer = `Phone Paula ${crypto.randomBytes(3).toString('hex')}`
	const email = `${crypto.randomBytes(6).toString('hex')}@example.com`
	const staff = await staffPage(browser, baseURL, '/admin/board', 'Order board')
	await staff.getByRole('link', { name: 'New phone order' }).click()
	await expect(staff.getByRole('heading', { level: 1, name: 'New phone order' })).toBeVisible()
	await staff.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })

	// Nothing ordered: said on the screen, what was typed kept.
	await staff.getByLabel('Name', { exact: true }).fill(customer)
	await staff.getByRole('textbox', { name: 'E-mail' }).fill(email)
	const slot = await chooseTimeDaysAhead(staff)
	await staff.getByRole('button', { name: 'Enter order' }).click()
	await expect(staff.getByText('Enter a quantity for at least one item.')).toBeVisible()
	await expect(staff.getByLabel('Name', { exact: true })).toHaveValue(customer)
	await test.step('the refused form', () => expectNoAxeViolations(staff))

	await staff.getByRole('spinbutton', { name: /^Tres Leches Cake/ }).fill('1')
	await staff.getByLabel('Language for the customer’s mails and payment page').selectOption('es')
	// The customer asked for the link by text as well.
	const phone = `+1425555${String(crypto.randomInt(1000, 10_000))}`
	await staff.getByRole('textbox', { name: 'Phone' }).fill(phone)
	await staff.getByRole('checkbox', { name: 'Text the payment link to the customer' }).check()
	await staff.getByRole('button', { name: 'Enter order' }).click()
	await expect(staff.getByRole('heading', { name: new RegExp(`^Order [0-9A-Z]{8} for ${customer}$`) })).toBeVisible()
	await expect(staff.getByText(`The link is being e-mailed to ${email}.`)).toBeVisible()
	await expect(staff.getByText(`The link is being texted to ${phone}.`)).toBeVisible()
	const link = await staff.getByRole('textbox', { name: 'Payment link' }).inputValue()
	expect(link).toMatch(/\/pay\/cs_test_/)

	// One text reaches the Twilio stand-in, in Spanish, with the same link.
	await expect.poll(async () => (await textsTo(baseURL, phone)).length).toBe(1)
	const [text] = await textsTo(baseURL, phone)
	expect(text!.body).toContain('el enlace de pago que pediste')
	expect(text!.body).toContain(link)

	// The mail carries the same link, in Spanish.
	await expect
		.poll(async () => (await receivedMails(baseURL)).filter((mail) => mail.recipients.includes(email)).length)
		.toBe(1)
	const [mail] = (await receivedMails(baseURL)).filter((sent) => sent.recipients.includes(email))
	expect(mail!.headers.subject?.[0]).toMatch(/^Tu pedido n\.º [0-9A-Z]{8}: paga en línea para confirmarlo$/)

	// The customer pays on the stand-in's page.
	const customerPage = await (await browser.newContext()).newPage()
	await customerPage.goto(link)
	await customerPage.getByRole('button', { name: 'Pay' }).click()
	await customerPage.waitForURL(/\/es\/success\?session_id=cs_test_/)

	const date = localDateOf(new Date(slot), BAKERY_ZONE)
	await gotoHydrated(staff, `/admin/board?date=${date}`)
	const card = boardCard(staff, 'To make', customer)
	await expect(card).toBeVisible()
	await expect(card).toContainText('Phone order')
	await expect(card).not.toContainText('Pay at pickup')
})

test('pay at pickup, once the owner allows it: on the board at once, paid at the counter on handover', async ({
	browser,
	baseURL,
	page,
}) => {
	test.slow()
	await signInTo(page, '/admin/pickup-schedule', 'Pickup schedule')
	await page.getByLabel('Allow pay at pickup for phone orders').check()
	await page.getByRole('region', { name: 'Phone orders' }).getByRole('button', { name: 'Save' }).click()
	await expect(page.getByText('Staff may now take phone orders to be paid at pickup.')).toBeVisible()

	const customer = `Counter Carla ${crypto.randomBytes(3).toString('hex')}`
	const staff = await staffPage(browser, baseURL, '/admin/orders/new', 'New phone order')
	await staff.getByLabel('Name', { exact: true }).fill(customer)
	await staff.getByLabel('Phone').fill('425 555 0147')
	await staff.getByRole('spinbutton', { name: /^Tres Leches Cake/ }).fill('2')
	const slot = await chooseTimeDaysAhead(staff)
	await staff.getByLabel('Pay at pickup').check()
	await staff.getByLabel('Customer’s note (optional)').fill('Candles for 7')
	await staff.getByRole('button', { name: 'Enter order' }).click()
	await expect(staff.getByText(/^Confirmed: pay at pickup\./)).toBeVisible()

	const date = localDateOf(new Date(slot), BAKERY_ZONE)
	await gotoHydrated(staff, `/admin/board?date=${date}`)
	const card = boardCard(staff, 'To make', customer)
	await expect(card).toContainText('Pay at pickup · unpaid')
	await expect(card).toContainText('Note: “Candles for 7”')
	await card.getByRole('button', { name: /^Paid & picked up/ }).click()
	await expect(boardCard(staff, 'Picked up', customer)).toBeVisible()
	await expect(boardCard(staff, 'Picked up', customer)).not.toContainText('unpaid')
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the form says what is wrong, keeps what was typed, then enters the order', async ({ browser, baseURL }) => {
		const customer = `Plain Pedro ${crypto.randomBytes(3).toString('hex')}`
		const context = await browser.newContext({ javaScriptEnabled: false })
		const mockGoogle = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 2000}`
		await context.addCookies([{ name: 'mock_google_account', value: encodeAccount(STAFF), url: mockGoogle }])
		const staff = await context.newPage()
		await signInTo(staff, '/admin/orders/new', 'New phone order', { hydrated: false })

		await staff.getByLabel('Name', { exact: true }).fill(customer)
		await staff.getByRole('spinbutton', { name: /^Tres Leches Cake/ }).fill('1')
		await chooseTimeDaysAhead(staff)
		await staff.getByLabel('Customer’s note (optional)').fill('Write “Parabéns”')
		await staff.getByRole('button', { name: 'Enter order' }).click()
		await expect(staff.getByText('Enter a phone number or an e-mail address (or both).').first()).toBeVisible()
		await expect(staff.getByLabel('Name', { exact: true })).toHaveValue(customer)
		await expect(staff.getByRole('spinbutton', { name: /^Tres Leches Cake/ })).toHaveValue('1')
		await expect(staff.getByLabel('Customer’s note (optional)')).toHaveValue('Write “Parabéns”')

		await staff.getByLabel('Phone').fill('425 555 0175')
		await chooseTimeDaysAhead(staff)
		await staff.getByRole('button', { name: 'Enter order' }).click()
		await expect(staff.getByRole('heading', { name: new RegExp(`for ${customer}$`) })).toBeVisible()
		await expect(staff.getByText('No e-mail was given: read the link out or send it to the customer.')).toBeVisible()
	})
})
