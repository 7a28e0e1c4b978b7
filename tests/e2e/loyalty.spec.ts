import { expect, test } from '@playwright/test'
import { paidCakeOrder, signInAsCustomer, uniqueEmail } from './customer-support'
import { expectNoAxeViolations, gotoHydrated, signInTo } from './support'

/**
 * The loyalty card (decision 085) on the production build: the owner turns it on; a signed-in customer's paid order
 * shows the card on /success, and once the owner hands the order over, the stamp is on the account (in Spanish); axe
 * on the owner's screen and the account at 390 and 1280 px. The card is turned off again for the other specs.
 */
test('the owner’s stamp card: shown after paying, stamped at pickup, on the account', async ({
	page,
	browser,
	baseURL,
}) => {
	test.setTimeout(120_000)
	const owner = await (await browser.newContext({ baseURL })).newPage()
	await signInTo(owner, '/admin/loyalty', 'Loyalty card')
	const setCard = async (on: boolean) => {
		await owner.getByLabel('Customers collect stamps').setChecked(on)
		await owner.getByRole('button', { name: 'Save the card' }).click()
		await expect(owner.getByText('Saved.')).toBeVisible()
	}
	await owner.getByLabel('Smallest order that earns a stamp').fill('10')
	await owner.getByLabel('Stamps for a reward').fill('2')
	await owner.getByLabel('Reward, as store credit').fill('4.50')
	await owner.getByLabel('English', { exact: true }).fill('a free concha')
	await owner.getByLabel('Spanish', { exact: true }).fill('una concha gratis')
	await owner.getByLabel('Portuguese', { exact: true }).fill('uma concha grátis')
	await setCard(true)
	try {
		for (const width of [390, 1280]) {
			await owner.setViewportSize({ width, height: 900 })
			await expectNoAxeViolations(owner)
		}

		const email = uniqueEmail('loyal')
		await signInAsCustomer(page, baseURL, email)
		const card = page.getByRole('region', { name: 'Your stamp card' })
		await expect(card).toContainText('0 of 2 stamps · 2 more for a free concha')
		const number = await paidCakeOrder(page, 'Lara Loyal', email, 0)
		await expect(card).toContainText('This order earns a stamp when you pick it up.')

		await gotoHydrated(owner, '/admin/orders')
		const order = owner.getByRole('article').filter({ hasText: `Order ${number}` })
		await order.getByRole('button', { name: /^Mark as picked up/ }).click()
		await expect(order.getByText('Picked up', { exact: true })).toBeVisible()

		await page.goto('/es/account')
		await expect(page.getByRole('region', { name: 'Tu tarjeta de sellos' })).toContainText(
			'1 de 2 sellos · 1 más para una concha gratis',
		)
		for (const width of [390, 1280]) {
			await page.setViewportSize({ width, height: 900 })
			await expectNoAxeViolations(page)
		}
	} finally {
		await owner.goto('/admin/loyalty')
		await setCard(false)
		await owner.context().close()
	}
})
