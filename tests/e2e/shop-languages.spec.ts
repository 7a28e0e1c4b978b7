import crypto from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, gotoHydrated, mockStripeUrl, withE2eDatabase } from './support'

/**
 * The ordering path in Spanish and Portuguese (issue 18): a cake of this file's own, with a required size,
 * written straight to the database (the seeded cakes' options may change; other tests add those cakes).
 */
let itemId = ''
let name = ''

// A new cake each time a worker starts this file's tests: with fullyParallel a worker can come back to the
// file after other files, and a cake that has been ordered is kept by afterAll (its id would be taken).
test.beforeAll(async () => {
	const suffix = crypto.randomUUID().slice(0, 8)
	itemId = `e2e-lang-${suffix}`
	name = `Pastel Idiomas ${suffix}`
	const sizeGroup = `${itemId}-size`
	await withE2eDatabase(async (db) => {
		await db.query('BEGIN')
		await db.query(
			`INSERT INTO "MenuItem" ("id", "name", "description", "priceCents", "category", "orderable", "sortOrder", "updatedAt")
			VALUES ($1, $2, 'A cake for the language tests.', 3000, 'CAKES', true, 9200, now())`,
			[itemId, name],
		)
		await db.query(
			`INSERT INTO "MenuOptionGroup" ("id", "menuItemId", "name", "kind", "required", "minChoices", "maxChoices", "maxLength", "position")
			VALUES ($1, $2, 'Size', 'SINGLE', true, 0, NULL, 60, 0)`,
			[sizeGroup, itemId],
		)
		await db.query(
			`INSERT INTO "MenuOption" ("id", "groupId", "name", "priceDeltaCents", "soldOut", "position")
			VALUES ($1 || '-6', $1, '6″', 0, false, 0), ($1 || '-8', $1, '8″', 1000, false, 1)`,
			[sizeGroup],
		)
		await db.query('COMMIT')
	})
})

test.afterAll(async () => {
	await withE2eDatabase(async (db) => {
		await db.query(`UPDATE "MenuItem" SET "soldOut" = false WHERE "id" = $1`, [itemId])
		await db.query(
			`DELETE FROM "MenuItem" WHERE "id" = $1 AND NOT EXISTS (SELECT 1 FROM "OrderItem" WHERE "menuItemId" = $1)`,
			[itemId],
		)
	})
})

/** Opens the test cake's dialog on `path` once the server's menu cache shows it (written behind its back). */
async function openCakeDialog(page: Page, path: string) {
	await expect(async () => {
		await gotoHydrated(page, path)
		await expect(page.getByRole('button', { name: new RegExp(name) }).first()).toBeVisible({ timeout: 5_000 })
	}).toPass({ timeout: 60_000 })
	await page
		.getByRole('button', { name: new RegExp(name) })
		.first()
		.click()
	return page.getByRole('dialog', { name })
}

/** In Spanish: the cake (8″) in the cart, from /es/shop. */
async function spanishCartWithCake(page: Page) {
	const dialog = await openCakeDialog(page, '/es/shop')
	const size = dialog.getByRole('group', { name: 'Size (obligatorio)' })
	await expect(size).toBeVisible()
	await expect(dialog.getByText('Pregúntanos por los alérgenos')).toBeVisible()
	await expect(dialog.getByRole('button', { name: 'Aumentar cantidad' })).toBeVisible()
	// Nothing chosen yet: the refusal names the group, in Spanish.
	await dialog.getByRole('button', { name: /^Agregar al carrito - / }).click()
	await expect(size).toContainText(`${name}: elige Size, por favor.`)
	await size.getByRole('radio', { name: /8″/ }).check()
	await expect(dialog.getByRole('button', { name: 'Agregar al carrito - $40.00' })).toBeVisible()
	await dialog.getByRole('button', { name: /^Agregar al carrito - / }).click()
	await expect(dialog).toBeHidden()
	const added = page.getByRole('status').filter({ hasText: 'Agregado al carrito' })
	await expect(added).toContainText(`Agregado al carrito: 1 × ${name} (Size: 8″)`)
	await added.getByRole('link', { name: 'Ver carrito' }).click()
	await expect(page).toHaveURL(/\/es\/cart$/)
}

