import crypto from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { BAKERY_ZONE, choosePickup } from './pickup-support'
import { addedToCart, expectNoAxeViolations, gotoHydrated, withE2eDatabase } from './support'

/**
 * A cake of this test's own, with a required size (one sold out), toppings (up to 2) and a message, written
 * straight to the database: the seeded cakes' own options may change, and other tests add those cakes
 * without choosing anything.
 */
// Each worker that runs this file inserts its own cake.
const suffix = crypto.randomUUID().slice(0, 8)
const itemId = `e2e-options-${suffix}`
const name = `Options Test Cake ${suffix}`
const group = (key: string) => `${itemId}-${key}`

test.beforeAll(async () => {
	await withE2eDatabase(async (db) => {
		await db.query('BEGIN')
		await db.query(
			`INSERT INTO "MenuItem" ("id", "name", "description", "priceCents", "category", "orderable", "sortOrder", "updatedAt")
			VALUES ($1, $2, 'A cake with options, for the tests.', 4000, 'CAKES', true, 9100, now())`,
			[itemId, name],
		)
		await db.query(
			`INSERT INTO "MenuOptionGroup" ("id", "menuItemId", "name", "kind", "required", "minChoices", "maxChoices", "maxLength", "position")
			VALUES ($1, $4, 'Size', 'SINGLE', true, 0, NULL, 60, 0),
				($2, $4, 'Toppings', 'MULTIPLE', false, 0, 2, 60, 1),
				($3, $4, 'Message on the cake', 'TEXT', false, 0, NULL, 30, 2)`,
			[group('size'), group('toppings'), group('message'), itemId],
		)
		await db.query(
			`INSERT INTO "MenuOption" ("id", "groupId", "name", "priceDeltaCents", "soldOut", "position")
			VALUES ($1 || '-6', $1, '6″', 0, false, 0), ($1 || '-8', $1, '8″', 1200, false, 1), ($1 || '-10', $1, '10″', 2400, true, 2),
				($2 || '-s', $2, 'Strawberries', 150, false, 0), ($2 || '-c', $2, 'Coconut', 100, false, 1), ($2 || '-p', $2, 'Pecans', 200, false, 2)`,
			[group('size'), group('toppings')],
		)
		await db.query('COMMIT')
	})
})

test.afterAll(async () => {
	await withE2eDatabase((db) => db.query(`DELETE FROM "MenuItem" WHERE "id" = $1`, [itemId]))
})

/** Opens the test cake's dialog on /cakes once the server's menu cache shows it (written behind its back). */
async function openCakeDialog(page: Page, { fields = true } = {}) {
	await expect(async () => {
		await gotoHydrated(page, '/cakes')
		await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible({ timeout: 1_000 })
	}).toPass({ timeout: 15_000 })
	await page.getByRole('button', { name: new RegExp(name) }).click()
	const dialog = page.getByRole('dialog', { name })
	if (fields) await expect(dialog.getByRole('group', { name: 'Size (required)' })).toBeVisible()
	return dialog
}

