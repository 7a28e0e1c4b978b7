import { expect, test, type Page } from '@playwright/test'
import { photo } from '../fixtures/images'
import { receivedMails, type ReceivedMail } from './mail-log'
import { expectNoAxeViolations, gotoHydrated, withE2eDatabase } from './support'

/**
 * The custom-cake form in Portuguese, Contact in Spanish and the quote page in Spanish (issue 18):
 * every label, hint and error in the page's language, with and without JavaScript, and the language
 * stored with what the customer sent (decision 042).
 */

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6)

async function storedLocale(table: 'CustomCakeRequest' | 'ContactMessage', email: string) {
	return withE2eDatabase(async (client) => {
		const { rows } = await client.query<{ locale: string }>(`SELECT locale FROM "${table}" WHERE email = $1`, [email])
		return rows.map((row) => row.locale)
	})
}

async function fillPortugueseRequest(page: Page, email: string) {
	await page.getByLabel('Nome').fill('Joana Ribeiro')
	await page.getByLabel('Telefone').fill('+55 11 91234-5678')
	await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
	await page.getByLabel('Tipo de bolo').selectOption('Tres Leches')
	await page.getByLabel('Tamanho').fill('25 cm')
	await page.getByLabel('Mensagem').fill('Aniversário da minha mãe, com flores de brigadeiro.')
}

const THANKS_PT = 'Obrigado! Entraremos em contato em breve. Voltando para a página inicial...'

