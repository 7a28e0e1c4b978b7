import { expect, test } from '@playwright/test'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { uniqueEmail } from './customer-support'
import { BAKERY_ZONE, choosePickup } from './pickup-support'
import { addCakeToCart, expectNoAxeViolations, gotoHydrated, signInTo } from './support'

/**
 * Issue 38 (decision 086) on the production build: a gift card the owner issued pays part of an order and Stripe
 * charges the rest; /success and the owner's day view show both parts. A code that cannot pay is refused beside its
 * field, in Portuguese, keeping what was typed.
 */
test('a gift card pays part of an order, the card the rest: the preview, /success and the owner’s day', async ({
	page,
}) => {
	test.slow()
	await signInTo(page, '/admin/gift-cards', 'Gift cards')
	await page.getByLabel('Amount in dollars').fill('20')
	await page.getByLabel('How').selectOption('PROMOTION')
	await page.getByRole('button', { name: 'Issue card' }).click()
	const code = (await page.getByTestId('issued-code').textContent())!.trim()

	await gotoHydrated(page, '/cakes')
	await addCakeToCart(page, 'Tres Leches Cake')

	await gotoHydrated(page, '/pt-BR/checkout')
	await page.getByLabel('Código do vale-presente').fill('ABCD-EFGH')
	await page.getByRole('button', { name: 'Aplicar vale-presente' }).click()
	await expect(page.getByText('Esse código de vale-presente não funciona. Confira e tente de novo.')).toBeVisible()
	await expect(page.getByLabel('Código do vale-presente')).toHaveValue('ABCD-EFGH')

	await gotoHydrated(page, '/checkout')
	const email = uniqueEmail('wallet')
	await page.getByLabel('Full Name').fill('Gil Giftcard')
	await page.getByLabel('Email Address').fill(email)
	const pickupAt = await choosePickup(page)
	await page.getByLabel('Gift card code').fill(code)
	await page.getByRole('button', { name: 'Apply gift card' }).click()
	await expect(page.getByText(`Gift card ••••${code.slice(-4)}: −$20.00 $0.00 stays on the card.`)).toBeVisible()
	const summary = page.getByRole('status').filter({ hasText: 'To pay by card:' })
	await expect(summary).toContainText(/To pay by card: \$2\d\.\d\d/)
	const due = /To pay by card: (\$\d+\.\d\d)/.exec((await summary.textContent())!)![1]!
	await test.step('the checkout with a gift card applied: 0 axe violations', () => expectNoAxeViolations(page))

	await page.getByRole('button', { name: 'Preview Order' }).click()
	const dialog = page.getByRole('dialog', { name: 'Confirm Your Order' })
	await expect(dialog).toContainText(`To pay by card: ${due}`)
	await dialog.getByRole('button', { name: 'Confirm & Pay' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).click()
	await page.waitForURL(/\/success\?session_id=cs_test_/)
	await expect(page.getByText('Gift card and store credit: −$20.00')).toBeVisible()
	await expect(page.getByText(`To pay by card: ${due}`)).toBeVisible()

	await gotoHydrated(page, `/admin/orders?date=${localDateOf(pickupAt, BAKERY_ZONE)}`)
	const order = page
		.getByRole('list', { name: /^Orders by pickup time/ })
		.getByRole('article')
		.filter({ hasText: email })
	await expect(order).toContainText('Gift card and store credit−$20.00')
	await expect(order).toContainText(`Paid by card${due}`)
})
