import { expect, test, type Page } from '@playwright/test'
import { payGuestOrder, signInMail, uniqueEmail } from './customer-support'
import { expectNoAxeViolations, gotoHydrated } from './support'

/**
 * Customer accounts (decision 063) on the production build: a guest order, then "Save your details" on /success,
 * sign-in with the code read from the SMTP stand-in's log, the order on /account, sign out; the magic link; the
 * same without JavaScript; axe on the sign-in, code and account pages in every language at phone and desktop widths.
 */

async function askForCode(page: Page, email: string, path = '/account/sign-in', button = 'E-mail me a code') {
	await page.goto(path)
	await page.getByRole('textbox').first().fill(email)
	await page.getByRole('button', { name: button }).click()
}

test('a guest order shows on the account after signing in with the e-mailed code; sign out', async ({
	page,
	baseURL,
}) => {
	const email = uniqueEmail('regular')
	const number = await payGuestOrder(page, 'Rita Regular', email)

	await expect(page.getByRole('heading', { name: 'Save your details for next time' })).toBeVisible()
	await expect(page.getByText(`Sign in with a code sent to ${email}`)).toBeVisible()
	await expectNoAxeViolations(page)
	await page.getByRole('link', { name: 'Save my details' }).click()
	await expect(page).toHaveURL(/\/account\/sign-in\?email=/)
	await expect(page.getByLabel('E-mail address')).toHaveValue(email)
	await page.getByRole('button', { name: 'E-mail me a code' }).click()

	await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible()
	const { code } = await signInMail(baseURL, email)
	await page.getByLabel('Sign-in code').fill(code === '000000' ? '999999' : '000000')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible()
	await page.getByLabel('Sign-in code').fill(code)
	await page.getByRole('button', { name: 'Sign in' }).click()

	await expect(page).toHaveURL(/\/account$/)
	await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()
	const upcoming = page.getByRole('region', { name: 'Upcoming pickups' })
	await expect(upcoming.getByRole('heading', { name: `Order #${number}` })).toBeVisible()
	await expect(upcoming.getByText('Tres Leches Cake × 1')).toBeVisible()
	await expect(upcoming.getByText('Paid', { exact: true })).toBeVisible()

	await page.getByRole('button', { name: 'Sign out', exact: true }).click()
	await expect(page).toHaveURL(/\/account\/sign-in$/)
	await page.goto('/account')
	await expect(page).toHaveURL(/\/account\/sign-in\?redirectTo=%2Faccount$/)
})

test('the magic link signs in the browser that asked, in its language; a second use is refused', async ({
	page,
	baseURL,
}) => {
	const email = uniqueEmail('link')
	await askForCode(page, email, '/es/account/sign-in', 'Enviarme un código')
	await expect(page.getByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeVisible()
	const { link, subject } = await signInMail(baseURL, email)
	expect(subject).toContain('tu código para entrar')
	await page.goto(link)
	await expect(page).toHaveURL(/\/es\/account$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible()
	await page.getByRole('button', { name: 'Cerrar sesión en todas partes' }).click()
	await page.goto(link)
	await expect(page).toHaveURL(/\/account\/sign-in\?expired=1$/)
	await expect(page.getByText('That sign-in link no longer works')).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('asking, a wrong code that keeps what was typed, the right code, the account and signing out', async ({
		page,
		baseURL,
	}) => {
		const email = uniqueEmail('nojs')
		await askForCode(page, email, '/pt-br/account/sign-in', 'Enviar um código por e-mail')
		await expect(page.getByRole('heading', { level: 1, name: 'Confira seu e-mail' })).toBeVisible()
		const { code } = await signInMail(baseURL, email)
		const wrong = code === '111111' ? '222222' : '111111'
		await page.getByLabel('Código de acesso').fill(wrong)
		await page.getByRole('button', { name: 'Entrar' }).click()
		await expect(page.getByText('Esse código não está certo. Restam 4 tentativas.')).toBeVisible()
		await expect(page.getByLabel('Código de acesso')).toHaveValue(wrong)
		await page.getByLabel('Código de acesso').fill(code)
		await page.getByRole('button', { name: 'Entrar' }).click()
		await expect(page).toHaveURL(/\/pt-br\/account$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible()

		await page.getByLabel('Telefone').fill('call me')
		await page.getByLabel('Nome').fill('Rui')
		await page.getByRole('button', { name: 'Salvar dados' }).click()
		await expect(page.getByText('Digite um telefone')).toBeVisible()
		await expect(page.getByLabel('Nome')).toHaveValue('Rui')
		await page.getByLabel('Telefone').fill('+1 425 555 0100')
		await page.getByRole('button', { name: 'Salvar dados' }).click()
		await expect(page.getByText('Seus dados foram salvos.')).toBeVisible()

		await page.getByRole('button', { name: 'Sair', exact: true }).click()
		await expect(page).toHaveURL(/\/pt-br\/account\/sign-in$/)
	})
})

const LANGUAGES = [
	{ prefix: '', button: 'E-mail me a code', code: 'Sign-in code', verify: 'Sign in' },
	{ prefix: '/es', button: 'Enviarme un código', code: 'Código para entrar', verify: 'Entrar' },
	{ prefix: '/pt-br', button: 'Enviar um código por e-mail', code: 'Código de acesso', verify: 'Entrar' },
]

for (const width of [390, 1280]) {
	for (const language of LANGUAGES) {
		test(`axe: sign-in, code (with an error) and account pages in ${language.prefix || '/en'} at ${width} px`, async ({
			page,
			baseURL,
		}) => {
			await page.setViewportSize({ width, height: 900 })
			await gotoHydrated(page, `${language.prefix}/account/sign-in`)
			await expectNoAxeViolations(page)
			const email = uniqueEmail('axe')
			await page.getByRole('textbox').first().fill(email)
			await page.getByRole('button', { name: language.button }).click()
			await expect(page).toHaveURL(new RegExp(`${language.prefix}/account/code$`))
			await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
			await expectNoAxeViolations(page)
			const { code } = await signInMail(baseURL, email)
			await page.getByLabel(language.code).fill('12')
			await page.getByRole('button', { name: language.verify, exact: true }).click()
			await expect(page.getByLabel(language.code)).toHaveAttribute('aria-invalid', 'true')
			await expectNoAxeViolations(page)
			await page.getByLabel(language.code).fill(code)
			await page.getByRole('button', { name: language.verify, exact: true }).click()
			await expect(page).toHaveURL(new RegExp(`${language.prefix}/account$`))
			await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
			await expectNoAxeViolations(page)
		})
	}
}
