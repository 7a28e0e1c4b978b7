import crypto from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, mockStripeUrl, withE2eDatabase } from './support'

/**
 * The owner's day: paid orders with pickup times (seeded straight into the e2e database, as the
 * checkout would leave them) in the day view by time, one-click statuses, the prep list and its CSV.
 */

/** A date of its own per test (far ahead, so no other test's orders share it). */
function uniqueDate() {
	const day = new Date(Date.UTC(2030, 0, 1) + crypto.randomInt(0, 3000) * 86_400_000)
	return day.toISOString().slice(0, 10)
}

interface SeedOrder {
	customer: string
	/** Bakery wall time, e.g. '09:15'. */
	time: string
	status?: 'PAID' | 'READY' | 'PENDING'
	lines: Array<{
		name: string
		quantity: number
		/** The chosen options as the order keeps them: [{ group, choice | text, priceDeltaCents }]. */
		options?: Array<{ group: string; choice?: string; text?: string; priceDeltaCents: number }>
	}>
	/** Sales tax inside the total. */
	taxCents?: number
	/** A Checkout Session of the mock Stripe; by default one Stripe does not know. */
	providerSessionId?: string
}

/** Orders for `date` in Los Angeles time (the bakery's zone), paid unless told otherwise. */
async function seedOrders(date: string, orders: SeedOrder[]) {
	return withE2eDatabase(async (client) => {
		const ids: string[] = []
		for (const order of orders) {
			const id = `e2e${crypto.randomBytes(10).toString('hex')}`
			const status = order.status ?? 'PAID'
			const taxCents = order.taxCents ?? 0
			const total = order.lines.reduce((sum, line) => sum + 350 * line.quantity, 0) + taxCents
			await client.query(
				`INSERT INTO "Order" ("id", "customerName", "customerEmail", "customerPhone", "status", "totalCents",
					"providerSessionId", "paidAt", "pickupAt", "pickupDate", "createdAt", "updatedAt", "taxCents")
				VALUES ($1, $2, $3, '(425) 555-0123', $4::"OrderStatus", $5, $6,
					CASE WHEN $4 = 'PENDING' THEN NULL ELSE now() END,
					($7::date + $8::time) AT TIME ZONE 'America/Los_Angeles', $7::date, now(), now(), $9)`,
				[
					id,
					order.customer,
					`${id}@example.com`,
					status,
					total,
					order.providerSessionId ?? `cs_test_${id}`,
					date,
					order.time,
					taxCents,
				],
			)
			for (const line of order.lines) {
				await client.query(
					`INSERT INTO "OrderItem" ("id", "orderId", "name", "unitPriceCents", "quantity", "options")
					VALUES ($1, $2, $3, 350, $4, $5::jsonb)`,
					[
						`e2e${crypto.randomBytes(10).toString('hex')}`,
						id,
						line.name,
						line.quantity,
						JSON.stringify(line.options ?? []),
					],
				)
			}
			ids.push(id)
		}
		return ids
	})
}

