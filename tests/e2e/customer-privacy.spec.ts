import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { paidCakeOrder, signInAsCustomer, uniqueEmail } from './customer-support'
import { expectNoAxeViolations, gotoHydrated, signInTo } from './support'

/**
 * A customer's data and the owner's customers screen (decision 067) on the production build: "My account" in the
 * header, the download, deleting an account (refused while a pickup is ahead, then done; with and without
 * JavaScript), the owner's customers screen with its search and private note, the link from an order; axe on the
 * new pages (the owner's at 390 and 1280 px, the customer's in English, Spanish and Portuguese).
 */

test('download, refused then done deletion, and the owner’s customers screen with search, note and the order’s link', async ({
	page,
	browser,
	baseURL,
}) => {
	test.setTimeout(120_000)
	const email = uniqueEmail('privacy')
	const number = await paidCakeOrder(page, 'Paula Privacy', email, 0)
	// The header's link: signed out, it leads to sign-in.
	await gotoHydrated(page, '/')
	await page.getByRole('banner').getByRole('link', { name: 'My account' }).click()
	await expect(page).toHaveURL(/\/account\/sign-in\?redirectTo=%2Faccount$/)
	await signInAsCustomer(page, baseURL, email)

	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download my data' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toMatch(/^doce-dulce-my-data-\d{4}-\d{2}-\d{2}\.json$/)
	const file = JSON.parse(await readFile((await download.path())!, 'utf8'))
	expect(file.account.email).toBe(email)
	expect(file.orders).toEqual([
		expect.objectContaining({ number, lines: [expect.objectContaining({ name: 'Tres Leches Cake', quantity: 1 })] }),
	])

	// The pickup is ahead: deleting is refused and says which order and why.
	await page.getByRole('link', { name: 'Delete my account' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeVisible()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await page.getByRole('button', { name: 'Delete my account' }).click()
	const refusal = page.getByRole('alert')
	await expect(refusal).toContainText('Your account was not deleted: it still has something to collect.')
	await expect(refusal).toContainText(`Order #${number}, pickup`)
	await expectNoAxeViolations(page)

	// The owner: the order links to the customer, whose page takes a note; the list finds them.
	const owner = await (await browser.newContext({ baseURL })).newPage()
	await signInTo(owner, '/admin/orders', 'Orders')
	const card = owner.getByRole('article').filter({ hasText: `Order ${number}` })
	await card.getByRole('link', { name: 'Paula Privacy (customer account)' }).click()
	// The account has no name until the customer saves one: the owner reads the address.
	await expect(owner.getByRole('heading', { level: 1, name: `Customer: ${email}` })).toBeVisible({ timeout: 20_000 })
	await owner.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(owner.getByRole('region', { name: 'Orders' })).toContainText(`Order ${number} · Paid`)
	await owner.getByRole('textbox', { name: 'Note', exact: true }).fill('Nut allergy — always check')
	await owner.getByRole('button', { name: 'Save note' }).click()
	await expect(owner.getByText('Note saved.')).toBeVisible()
	await owner.reload()
	await expect(owner.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue('Nut allergy — always check')
	for (const width of [390, 1280]) {
		await owner.setViewportSize({ width, height: 900 })
		await expectNoAxeViolations(owner)
	}
	await owner.getByRole('link', { name: 'Customers', exact: true }).click()
	await owner.getByLabel('Search by name or e-mail').fill(email.toUpperCase())
	await owner.getByRole('button', { name: 'Search' }).click()
	await expect(owner).toHaveURL(/\/admin\/customers\?q=/)
	await expect(owner.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([email])
	await expect(owner.getByRole('listitem').filter({ hasText: email })).toContainText('1 order')
	for (const width of [390, 1280]) {
		await owner.setViewportSize({ width, height: 900 })
		await expectNoAxeViolations(owner)
	}

	// Collected: now the account can go, and the order stays for the books without her.
	await gotoHydrated(owner, '/admin/orders')
	await card.getByRole('button', { name: /^Mark as picked up/ }).click()
	await expect(card.getByText('Picked up', { exact: true })).toBeVisible()
	await page.getByRole('button', { name: 'Delete my account' }).click()
	await expect(page).toHaveURL(/\/account\/delete\?deleted=1$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible()
	await page.goto('/account')
	await expect(page).toHaveURL(/\/account\/sign-in\?redirectTo=%2Faccount$/)

	await owner.goto(`/admin/customers?q=${encodeURIComponent(email)}`)
	await expect(owner.getByText(/No customer’s name or e-mail contains/)).toBeVisible()
	await owner.goto('/admin/orders')
	const kept = owner.getByRole('article').filter({ hasText: `Order ${number}` })
	await expect(kept).toContainText('Deleted customer')
	await expect(kept).not.toContainText(email)
	await owner.context().close()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the confirmation step deletes the account and says so', async ({ page, baseURL }) => {
		const email = uniqueEmail('nojs-delete')
		await signInAsCustomer(page, baseURL, email)
		await page.getByRole('link', { name: 'Delete my account' }).click()
		await expect(page).toHaveURL(/\/account\/delete$/)
		await page.getByRole('button', { name: 'Delete my account' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible()
		await page.goto('/account/delete')
		await expect(page).toHaveURL(/\/account\/sign-in\?redirectTo=/)
	})
})

test('axe: the account’s data section and the delete page in every language at 390 and 1280 px', async ({
	page,
	baseURL,
}) => {
	test.setTimeout(180_000)
	await signInAsCustomer(page, baseURL, uniqueEmail('axe-privacy'))
	for (const [prefix, heading] of [
		['', 'Delete your account'],
		['/es', 'Eliminar tu cuenta'],
		['/pt-br', 'Excluir sua conta'],
	] as const) {
		for (const width of [390, 1280]) {
			await page.setViewportSize({ width, height: 900 })
			await gotoHydrated(page, `${prefix}/account`)
			await page.locator('#privacy-heading').scrollIntoViewIfNeeded()
			await expectNoAxeViolations(page, 'main')
			await gotoHydrated(page, `${prefix}/account/delete`)
			await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
			await expectNoAxeViolations(page)
		}
	}
})
