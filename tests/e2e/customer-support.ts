import { expect, type Page } from '@playwright/test'
import { receivedMails, type ReceivedMail } from './mail-log'
import { choosePickup } from './pickup-support'
import { addCakeToCart, gotoHydrated } from './support'

/** Customer accounts on the production build (decision 063): the sign-in mail, and a guest order to sign in with. */

/** A mail's text as a person reads it: quoted-printable soft breaks and escapes undone. */
function readable(mail: ReceivedMail) {
	return mail.raw
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

export const uniqueEmail = (name: string) =>
	`${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

/** The newest sign-in mail to `email` (the worker sends it within moments): its code and its magic link's path. */
export async function signInMail(baseURL: string | undefined, email: string, count = 1) {
	let mails: ReceivedMail[] = []
	await expect
		.poll(
			async () => {
				mails = (await receivedMails(baseURL)).filter(
					(mail) => mail.recipients.includes(email) && /\b\d{6}\b/.test(mail.headers.subject?.[0] ?? ''),
				)
				return mails.length
			},
			{ timeout: 20_000 },
		)
		.toBeGreaterThanOrEqual(count)
	const mail = mails.at(-1)!
	const code = /\b(\d{6})\b/.exec(mail.headers.subject![0]!)![1]!
	const link = /https?:\/\/[^\s"<>]+(\/account\/link\?code=\d{6})/.exec(readable(mail))![1]!
	return { code, link, subject: mail.headers.subject![0]! }
}

/** Signs in with the code e-mailed to `email`, from the sign-in page in English; ends on /account. */
export async function signInWithCode(page: Page, baseURL: string | undefined, email: string) {
	await page.goto('/account/sign-in')
	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'E-mail me a code' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible({ timeout: 20_000 })
	const { code } = await signInMail(baseURL, email)
	await page.getByLabel('Sign-in code').fill(code)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(/\/account$/, { timeout: 20_000 })
}

/** A guest order of one Tres Leches Cake paid on the test payment page: its number. */
export async function payGuestOrder(page: Page, name: string, email: string) {
	await gotoHydrated(page, '/cakes')
	await addCakeToCart(page, 'Tres Leches Cake')
	await gotoHydrated(page, '/checkout')
	await page.getByLabel('Full Name').fill(name)
	await page.getByLabel('Email Address').fill(email)
	await choosePickup(page)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await page.getByRole('dialog', { name: 'Confirm Your Order' }).getByRole('button', { name: 'Confirm & Pay' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).click()
	await page.waitForURL(/\/success\?session_id=cs_test_/)
	return (await page.getByText(/Order #[0-9A-Z]{8}/).textContent())!.match(/#([0-9A-Z]{8})/)![1]!
}
