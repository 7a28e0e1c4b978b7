import { expect, test } from '@playwright/test'
import { formatPickupAt, formatPickupDate, formatPickupDateLong } from '../../app/domain/pickup/pickup-display'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { receivedMails, type ReceivedMail } from './mail-log'
import { BAKERY_ZONE } from './pickup-support'
import { expectNoAxeViolations, gotoHydrated } from './support'

/** A mail's text as a person reads it: quoted-printable soft breaks and escapes undone. */
function readable(mail: ReceivedMail) {
	return mail.raw
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

test('a custom cake from request to pickup: quote, the customer’s mail, deposit, balance, picked up', async ({
	page,
	baseURL,
}) => {
	test.slow()
	const email = `quote.${Date.now().toString(36)}@example.com`
	const name = `Quinn ${Date.now().toString(36)}`

	// The customer asks for a cake.
	await gotoHydrated(page, '/custom-cakes')
	await page.getByLabel('Name').fill(name)
	await page.getByLabel('Phone').fill('(425) 555-0142')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Cake type').selectOption('Tres Leches')
	await page.getByLabel('Size').fill('10-inch')
	await page.getByLabel('Message').fill('Blue flowers, please.')
	await page.getByRole('button', { name: 'Submit Request' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible()

	// The owner writes the quote from the list.
	await page.goto('/admin/custom-cakes')
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	await page.getByRole('link', { name: `Write a quote for ${name}` }).click()
	await expect(page.getByRole('heading', { name: `Cake request from ${name}` })).toBeVisible()
	await expectNoAxeViolations(page)
	await page.getByLabel('Price (dollars)').fill('120')
	const times = page.getByLabel('Pickup time')
	const firstTime = await times.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')
	await times.selectOption(firstTime!)
	// The cake's work, held with its pickup time (decision 089).
	await page.getByLabel('Decorating bench — minutes').fill('15')
	await page.getByLabel('Decorating bench — days before pickup').selectOption('0')
	await page.getByLabel('Notes to the customer').fill('Three layers, blue hydrangeas.')
	await page.getByRole('button', { name: 'Send the quote' }).click()
	await expect(page.getByRole('status')).toContainText('The quote was sent to the customer.')
	await expect(page.getByRole('heading', { name: /^Status: Quoted/ })).toBeVisible()
	await expect(page.getByText(/^Decorating bench: 15 min on /)).toBeVisible()

	// The customer's mail carries the quote's link.
	await expect
		.poll(async () => (await receivedMails(baseURL)).filter((mail) => mail.recipients.includes(email)).length, {
			timeout: 20_000,
		})
		.toBeGreaterThanOrEqual(2)
	const quoteMail = (await receivedMails(baseURL)).find(
		(mail) => mail.recipients.includes(email) && (mail.headers.subject?.[0] ?? '').startsWith('Your cake quote'),
	)!
	const link = /https?:\/\/[^\s"<>]+\/quote\/[A-Za-z0-9_.-]+/.exec(readable(quoteMail))![0]
	const quotePath = new URL(link).pathname

	// The quote page: price, deposit, notes; axe clean; pay the deposit on the stand-in payment page.
	await gotoHydrated(page, quotePath)
	await expect(page.getByRole('heading', { name: 'Your cake quote' })).toBeVisible()
	await expect(page.getByText('Three layers, blue hydrangeas.')).toBeVisible()
	await expectNoAxeViolations(page)
	await page.getByRole('button', { name: 'Pay deposit $60.00' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).click()
	await page.waitForURL(new RegExp(`${quotePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?session_id=`))
	await expect(page.getByRole('heading', { name: 'Your cake is booked' })).toBeVisible()
	await expectNoAxeViolations(page)

	// The balance, online: a $20 gift card (decision 087) and the card for the rest.
	await gotoHydrated(page, '/admin/gift-cards')
	await page.getByLabel('Amount in dollars').fill('20')
	await page.getByLabel('How').selectOption('PROMOTION')
	await page.getByRole('button', { name: 'Issue card' }).click()
	const giftCard = (await page.getByTestId('issued-code').textContent())!.trim()
	await gotoHydrated(page, quotePath)
	await page.getByLabel('Gift card code (optional)').fill(giftCard)
	await page.getByRole('button', { name: 'Pay the balance $60.00' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).click()
	await expect(page.getByRole('heading', { name: 'Your cake is paid in full' })).toBeVisible()

	// The deposit mails reached both.
	await expect
		.poll(
			async () =>
				(await receivedMails(baseURL))
					.filter((mail) => mail.recipients.includes(email))
					.map((mail) => mail.headers.subject?.[0] ?? ''),
			{ timeout: 20_000 },
		)
		.toContainEqual(expect.stringMatching(/^Your cake is booked/))

	// The owner hands the cake over.
	await page.goto('/admin/custom-cakes')
	await page.getByRole('link', { name: `Open the quote for ${name}` }).click()
	await expect(page.getByRole('heading', { name: /^Status: Paid in full/ })).toBeVisible()
	await page.getByRole('button', { name: 'Mark as picked up' }).click()
	await expect(page.getByRole('heading', { name: /^Status: Picked up/ })).toBeVisible()
	await expect(page.getByRole('list').filter({ hasText: 'Deposit paid by an online payment' })).toBeVisible()
	await expect(page.getByText('$20.00 by gift card, $40.00 by card')).toBeVisible()
	await expectNoAxeViolations(page)

	// The owner's day view lists the cake (picked up, nothing left to collect).
	await page.goto(`/admin/orders?date=${localDateOf(firstTime!, BAKERY_ZONE)}`)
	const cakes = page.getByRole('list', { name: /^Custom cakes by pickup time/ })
	await expect(cakes.getByRole('listitem').filter({ hasText: `For ${name}` })).toContainText('nothing to collect')
	await expectNoAxeViolations(page)

	// A link that was never sent: a clear page that says nothing about any quote.
	const response = await page.goto('/quote/not-a-real-link')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'This quote link doesn’t work' })).toBeVisible()
	await expectNoAxeViolations(page)
})

test('with JavaScript, “Show day” loads the chosen day’s times and keeps what was typed; the quote goes out for that day', async ({
	page,
}) => {
	test.slow()
	const name = `Jade ${Date.now().toString(36)}`
	const requested = await page.request.post('/custom-cakes', {
		multipart: { name, phone: '(425) 555-0143', email: 'jade@example.com', type: 'Vanilla', size: '8-inch' },
	})
	expect(requested.ok()).toBe(true)
	await page.goto('/admin/custom-cakes')
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	await page.getByRole('link', { name: `Write a quote for ${name}` }).click()
	await expect(page.getByRole('heading', { name: `Cake request from ${name}` })).toBeVisible()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })

	const date = page.getByLabel('Pickup date')
	const first = await date.inputValue()
	const daysAfter = (day: string, days: number) =>
		new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
	const later = daysAfter(first, 14)
	const times = page.getByLabel('Pickup time')

	// "Show day" with no price and no time yet: the day loads, what was typed comes back, no error is shown.
	await page.getByLabel('Notes to the customer').fill('Lemon curd between the layers.')
	await page.getByLabel('Oven 1 — minutes').fill('40')
	await page.getByLabel('Oven 1 — days before pickup').selectOption('1')
	await date.fill(later)
	await page.getByRole('button', { name: 'Show day' }).click()
	await expect(page).toHaveURL(new RegExp(`[?&]date=${later}(&|$)`))
	await expect(page.getByRole('group', { name: `Pickup time on ${formatPickupDateLong(later)}` })).toBeVisible()
	await expect(date).toHaveValue(later)
	await expect(page.getByLabel('Notes to the customer')).toHaveValue('Lemon curd between the layers.')
	await expect(page.getByLabel('Oven 1 — minutes')).toHaveValue('40')
	await expect(page.getByLabel('Oven 1 — days before pickup')).toHaveValue('1')
	await expect(page.getByText('Please enter the price.')).toHaveCount(0)
	await expect(page.getByText('Please choose a pickup time.')).toHaveCount(0)
	const time = (await times.locator('option:not([disabled]):not([value=""])').first().getAttribute('value'))!
	expect(localDateOf(time, BAKERY_ZONE)).toBe(later)
	await page.getByLabel('Price (dollars)').fill('95')
	await times.selectOption(time)

	// Another date typed but not shown: the shown day's times no longer look choosable until it is shown or put back.
	const other = daysAfter(later, 7)
	await date.fill(other)
	await expect(times).toBeDisabled()
	await expect(page.getByRole('group', { name: /^Pickup time on/ })).toContainText(
		`press “Show day” to see the times of ${formatPickupDateLong(other)}`,
	)
	for (const viewport of [
		{ width: 390, height: 844 },
		{ width: 1280, height: 800 },
	]) {
		await page.setViewportSize(viewport)
		await expectNoAxeViolations(page)
	}
	await date.fill(later)
	await expect(times).toBeEnabled()
	await expect(times).toHaveValue(time)

	// A "valid until" after the pickup is shortened to it, and the owner is told so before and after sending.
	const pickupText = formatPickupAt(time, BAKERY_ZONE)
	await page.getByLabel('Valid until').fill(`${daysAfter(later, 10)}T18:00`)
	await expect(page.getByText(`Later than the pickup: the quote will end at the pickup, ${pickupText}.`)).toBeVisible()
	await page.getByRole('button', { name: 'Send the quote' }).click()
	const status = page.getByRole('status').filter({ hasText: 'The quote was sent to the customer.' })
	await expect(status).toContainText(`Pickup ${pickupText}.`)
	await expect(status).toContainText('“Valid until” was shortened to the pickup time')
	await expect(page.getByRole('heading', { name: /^Status: Quoted/ })).toBeVisible()
	const summary = page.getByRole('region', { name: /^Status: Quoted/ })
	await expect(summary).toContainText(`Pickup${pickupText}`)
	await expect(summary).toContainText(`Oven 1: 40 min on ${formatPickupDate(daysAfter(later, -1))}`)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the owner quotes from another day (a mistake is shown next to its field), the customer declines after confirming', async ({
		page,
	}) => {
		const email = `nojs.${Date.now().toString(36)}@example.com`
		const name = `Noah ${Date.now().toString(36)}`
		await page.goto('/custom-cakes')
		await page.getByLabel('Name').fill(name)
		await page.getByLabel('Phone').fill('(425) 555-0142')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Cake type').selectOption('Tres Leches')
		await page.getByLabel('Size').fill('8-inch')
		await page.getByRole('button', { name: 'Submit Request' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible()

		await page.goto('/admin/custom-cakes')
		await page.getByRole('button', { name: 'Sign in with Google' }).click()
		await page.getByRole('link', { name: `Write a quote for ${name}` }).click()
		// A price the form cannot read and a note, then another day: what was typed comes back with its times.
		await page.getByLabel('Price (dollars)').fill('ninety')
		await page.getByLabel('Notes to the customer').fill('Two tiers, white roses on top.')
		const day = await page.getByLabel('Pickup date').inputValue()
		const later = new Date(Date.parse(`${day}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10)
		await page.getByLabel('Pickup date').fill(later)
		await page.getByRole('button', { name: 'Show day' }).click()
		await expect(page.getByRole('group', { name: /^Pickup time on/ })).toBeVisible()
		await expect(page.getByLabel('Pickup date')).toHaveValue(later)
		await expect(page.getByLabel('Price (dollars)')).toHaveValue('ninety')
		await expect(page.getByLabel('Notes to the customer')).toHaveValue('Two tiers, white roses on top.')
		const times = page.getByLabel('Pickup time')
		const time = await times.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')
		await times.selectOption(time!)
		await page.getByRole('button', { name: 'Send the quote' }).click()
		await expect(page.getByLabel('Price (dollars)')).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByText('Please enter the price such as 85')).toBeVisible()
		await page.getByLabel('Price (dollars)').fill('90')
		await page.getByLabel('Pickup time').selectOption(time!)
		// Another date typed but not shown: the shown day's time is not sent for it; nothing typed is lost.
		const other = new Date(Date.parse(`${later}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10)
		await page.getByLabel('Pickup date').fill(other)
		await page.getByRole('button', { name: 'Send the quote' }).click()
		await expect(page.getByLabel('Pickup time')).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByText('The pickup date was changed but its times are not shown')).toBeVisible()
		await expect(page.getByRole('heading', { name: /^Status: Requested/ })).toBeVisible()
		await expect(page.getByLabel('Price (dollars)')).toHaveValue('90')
		await expect(page.getByLabel('Pickup date')).toHaveValue(other)
		await page.getByRole('button', { name: 'Show day' }).click()
		await expect(page.getByRole('group', { name: /^Pickup time on/ })).toContainText(
			`Pickup time on ${formatPickupDateLong(other)}`,
		)
		const otherTime = await times.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')
		await times.selectOption(otherTime!)
		await page.getByRole('button', { name: 'Send the quote' }).click()
		await expect(page.getByRole('heading', { name: /^Status: Quoted/ })).toBeVisible()
		await expect(page.getByRole('region', { name: /^Status: Quoted/ })).toContainText(
			formatPickupAt(otherTime!, BAKERY_ZONE),
		)
		const link = await page.getByRole('link', { name: 'The customer’s quote page' }).getAttribute('href')

		await page.goto(link!)
		await expect(page.getByText('$45.00').first()).toBeVisible()
		await page.getByRole('button', { name: 'Decline' }).click()
		await expect(page.getByRole('alert')).toContainText('Decline this quote?')
		await page.getByRole('button', { name: 'Yes, decline the quote' }).click()
		await expect(page.getByRole('heading', { name: 'You declined this quote' })).toBeVisible()
	})
})
