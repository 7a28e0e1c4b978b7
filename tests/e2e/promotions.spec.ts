import { expect, test } from '@playwright/test'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { receivedMails } from './mail-log'
import { BAKERY_ZONE, choosePickup } from './pickup-support'
import { addCakeToCart, gotoHydrated, signInTo } from './support'

/**
 * Issue 38 (decision 080): the owner creates a promo code; a customer applies it and a tip on one order (the code
 * refused in Spanish first), pays on the test payment page and sees Discount and Tip on /success and in the receipt;
 * the owner sees them on the day view.
 */
test('a promo code and a tip on one order: the owner’s code, the preview, /success, the receipt and the owner’s day', async ({
	page,
	baseURL,
}) => {
	test.slow()
	const code = `E2E-${Date.now().toString(36).toUpperCase()}`
	await signInTo(page, '/admin/promo-codes', 'Promo codes')
	const newCode = page.getByRole('region', { name: 'New code' })
	await newCode.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
	await newCode.getByLabel('An amount off').check()
	await newCode.getByLabel('Amount off ($)').fill('5')
	await newCode.getByRole('button', { name: 'Create code' }).click()
	await expect(page.getByRole('status').filter({ hasText: `Code ${code} created.` })).toBeVisible()
	await expect(page.getByRole('heading', { level: 3, name: code })).toBeVisible()

	await gotoHydrated(page, '/cakes')
	await addCakeToCart(page, 'Tres Leches Cake')

	// In Spanish: a code the bakery never made is refused beside the field, and what was typed stays.
	await gotoHydrated(page, '/es/checkout')
	await page.getByLabel('Código promocional', { exact: true }).fill('NO-EXISTE')
	await page.getByRole('button', { name: 'Aplicar código promocional' }).click()
	await expect(page.getByText('No conocemos ese código. Revisa cómo está escrito.')).toBeVisible()
	await expect(page.getByLabel('Código promocional', { exact: true })).toHaveValue('NO-EXISTE')

	await gotoHydrated(page, '/checkout')
	const email = `promo.${Date.now().toString(36)}@example.com`
	await page.getByLabel('Full Name').fill('Paula Promo')
	await page.getByLabel('Email Address').fill(email)
	const pickupAt = await choosePickup(page)
	await page.getByLabel('Promo code', { exact: true }).fill(code.toLowerCase())
	await page.getByRole('button', { name: 'Apply promo code' }).click()
	await expect(page.getByText(`Code ${code} applied: −$5.00.`)).toBeVisible()
	await page.getByRole('radio', { name: '15%' }).check()
	const summary = page.getByRole('status').filter({ hasText: `Discount (${code}): −$5.00` })
	await expect(summary).toContainText(/Tip: \$\d+\.\d\d/)
	const total = (await summary.getByText(/^Total: /).textContent())!
	const tip = /Tip: (\$\d+\.\d\d)/.exec((await summary.textContent())!)![1]!

	await page.getByRole('button', { name: 'Preview Order' }).click()
	const dialog = page.getByRole('dialog', { name: 'Confirm Your Order' })
	await expect(dialog).toContainText(`Discount (${code}): −$5.00`)
	await expect(dialog).toContainText(`Tip: ${tip}`)
	await expect(dialog).toContainText(total)
	await dialog.getByRole('button', { name: 'Confirm & Pay' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).click()
	await page.waitForURL(/\/success\?session_id=cs_test_/)
	await expect(page.getByText(`Discount (${code}): −$5.00`)).toBeVisible()
	await expect(page.getByText(`Tip: ${tip}`)).toBeVisible()
	await expect(page.getByText(total)).toBeVisible()

	// The receipt says the same lines (quoted-printable undone).
	const receipt = async () => {
		const mail = (await receivedMails(baseURL)).find((received) => received.recipients.includes(email))
		return mail?.raw
			.replace(/=\r?\n/g, '')
			.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
	}
	await expect.poll(receipt, { timeout: 20_000 }).toContain(`Discount (${code})`)
	expect(await receipt()).toMatch(new RegExp(`Tip\\s+\\${tip}`))

	// The owner's day view: the order's Discount and Tip, and the day's tips.
	await gotoHydrated(page, `/admin/orders?date=${localDateOf(pickupAt, BAKERY_ZONE)}`)
	const order = page
		.getByRole('list', { name: /^Orders by pickup time/ })
		.getByRole('article')
		.filter({ hasText: email })
	await expect(order).toContainText(`Discount (${code})−$5.00`)
	await expect(order).toContainText(`Tip${tip}`)
	await expect(page.getByText(/^Tips for .*: \$\d+\.\d\d from \d+ orders?$/)).toBeVisible()
})