test.describe('the custom-cake form in Portuguese (/pt-br/custom-cakes)', () => {
	// Forms, axe and a database check on a machine shared with other runs.
	test.describe.configure({ timeout: 90_000 })

	test('with JavaScript: Portuguese labels and errors, typed values kept, then thanks and a pt-BR row', async ({
		page,
	}) => {
		const email = `joana.${unique()}@example.com`
		await gotoHydrated(page, '/pt-br/custom-cakes')
		await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
		await expect(page).toHaveTitle(/^Bolos personalizados \|/)
		await expect(page.getByRole('heading', { level: 1, name: 'Bolos personalizados' })).toBeVisible()
		await expect(page.getByLabel('Tipo de bolo').locator('option')).toHaveText([
			'Escolha um tipo',
			'Chocolate',
			'Baunilha',
			'Tres Leches',
			'Frutas',
		])
		await expect(page.getByLabel('Tamanho')).toHaveAttribute('placeholder', 'ex.: 8, 10 ou 12 polegadas')
		await expect(page.getByText('Opcional. Uma imagem JPEG, PNG, WebP, AVIF ou GIF de até 5 MB.')).toBeVisible()

		await page.getByLabel('Nome').fill('Joana Ribeiro')
		await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('joana@localhost')
		await page.getByRole('button', { name: 'Enviar pedido' }).click()
		await expect(page.getByText('Informe seu número de telefone.')).toBeVisible()
		await expect(page.getByText('Informe um e-mail válido, ex.: nome@exemplo.com.')).toBeVisible()
		await expect(page.getByText('Escolha um tipo de bolo.')).toBeVisible()
		await expect(page.getByLabel('Telefone')).toBeFocused()
		await expect(page.getByLabel('Nome')).toHaveValue('Joana Ribeiro')
		await expectNoAxeViolations(page)

		await fillPortugueseRequest(page, email)
		await page.getByRole('button', { name: 'Enviar pedido' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Obrigado!' })).toHaveText(THANKS_PT)
		await expect(page.getByRole('link', { name: 'Ir para a página inicial agora' })).toHaveAttribute('href', '/pt-br')
		expect(await storedLocale('CustomCakeRequest', email)).toEqual(['pt-BR'])
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('the server answers in Portuguese next to each field, keeps what was typed, then thanks', async ({ page }) => {
			const email = `joana.${unique()}@example.com`
			await page.goto('/pt-br/custom-cakes')
			await fillPortugueseRequest(page, email)
			await page.getByLabel('Telefone').fill('12345')
			await page.getByLabel('Foto de inspiração').setInputFiles({
				name: 'inspiracao.jpg',
				mimeType: 'image/jpeg',
				buffer: await photo({ width: 800, height: 600 }),
			})
			await page.getByRole('button', { name: 'Enviar pedido' }).click()

			await expect(
				page.getByText('Informe um número de telefone válido, ex.: (425) 555-0142 ou +55 11 91234-5678.'),
			).toBeVisible()
			await expect(page.getByLabel('Telefone')).toBeFocused()
			await expect(page.getByLabel('Nome')).toHaveValue('Joana Ribeiro')
			await expect(page.getByLabel('Tipo de bolo')).toHaveValue('Tres Leches')
			await expect(page.getByLabel('Tamanho')).toHaveValue('25 cm')
			await expect(page.getByLabel('Mensagem')).toHaveValue('Aniversário da minha mãe, com flores de brigadeiro.')
			await expect(page.getByText('Escolha sua foto de novo')).toBeVisible()
			expect(await storedLocale('CustomCakeRequest', email)).toEqual([])

			await page.getByLabel('Telefone').fill('(425) 555-0142')
			await page.getByRole('button', { name: 'Enviar pedido' }).click()
			await expect(page.getByRole('status').filter({ hasText: 'Obrigado!' })).toHaveText(THANKS_PT)
			await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', '20;url=/pt-br')
			expect(await storedLocale('CustomCakeRequest', email)).toEqual(['pt-BR'])
		})

		test('a photo that is not an image is refused in Portuguese', async ({ page }) => {
			await page.goto('/pt-br/custom-cakes')
			await fillPortugueseRequest(page, `joana.${unique()}@example.com`)
			await page
				.getByLabel('Foto de inspiração')
				.setInputFiles({ name: 'bolo.png', mimeType: 'image/png', buffer: Buffer.from('MZ not a picture') })
			await page.getByRole('button', { name: 'Enviar pedido' }).click()
			await expect(
				page.getByText(
					'Este arquivo não é uma foto que a gente consiga usar. Escolha uma imagem JPEG, PNG, WebP, AVIF ou GIF.',
				),
			).toBeVisible()
			await expect(page.getByLabel('Nome')).toHaveValue('Joana Ribeiro')
		})
	})
})

test.describe('Contact in Spanish (/es/contact)', () => {
	test.describe.configure({ timeout: 90_000 })

	test('with JavaScript: Spanish labels, an error in Spanish, then the Spanish thanks and an es row', async ({
		page,
	}) => {
		const email = `lupita.${unique()}@example.com`
		await gotoHydrated(page, '/es/contact')
		await expect(page.locator('html')).toHaveAttribute('lang', 'es')
		await expect(page).toHaveTitle(/^Contacto \|/)
		await expect(page.getByRole('heading', { level: 1, name: 'Contáctanos' })).toBeVisible()
		const form = page.getByRole('region', { name: 'Envía un mensaje' })
		await expect(form.getByLabel('Nombre', { exact: true })).toHaveAttribute('placeholder', 'Tu nombre')
		await page.getByTestId('map').scrollIntoViewIfNeeded()
		await expect(page.locator('iframe[title="Mapa de la panadería"]')).toHaveCount(1)
		const bakery = page.getByRole('region', { name: 'Nuestra panadería' })
		await expect(bakery.getByText('Horario', { exact: true })).toBeVisible()
		// Days and times as Spanish readers write them (Intl), not 'Tue–Fri 7 am'.
		await expect(bakery.locator('dt').first()).not.toHaveText(/[A-Z][a-z]{2}/)
		await expect(bakery.locator('dd').first()).not.toHaveText(/\d (am|pm)\b/)

		await form.getByLabel('Nombre', { exact: true }).fill('Lupita Hernández')
		await form.getByLabel('Correo electrónico', { exact: true }).fill('lupita@example')
		await form.getByLabel('Mensaje', { exact: true }).fill('¿Hacen conchas para fiestas?')
		await form.getByRole('button', { name: 'Enviar mensaje' }).click()
		await expect(form.getByText('Escribe un correo electrónico válido, p. ej., nombre@ejemplo.com.')).toBeVisible()
		await expect(form.getByLabel('Mensaje', { exact: true })).toHaveValue('¿Hacen conchas para fiestas?')

		await form.getByLabel('Correo electrónico', { exact: true }).fill(email)
		await form.getByRole('button', { name: 'Enviar mensaje' }).click()
		await expect(form.getByRole('status')).toHaveText('¡Gracias! Tu mensaje fue enviado. Te responderemos pronto.')
		expect(await storedLocale('ContactMessage', email)).toEqual(['es'])
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('the server answers in Spanish and keeps what was typed', async ({ page }) => {
			await page.goto('/es/contact')
			const form = page.getByRole('region', { name: 'Envía un mensaje' })
			await form.getByLabel('Nombre', { exact: true }).fill('Lupita Hernández')
			await form.getByLabel('Correo electrónico', { exact: true }).fill('lupita@example')
			await form.getByLabel('Mensaje', { exact: true }).fill('¿Hacen conchas para fiestas?')
			await form.getByRole('button', { name: 'Enviar mensaje' }).click()
			await expect(form.getByText('Escribe un correo electrónico válido, p. ej., nombre@ejemplo.com.')).toBeVisible()
			await expect(form.getByLabel('Nombre', { exact: true })).toHaveValue('Lupita Hernández')
			await expect(page).toHaveURL(/\/es\/contact$/)
		})
	})
})

/** A mail's text as a person reads it: quoted-printable soft breaks and escapes undone. */
function readable(mail: ReceivedMail) {
	return mail.raw
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

test('the quote page in Spanish: the quote, the deposit on Stripe, and back to the Spanish page', async ({
	page,
	baseURL,
}) => {
	test.slow()
	const email = `quote.es.${unique()}@example.com`
	const name = `Lupita ${unique()}`

	// The customer asks in Spanish.
	await gotoHydrated(page, '/es/custom-cakes')
	await page.getByLabel('Nombre').fill(name)
	await page.getByLabel('Teléfono').fill('(425) 555-0142')
	await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(email)
	await page.getByLabel('Tipo de pastel').selectOption('Tres Leches')
	await page.getByLabel('Tamaño').fill('10 pulgadas')
	await page.getByRole('button', { name: 'Enviar solicitud' }).click()
	await expect(page.getByRole('status').filter({ hasText: '¡Gracias!' })).toBeVisible()
	expect(await storedLocale('CustomCakeRequest', email)).toEqual(['es'])

	// The owner writes the quote (the admin stays English).
	await page.goto('/admin/custom-cakes')
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	await page.getByRole('link', { name: `Write a quote for ${name}` }).click()
	await page.getByLabel('Price (dollars)').fill('120')
	const times = page.getByLabel('Pickup time')
	const firstTime = await times.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')
	await times.selectOption(firstTime!)
	await page.getByLabel('Notes to the customer').fill('Tres capas, flores azules.')
	await page.getByRole('button', { name: 'Send the quote' }).click()
	await expect(page.getByRole('status')).toContainText('The quote was sent to the customer.')

	// The link the customer's mail carries, opened in Spanish (/es/quote/<token>).
	let link = ''
	await expect
		.poll(
			async () => {
				const mails = (await receivedMails(baseURL)).filter((mail) => mail.recipients.includes(email))
				link =
					mails.map((mail) => /https?:\/\/[^\s"<>]+\/quote\/[A-Za-z0-9_.-]+/.exec(readable(mail))?.[0]).find(Boolean) ??
					''
				return link
			},
			{ timeout: 20_000 },
		)
		.not.toBe('')
	const token = new URL(link).pathname.split('/').pop()!
	const quotePath = `/es/quote/${token}`

	await gotoHydrated(page, quotePath)
	await expect(page.locator('html')).toHaveAttribute('lang', 'es')
	await expect(page.getByRole('heading', { level: 1, name: 'Tu cotización de pastel' })).toBeVisible()
	await expect(page.getByText(`Hola, ${name}: esto es lo que te proponemos para tu pastel.`)).toBeVisible()
	await expect(page.getByText('Tres capas, flores azules.')).toBeVisible()
	await expect(page.getByRole('term').filter({ hasText: 'Anticipo' })).toBeVisible()
	await expect(page.getByRole('term').filter({ hasText: 'Válida hasta' })).toBeVisible()
	await expectNoAxeViolations(page)

	// Declining asks first, in Spanish.
	await page.getByRole('button', { name: 'Rechazar', exact: true }).click()
	await expect(page.getByRole('alert')).toHaveText('¿Rechazar esta cotización? Su horario de recogida quedará libre.')
	await expect(page.getByRole('button', { name: 'Sí, rechazar la cotización' })).toBeVisible()

	// The deposit on the (mock) Stripe page, then back to the Spanish quote.
	await page.getByRole('button', { name: /^Pagar anticipo de / }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).click()
	await page.waitForURL(new RegExp(`/es/quote/${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?session_id=`))
	await expect(page.getByRole('heading', { level: 1, name: 'Tu pastel está reservado' })).toBeVisible()
	await expect(page.getByRole('button', { name: /^Pagar el saldo de / })).toBeVisible()
	await expectNoAxeViolations(page)
})