test('a purchase in Spanish: /es/shop, options, cart, checkout, the payment page in es-419, /es/success, order in Spanish', async ({
	page,
	request,
	baseURL,
}) => {
	test.slow()
	await spanishCartWithCake(page)
	await expect(page.getByRole('heading', { name: 'Tu carrito', level: 1 })).toBeVisible()
	await expect(page.getByText('Total: $40.00')).toBeVisible()
	await page.getByRole('link', { name: 'Pagar' }).click()
	await expect(page).toHaveURL(/\/es\/checkout$/)
	await expect(page.getByRole('heading', { name: 'Finalizar pedido', level: 1 })).toBeVisible()
	await expect(page.getByRole('heading', { name: '¿Alergias?' })).toBeVisible()

	// The browser's own validation speaks Spanish (the schema's messages are keys).
	await page.getByRole('button', { name: 'Revisar pedido' }).click()
	await expect(page.getByText('Escribe tu nombre y tu correo.')).toBeVisible()

	const email = `lucia.${Date.now()}@example.com`
	await page.getByLabel('Nombre completo').fill('Lucía Hernández')
	await page.getByLabel('Correo electrónico').fill(email)
	await page
		.getByRole('group', { name: /^Hora para recoger el / })
		.getByRole('radio')
		.first()
		.check()
	await page.getByRole('button', { name: 'Revisar pedido' }).click()
	const dialog = page.getByRole('dialog', { name: 'Confirma tu pedido' })
	await expect(dialog).toContainText('Lucía Hernández')
	await expect(dialog).toContainText('No indicado')
	await expect(dialog).toContainText(`${name} x 1`)
	await expectNoAxeViolations(page)
	await dialog.getByRole('button', { name: 'Confirmar y pagar' }).click()

	await page.waitForURL(/\/pay\/cs_test_/)
	const sessionId = /\/pay\/(cs_test_[A-Za-z0-9_]+)/.exec(page.url())![1]!
	const session = (await (await request.get(`${mockStripeUrl(baseURL)}/v1/checkout/sessions/${sessionId}`)).json()) as {
		locale: string
		success_url: string
		cancel_url: string
	}
	expect(session.locale).toBe('es-419')
	expect(session.success_url).toMatch(/\/es\/success\?session_id=\{CHECKOUT_SESSION_ID\}$/)
	expect(session.cancel_url).toMatch(/\/es\/cancel\?session_id=\{CHECKOUT_SESSION_ID\}$/)

	await page.getByRole('button', { name: 'Pay' }).click()
	await page.waitForURL(/\/es\/success\?session_id=cs_test_/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'es')
	await expect(page.getByRole('heading', { name: '¡Pedido confirmado!' })).toBeVisible()
	await expect(page.getByText(/Pedido n\.º [0-9A-Z]{8}/)).toBeVisible()
	await expect(page.getByRole('link', { name: 'Volver al menú' })).toHaveAttribute('href', '/es/menu')

	const locale = await withE2eDatabase(async (db) => {
		const { rows } = await db.query<{ locale: string }>(`SELECT "locale" FROM "Order" WHERE "customerEmail" = $1`, [
			email,
		])
		return rows.map((row) => row.locale)
	})
	expect(locale).toEqual(['es'])
})

test('the server refuses in Spanish: an item sold out while the customer was paying', async ({ page }) => {
	test.slow()
	await spanishCartWithCake(page)
	await gotoHydrated(page, '/es/checkout')
	await page.getByLabel('Nombre completo').fill('Lucía Hernández')
	await page.getByLabel('Correo electrónico').fill('lucia@example.com')
	await page
		.getByRole('group', { name: /^Hora para recoger el / })
		.getByRole('radio')
		.first()
		.check()
	await page.getByRole('button', { name: 'Revisar pedido' }).click()
	const dialog = page.getByRole('dialog', { name: 'Confirma tu pedido' })
	await expect(dialog).toBeVisible()
	await withE2eDatabase((db) => db.query(`UPDATE "MenuItem" SET "soldOut" = true WHERE "id" = $1`, [itemId]))
	try {
		await dialog.getByRole('button', { name: 'Confirmar y pagar' }).click()
		// In the dialog, or beside the line once the page's menu (cached for a few seconds) says it too.
		await expect(page.locator('main')).toContainText(`${name} está agotado. Actualiza tu carrito, por favor.`)
	} finally {
		await withE2eDatabase((db) => db.query(`UPDATE "MenuItem" SET "soldOut" = false WHERE "id" = $1`, [itemId]))
	}
})

test('Portuguese: /pt-br/menu and the item dialog', async ({ page }) => {
	test.slow()
	const dialog = await openCakeDialog(page, '/pt-br/menu')
	await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
	await expect(page.getByRole('heading', { name: 'Nosso cardápio', level: 1 })).toBeVisible()
	await expect(
		page.getByRole('navigation', { name: 'Categorias do cardápio' }).getByRole('link', { name: 'Bolos' }),
	).toHaveAttribute('href', /category=Cakes/)
	await expect(page.getByRole('group', { name: 'Ocultar produtos com:' })).toBeVisible()
	await expect(dialog.getByRole('group', { name: 'Size (obrigatório)' })).toBeVisible()
	await expect(dialog.getByText('Pergunte-nos sobre alergênicos')).toBeVisible()
	await expect(dialog.getByLabel('Quantidade', { exact: true })).toHaveValue('1')
	await expect(dialog.getByRole('button', { name: 'Adicionar ao carrinho - US$ 30,00' })).toBeVisible()
})
