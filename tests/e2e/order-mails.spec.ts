import { expect, test, type Page } from '@playwright/test'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { receivedMails, type ReceivedMail } from './mail-log'
import { BAKERY_ZONE, choosePickup } from './pickup-support'
import { addCakeToCart, gotoHydrated, withE2eDatabase } from './support'

/** A mail's text as a person reads it: quoted-printable soft breaks and escapes undone. */
function readable(mail: ReceivedMail) {
	return mail.raw
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function mailsTo(baseURL: string | undefined, recipient: string) {
	return async () => (await receivedMails(baseURL)).filter((mail) => mail.recipients.includes(recipient))
}

async function subjectsTo(baseURL: string | undefined, recipient: string) {
	return (await mailsTo(baseURL, recipient)()).map((mail) => mail.headers.subject?.[0] ?? '')
}

async function payForOneCake(page: Page, email: string) {
	await gotoHydrated(page, '/cakes')
	await addCakeToCart(page, 'Tres Leches Cake')
	await gotoHydrated(page, '/checkout')
	await page.getByLabel('Full Name').fill('Rita Mail')
	await page.getByLabel('Email Address').fill(email)
	const pickupAt = await choosePickup(page)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await page.getByRole('dialog', { name: 'Confirm Your Order' }).getByRole('button', { name: 'Confirm & Pay' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).click()
	await page.waitForURL(/\/success\?session_id=cs_test_/)
	await expect(page.getByText('Thank you for your purchase. A receipt has been sent to your email.')).toBeVisible()
	const number = (await page.getByText(/Order #[0-9A-Z]{8}/).textContent())!.match(/#([0-9A-Z]{8})/)![1]!
	return { pickupAt, number }
}

test('an order’s mails: receipt and owner alert when paid, “ready” when the owner says so, the review request a day after pickup', async ({
	page,
	baseURL,
}) => {
	test.slow()
	const email = `rita.${Date.now().toString(36)}@example.com`
	const { pickupAt, number } = await payForOneCake(page, email)

	// Paid: the customer's receipt (with the calendar file) and the owner's alert, each once.
	await expect
		.poll(() => subjectsTo(baseURL, email), { timeout: 20_000 })
		.toEqual([expect.stringMatching(new RegExp(`^Your Doce Dulce Bakery order #${number} — pickup `))])
	const receipt = (await mailsTo(baseURL, email)())[0]!
	expect(readable(receipt)).toContain('Tres Leches Cake')
	expect(receipt.raw).toMatch(/Content-Type: text\/calendar/i)
	const ownerAlerts = async () =>
		(await subjectsTo(baseURL, 'owner@example.com')).filter((subject) => subject.includes(`#${number}`))
	await expect.poll(ownerAlerts, { timeout: 20_000 }).toEqual([expect.stringMatching(/^New order #/)])

	// The owner marks it ready, then picked up, in the day view.
	await page.goto(`/admin/orders?date=${localDateOf(pickupAt, BAKERY_ZONE)}`)
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	const order = page
		.getByRole('list', { name: /^Orders by pickup time/ })
		.getByRole('article')
		.filter({ hasText: email })
	await order.getByRole('button', { name: /^Mark as ready/ }).click()
	await expect(page.getByRole('status')).toContainText(/is marked as ready\./)
	await expect
		.poll(() => subjectsTo(baseURL, email), { timeout: 20_000 })
		.toContain(`Your order #${number} is ready for pickup`)
	await order.getByRole('button', { name: /^Mark as picked up/ }).click()
	await expect(page.getByRole('status')).toContainText(/is marked as picked up\./)

	// The review request waits a day; the test brings that day forward.
	const scheduled = await withE2eDatabase(async (client) => {
		const { rows } = await client.query<{ delay: number }>(
			`SELECT extract(epoch FROM start_after - created_on)::float AS delay FROM pgboss.job
			 WHERE name = 'mail' AND data->>'kind' = 'review-request' AND data->>'orderId' LIKE $1`,
			[`%${number.toLowerCase()}`],
		)
		await client.query(
			`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail' AND data->>'kind' = 'review-request'
			 AND data->>'orderId' LIKE $1`,
			[`%${number.toLowerCase()}`],
		)
		return rows
	})
	expect(scheduled).toHaveLength(1)
	expect(scheduled[0]!.delay).toBeGreaterThan(23.9 * 3600)
	await expect
		.poll(() => subjectsTo(baseURL, email), { timeout: 20_000 })
		.toContain('How was your order from Doce Dulce Bakery?')
	const request = (await mailsTo(baseURL, email)()).find((mail) => mail.headers.subject?.[0]?.startsWith('How was'))!
	const link = readable(request).match(/https?:\/\/[^\s"<>]+\/review\/[A-Za-z0-9._-]+/)![0]

	// The link opens the review form for this order; the review waits for the owner (tests/e2e/reviews.spec.ts goes on).
	await gotoHydrated(page, new URL(link).pathname)
	await expect(page.getByRole('heading', { level: 1, name: 'Tell us how it was' })).toBeVisible()
	await expect(page.getByLabel('Name to show with your review')).toHaveValue('Rita')
	await page.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: '5 stars', exact: true }).check()
	await page.getByLabel('Your review', { exact: true }).fill('Rita loved it.')
	await page.getByRole('button', { name: 'Send review' }).click()
	await expect(
		page.getByRole('status').filter({ hasText: 'Thank you — your review will appear once we’ve read it.' }),
	).toBeVisible()

	// Nothing was sent twice.
	expect((await subjectsTo(baseURL, email)).sort()).toHaveLength(3)
})
