import { expect, test, type Page } from '@playwright/test'
import { addCakeToCart, expectNoAxeViolations, gotoHydrated, signInTo, withE2eDatabase } from './support'

/** The demo menu (prisma/seed/data.ts): pecan polvorones; marranitos share their trays; pão de queijo is nut-free. */
const card = (page: Page, name: string) => page.locator('main li').filter({ has: page.getByRole('button', { name }) })

test.describe('allergens', () => {
	test('without JavaScript, "Hide items containing" hides the nut items, keeps the category and says how many', async ({
		browser,
	}) => {
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await page.goto('/menu')
		await expect(card(page, 'Polvorones')).toBeVisible()
		const filter = page.getByRole('group', { name: 'Hide items containing:' })
		await filter.getByRole('checkbox', { name: 'tree nuts' }).check()
		await page.getByRole('button', { name: 'Apply' }).click()

		await expect(page).toHaveURL('/menu?hide=tree-nuts')
		await expect(page.getByRole('checkbox', { name: 'tree nuts' })).toBeChecked()
		await expect(card(page, 'Polvorones')).toHaveCount(0)
		await expect(card(page, 'Marranitos')).toHaveCount(0) // may contain tree nuts
		await expect(card(page, 'Pão de Queijo')).toBeVisible()
		// Polvorones and marranitos (and any item another test adds without listing its allergens).
		await expect(page.getByText(/^\d+ items are hidden by your allergen choices\.$/)).toBeVisible()

		await page
			.getByRole('navigation', { name: 'Menu categories' })
			.getByRole('link', { name: 'Mexican Pastries' })
			.click()
		await expect(page).toHaveURL('/menu?category=Mexican%20Pastries&hide=tree-nuts')
		await expect(card(page, 'Conchas')).toBeVisible()
		await expect(card(page, 'Polvorones')).toHaveCount(0)
		await page.getByRole('checkbox', { name: 'peanuts' }).check()
		await page.getByRole('button', { name: 'Apply' }).click()
		await expect(page).toHaveURL('/menu?category=Mexican+Pastries&hide=tree-nuts&hide=peanuts')
		await expect(card(page, 'Conchas')).toBeVisible()
		await expect(card(page, 'Marranitos')).toHaveCount(0)

		// The cached pages never mix: the unfiltered menu still shows them.
		await page.getByRole('link', { name: 'Show all items' }).click()
		await expect(page).toHaveURL('/menu?category=Mexican%20Pastries')
		await expect(card(page, 'Polvorones')).toBeVisible()
		await context.close()
	})

	test('badges say what each item contains, on the card and in the dialog; the menu carries its JSON-LD', async ({
		page,
	}) => {
		await gotoHydrated(page, '/menu')
		const paoDeQueijo = card(page, 'Pão de Queijo')
		const badges = paoDeQueijo.getByRole('list', { name: 'Allergens and diet' })
		await expect(badges.getByRole('listitem')).toHaveText(['Contains: milk, eggs', 'Vegetarian', 'Gluten-free'])
		await expect(card(page, 'Marranitos')).toContainText('May contain: tree nuts')

		await paoDeQueijo.locator('button[aria-haspopup="dialog"]').click()
		const dialog = page.getByRole('dialog', { name: 'Pão de Queijo' })
		await expect(dialog.getByRole('list', { name: 'Allergens and diet' }).getByRole('listitem')).toHaveText([
			'Contains: milk, eggs',
			'Vegetarian',
			'Gluten-free',
		])
		await expect(dialog).toContainText('one shared kitchen')
		await page.keyboard.press('Escape')

		const menu = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
			'@type': string
			hasMenuSection: Array<{ name: string; hasMenuItem: Array<Record<string, unknown>> }>
		}
		expect(menu['@type']).toBe('Menu')
		const item = menu.hasMenuSection[0]!.hasMenuItem.find((entry) => entry.name === 'Pão de Queijo')
		expect(item).toMatchObject({
			offers: { '@type': 'Offer', price: '4.50', priceCurrency: 'USD' },
			suitableForDiet: ['https://schema.org/GlutenFreeDiet', 'https://schema.org/VegetarianDiet'],
		})
		// Filtered views are not the menu search engines index: no second Menu there.
		await gotoHydrated(page, '/menu?hide=milk')
		await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0)
	})

	test('the checkout asks about allergies, with the kitchen statement', async ({ page }) => {
		await gotoHydrated(page, '/cakes')
		await addCakeToCart(page, 'Tres Leches Cake')
		await gotoHydrated(page, '/checkout')
		const notice = page.getByRole('region', { name: 'Allergies?' })
		await expect(notice).toContainText('Tell us about allergies before you pay')
		await expect(notice).toContainText('one shared kitchen')
		await expect(notice.getByRole('link', { name: '(425) 555-0164' })).toHaveAttribute('href', 'tel:+14255550164')
	})

	test('the owner lists an item’s allergens; contradictions are refused with the ticks kept', async ({ page }) => {
		const id = `e2e-allergens-${Date.now().toString(36)}`
		const name = `Sesame Twist ${id.slice(-6)}`
		await withE2eDatabase((db) =>
			db.query(
				`INSERT INTO "MenuItem" ("id", "name", "priceCents", "category", "sortOrder", "updatedAt")
				VALUES ($1, $2, 300, 'DONUTS', 9000, now())`,
				[id, name],
			),
		)
		try {
			// Written behind the server's back: its menu cache shows the new item within seconds.
			await expect(async () => {
				await gotoHydrated(page, '/menu')
				await expect(card(page, name)).toContainText('Ask us about allergens', { timeout: 1_000 })
			}).toPass({ timeout: 15_000 })

			await signInTo(page, `/admin/menu/${id}`, `Edit ${name}`)
			const contains = page.getByRole('group', { name: 'Contains' })
			await contains.getByRole('checkbox', { name: 'Wheat' }).check()
			await contains.getByRole('checkbox', { name: 'Sesame' }).check()
			await page.getByRole('group', { name: 'Dietary labels' }).getByRole('checkbox', { name: 'Gluten-free' }).check()
			await page.getByRole('checkbox', { name: 'I have listed this item’s allergens' }).check()
			await page.getByRole('button', { name: 'Save changes' }).click()
			await expect(
				page.getByText('An item that contains or may contain wheat can’t be labelled gluten-free.'),
			).toBeVisible()
			await expect(contains.getByRole('checkbox', { name: 'Sesame' })).toBeChecked()
			await test.step('the form with its error', () => expectNoAxeViolations(page))

			await page.getByRole('group', { name: 'Dietary labels' }).getByRole('checkbox', { name: 'Gluten-free' }).uncheck()
			await page.getByRole('group', { name: 'Dietary labels' }).getByRole('checkbox', { name: 'Vegetarian' }).check()
			await page.getByRole('button', { name: 'Save changes' }).click()
			await expect(page.getByText('Changes saved.')).toBeVisible()

			await gotoHydrated(page, '/menu')
			await expect(card(page, name).getByRole('list', { name: 'Allergens and diet' }).getByRole('listitem')).toHaveText(
				['Contains: wheat, sesame', 'Vegetarian'],
			)
			await gotoHydrated(page, '/menu?hide=sesame')
			await expect(card(page, name)).toHaveCount(0)
		} finally {
			await withE2eDatabase((db) => db.query('DELETE FROM "MenuItem" WHERE "id" = $1', [id]))
		}
	})
})
