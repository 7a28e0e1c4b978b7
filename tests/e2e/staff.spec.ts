import crypto from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { encodeAccount } from '../mocks/google-oauth-server'
import { BAKERY_ZONE, choosePickup } from './pickup-support'
import { addCakeToCart, expectNoAxeViolations, gotoHydrated, signInTo, withE2eDatabase } from './support'

/**
 * Staff on the production build (decisions 071, 076, 077): the owner adds a staff member on /admin/staff; that
 * person signs in through the Google stand-in, sees only the staff screens, works the board and today's orders
 * (with the customer's allergy note and note), is refused on the owner's screens, and loses access when removed.
 */

const mockGoogleUrl = (baseURL: string | undefined) => `http://127.0.0.1:${Number(new URL(baseURL!).port) + 2000}`

/** A browser signed in through the Google stand-in as `email`, on `path`. */
async function signedInAs(browser: Browser, baseURL: string | undefined, email: string, path: string) {
	const context = await browser.newContext()
	await context.addCookies([
		{ name: 'mock_google_account', value: encodeAccount({ email, name: 'Sam Staff' }), url: mockGoogleUrl(baseURL) },
	])
	const page = await context.newPage()
	await page.goto(path)
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	return page
}

async function addStaffOnTheScreen(owner: Page, email: string) {
	await gotoHydrated(owner, '/admin/staff')
	await owner.getByLabel('Their Google e-mail').fill(email.toUpperCase())
	await owner.getByRole('button', { name: 'Add staff member' }).click()
	await expect(owner.getByRole('status').filter({ hasText: `${email} is now staff` })).toBeVisible()
	const entry = owner.getByRole('article').filter({ hasText: email })
	await expect(entry).toContainText('Added by owner@example.com')
	return entry
}

/** A paid order picking up today at 23:30 (still ahead for most of the day), with the customer's notes. */
async function seedTodaysOrder(customer: string, notes: { allergyNote?: string; customerNote?: string } = {}) {
	const id = `e2e${crypto.randomBytes(10).toString('hex')}`
	const today = localDateOf(new Date(), BAKERY_ZONE)
	await withE2eDatabase(async (client) => {
		await client.query(
			`INSERT INTO "Order" ("id", "customerName", "customerEmail", "status", "totalCents", "providerSessionId",
				"paidAt", "pickupAt", "pickupDate", "allergyNote", "customerNote", "createdAt", "updatedAt")
			VALUES ($1, $2, $3, 'PAID', 700, 'cs_test_' || $1, now(), ($4::date + time '23:30') AT TIME ZONE $5, $4::date,
				$6, $7, now(), now())`,
			[id, customer, `${id}@example.com`, today, BAKERY_ZONE, notes.allergyNote ?? null, notes.customerNote ?? null],
		)
		await client.query(
			`INSERT INTO "OrderItem" ("id", "orderId", "name", "unitPriceCents", "quantity", "options")
			VALUES ($1, $2, 'Conchas', 350, 2, '[]'::jsonb)`,
			[`e2e${crypto.randomBytes(10).toString('hex')}`, id],
		)
	})
	return today
}

const uniqueEmail = (who: string) => `${who}.${crypto.randomBytes(4).toString('hex')}@gmail.com`

