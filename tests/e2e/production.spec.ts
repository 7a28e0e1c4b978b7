import crypto from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { BAKERY_ZONE, seededPickupSlot } from './pickup-support'
import { E2E_CLIENT_IP_HEADER } from './production-env'
import { addedToCart, expectNoAxeViolations, gotoHydrated, signInTo, withE2eDatabase } from './support'

/**
 * Production planning (decisions 082, 083) on the production build: the owner adds a resource and an item's step
 * and recipe; the bake sheet of a day with a paid order shows its batches, schedule and ingredients, prints and
 * downloads; closing counts saved today make next week's counter suggestion; a day whose oven is full is no longer
 * offered at checkout (decision 090).
 */

/** The bakery's date `days` from today. */
function bakeryDate(days: number) {
	const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date())
	const day = new Date(`${today}T12:00:00Z`)
	day.setUTCDate(day.getUTCDate() + days)
	return day.toISOString().slice(0, 10)
}

test('the owner plans an item; the bake sheet shows its batches and ingredients; closing counts feed the forecast', async ({
	page,
}) => {
	const tag = crypto.randomBytes(3).toString('hex')
	const itemName = `E2E Rolls ${tag}`
	const ovenName = `E2E Oven ${tag}`
	const itemId = `e2e${crypto.randomBytes(10).toString('hex')}`
	const date = bakeryDate(7)
	await withE2eDatabase(async (client) => {
		await client.query(
			`INSERT INTO "MenuItem" ("id", "name", "priceCents", "category", "orderable", "updatedAt")
			VALUES ($1, $2, 300, 'MEXICAN_PASTRIES', true, now())`,
			[itemId, itemName],
		)
		const orderId = `e2e${crypto.randomBytes(10).toString('hex')}`
		await client.query(
			`INSERT INTO "Order" ("id", "customerName", "customerEmail", "status", "totalCents", "paidAt", "pickupAt",
				"pickupDate", "updatedAt")
			VALUES ($1, 'Rosa', 'rosa@example.com', 'PAID', 3900, now(), ($2::date + '09:00'::time) AT TIME ZONE 'America/Los_Angeles', $2::date, now())`,
			[orderId, date],
		)
		await client.query(
			`INSERT INTO "OrderItem" ("id", "orderId", "menuItemId", "name", "unitPriceCents", "quantity")
			VALUES ($1, $2, $3, $4, 300, 13)`,
			[`e2e${crypto.randomBytes(10).toString('hex')}`, orderId, itemId, itemName],
		)
	})

	try {
		// A resource: 480 minutes every day from 05:00.
		await signInTo(page, '/admin/production', 'Production')
		const add = page.locator('form#add-resource')
		await add.getByLabel('Name').fill(ovenName)
		for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
			await add.getByLabel(day).fill('480')
		await add.getByRole('button', { name: 'Add resource' }).click()
		await expect(page.getByRole('status')).toContainText(`${ovenName} is saved.`)

		// The item's step (30 minutes per batch of 12, on the pickup day) and recipe (1.5 kg of masa harina per 12).
		await page.goto(`/admin/production/items/${itemId}`)
		await expect(page.getByRole('heading', { level: 1, name: `${itemName}: production` })).toBeVisible()
		await page.getByLabel('Step', { exact: true }).fill('Bake')
		await page.getByLabel('Resource').selectOption({ label: ovenName })
		await page.getByLabel('Minutes per batch').fill('30')
		await page.getByLabel('Batch size').first().fill('12')
		await page.getByRole('button', { name: 'Add step' }).click()
		await expect(page.getByText(`Bake: ${ovenName}, 30 min per batch of 12, on the pickup day`)).toBeVisible()
		await page.getByLabel('Ingredient').fill('Masa harina')
		// A quantity that is not a number is refused beside its field, keeping what was typed.
		await page.getByLabel('Quantity per batch').fill('lots')
		await page.getByRole('button', { name: 'Add ingredient' }).click()
		await expect(page.getByText('Please enter a quantity above 0 like 250 or 1.5')).toBeVisible()
		await expect(page.getByLabel('Ingredient')).toHaveValue('Masa harina')
		await page.getByLabel('Quantity per batch').fill('1.5')
		await page.getByLabel('Unit').selectOption('kg')
		// The recipe's batch starts as the item's first step's.
		await expect(page.getByLabel('Batch size').last()).toHaveValue('12')
		await page.getByRole('button', { name: 'Add ingredient' }).click()
		await expect(page.getByText('Masa harina: 1.5 kg per batch of 12')).toBeVisible()
		await expectNoAxeViolations(page)

		// The bake sheet: 13 rolls are 2 batches, scheduled back from the 09:00 pickup; 2 × 1.5 kg of masa harina.
		await page.goto(`/admin/bake-sheet?date=${date}`)
		const batches = page.getByRole('table', { name: 'Each item’s total and whole batches for this day' })
		await expect(batches.getByRole('row', { name: new RegExp(itemName) })).toContainText('132 × 1260')
		await expect(page.getByRole('listitem').filter({ hasText: `${itemName}, Bake batch 1 (12)` })).toHaveText(
			`08:00–08:30: ${itemName}, Bake batch 1 (12), ready by 09:00`,
		)
		await expect(page.getByRole('listitem').filter({ hasText: `${itemName}, Bake batch 2 (1)` })).toHaveText(
			`08:30–09:00: ${itemName}, Bake batch 2 (1), ready by 09:00`,
		)
		await expect(page.getByRole('table', { name: 'Ingredients summed across items' })).toContainText('Masa harina3 kg')
		await expect(page.getByRole('link', { name: /^Prep list for/ })).toBeVisible()
		await expectNoAxeViolations(page)

		// On paper only the sheet: the admin bar and the controls are not printed.
		await page.emulateMedia({ media: 'print' })
		await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden()
		await expect(batches).toBeVisible()
		await page.emulateMedia({ media: 'screen' })

		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('link', { name: 'Download CSV' }).click(),
		])
		expect(download.suggestedFilename()).toBe(`bake-sheet-${date}.csv`)
		const csv = (await readFile((await download.path())!)).toString('utf8')
		expect(csv).toContain(`Batch,${ovenName},${itemName},Bake,1,12,08:00,08:30,09:00,,,,,\r\n`)
		expect(csv).toContain(`Batch,${ovenName},${itemName},Bake,2,1,08:30,09:00,09:00,,,,,\r\n`)

		// Closing counts today: 20 made, 5 left over. Next week's sheet suggests the 15 that sold, plus the 13 preordered.
		await page.goto('/admin/closing-counts')
		await page.getByLabel(`${itemName}: made`).fill('20')
		await page.getByLabel(`${itemName}: left over`).fill('5')
		await page.getByRole('button', { name: 'Save counts' }).click()
		await expect(page.getByRole('status')).toHaveText('Saved the count of 1 item.')
		await expectNoAxeViolations(page)
		await page.goto(`/admin/bake-sheet?date=${date}`)
		const counterRow = page
			.getByRole('table', { name: 'Counter forecast per item, with preorders' })
			.getByRole('row', { name: new RegExp(itemName) })
		await expect(counterRow.getByRole('cell').nth(1)).toHaveText('15')
		await expect(counterRow.getByRole('cell').last()).toHaveText('28')
		// The counter's 15 are baked too: 28 rolls, 3 batches.
		await expect(batches.getByRole('row', { name: new RegExp(itemName) })).toContainText('283 × 1290')
	} finally {
		await withE2eDatabase(async (client) => {
			await client.query(
				`DELETE FROM "Order" WHERE "id" IN (SELECT "orderId" FROM "OrderItem" WHERE "menuItemId" = $1)`,
				[itemId],
			)
			await client.query(`DELETE FROM "MenuItem" WHERE "id" = $1`, [itemId])
			await client.query(`DELETE FROM "ProductionResource" WHERE "name" = $1`, [ovenName])
		})
	}
})

