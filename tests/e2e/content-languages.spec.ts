import { expect, test } from '@playwright/test'
import { signInTo, withE2eDatabase } from './support'

/**
 * The owner's content in Spanish and Portuguese: a Spanish name and description typed in the item editor
 * reach /es/menu, Portuguese visitors read the English, /admin/menu says what still needs a translation, and
 * a Portuguese site text shows on /pt-br/about. Each test works on rows of its own and removes them.
 */

// Each test signs in and saves through the admin: generous on a busy machine.
test.describe.configure({ timeout: 120_000 })

const items: string[] = []

async function createCake(label: string) {
	const id = `e2e-content-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
	const name = `E2E ${label} cake ${id.slice(-6)}`
	await withE2eDatabase((client) =>
		client.query(
			`INSERT INTO "MenuItem" ("id", "name", "description", "priceCents", "category", "orderable", "sortOrder", "updatedAt")
			VALUES ($1, $2, 'A cake for the languages test.', 3000, 'CAKES', true, 9999, now())`,
			[id, name],
		),
	)
	items.push(id)
	return { id, name }
}

// Each worker removes only the items it made. (With fullyParallel, another worker runs this file's other
// test and its own afterAll: a shared cleanup here once deleted the mission text in the middle of that test.)
test.afterAll(async () => {
	await withE2eDatabase((client) => client.query('DELETE FROM "MenuItem" WHERE "id" = ANY($1)', [items]))
})

test('the owner adds a Spanish name and description: /es/menu shows them, /pt-br/menu the English', async ({
	page,
}) => {
	const cake = await createCake('spanish')
	await signInTo(page, '/admin/menu', 'Menu items')
	const card = page.getByRole('article', { name: cake.name })
	await expect(card.getByText('Needs Spanish', { exact: true })).toBeVisible()
	await expect(card.getByText('Needs Portuguese', { exact: true })).toBeVisible()

	await card.getByRole('link', { name: `Edit ${cake.name}` }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Edit ${cake.name}` })).toBeVisible()
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	const translations = page.getByRole('group', { name: 'Spanish and Portuguese' })
	await translations.getByLabel('Name in Spanish').fill(`Pastel de prueba ${cake.id.slice(-6)}`)
	await translations.getByLabel('Description in Spanish').fill('Un pastel para la prueba de idiomas.')
	await page.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Changes saved. The public menu shows them now.')).toBeVisible()

	await page.goto('/admin/menu')
	await expect(card.getByText('Needs Spanish', { exact: true })).toHaveCount(0)
	await expect(card.getByText('Needs Portuguese', { exact: true })).toBeVisible()

	await page.goto('/es/menu?category=cakes')
	const spanish = page.locator('main li').filter({ hasText: `Pastel de prueba ${cake.id.slice(-6)}` })
	await expect(spanish).toBeVisible()
	await expect(spanish).toContainText('Un pastel para la prueba de idiomas.')
	await expect(page.locator('main li').filter({ hasText: cake.name })).toHaveCount(0)

	await page.goto('/pt-br/menu?category=cakes')
	const portuguese = page.locator('main li').filter({ hasText: cake.name })
	await expect(portuguese).toBeVisible()
	await expect(portuguese).toContainText('A cake for the languages test.')
})

test('a site text written in Portuguese shows on /pt-br/about; English keeps its own', async ({ page }) => {
	try {
		await signInTo(page, '/admin/site-texts', 'Site texts')
		const mission = page.getByRole('region', { name: 'Our mission' })
		await mission.getByLabel('Our mission in Portuguese').fill('Alegrar o seu dia com pão de queijo quentinho.')
		await mission.getByRole('button', { name: 'Save our mission' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Our mission saved.' })).toBeVisible()

		await page.goto('/pt-br/about')
		await expect(page.getByText('Alegrar o seu dia com pão de queijo quentinho.')).toBeVisible()
		await page.goto('/about')
		await expect(
			page.getByText(
				'To bring joy through every bite by baking fresh, authentic goods and serving our community with heart.',
			),
		).toBeVisible()
	} finally {
		await withE2eDatabase((client) => client.query(`DELETE FROM "SiteText" WHERE "key" = 'mission'`))
	}
})
