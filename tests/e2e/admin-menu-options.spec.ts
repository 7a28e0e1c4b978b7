import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, signInTo, withE2eDatabase } from './support'

/**
 * The owner's option editor on an item's page (/admin/menu/:id), with and without JavaScript. Each test
 * works on a cake of its own, inserted here and deleted afterwards, so specs running meanwhile (which
 * add the seeded cakes to their carts) never meet its options.
 */

const items: string[] = []

async function createCake(label: string) {
	const id = `e2e-options-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
	const name = `E2E ${label} cake ${id.slice(-6)}`
	await withE2eDatabase((client) =>
		client.query(
			`INSERT INTO "MenuItem" ("id", "name", "priceCents", "category", "orderable", "sortOrder", "updatedAt")
			VALUES ($1, $2, 3000, 'CAKES', true, 9999, now())`,
			[id, name],
		),
	)
	items.push(id)
	return { id, name }
}

test.afterAll(async () => {
	await withE2eDatabase((client) => client.query('DELETE FROM "MenuItem" WHERE "id" = ANY($1)', [items]))
})

async function optionRows(itemId: string) {
	return withE2eDatabase(async (client) => {
		const { rows } = await client.query<{
			group: string
			kind: string
			required: boolean
			choice: string
			cents: number
		}>(
			`SELECT g."name" AS "group", g."kind"::text AS "kind", g."required", o."name" AS "choice", o."priceDeltaCents" AS "cents"
			FROM "MenuOptionGroup" g LEFT JOIN "MenuOption" o ON o."groupId" = g."id"
			WHERE g."menuItemId" = $1 ORDER BY g."position", g."id", o."position", o."id"`,
			[itemId],
		)
		return rows.map(
			(row) => `${row.group} (${row.kind}${row.required ? ', required' : ''}): ${row.choice} +${row.cents}`,
		)
	})
}

test('the owner adds a size group with two choices, reorders them, and the public menu has them at once', async ({
	page,
}) => {
	const cake = await createCake('sizes')
	await signInTo(page, `/admin/menu/${cake.id}`, `Edit ${cake.name}`)
	const options = page.getByRole('region', { name: 'Options' })
	await expect(options).toContainText('No options yet')

	await options.getByText('Add a group of options').click()
	const newGroup = options.getByRole('group', { name: 'New group' })
	await newGroup.getByLabel('Group name').fill('Size')
	await expect(newGroup.getByRole('radio', { name: 'One choice' })).toBeChecked()
	await newGroup.getByLabel('Customers must answer').check()
	// With JavaScript only the fields of the chosen kind show.
	await expect(newGroup.getByLabel('Maximum choices')).toHaveCount(0)
	await newGroup.getByRole('radio', { name: 'Several choices' }).check()
	await expect(newGroup.getByLabel('Maximum choices')).toBeVisible()
	await newGroup.getByRole('radio', { name: 'One choice' }).check()
	await newGroup.getByRole('button', { name: 'Add the group' }).click()
	await expect(options.getByRole('status')).toHaveText('The group “Size” was added. Add its choices below.')

	const size = options.getByRole('region', { name: 'Size' })
	await expect(size).toContainText('One choice · required')
	const addChoice = size.getByRole('group', { name: 'Add a choice to Size' })
	await addChoice.getByLabel('Choice name').fill('6″')
	await addChoice.getByRole('button', { name: 'Add the choice' }).click()
	await expect(size.getByRole('listitem').filter({ hasText: /^6″ ·/ })).toContainText('no extra charge')
	await expect(addChoice.getByLabel('Choice name')).toHaveValue('')

	// A price in words is refused next to the field, keeping what was typed.
	await addChoice.getByLabel('Choice name').fill('8″')
	await addChoice.getByLabel('Extra price').fill('twelve')
	await addChoice.getByRole('button', { name: 'Add the choice' }).click()
	await expect(addChoice).toContainText('Price must be a dollar amount like 12 or 12.50')
	await expect(addChoice.getByLabel('Extra price')).toHaveAttribute('aria-invalid', 'true')
	await expect(addChoice.getByLabel('Choice name')).toHaveValue('8″')
	await addChoice.getByLabel('Extra price').fill('12')
	await addChoice.getByRole('button', { name: 'Add the choice' }).click()
	await expect(size.getByRole('listitem').filter({ hasText: /^8″ ·/ })).toContainText('+$12.00')

	await size.getByRole('button', { name: 'Move up 8″ (Size)' }).click()
	await expect(options.getByRole('status')).toHaveText('“8″ (Size)” moved up.')
	await expect(size.getByRole('listitem')).toHaveText([/^8″/, /^6″/])
	expect(await optionRows(cake.id)).toEqual(['Size (SINGLE, required): 8″ +1200', 'Size (SINGLE, required): 6″ +0'])

	// Marking a choice sold out keeps the keyboard where it was.
	await size.getByRole('button', { name: /^Mark sold out\W+6″ \(Size\)/ }).click()
	await expect(options.getByRole('status')).toHaveText('“6″” is now sold out.')
	await expect(size.getByRole('listitem').filter({ hasText: /^6″ ·/ })).toContainText('Sold out')
	await expect(size.getByRole('button', { name: /^Mark available\W+6″ \(Size\)/ })).toBeFocused()

	// The public menu's data has them at once (the owner's write clears the menu cache).
	const menuData = await page.request.get('/cakes.data')
	const body = await menuData.text()
	expect(body).toContain(cake.name)
	expect(body).toContain('8″')
	expect(body).toContain('6″')

	// Axe on the editor with its forms open, at the desktop width.
	await page.setViewportSize({ width: 1280, height: 800 })
	await size.locator('summary', { hasText: 'Edit the group' }).click()
	await size.getByRole('listitem').first().locator('summary').click()
	await expectNoAxeViolations(page)

	// The menu list says which items ask questions.
	await page.goto('/admin/menu')
	await expect(page.getByRole('article', { name: cake.name })).toContainText('Options: Size')
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the owner adds a toppings group (a refused maximum keeps the form), a choice, and deletes after confirming', async ({
		page,
	}) => {
		const cake = await createCake('toppings')
		await signInTo(page, `/admin/menu/${cake.id}`, `Edit ${cake.name}`, { hydrated: false })
		const options = page.getByRole('region', { name: 'Options' })

		await options.getByText('Add a group of options').click()
		let newGroup = options.getByRole('group', { name: 'New group' })
		await newGroup.getByLabel('Group name').fill('Toppings')
		await newGroup.getByRole('radio', { name: 'Several choices' }).check()
		await newGroup.getByLabel('Minimum choices').fill('3')
		await newGroup.getByLabel('Maximum choices').fill('2')
		await newGroup.getByRole('button', { name: 'Add the group' }).click()

		// The page comes back with the form open, the problem named and what was typed kept.
		newGroup = page.getByRole('region', { name: 'Options' }).getByRole('group', { name: 'New group' })
		await expect(newGroup).toContainText('Max must be at least min (3).')
		await expect(newGroup.getByLabel('Group name')).toHaveValue('Toppings')
		await expect(newGroup.getByRole('radio', { name: 'Several choices' })).toBeChecked()
		await newGroup.getByLabel('Minimum choices').fill('')
		await newGroup.getByRole('button', { name: 'Add the group' }).click()
		await expect(options.getByRole('status')).toHaveText('The group “Toppings” was added. Add its choices below.')

		const toppings = options.getByRole('region', { name: 'Toppings' })
		await expect(toppings).toContainText('Several choices · up to 2')
		const addChoice = toppings.getByRole('group', { name: 'Add a choice to Toppings' })
		await addChoice.getByLabel('Choice name').fill('Strawberries')
		await addChoice.getByLabel('Extra price').fill('$3')
		await addChoice.getByRole('button', { name: 'Add the choice' }).click()
		await expect(toppings.getByRole('listitem')).toHaveText([/Strawberries · \+\$3\.00/])

		// Without a script the first press asks on the page; Yes deletes.
		await toppings.getByRole('button', { name: 'Delete Strawberries (Toppings)' }).click()
		const question = options.getByRole('alert')
		await expect(question).toContainText('Are you sure you want to delete the choice “Strawberries” from Toppings?')
		await question.getByRole('button', { name: 'Yes, delete' }).click()
		await expect(options.getByRole('status')).toHaveText('The choice was deleted.')
		expect(await optionRows(cake.id)).toEqual(['Toppings (MULTIPLE): null +null'])
	})
})