async function signIn(page: Page, path: string) {
	await page.goto(path)
	await page.getByRole('button', { name: 'Sign in with Google' }).click()
	await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`))
}

const size = (choice: string) => ({ group: 'Size', choice, priceDeltaCents: 0 })
const message = (text: string) => ({ group: 'Message on the cake', text, priceDeltaCents: 0 })

const dayOrders = (page: Page) => page.getByRole('list', { name: /^Orders by pickup time/ }).getByRole('article')

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the day view lists paid orders by pickup time; ready and picked up are one click each', async ({ page }) => {
		const date = uniqueDate()
		await seedOrders(date, [
			{ customer: 'Afternoon Abril', time: '14:30', lines: [{ name: 'Conchas', quantity: 2 }] },
			{ customer: 'Early Esteban', time: '08:15', lines: [{ name: 'Tres Leches Slice', quantity: 1 }] },
			{ customer: 'Pending Paula', time: '09:00', status: 'PENDING', lines: [{ name: 'Conchas', quantity: 9 }] },
			{ customer: 'Noon Nadia', time: '12:00', lines: [{ name: 'Conchas', quantity: 3 }] },
		])
		await signIn(page, `/admin/orders?date=${date}`)

		await expect(page.getByRole('heading', { level: 2, name: /^Pickups on / })).toBeVisible()
		const cards = dayOrders(page)
		await expect(cards).toHaveCount(3)
		await expect(cards.nth(0)).toContainText('8:15 AM')
		await expect(cards.nth(0)).toContainText('Early Esteban')
		await expect(cards.nth(0)).toContainText('(425) 555-0123')
		await expect(cards.nth(0)).toContainText('Tres Leches Slice × 1')
		await expect(cards.nth(1)).toContainText('12:00 PM')
		await expect(cards.nth(1)).toContainText('Noon Nadia')
		await expect(cards.nth(2)).toContainText('2:30 PM')
		await expect(cards.nth(2)).toContainText('Afternoon Abril')
		await expect(page.getByText('Pending Paula')).toHaveCount(0)

		const early = cards.nth(0)
		await early.getByRole('button', { name: /^Mark as ready/ }).click()
		await expect(page.getByRole('status')).toContainText(/is marked as ready\./)
		await expect(dayOrders(page).nth(0)).toContainText('Ready')
		await expect(
			dayOrders(page)
				.nth(0)
				.getByRole('button', { name: /^Mark as ready/ }),
		).toHaveCount(0)
		await dayOrders(page)
			.nth(0)
			.getByRole('button', { name: /^Mark as picked up/ })
			.click()
		await expect(page.getByRole('status')).toContainText(/is marked as picked up\./)
		await expect(dayOrders(page).nth(0)).toContainText('Picked up')
		await expect(dayOrders(page).nth(0).getByRole('button')).toHaveCount(0)
	})

	test('Cancel & refund asks on the page first, and keeping the order changes nothing', async ({ page }) => {
		const date = uniqueDate()
		await seedOrders(date, [{ customer: 'Refund Rafael', time: '10:00', lines: [{ name: 'Conchas', quantity: 1 }] }])
		await signIn(page, `/admin/orders?date=${date}`)
		await dayOrders(page)
			.nth(0)
			.getByRole('button', { name: /^Cancel & refund/ })
			.click()
		const question = page.getByRole('alert').filter({ hasText: 'Cancel this order and refund the customer in full?' })
		await expect(question).toBeVisible()
		await question.getByRole('link', { name: 'Keep the order' }).click()
		await expect(page.getByRole('alert')).toHaveCount(0)
		await expect(dayOrders(page).nth(0)).toContainText('Paid')
	})
})

test('the prep list totals the day by morning and afternoon, and downloads as CSV', async ({ page }) => {
	const date = uniqueDate()
	await seedOrders(date, [
		{
			customer: 'Morning Mia',
			time: '09:30',
			lines: [
				{ name: 'Conchas', quantity: 4 },
				{ name: 'Tres Leches Slice', quantity: 2 },
			],
		},
		{ customer: 'Late Morning Leo', time: '11:45', status: 'READY', lines: [{ name: 'Conchas', quantity: 1 }] },
		{ customer: 'Afternoon Ada', time: '15:00', lines: [{ name: 'Conchas', quantity: 5 }] },
		{ customer: 'Unpaid Uma', time: '10:00', status: 'PENDING', lines: [{ name: 'Conchas', quantity: 40 }] },
	])
	const [ana] = await seedOrders(date, [
		{
			customer: 'Cake Ana',
			time: '09:15',
			lines: [
				{ name: 'Cumpleaños Cake', quantity: 1, options: [size('10″'), message('Feliz cumpleaños Ana')] },
				{ name: 'Cumpleaños Cake', quantity: 2, options: [size('8″')] },
			],
		},
	])
	await signIn(page, `/admin/prep-list?date=${date}`)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })

	const table = page.getByRole('table')
	const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) })
	await expect(row('Conchas')).toHaveText(/Conchas\s*5\s*5\s*10/)
	await expect(row('Tres Leches Slice')).toHaveText(/Tres Leches Slice\s*2\s*0\s*2/)
	await expect(row('All items')).toHaveText(/All items\s*10\s*5\s*15/)
	// The cake by its sizes (each a row of its own), and the message to write with its order.
	await expect(row('Cumpleaños Cake')).toHaveText([
		/^Cumpleaños Cake\s*3\s*0\s*3$/,
		/8″\s*2\s*0\s*2$/,
		/10″\s*1\s*0\s*1$/,
	])
	await expect(table.getByRole('listitem')).toHaveText([
		`“Feliz cumpleaños Ana” (10″) — order ${ana!.slice(-8).toUpperCase()}, pickup 9:15 AM`,
	])
	await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
	await expectNoAxeViolations(page)

	// On paper only the list: the admin bar is not printed.
	await page.emulateMedia({ media: 'print' })
	await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden()
	await expect(table).toBeVisible()
	await page.emulateMedia({ media: 'screen' })

	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name: 'Download CSV' }).click(),
	])
	expect(download.suggestedFilename()).toBe(`prep-list-${date}.csv`)
	const csv = (await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '')
	// What the printed list shows: the message to write with its order, after the columns the file always had.
	const noCake = ',,,,,,,'
	expect(csv).toBe(
		'Item,Morning (before 12 PM),Afternoon (12 PM on),Day total,Choices,To write,Pickup,Customer,Phone,Status,To collect,Asked,Agreed\r\n' +
			`Conchas,5,5,10,,${noCake}\r\n` +
			`Cumpleaños Cake,3,0,3,"8″ × 2, 10″ × 1","“Feliz cumpleaños Ana” (10″) — order ${ana!.slice(-8).toUpperCase()}, pickup 9:15 AM"${noCake}\r\n` +
			`Tres Leches Slice,2,0,2,,${noCake}\r\nAll items,10,5,15,,${noCake}\r\n`,
	)

	// The dashboard and the day view link to it.
	await page.goto(`/admin/orders?date=${date}`)
	await page.getByRole('link', { name: /^Prep list for / }).click()
	await expect(page).toHaveURL(new RegExp(`/admin/prep-list\\?date=${date}$`))
})

test('the day view and the dashboard have 0 axe violations', async ({ page }) => {
	const date = uniqueDate()
	await seedOrders(date, [
		{
			customer: 'Axe Alma',
			time: '10:00',
			taxCents: 37,
			lines: [
				{ name: 'Conchas', quantity: 1 },
				{ name: 'Cumpleaños Cake', quantity: 1, options: [size('8″'), message('Feliz cumpleaños Alma')] },
			],
		},
	])
	await signIn(page, `/admin/orders?date=${date}`)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	// Each line with its options, and the tax inside the total.
	const card = dayOrders(page).nth(0)
	await expect(card).toContainText('Cumpleaños Cake × 1Size: 8″ · Message on the cake: “Feliz cumpleaños Alma”')
	await expect(card).toContainText(/Tax\s*\$0\.37\s*Total\s*\$7\.37/)
	await expectNoAxeViolations(page)
	await page.goto('/admin')
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	await expect(page.getByRole('heading', { name: 'Sold out today and tomorrow' })).toBeVisible()
	await expectNoAxeViolations(page)
})

test('Cancel & refund: Stripe refunds a paid order; a refund Stripe refuses changes nothing', async ({
	page,
	request,
	baseURL,
}) => {
	const stripe = mockStripeUrl(baseURL)
	const created = await request.post(`${stripe}/v1/checkout/sessions`, {
		form: { mode: 'payment', success_url: `${baseURL}/success`, cancel_url: `${baseURL}/cart` },
	})
	const sessionId = ((await created.json()) as { id: string }).id
	const date = uniqueDate()
	await seedOrders(date, [
		{
			customer: 'Stripe Sofia',
			time: '09:00',
			status: 'PENDING',
			providerSessionId: sessionId,
			lines: [{ name: 'Conchas', quantity: 2 }],
		},
		{ customer: 'Unknown Ulises', time: '10:00', lines: [{ name: 'Conchas', quantity: 1 }] },
	])
	// Paying on the (mock) hosted page sends the signed checkout.session.completed webhook.
	await request.post(`${stripe}/pay/${sessionId}/complete`, { maxRedirects: 0 })

	await signIn(page, `/admin/orders?date=${date}`)
	await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
	const sofia = dayOrders(page).filter({ hasText: 'Stripe Sofia' })
	await expect(sofia).toContainText('Paid')
	page.on('dialog', (dialog) => void dialog.accept())
	await sofia.getByRole('button', { name: /^Cancel & refund/ }).click()
	await expect(page.getByRole('status')).toContainText(/is cancelled and refunded in full/)
	await expect(sofia).toContainText('Refunded')
	await expect(sofia.getByRole('button')).toHaveCount(0)

	const ulises = dayOrders(page).filter({ hasText: 'Unknown Ulises' })
	await ulises.getByRole('button', { name: /^Cancel & refund/ }).click()
	await expect(page.getByRole('alert')).toContainText(
		/did not go through, so nothing changed: No such checkout.session/,
	)
	await expect(ulises).toContainText('Paid')
})
