import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { PgBoss } from 'pg-boss'
import { withE2eDatabase } from './support'

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
	expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

	await item.getByRole('button', { name: `Retry ${subject}` }).click()
	await expect(page.getByRole('status')).toHaveText('The mail is queued again and will be sent shortly.')
	await expect(page.getByText(subject)).toHaveCount(0)

	await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' })).toHaveCount(0)
	expect((await page.goto('/admin/outbox'))?.status()).toBe(404)
})
