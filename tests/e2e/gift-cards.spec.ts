import { expect, test } from '@playwright/test'
import { uniqueEmail } from './customer-support'
import { receivedMails, type ReceivedMail } from './mail-log'
import { choosePickup } from './pickup-support'
import { addCakeToCart, expectNoAxeViolations, gotoHydrated, signInTo } from './support'

/** The mail's text with quoted-printable soft breaks and escapes undone, read as UTF-8. */
function readable(mail: ReceivedMail) {
	const bytes = mail.raw
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
	return Buffer.from(bytes, 'latin1').toString('utf8')
}

const CODE = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/

/**
 * Gift cards (decision 078) on the production build: bought in Spanish for a recipient through the payment page,
 * the recipient's mail read from the SMTP stand-in, its code checked on the balance page; the owner issues a card
 * in the shop (its code shown once) and voids it.
 */
test('a gift card bought for someone reaches them by mail, and its balance shows', async ({ page, baseURL }) => {
	const buyer = uniqueEmail('buyer')
	const recipient = uniqueEmail('recipient')
	await gotoHydrated(page, '/es/gift-cards')
	await page.getByLabel('$50.00').check()
	await page.getByLabel('Tu nombre').fill('Rosa')
	await page.getByLabel('Tu correo').fill(buyer)
	await page.getByLabel('Para otra persona').check()
	await page.getByLabel('Su nombre').fill('Tía Lena')
	await page.getByLabel('Su correo').fill(recipient)
	await page.getByLabel('Tu mensaje (opcional)').fill('¡Feliz cumpleaños!')
	await page.getByRole('button', { name: 'Continuar al pago' }).click()
	await page.getByRole('button', { name: 'Pay' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Gracias por tu tarjeta de regalo' })).toBeVisible()
	await expect(page.getByText(`Enviaremos la tarjeta de $50.00 a ${recipient}`)).toBeVisible()

	let delivery: ReceivedMail | undefined
	await expect
		.poll(
			async () => {
				delivery = (await receivedMails(baseURL)).find((mail) => mail.recipients.includes(recipient))
				return Boolean(delivery)
			},
			{ timeout: 20_000 },
		)
		.toBe(true)
	const text = readable(delivery!)
	expect(delivery!.headers.subject?.[0]).toBe('Rosa te envió una tarjeta de regalo de $50.00 para Doce Dulce Bakery')
	expect(text).toContain('¡Feliz cumpleaños!')
	// The code follows its label (other code-shaped strings, such as MIME boundaries, come earlier in the raw mail).
	const code = new RegExp(`Tu código:[\\s\\S]{0,200}?(${CODE.source})`).exec(text)?.[1]
	expect(code).toBeTruthy()
	// The buyer's receipt names the card by its last four only.
	await expect
		.poll(async () => (await receivedMails(baseURL)).some((mail) => mail.recipients.includes(buyer)))
		.toBe(true)
	const receipt = (await receivedMails(baseURL)).find((mail) => mail.recipients.includes(buyer))!
	expect(readable(receipt)).not.toContain(code!)

	await gotoHydrated(page, '/es/gift-cards/balance')
	await page.getByLabel('Código de la tarjeta de regalo').fill(code!.toLowerCase().replace(/-/g, ' '))
	await page.getByRole('button', { name: 'Consultar saldo' }).click()
	await expect(page.getByTestId('gift-card-balance')).toHaveText('Saldo: $50.00')
	await expect(page.getByRole('heading', { name: `Tarjeta terminada en ${code!.slice(-4)}` })).toBeVisible()
	await expect(page.getByText(code!)).toHaveCount(0)
	await test.step('the balance with its history: 0 axe violations', () => expectNoAxeViolations(page))

	// The recipient spends part of it on a $42 cake (decision 086): the card pays it all, no card payment is asked.
	await gotoHydrated(page, '/cakes')
	await addCakeToCart(page, 'Tres Leches Cake')
	await gotoHydrated(page, '/checkout')
	await page.getByLabel('Full Name').fill('Tía Lena')
	await page.getByLabel('Email Address').fill(recipient)
	await choosePickup(page)
	await page.getByLabel('Gift card code').fill(code!.toLowerCase())
	await page.getByRole('button', { name: 'Apply gift card' }).click()
	const last4 = code!.slice(-4)
	await expect(page.getByText(`Gift card ••••${last4}: −$42.00 $8.00 stays on the card.`)).toBeVisible()
	await page.getByRole('button', { name: 'Preview Order' }).click()
	const dialog = page.getByRole('dialog', { name: 'Confirm Your Order' })
	await expect(dialog).toContainText('Paid with your gift card and store credit: nothing to pay by card.')
	await dialog.getByRole('button', { name: 'Confirm & place order' }).click()
	await page.waitForURL(/\/success\?session_id=wallet_/)
	await expect(page.getByText('Gift card and store credit: −$42.00')).toBeVisible()
	await gotoHydrated(page, '/gift-cards/balance')
	await page.getByLabel('Gift card code').fill(code!)
	await page.getByRole('button', { name: 'Check balance' }).click()
	await expect(page.getByTestId('gift-card-balance')).toHaveText('Balance: $8.00')
})

test('the owner issues a card sold in the shop, sees its code once, and voids it', async ({ page }) => {
	await signInTo(page, '/admin/gift-cards', 'Gift cards')
	await page.getByLabel('Amount in dollars').fill('30')
	await page.getByLabel('How').selectOption('SHOP')
	await page.getByLabel('To whom (optional)').fill('Walk-in customer')
	await page.getByRole('button', { name: 'Issue card' }).click()
	const code = (await page.getByTestId('issued-code').textContent())!.trim()
	expect(code).toMatch(CODE)
	await page.getByRole('link', { name: 'See the card’s history' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Gift card ending ${code.slice(-4)}` })).toBeVisible()
	await expect(page.getByText(code)).toHaveCount(0)
	await expect(page.getByTestId('card-balance')).toHaveText('$30.00')
	await test.step("the card's history: 0 axe violations", () => expectNoAxeViolations(page))
	await page.getByLabel('Why').fill('Customer returned it unused')
	await page.getByRole('button', { name: 'Void card' }).click()
	await expect(page.getByText('Card voided: $30.00 left the balance.')).toBeVisible()
	await expect(page.getByTestId('card-status')).toContainText('Customer returned it unused')
	await expect(page.getByTestId('card-balance')).toHaveText('$0.00')
})
