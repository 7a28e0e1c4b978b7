import { expect, test, type Page } from '@playwright/test'
import { paidCakeOrder, SIGN_IN_LANGUAGES, signInMail, uniqueEmail } from './customer-support'
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
	const number = await paidCakeOrder(page, 'Rita Regular', email, 0)

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
	// Signed out before the link is tried again (a navigation started sooner cancels the sign-out's post).
	await expect(page).toHaveURL(/\/es\/account\/sign-in$/)
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

for (const width of [390, 1280]) {
	for (const language of SIGN_IN_LANGUAGES) {
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

/**
 * Passkeys (decision 066) with Chromium's virtual authenticator: a platform passkey store that verifies the user,
 * as a phone's. It belongs to the page's tab, so it survives the page's navigations.
 */
async function addVirtualAuthenticator(page: Page) {
	const cdp = await page.context().newCDPSession(page)
	await cdp.send('WebAuthn.enable')
	const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
		options: {
			protocol: 'ctap2',
			transport: 'internal',
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
		},
	})
	return { cdp, authenticatorId }
}

/** Signs in with the e-mailed code in a language; returns on the hydrated account page. */
async function signInByCode(
	page: Page,
	baseURL: string | undefined,
	language: (typeof SIGN_IN_LANGUAGES)[number] = SIGN_IN_LANGUAGES[0],
) {
	const email = uniqueEmail('passkey')
	await askForCode(page, email, `${language.prefix}/account/sign-in`, language.button)
	const { code } = await signInMail(baseURL, email)
	await page.getByLabel(language.code).fill(code)
	await page.getByRole('button', { name: language.verify, exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`${language.prefix}/account$`))
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	return email
}

/** A new account signed in by code, with an unnamed passkey created on this page's virtual authenticator. */
async function signedInWithPasskey(page: Page, baseURL: string | undefined) {
	await addVirtualAuthenticator(page)
	await signInByCode(page, baseURL)
	const passkeys = page.getByRole('region', { name: 'Sign in faster next time' })
	await passkeys.getByRole('button', { name: 'Create a passkey' }).click()
	await expect(passkeys.getByText('Passkey', { exact: true })).toBeVisible()
	return passkeys
}

test('passkeys: one created after a code sign-in signs in after signing out', async ({ page, baseURL }) => {
	const { cdp, authenticatorId } = await addVirtualAuthenticator(page)
	await signInByCode(page, baseURL)
	const passkeys = page.getByRole('region', { name: 'Sign in faster next time' })
	await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible()
	await passkeys.getByLabel('Name for the new passkey (optional)').fill('Kitchen laptop')
	await passkeys.getByRole('button', { name: 'Create a passkey' }).click()
	await expect(passkeys.getByRole('status')).toHaveText(
		'Your passkey is saved. Next time, choose “Sign in with a passkey”.',
	)
	await expect(passkeys.getByText('Kitchen laptop')).toBeVisible()
	await expect(passkeys.getByText(/^Created /)).toBeVisible()
	await expect(passkeys.getByLabel('Name for the new passkey (optional)')).toHaveValue('')
	const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
	expect(credentials).toHaveLength(1)
	expect(credentials[0]!.isResidentCredential).toBe(true)

	await page.getByRole('button', { name: 'Sign out', exact: true }).click()
	await expect(page).toHaveURL(/\/account\/sign-in$/)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	// The e-mailed code stays the default; the passkey is beside it.
	await expect(page.getByLabel('E-mail address')).toBeVisible()
	await page
		.getByRole('region', { name: 'Or use a passkey' })
		.getByRole('button', { name: 'Sign in with a passkey' })
		.click()
	await expect(page).toHaveURL(/\/account$/)
	await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()
	await expect(passkeys.getByText(/^Last used /)).toBeVisible()
})