test('the owner adds a staff member, who signs in as staff; removed, they lose access on their next click', async ({
	browser,
	page: owner,
	baseURL,
}) => {
	test.slow()
	const email = uniqueEmail('rosa')
	await signInTo(owner, '/admin/staff', 'Staff')
	await expect(owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' })).toBeVisible()

	// Not yet staff: the sign-in is refused.
	const early = await signedInAs(browser, baseURL, email, '/admin/board')
	await expect(early.getByText('This Google account is not allowed to manage the bakery.')).toBeVisible()

	const entry = await addStaffOnTheScreen(owner, email)
	// An owner cannot be added as staff, and the same person twice is refused; both keep what was typed.
	await owner.getByLabel('Their Google e-mail').fill('owner@example.com')
	await owner.getByRole('button', { name: 'Add staff member' }).click()
	await expect(owner.getByText('owner@example.com is an owner (ADMIN_EMAILS)')).toBeVisible()
	await owner.getByLabel('Their Google e-mail').fill(email.replace('rosa', 'Rosa'))
	await owner.getByRole('button', { name: 'Add staff member' }).click()
	await expect(owner.getByText(`${email} is already on the staff list.`)).toBeVisible()
	await expect(owner.getByLabel('Their Google e-mail')).toHaveValue(email.replace('rosa', 'Rosa'))
	await expectNoAxeViolations(owner)

	const staff = await signedInAs(browser, baseURL, email, '/admin/board')
	await expect(staff.getByRole('heading', { name: 'Order board', level: 1 })).toBeVisible()

	owner.once('dialog', (dialog) => dialog.accept())
	await entry.getByRole('button', { name: `Remove ${email}` }).click()
	await expect(owner.getByRole('status').filter({ hasText: `${email} is no longer staff.` })).toBeVisible()
	await expect(owner.getByRole('article').filter({ hasText: email })).toHaveCount(0)

	await staff.goto('/admin/orders')
	await expect(staff.getByRole('button', { name: 'Sign in with Google' })).toBeVisible()
	await expect(staff).toHaveURL(/\/image-uploader\?returnTo=/)
})

test('staff see only the staff screens, work the board and today’s orders, and are refused on the owner’s', async ({
	browser,
	page: owner,
	baseURL,
}) => {
	test.slow()
	const email = uniqueEmail('sam')
	const customer = `Staff Stella ${crypto.randomBytes(3).toString('hex')}`
	const today = await seedTodaysOrder(customer, {
		allergyNote: 'Tree nuts, severe',
		customerNote: 'Please add two candles',
	})
	await signInTo(owner, '/admin/staff', 'Staff')
	await addStaffOnTheScreen(owner, email)

	// Signing in on the sign-in screen sends staff to today's orders.
	const staff = await signedInAs(browser, baseURL, email, '/image-uploader')
	await expect(staff).toHaveURL(new RegExp(`/admin/orders\\?date=${today}$`))
	await expect(staff.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
	const nav = staff.getByRole('navigation', { name: 'Admin' })
	await expect(nav.getByRole('link')).toHaveText(['Orders', 'Board', 'Prep list', 'Bake sheet', 'Closing counts'])
	const orderOnList = staff.getByRole('article').filter({ hasText: customer })
	await expect(orderOnList).toContainText('Allergies: Tree nuts, severe')
	await expect(orderOnList).toContainText('Note: “Please add two candles”')
	await expect(orderOnList).not.toContainText('@example.com')

	await gotoHydrated(staff, '/admin/board')
	const card = staff.getByRole('article').filter({ hasText: customer })
	await expect(card).toContainText('Allergies: Tree nuts, severe')
	await expect(card).toContainText('Note: “Please add two candles”')
	await expectNoAxeViolations(staff)
	await card.getByRole('button', { name: /^Ready/ }).click()
	await expect(staff.getByRole('status').filter({ hasText: 'is ready' })).toBeVisible()
	await expect(
		staff
			.getByRole('region', { name: /^Ready/ })
			.getByRole('article')
			.filter({ hasText: customer }),
	).toBeVisible()

	await gotoHydrated(staff, `/admin/prep-list?date=${today}`)
	await expect(staff.getByRole('region', { name: /^Allergies/ })).toContainText('Tree nuts, severe')
	await expectNoAxeViolations(staff)

	for (const path of [
		'/admin/menu',
		'/admin/pickup-schedule',
		'/admin/outbox',
		'/admin/customers',
		'/admin/staff',
		'/admin/custom-cakes.csv',
		'/admin/prep-list.csv',
	]) {
		const response = await staff.request.get(path, { maxRedirects: 0 })
		expect(response.status(), path).toBe(403)
	}
	const refused = await staff.goto('/admin/menu')
	expect(refused?.status()).toBe(403)
})

test('the allergy note and the note typed at checkout show in the preview and on the board', async ({
	page: shopper,
	browser,
}) => {
	test.slow()
	const customer = `Noted Nina ${crypto.randomBytes(3).toString('hex')}`
	await gotoHydrated(shopper, '/cakes')
	await addCakeToCart(shopper, 'Tres Leches Cake')
	await gotoHydrated(shopper, '/checkout')
	await shopper.getByLabel('Full Name').fill(customer)
	await shopper.getByLabel('Email Address').fill(`${crypto.randomBytes(6).toString('hex')}@example.com`)
	const slot = await choosePickup(shopper)
	await shopper.getByLabel('Allergies (optional)').fill('No walnuts, please')
	await shopper.getByLabel('Note for the bakery (optional)').fill('My sister Ana will pick it up')
	await shopper.getByRole('button', { name: 'Preview Order' }).click()
	const dialog = shopper.getByRole('dialog', { name: 'Confirm Your Order' })
	await expect(dialog).toContainText('No walnuts, please')
	await expect(dialog).toContainText('My sister Ana will pick it up')
	await expectNoAxeViolations(shopper)
	await dialog.getByRole('button', { name: 'Confirm & Pay' }).click()
	await shopper.waitForURL(/\/pay\/cs_test_/)
	await shopper.getByRole('button', { name: 'Pay' }).click()
	await shopper.waitForURL(/\/success\?session_id=cs_test_/)

	const board = await (await browser.newContext()).newPage()
	await signInTo(board, `/admin/board?date=${localDateOf(new Date(slot), BAKERY_ZONE)}`, 'Order board')
	const card = board.getByRole('article').filter({ hasText: customer })
	await expect(card).toContainText('Allergies: No walnuts, please')
	await expect(card).toContainText('Note: “My sister Ana will pick it up”')
})
