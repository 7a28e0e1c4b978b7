import { expect, type Page } from '@playwright/test'
import { receivedMails, type ReceivedMail } from './mail-log'
import { choosePickup } from './pickup-support'
import { addCakeToCart, gotoHydrated } from './support'

/** Customer accounts on the production build (decisions 063, 065): signing in with the mailed code, a paid order. */

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

/** The sign-in pages' words in each language. */
export const SIGN_IN_LANGUAGES = [
	{ prefix: '', button: 'E-mail me a code', code: 'Sign-in code', verify: 'Sign in' },
	{ prefix: '/es', button: 'Enviarme un código', code: 'Código para entrar', verify: 'Entrar' },
	{ prefix: '/pt-br', button: 'Enviar um código por e-mail', code: 'Código de acesso', verify: 'Entrar' },
] as const

/** Signs in as `email` with the code from its mail (with or without JavaScript); ends on the account page. */
export async function signInAsCustomer(page: Page, baseURL: string | undefined, email: string, prefix = '') {
	const words = SIGN_IN_LANGUAGES.find((language) => language.prefix === prefix)!
	await page.goto(`${prefix}/account/sign-in`)
	await page.getByRole('textbox').first().fill(email)
	await page.getByRole('button', { name: words.button }).click()
	await expect(page).toHaveURL(new RegExp(`${prefix}/account/code$`))
	const { code } = await signInMail(baseURL, email)
	await page.getByLabel(words.code).fill(code)
	await page.getByRole('button', { name: words.verify, exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`${prefix}/account$`))
}

/**
 * A guest checkout of one Tres Leches Cake paid on the Stripe stand-in, with a pickup `daysOut` open days into the
 * date list (past a 24-hour lock time); returns the order's number. Needs JavaScript (the cart lives in the browser).
 */
export async function paidCakeOrder(page: Page, name: string, email: string, daysOut = 3) {
	await gotoHydrated(page, '/cakes')
	await addCakeToCart(page, 'Tres Leches Cake')
	await gotoHydrated(page, '/checkout')
	await page.getByLabel('Full Name').fill(name)
	await page.getByLabel('Email Address').fill(email)
	const dates = page.getByLabel('Pickup date')
	await expect(dates).toBeEnabled()
	const open = await dates
		.locator('option:not([disabled])')
		.evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
	await dates.selectOption(open[Math.min(daysOut, open.length - 1)]!)
	await choosePickup(page)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	await page.getByRole('dialog', { name: 'Confirm Your Order' }).getByRole('button', { name: 'Confirm & Pay' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).click()
	await page.waitForURL(/\/success\?session_id=cs_test_/)
	return (await page.getByText(/Order #[0-9A-Z]{8}/).textContent())!.match(/#([0-9A-Z]{8})/)![1]!
}