test('a size and a message change the price; two sizes are two cart lines with their options', async ({ page }) => {
	// The option fields are not in the menu's first load: they come when an item with options opens.
	const optionScripts: string[] = []
	page.on('request', (request) => {
		if (/\/assets\/item-option-fields-[^/]+\.js$/.test(request.url())) optionScripts.push(request.url())
	})
	await expect(async () => {
		await gotoHydrated(page, '/cakes')
		await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible({ timeout: 1_000 })
	}).toPass({ timeout: 15_000 })
	expect(optionScripts).toEqual([])
	const dialog = await openCakeDialog(page)
	expect(optionScripts).toHaveLength(1)
	const size = dialog.getByRole('group', { name: 'Size (required)' })
	const addButton = dialog.getByRole('button', { name: /^Add to Cart/ })
	await expect(size.getByRole('radio', { name: /10″/ })).toBeDisabled()
	await expect(size.locator('li').filter({ hasText: '10″' })).toContainText('Sold out')
	await expect(size.locator('li').filter({ hasText: '8″' })).toContainText('+$12.00')
	await expect(addButton).toHaveText('Add to Cart - $40.00')

	// Nothing is chosen for the customer: Add names the missing size, keeps the dialog open and goes there.
	await addButton.click()
	await expect(size).toContainText(`${name}: please choose Size.`)
	await expect(size).toHaveAccessibleDescription(`${name}: please choose Size.`)
	await expect(size.getByRole('radio', { name: /6″/ })).toBeFocused()
	await expect(dialog).toBeVisible()
	await expect(addedToCart(page)).toHaveCount(0)

	await size.getByRole('radio', { name: /8″/ }).check()
	await expect(size).not.toContainText('please choose Size')
	await expect(addButton).toHaveText('Add to Cart - $52.00')
	const toppings = dialog.getByRole('group', { name: 'Toppings (optional, choose up to 2)' })
	await toppings.getByRole('checkbox', { name: /Strawberries/ }).check()
	await toppings.getByRole('checkbox', { name: /Pecans/ }).check()
	await expect(toppings.getByRole('checkbox', { name: /Coconut/ })).toBeDisabled()
	await expect(toppings).toContainText('You have chosen 2, the most for Toppings')
	await expect(addButton).toHaveText('Add to Cart - $55.50')
	await toppings.getByRole('checkbox', { name: /Pecans/ }).uncheck()
	await expect(toppings.getByRole('checkbox', { name: /Coconut/ })).toBeEnabled()
	const message = dialog.getByRole('textbox', { name: 'Message on the cake' })
	await message.fill('Feliz cumpleaños Ana 🎂')
	await expect(dialog.getByText('22 / 30')).toBeVisible()
	await dialog.getByRole('button', { name: 'Increase quantity' }).click()
	await expect(addButton).toHaveText('Add to Cart - $107.00')
	await addButton.click()
	await expect(dialog).toBeHidden()
	await expect(addedToCart(page)).toContainText(
		`Added to cart: 2 × ${name} (Size: 8″ · Toppings: Strawberries · Message on the cake: “Feliz cumpleaños Ana 🎂”)`,
	)

	// The dialog opens afresh: nothing chosen, quantity 1.
	await page.getByRole('button', { name: new RegExp(name) }).click()
	await expect(addButton).toHaveText('Add to Cart - $40.00')
	await size.getByRole('radio', { name: /6″/ }).check()
	await expect(addButton).toHaveText('Add to Cart - $40.00')
	await addButton.click()
	await expect(addedToCart(page)).toContainText(`Added to cart: 1 × ${name} (Size: 6″)`)

	await gotoHydrated(page, '/cart')
	const lines = page.locator('main li')
	await expect(lines).toHaveCount(2)
	const eightInch = `${name} (Size: 8″ · Toppings: Strawberries · Message on the cake: “Feliz cumpleaños Ana 🎂”)`
	await expect(lines.nth(0)).toContainText(
		'Size: 8″ · Toppings: Strawberries · Message on the cake: “Feliz cumpleaños Ana 🎂”',
	)
	await expect(lines.nth(0)).toContainText('$53.50 each')
	await expect(page.getByLabel(`Quantity of ${eightInch}`, { exact: true })).toHaveValue('2')
	await expect(lines.nth(1)).toContainText('Size: 6″')
	await expect(lines.nth(1)).toContainText('$40.00 each')
	await expect(page.getByText(/^Total: \$/)).toHaveText('Total: $147.00')

	// Quantity and Remove act on one line, not on every line of the cake.
	await page.getByRole('button', { name: `Increase quantity of ${name} (Size: 6″)` }).click()
	await expect(page.getByLabel(`Quantity of ${name} (Size: 6″)`, { exact: true })).toHaveValue('2')
	await expect(page.getByLabel(`Quantity of ${eightInch}`, { exact: true })).toHaveValue('2')
	await page.getByRole('button', { name: `Remove ${eightInch}` }).click()
	await expect(lines).toHaveCount(1)
	await expect(lines.first()).toContainText('Size: 6″')

	await gotoHydrated(page, '/checkout')
	await expect(page.getByRole('button', { name: `Remove ${name} (Size: 6″)` })).toBeVisible()
	await expect(page.locator('main').getByText('Size: 6″', { exact: true })).toBeVisible()
})

test('the open dialog with options is axe-clean at 1280px and 390px, also with a refused Add', async ({ page }) => {
	const dialog = await openCakeDialog(page)
	await expectNoAxeViolations(page)
	await dialog.getByRole('button', { name: /^Add to Cart/ }).click()
	await expect(dialog.getByRole('group', { name: 'Size (required)' })).toContainText('please choose Size')
	await dialog.getByRole('textbox', { name: 'Message on the cake' }).fill('x'.repeat(31))
	await expect(dialog.getByText('31 / 30 (1 too many)')).toBeVisible()
	await expectNoAxeViolations(page)

	await page.setViewportSize({ width: 390, height: 844 })
	await page.keyboard.press('Escape')
	await page.getByRole('button', { name: new RegExp(name) }).click()
	await expect(dialog.getByRole('group', { name: 'Size (required)' })).toBeVisible()
	await expectNoAxeViolations(page)
	await dialog
		.getByRole('group', { name: 'Toppings (optional, choose up to 2)' })
		.getByRole('checkbox', { name: /Coconut/ })
		.check()
	await dialog
		.getByRole('group', { name: 'Toppings (optional, choose up to 2)' })
		.getByRole('checkbox', { name: /Pecans/ })
		.check()
	await dialog.getByRole('button', { name: /^Add to Cart/ }).click()
	await expect(dialog.getByRole('group', { name: 'Size (required)' })).toContainText('please choose Size')
	await expectNoAxeViolations(page)
})

