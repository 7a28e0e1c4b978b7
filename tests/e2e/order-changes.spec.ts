import crypto from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { receivedMails } from './mail-log'
import { seedPaidOrder } from './pickup-support'
import { expectNoAxeViolations } from './support'

/**
 * The owner's "Change pickup" on /admin/orders (decision 064): a paid order holding its place moves to a slot the
 * checkout would offer; the day view and the prep list of the new day show it at its new time, and the customer
 * gets the "pickup moved" mail. With and without JavaScript.
 */

const TIME_ZONE = 'America/Los_Angeles'

const bakeryDate = (instant: Date) => instant.toLocaleDateString('en-CA', { timeZone: TIME_ZONE })
/** '9:15 AM', as the admin writes it. */
function bakeryTime(instant: Date) {
	const [hours = 0, minutes = 0] = instant
		.toLocaleTimeString('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
		.split(':')
		.map(Number)
	return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours >= 12 ? 'PM' : 'AM'}`
}

async function signIn(page: Page, path: string) {
	await page.goto(path)
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`))
}

async function changePickup(page: Page, customer: string, { axe }: { axe: boolean }) {
	const order = await seedPaidOrder(customer)
	await signIn(page, `/admin/orders?date=${order.date}`)
	const card = page.getByRole('article').filter({ hasText: customer })
	await expect(card).toContainText('7:00 AM')
	await card.getByRole('link', { name: new RegExp(`^Change pickup\\s*: order ${order.number}`) }).click()

	const select = page.getByLabel('New pickup time')
	await expect(select).toBeVisible()
	// Axe runs in the page: only with JavaScript.
	if (axe) await expectNoAxeViolations(page)
	const values = await select
		.locator('option:not([disabled])')
		.evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
	expect(values.length).toBeGreaterThan(10)
	// A slot on another day than the order's, a little into the list (each test its own).
	const choice = values.filter((value) => bakeryDate(new Date(value)) !== order.date)[crypto.randomInt(3, 10)]!
	await select.selectOption(choice)
	await page.getByRole('button', { name: new RegExp(`^Move pickup\\s*: order ${order.number}`) }).click()

	const to = new Date(choice)
	await expect(page.getByRole('status')).toContainText(`Order ${order.number} now picks up`)
	await expect(page.getByRole('status')).toContainText(bakeryTime(to))
	// The old day no longer lists it; the new day does, at the new time.
	await expect(page.getByRole('article').filter({ hasText: customer })).toHaveCount(0)

	const newDate = bakeryDate(to)
	await page.goto(`/admin/orders?date=${newDate}`)
	const moved = page.getByRole('article').filter({ hasText: customer })
	await expect(moved.getByRole('heading', { name: `${bakeryTime(to)} · Order ${order.number}` })).toBeVisible()

	await page.goto(`/admin/prep-list?date=${newDate}`)
	await expect(page.getByRole('listitem').filter({ hasText: `For ${customer}` })).toContainText(
		`order ${order.number}, pickup ${bakeryTime(to)}`,
	)
	await page.goto(`/admin/prep-list?date=${order.date}`)
	await expect(page.getByText(`For ${customer}`)).toHaveCount(0)

	await expect
		.poll(
			async () =>
				(await receivedMails(test.info().project.use.baseURL))
					.filter((mail) => mail.recipients.includes(`${order.id}@example.com`))
					.map((mail) => mail.headers.subject?.[0] ?? ''),
			{ timeout: 30_000 },
		)
		.toEqual([`Your order #${order.number} — new pickup ${expectedPickupText(to)}`])
}

/** formatPickupAt in English: 'Tue, Dec 1 at 9:00 AM'. */
function expectedPickupText(instant: Date) {
	const day = instant.toLocaleDateString('en-US', {
		timeZone: TIME_ZONE,
		weekday: 'short',
		month: 'short',
		day: 'numeric',
	})
	return `${day} at ${bakeryTime(instant)}`
}

test('the owner moves an order to another day; the day view, prep list and mail follow', async ({ page }) => {
	await changePickup(page, `Mover ${crypto.randomBytes(3).toString('hex')}`, { axe: true })
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the same move works with plain forms', async ({ page }) => {
		await changePickup(page, `Plain ${crypto.randomBytes(3).toString('hex')}`, { axe: false })
	})
})
