import crypto from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { receivedMails } from './mail-log'
import { BAKERY_ZONE, choosePickup } from './pickup-support'
import { addCakeToCart, expectNoAxeViolations, gotoHydrated, withE2eDatabase } from './support'

/**
 * The live order board (decision 070) on the production build: boards on two pages see an order paid on a
 * third within a second without reloading; Ready sends the ready mail with the "I'm here" link; the customer's
 * arrival lights the order up on every board; a board that lost its connection catches up.
 */

async function signedInBoard(browser: Browser, path = '/admin/board') {
	const context = await browser.newContext()
	const page = await context.newPage()
	await page.goto(path)
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	await expect(page.getByRole('heading', { name: 'Order board', level: 1 })).toBeVisible()
	await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible()
	return page
}

/** A paid order picking up today at the bakery (at 23:30, so it is still ahead for most of the day). */
async function seedTodaysOrder(customer: string, email: string) {
	const id = `e2e${crypto.randomBytes(10).toString('hex')}`
	const today = localDateOf(new Date(), BAKERY_ZONE)
	await withE2eDatabase(async (client) => {
		await client.query(
			`INSERT INTO "Order" ("id", "customerName", "customerEmail", "status", "totalCents", "providerSessionId",
				"paidAt", "pickupAt", "pickupDate", "createdAt", "updatedAt")
			VALUES ($1, $2, $3, 'PAID', 700, 'cs_test_' || $1, now(), ($4::date + time '23:30') AT TIME ZONE $5, $4::date,
				now(), now())`,
			[id, customer, email, today, BAKERY_ZONE],
		)
		await client.query(
			`INSERT INTO "OrderItem" ("id", "orderId", "name", "unitPriceCents", "quantity", "options")
			VALUES ($1, $2, 'Conchas', 350, 2, '[]'::jsonb)`,
			[`e2e${crypto.randomBytes(10).toString('hex')}`, id],
		)
	})
	return id
}

const orderCard = (page: Page, customer: string) => page.getByRole('article').filter({ hasText: customer })
const column = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) })