test('two sizes with a message, paid: the choices on /success, in the owner’s order and on the prep list', async ({
	page,
}) => {
	test.slow()
	const dialog = await openCakeDialog(page)
	const size = dialog.getByRole('group', { name: 'Size (required)' })
	await size.getByRole('radio', { name: /8″/ }).check()
	await dialog.getByRole('textbox', { name: 'Message on the cake' }).fill('  Feliz   cumpleaños Ana ')
	await dialog.getByRole('button', { name: 'Add to Cart - $52.00' }).click()
	await expect(addedToCart(page)).toContainText('Added to cart')
	await page.getByRole('button', { name: new RegExp(name) }).click()
	await size.getByRole('radio', { name: /6″/ }).check()
	await dialog.getByRole('button', { name: 'Increase quantity' }).click()
	await dialog.getByRole('button', { name: 'Add to Cart - $80.00' }).click()
	await expect(addedToCart(page)).toContainText(`Added to cart: 2 × ${name} (Size: 6″)`)

	await gotoHydrated(page, '/checkout')
	const email = `options.${Date.now()}@example.com`
	await page.getByLabel('Full Name').fill('Ana Souza')
	await page.getByLabel('Email Address').fill(email)
	const pickupAt = await choosePickup(page)
	await page.getByRole('button', { name: 'Preview Order' }).click()
	const preview = page.getByRole('dialog', { name: 'Confirm Your Order' })
	await expect(preview).toContainText('Size: 8″ · Message on the cake: “Feliz cumpleaños Ana”')
	await expect(preview).toContainText('Total: $132.00')
	await preview.getByRole('button', { name: 'Confirm & Pay' }).click()
	await page.waitForURL(/\/pay\/cs_test_/)
	await page.getByRole('button', { name: 'Pay' }).click()
	await page.waitForURL(/\/success\?session_id=cs_test_/)

	// The receipt page: each line with its choices, the message as the server tidied it.
	const main = page.locator('main')
	await expect(main).toContainText('Size: 8″ · Message on the cake: “Feliz cumpleaños Ana”')
	await expect(main).toContainText('Size: 6″')
	await expect(main).toContainText('Total: $132.00')
	const number = (await page.getByText(/Order #[0-9A-Z]{8}/).textContent())!.match(/#([0-9A-Z]{8})/)![1]!

	// The owner's day: the order with its lines' choices; the prep list: the cake by size, and the message.
	const date = localDateOf(pickupAt, BAKERY_ZONE)
	await page.goto(`/admin/orders?date=${date}`)
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	const order = page
		.getByRole('list', { name: /^Orders by pickup time/ })
		.getByRole('article')
		.filter({ hasText: email })
	await expect(order).toContainText(`${name} × 1Size: 8″ · Message on the cake: “Feliz cumpleaños Ana”`)
	await expect(order).toContainText(`${name} × 2Size: 6″`)

	await page.goto(`/admin/prep-list?date=${date}`)
	const table = page.getByRole('table')
	await expect(table.getByRole('row', { name: new RegExp(`^${name}`) })).toHaveText([
		new RegExp(`^${name}(\\s*\\d+){2}\\s*3$`),
		/6″(\s*\d+){2}\s*2$/,
		/8″(\s*\d+){2}\s*1$/,
	])
	await expect(table.getByRole('listitem').filter({ hasText: number })).toHaveText(
		new RegExp(`^“Feliz cumpleaños Ana” \\(8″\\) — order ${number}, pickup `),
	)
})

test('when the option fields cannot load, the dialog says so and adds nothing', async ({ page }) => {
	await page.route(/\/assets\/item-option-fields-[^/]+\.js$/, (route) => route.abort())
	const dialog = await openCakeDialog(page, { fields: false })
	const alert = dialog.getByRole('alert')
	await expect(alert).toHaveText(
		'The choices for this item could not be loaded. Please check your connection and reload the page.',
	)
	await dialog.getByRole('button', { name: /^Add to Cart/ }).click()
	await expect(alert).toContainText(`${name}: please choose Size.`)
	await expect(dialog).toBeVisible()
	await expect(addedToCart(page)).toHaveCount(0)
})
