import { expect, test } from '@playwright/test'
import { SIGN_IN_LANGUAGES } from '../e2e/customer-support'
import { expectHydrated, visitHydrated, watchForErrors } from './support'

test('a customer signs in with the code from the Outbox and every account screen hydrates, in Spanish', async ({
	page,
}) => {
	const watch = watchForErrors(page)
	const words = SIGN_IN_LANGUAGES.find((language) => language.prefix === '/es')!
	const email = `dev-account-${Date.now().toString(36)}@example.com`

	await visitHydrated(page, watch, '/es/account/sign-in')
	await page.getByRole('textbox').first().fill(email)
	await page.getByRole('button', { name: words.button }).click()
	await expect(page).toHaveURL(/\/es\/account\/code$/)
	await expectHydrated(page, watch)

	// Without SMTP settings the development copy's mail goes to the Outbox, where the owner (and this test) reads it.
	await visitHydrated(page, watch, '/admin/outbox')
	await page.getByRole('button', { name: 'Sign in as demo admin (development only)' }).click()
	const mail = page.getByRole('row').filter({ hasText: email }).getByRole('link')
	// The worker polls every couple of seconds.
	await expect(async () => {
		await page.reload()
		await expect(mail).toBeVisible({ timeout: 1_000 })
	}).toPass({ timeout: 30_000 })
	const code = /\b(\d{6})\b/.exec((await mail.textContent()) ?? '')?.[1]
	expect(code, 'the sign-in code in the mail’s subject').toBeDefined()

	await visitHydrated(page, watch, '/es/account/code')
	await page.getByLabel(words.code).fill(code!)
	await page.getByRole('button', { name: words.verify, exact: true }).click()
	await expect(page).toHaveURL(/\/es\/account$/)
	await expectHydrated(page, watch)
	await expect(page.getByText(email)).toBeVisible()

	// The demo's bread club (decision 093) on the development stand-in for Stripe's subscription page: nothing charged.
	await visitHydrated(page, watch, '/es/club')
	await page.getByRole('button', { name: 'Unirme a Club del pastel de fin de semana' }).click()
	await expect(page).toHaveURL(/\/test-payment\/test_sub_/)
	await expectHydrated(page, watch)
	await page.getByRole('button', { name: /^Pay/ }).click()
	await expect(page).toHaveURL(/\/es\/account\/club\?started=test_sub_/)
	await expectHydrated(page, watch)
	await expect(page.getByText('¡Te damos la bienvenida al club del pan!')).toBeVisible()

	await visitHydrated(page, watch, '/es/account/delete')
	// The owner's screen of customer accounts lists the new one.
	await visitHydrated(page, watch, `/admin/customers?q=${encodeURIComponent(email)}`)
	await page.getByRole('link', { name: new RegExp(email.replace(/[.]/g, '\\.')) }).click()
	await expectHydrated(page, watch)
	expect(watch.errors).toEqual([])
})