test('passkeys: a second one on the same device is refused; a removed one no longer signs in', async ({
	page,
	baseURL,
}) => {
	const passkeys = await signedInWithPasskey(page, baseURL)
	await passkeys.getByRole('button', { name: 'Create a passkey' }).click()
	await expect(passkeys.getByRole('alert')).toHaveText('This device already has a passkey for your account.')

	await passkeys.getByRole('button', { name: 'Remove Passkey' }).click()
	await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible()
	await page.getByRole('button', { name: 'Sign out', exact: true }).click()
	await expect(page).toHaveURL(/\/account\/sign-in$/)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	const passkeySignIn = page.getByRole('region', { name: 'Or use a passkey' })
	await passkeySignIn.getByRole('button', { name: 'Sign in with a passkey' }).click()
	await expect(passkeySignIn.getByRole('alert')).toHaveText(
		'This passkey is no longer linked to an account here (it may have been removed). Sign in with an e-mailed code, then create a new one.',
	)
	await expect(page).toHaveURL(/\/account\/sign-in$/)
	await expectNoAxeViolations(page)
})

test('passkeys without JavaScript: no passkey controls, the list and Remove still work, the code form unchanged', async ({
	page,
	browser,
	baseURL,
}) => {
	await signedInWithPasskey(page, baseURL)

	const context = await browser.newContext({
		baseURL,
		javaScriptEnabled: false,
		storageState: await page.context().storageState(),
	})
	const noScript = await context.newPage()
	await noScript.goto('/pt-br/account')
	const section = noScript.getByRole('region', { name: 'Entre mais rápido da próxima vez' })
	await expect(section.getByText('Chave de acesso', { exact: true })).toBeVisible()
	await expect(section.getByRole('button', { name: 'Criar uma chave de acesso' })).toHaveCount(0)
	await section.getByRole('button', { name: 'Remover Chave de acesso' }).click()
	await expect(noScript).toHaveURL(/\/pt-br\/account$/)
	await expect(section.getByText('Você ainda não tem chaves de acesso.')).toBeVisible()
	await noScript.getByRole('button', { name: 'Sair', exact: true }).click()
	await expect(noScript).toHaveURL(/\/pt-br\/account\/sign-in$/)
	await expect(noScript.getByRole('button', { name: 'Enviar um código por e-mail' })).toBeVisible()
	await expect(noScript.getByText('Entrar com uma chave de acesso')).toHaveCount(0)
	await expect(noScript.getByRole('region', { name: 'Ou use uma chave de acesso' })).toHaveCount(0)
	await context.close()
})

/** The passkey buttons' and sign-out's names in each language. */
const PASSKEY_WORDS = {
	'': { create: 'Create a passkey', signOut: 'Sign out', signIn: 'Sign in with a passkey' },
	'/es': { create: 'Crear una llave de acceso', signOut: 'Cerrar sesión', signIn: 'Entrar con una llave de acceso' },
	'/pt-br': { create: 'Criar uma chave de acesso', signOut: 'Sair', signIn: 'Entrar com uma chave de acesso' },
} as const

for (const width of [390, 1280]) {
	for (const language of SIGN_IN_LANGUAGES) {
		test(`axe: the passkey controls in ${language.prefix || '/en'} at ${width} px; a passkey sign-in stays in that language`, async ({
			page,
			baseURL,
		}) => {
			const words = PASSKEY_WORDS[language.prefix as keyof typeof PASSKEY_WORDS]
			await page.setViewportSize({ width, height: 900 })
			await addVirtualAuthenticator(page)
			await signInByCode(page, baseURL, language)
			await page.getByRole('button', { name: words.create }).click()
			await expect(page.getByRole('status')).toBeVisible()
			await expectNoAxeViolations(page)
			await page.getByRole('button', { name: words.signOut, exact: true }).click()
			await expect(page).toHaveURL(new RegExp(`${language.prefix}/account/sign-in$`))
			await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
			await expect(page.getByRole('button', { name: words.signIn })).toBeVisible()
			await expectNoAxeViolations(page)
			await page.getByRole('button', { name: words.signIn }).click()
			await expect(page).toHaveURL(new RegExp(`${language.prefix}/account$`))
		})
	}
}