/** The "I'm here" address in a mail (quoted-printable undone). */
function arrivalLinkIn(raw: string) {
	const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
	return text.match(/https?:\/\/[^\s"<>]+\/here\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/)?.[0]
}

test('two boards show an order paid on a third page within a second, without reloading', async ({ browser }) => {
	test.slow()
	const customer = `Board Bea ${crypto.randomBytes(3).toString('hex')}`
	const shopper = await (await browser.newContext()).newPage()
	await gotoHydrated(shopper, '/cakes')
	await addCakeToCart(shopper, 'Tres Leches Cake')
	await gotoHydrated(shopper, '/checkout')
	await shopper.getByLabel('Full Name').fill(customer)
	await shopper.getByLabel('Email Address').fill(`${crypto.randomBytes(6).toString('hex')}@example.com`)
	const slot = await choosePickup(shopper)
	const date = localDateOf(new Date(slot), BAKERY_ZONE)

	const boards = [await signedInBoard(browser, `/admin/board?date=${date}`)]
	boards.push(await signedInBoard(browser, `/admin/board?date=${date}`))
	for (const board of boards) await expect(orderCard(board, customer)).toHaveCount(0)

	await shopper.getByRole('button', { name: 'Preview Order' }).click()
	await shopper
		.getByRole('dialog', { name: 'Confirm Your Order' })
		.getByRole('button', { name: 'Confirm & Pay' })
		.click()
	await shopper.waitForURL(/\/pay\/cs_test_/)
	await shopper.getByRole('button', { name: 'Pay' }).click()
	await shopper.waitForURL(/\/success\?session_id=cs_test_/)
	for (const board of boards) {
		await expect(column(board, 'To make').getByRole('article').filter({ hasText: customer })).toBeVisible({
			timeout: 1_000,
		})
	}
	// The receipt page carries the "I'm here" link.
	await expect(shopper.getByRole('link', { name: 'When you arrive, tell us you’re here' })).toHaveAttribute(
		'href',
		/^\/here\//,
	)
})

test('Ready sends the ready mail; its "I’m here" link lights the order up on every board', async ({
	browser,
	baseURL,
}) => {
	test.slow()
	const customer = `Arriving Ana ${crypto.randomBytes(3).toString('hex')}`
	const email = `${crypto.randomBytes(6).toString('hex')}@example.com`
	await seedTodaysOrder(customer, email)
	const boards = [await signedInBoard(browser), await signedInBoard(browser)]
	const [first, second] = boards as [Page, Page]
	await expect(column(first, 'To make').getByRole('article').filter({ hasText: customer })).toBeVisible()

	await orderCard(first, customer)
		.getByRole('button', { name: /^Ready/ })
		.click()
	await expect(first.getByRole('status').filter({ hasText: 'is ready' })).toBeVisible()
	await expect(column(second, 'Ready').getByRole('article').filter({ hasText: customer })).toBeVisible({
		timeout: 1_000,
	})

	let link: string | undefined
	await expect
		.poll(
			async () => {
				const mail = (await receivedMails(baseURL)).find((one) => one.recipients.includes(email))
				link = mail ? arrivalLinkIn(mail.raw) : undefined
				return link
			},
			{ timeout: 30_000 },
		)
		.toBeTruthy()

	const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
	const arrivalPath = new URL(link!).pathname
	await phone.goto(arrivalPath)
	await expect(phone.getByRole('heading', { name: 'I’m here', level: 1 })).toBeVisible()
	await expectNoAxeViolations(phone)
	await phone.getByRole('radio', { name: 'At the curb' }).check()
	await phone.getByLabel('Your car (optional)').fill('Red Honda Civic')
	await phone.getByRole('button', { name: 'I’m here' }).click()
	await expect(phone.getByRole('status').filter({ hasText: 'we know you’re here' })).toBeVisible()

	for (const board of boards) {
		const card = column(board, 'Arrived').getByRole('article').filter({ hasText: customer })
		await expect(card).toBeVisible({ timeout: 1_000 })
		await expect(card).toContainText('at the curb · Red Honda Civic')
	}
	// The same page in Spanish and Portuguese, and a link this site never signed.
	for (const [prefix, heading] of [
		['/es', 'Ya llegué'],
		['/pt-br', 'Cheguei'],
	] as const) {
		await phone.goto(`${prefix}${arrivalPath}`)
		await expect(phone.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
		await expectNoAxeViolations(phone)
	}
	const forged = await phone.goto(`${arrivalPath.slice(0, -4)}AAAA`)
	expect(forged?.status()).toBe(404)
	await expect(phone.getByRole('heading', { name: 'This link doesn’t work', level: 1 })).toBeVisible()
	await expectNoAxeViolations(phone)

	await orderCard(second, customer)
		.getByRole('button', { name: /^Picked up/ })
		.click()
	// The second of delivery counts from the change being stored (the tapping board shows it), not from the tap.
	await expect(column(second, 'Picked up').getByRole('article').filter({ hasText: customer })).toBeVisible()
	await expect(column(first, 'Picked up').getByRole('article').filter({ hasText: customer })).toBeVisible({
		timeout: 1_000,
	})
})

test('a board that lost its connection catches up when it is back', async ({ browser }) => {
	const customer = `Offline Olga ${crypto.randomBytes(3).toString('hex')}`
	const board = await signedInBoard(browser)
	await board.context().setOffline(true)
	await expect(board.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible({ timeout: 10_000 })
	await seedTodaysOrder(customer, `${crypto.randomBytes(6).toString('hex')}@example.com`)
	await board.context().setOffline(false)
	await expect(orderCard(board, customer)).toBeVisible({ timeout: 5_000 })
	await expect(board.getByRole('status').filter({ hasText: 'Live' })).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('Ready and Picked up are plain forms', async ({ page }) => {
		const customer = `Plain Pia ${crypto.randomBytes(3).toString('hex')}`
		await seedTodaysOrder(customer, `${crypto.randomBytes(6).toString('hex')}@example.com`)
		await page.goto('/admin/board')
		await page.getByRole('button', { name: 'Sign in with Google' }).click()
		await orderCard(page, customer)
			.getByRole('button', { name: /^Ready/ })
			.click()
		await expect(column(page, 'Ready').getByRole('article').filter({ hasText: customer })).toBeVisible()
		await orderCard(page, customer)
			.getByRole('button', { name: /^Picked up/ })
			.click()
		await expect(column(page, 'Picked up').getByRole('article').filter({ hasText: customer })).toBeVisible()
	})
})

for (const width of [390, 1280]) {
	test(`the board is axe clean at ${width} px`, async ({ browser }) => {
		await seedTodaysOrder(`Axe Abel ${width}`, `${crypto.randomBytes(6).toString('hex')}@example.com`)
		const board = await signedInBoard(browser)
		await board.setViewportSize({ width, height: 900 })
		await expectNoAxeViolations(board)
	})
}