test('the owner gives an item an oven; once orders fill that oven for a day, the checkout no longer offers the day', async ({
	page,
	request,
}) => {
	const tag = crypto.randomBytes(3).toString('hex')
	const itemName = `E2E Conchas ${tag}`
	const ovenName = `E2E Small oven ${tag}`
	const itemId = `e2e${crypto.randomBytes(10).toString('hex')}`
	const pickupAt = seededPickupSlot(3)
	const fullDate = localDateOf(new Date(pickupAt), BAKERY_ZONE)
	await withE2eDatabase((client) =>
		client.query(
			`INSERT INTO "MenuItem" ("id", "name", "priceCents", "category", "orderable", "sortOrder", "updatedAt")
			VALUES ($1, $2, 300, 'MEXICAN_PASTRIES', true, 9300, now())`,
			[itemId, itemName],
		),
	)
	try {
		// An oven with one 30-minute batch a day, and the conchas baked on it in batches of 12 on the pickup day.
		await signInTo(page, '/admin/production', 'Production')
		const add = page.locator('form#add-resource')
		await add.getByLabel('Name').fill(ovenName)
		for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
			await add.getByLabel(day).fill('30')
		await add.getByRole('button', { name: 'Add resource' }).click()
		await expect(page.getByRole('status')).toContainText(`${ovenName} is saved.`)
		await page.goto(`/admin/production/items/${itemId}`)
		await page.getByLabel('Step', { exact: true }).fill('Bake')
		await page.getByLabel('Resource').selectOption({ label: ovenName })
		await page.getByLabel('Minutes per batch').fill('30')
		await page.getByLabel('Batch size').first().fill('12')
		await page.getByRole('button', { name: 'Add step' }).click()
		await expect(page.getByText(`Bake: ${ovenName}, 30 min per batch of 12, on the pickup day`)).toBeVisible()

		// A customer takes that day's whole batch.
		const placed = await request.post('/checkout.data', {
			headers: { [E2E_CLIENT_IP_HEADER]: `10.39.${crypto.randomInt(0, 250)}.${crypto.randomInt(1, 250)}` },
			form: {
				'customer.name': 'Lupita',
				'customer.email': `lupita-${tag}@example.com`,
				'items[0].id': itemId,
				'items[0].quantity': '12',
				pickupAt,
			},
		})
		expect(await placed.text()).toContain('/pay/cs_test_')

		// The next customer's checkout: that day reads "Sold out" and cannot be chosen; the day after can.
		await expect(async () => {
			await gotoHydrated(page, '/mexican-pastries')
			await expect(page.getByRole('button', { name: itemName, exact: true })).toBeVisible({ timeout: 1_000 })
		}).toPass({ timeout: 15_000 })
		await page.getByRole('button', { name: `Order Now: ${itemName}` }).click()
		await page
			.getByRole('dialog', { name: itemName })
			.getByRole('button', { name: /^Add to Cart/ })
			.click()
		await expect(addedToCart(page)).toContainText(`Added to cart: 1 × ${itemName}`)
		await gotoHydrated(page, '/checkout')
		const day = page.getByLabel('Pickup date').locator(`option[value="${fullDate}"]`)
		await expect(day).toBeDisabled()
		await expect(day).toContainText('Sold out')
		await expect(page.getByLabel('Pickup date').locator('option:not([disabled])').first()).toBeAttached()
		await expect(page.getByLabel('Pickup date')).not.toHaveValue(fullDate)
		await expectNoAxeViolations(page)
	} finally {
		await withE2eDatabase(async (client) => {
			const { rows } = await client.query<{ id: string }>(
				`SELECT DISTINCT "orderId" AS "id" FROM "OrderItem" WHERE "menuItemId" = $1`,
				[itemId],
			)
			for (const { id } of rows) {
				await client.query(`SELECT order_hold_release($1, NULL)`, [id])
				await client.query(`DELETE FROM "Order" WHERE "id" = $1`, [id])
			}
			await client.query(`DELETE FROM "MenuItem" WHERE "id" = $1`, [itemId])
			await client.query(`DELETE FROM "ProductionResource" WHERE "name" = $1`, [ovenName])
		})
	}
})
