import { expect, test } from '@playwright/test'
import { PgBoss } from 'pg-boss'
import { receivedMails } from './mail-log'
import { expectNoAxeViolations, withE2eDatabase } from './support'

/** A mail every retry failed for, as the worker leaves it (failed with no retry left: dead-lettered). */
async function failMailForGood(subject: string) {
	await withE2eDatabase(async (client) => {
		const boss = new PgBoss({
			db: { executeSql: (text, values) => client.query(text, values) },
			schema: 'pgboss',
			migrate: false,
			supervise: false,
			schedule: false,
		})
		await boss.start()
		const id = await boss.send(
			'mail',
			{ kind: 'contact-message-owner', messageId: `e2e-${Date.now()}` },
			{ retryLimit: 0, startAfter: 3_600 },
		)
		await boss.fail('mail', id!, { message: '550 Mailbox unavailable', to: ['owner@example.com'], subject })
		await boss.stop({ graceful: false, close: false })
	})
}

test('a mail that failed for good is on the dashboard with Retry; production has no Outbox', async ({ page }) => {
	const subject = `New message from E2E ${Date.now().toString(36)}`
	await failMailForGood(subject)
	await page.goto('/admin')
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	const failed = page.getByRole('region', { name: /could not be sent/ })
	await expect(failed).toBeVisible()
	const item = failed.getByRole('listitem').filter({ hasText: subject })
	await expect(item).toContainText('Last error: 550 Mailbox unavailable')
	await expect(item).toContainText('to owner@example.com')
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expectNoAxeViolations(page)

	await item.getByRole('button', { name: `Retry ${subject}` }).click()
	await expect(page.getByRole('status')).toHaveText('The mail is queued again and will be sent shortly.')
	await expect(page.getByText(subject)).toHaveCount(0)

	await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' })).toHaveCount(0)
	expect((await page.goto('/admin/outbox'))?.status()).toBe(404)
})

test('a contact message and a cake request reach the owner, and the customer hears back, by SMTP', async ({
	request,
	baseURL,
}) => {
	const stamp = Date.now().toString(36)
	const sender = `mail.${stamp}@example.com`
	const contact = await request.post('/contact', {
		form: { name: `Lia ${stamp}`, email: sender, message: 'Do you bake on Sundays?' },
	})
	expect(contact.ok()).toBe(true)
	const cake = await request.post('/custom-cakes', {
		multipart: {
			name: `Caio ${stamp}`,
			phone: '(425) 555-0188',
			email: sender,
			type: 'Fruit',
			size: '10-inch',
			message: 'Mango, please',
		},
	})
	expect(cake.ok()).toBe(true)

	// The worker polls every 2 s; the mails leave after the responses, never before them.
	const subjects = async () =>
		(await receivedMails(baseURL))
			.filter((mail) => mail.raw.includes(stamp) || mail.recipients.includes(sender))
			.map((mail) => `${mail.recipients.join(',')} | ${mail.headers.subject?.[0]}`)
			.sort()
	await expect
		.poll(subjects, { timeout: 20_000 })
		.toEqual(
			[
				`owner@example.com | New cake request from Caio ${stamp} — Fruit, 10-inch`,
				`owner@example.com | New message from Lia ${stamp}`,
				`${sender} | We received your cake request — Doce Dulce Bakery`,
			].sort(),
		)
	// The address was typed by an anonymous visitor: its mail carries the bakery's words only (issue 35).
	const confirmation = (await receivedMails(baseURL)).find((mail) => mail.recipients.includes(sender))!
	const body = confirmation.raw.slice(confirmation.raw.indexOf('\r\n\r\n')).replace(/=\r?\n/g, '')
	expect(body).not.toContain(`Caio ${stamp}`)
	expect(body).not.toContain('Mango')
	expect(body).not.toContain('555-0188')
	expect(body).toContain('/custom-cakes')
	const alert = (await receivedMails(baseURL)).find(
		(mail) => mail.headers.subject?.[0] === `New message from Lia ${stamp}`,
	)!
	expect(alert.headers['reply-to']).toEqual([sender])
	expect(alert.headers.from).toEqual(['Doce Dulce Bakery <orders@docedulce.example>'])
	expect(alert.headers['message-id']?.[0]).toMatch(/^<contact-message-owner\.[a-z0-9]+@localhost>$/)
})
