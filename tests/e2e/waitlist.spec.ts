import crypto from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { formatPickupDateLong } from '../../app/domain/pickup/pickup-display'
import { localDateOf } from '../../app/domain/pickup/pickup-schedule'
import { isQuietHours } from '../../app/domain/texts/quiet-hours'
import { signInAsCustomer, uniqueEmail } from './customer-support'
import { textsTo } from './text-log'
import { BAKERY_ZONE, seededPickupSlot } from './pickup-support'
import { expectNoAxeViolations, gotoHydrated, signInTo, withE2eDatabase } from './support'

/**
 * Waitlists (issue 40, decision 091): a cart line sold out on a day links from the checkout to its waitlist page, which
 * offers only that line's sold-out days and puts the customer in line, with and without JavaScript, in each language.
 */

const soldOutDate = localDateOf(seededPickupSlot(3), BAKERY_ZONE)

/** A cake of this test's own, its one place on the sold-out date already taken (its day's counter). */
async function soldOutCake() {
	const id = `e2e-wait-${crypto.randomUUID().slice(0, 8)}`
	const name = `Waitlist Cake ${id.slice(-8)}`
	await withE2eDatabase(async (db) => {
		await db.query(
			`INSERT INTO "MenuItem" ("id", "name", "description", "priceCents", "category", "orderable", "sortOrder",
				"dailyLimit", "updatedAt")
			VALUES ($1, $2, 'A cake people wait for.', 3900, 'CAKES', true, 9400, 1, now())`,
			[id, name],
		)
		await db.query(`INSERT INTO "ItemDayUsage" ("menuItemId", "pickupDate", "quantity") VALUES ($1, $2::date, 1)`, [
			id,
			soldOutDate,
		])
	})
	return { id, name }
}

async function removeCake(id: string) {
	await withE2eDatabase(async (db) => {
		await db.query(`DELETE FROM "WaitlistEntry" WHERE "menuItemId" = $1`, [id])
		await db.query(`DELETE FROM "MenuItem" WHERE "id" = $1`, [id])
	})
}

async function cartWith(page: Page, cake: { id: string; name: string }) {
	await gotoHydrated(page, '/')
	const line = {
		id: cake.id,
		key: cake.id,
		name: cake.name,
		imageKey: null,
		imageAlt: '',
		priceCents: 3900,
		quantity: 1,
	}
	await page.evaluate(
		(value) => localStorage.setItem('bakery-cart', value),
		JSON.stringify({ version: 2, items: [{ ...line, choices: [], options: [] }] }),
	)
}

test('a sold-out day links from the checkout to the waitlist, which puts the customer in line', async ({ page }) => {
	const cake = await soldOutCake()
	try {
		await cartWith(page, cake)
		// The menu is cached for a few seconds: the checkout knows the cake once the cache has read it.
		await expect(async () => {
			await gotoHydrated(page, '/checkout')
			await expect(page.getByText('Sold out on the day you want, or your time is full?')).toBeVisible({
				timeout: 1_000,
			})
		}).toPass({ timeout: 20_000 })
		await page.getByRole('link', { name: `Join the waitlist for ${cake.name}` }).click()

		await expect(page.getByRole('heading', { name: 'Tell me if one frees up' })).toBeVisible()
		await expect(page.getByText(`1 × ${cake.name}`)).toBeVisible()
		const day = page.getByLabel('Pickup day or time')
		// Its one sold-out day (any time of it), chosen first; the other tests' orders may fill some times (each offered).
		const anyTime = `${formatPickupDateLong(soldOutDate)} (any time)`
		await expect(day.locator('option', { hasText: '(any time)' })).toHaveText([anyTime])
		await expect(day.locator('option:checked')).toHaveText(anyTime)
		await page.getByLabel('Full Name').fill('Caio Souza')
		await page.getByLabel('Email Address').fill(`caio.${Date.now()}@example.com`)
		await expectNoAxeViolations(page)
		await page.getByRole('button', { name: 'Join the waitlist' }).click()
		await expect(
			page.getByText(`You’re number 1 in line for ${cake.name} on ${formatPickupDateLong(soldOutDate)}.`),
		).toBeVisible()
		await expect(page.getByText(/we hold it for you for 30 minutes/)).toBeVisible()
		await expectNoAxeViolations(page)

		// The owner's day shows the demand that would have gone unseen.
		await signInTo(page, `/admin/orders?date=${soldOutDate}`, 'Orders')
		const waitlists = page.getByRole('region', { name: /^Waitlists for / })
		// The other tests' cakes wait on the same day: this one's line by its name.
		await expect(waitlists.getByRole('listitem').filter({ hasText: cake.name })).toHaveText(
			`${cake.name}: 1 waiting (1 asked for)`,
		)
	} finally {
		await removeCake(cake.id)
	}
})

test('a freed place is texted to the first in line, who pays for it inside the hold', async ({ page, baseURL }) => {
	// The shop makes no offer while Everett sleeps (21:00–08:00, decision 091): the hold would lapse unseen.
	test.skip(isQuietHours(new Date()), 'no waitlist offers during the texts’ quiet hours')
	test.slow()
	const cake = await soldOutCake()
	const digits = String(crypto.randomInt(1000, 10_000))
	try {
		await page.goto(`/waitlist?item=${cake.id}&quantity=1`)
		const form = page.locator('form#waitlist')
		await page.getByLabel('Full Name').fill('Rafa Lima')
		await page.getByLabel('Email Address').fill(`rafa.${digits}.${Date.now()}@example.com`)
		await page.getByLabel('Phone Number (Optional)').fill(`(425) 555-${digits}`)
		await form.getByRole('checkbox').check()
		await form.getByRole('button', { name: 'Join the waitlist' }).click()
		await expect(page.getByText(`You’re number 1 in line for ${cake.name}`)).toBeVisible()

		// The owner raises the day's limit: a place frees up, and the next minute's run offers it.
		await withE2eDatabase((db) => db.query(`UPDATE "MenuItem" SET "dailyLimit" = 2 WHERE "id" = $1`, [cake.id]))
		await expect.poll(async () => (await textsTo(baseURL, `+1425555${digits}`)).length, { timeout: 150_000 }).toBe(1)
		const [offer] = await textsTo(baseURL, `+1425555${digits}`)
		expect(offer!.body).toContain(cake.name)
		const link = /https?:\/\/\S+/.exec(offer!.body)?.[0]
		expect(link, 'the offer’s payment link').toBeDefined()

		// The link opens the held order's payment page; paying keeps the place.
		await page.goto(link!)
		await page.getByRole('button', { name: 'Pay' }).click()
		await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
		await expect
			.poll(() =>
				withE2eDatabase(async (db) => {
					const { rows } = await db.query(
						`SELECT o."status" FROM "WaitlistEntry" w JOIN "Order" o ON o."id" = w."offerOrderId" WHERE w."menuItemId" = $1`,
						[cake.id],
					)
					return rows.map((row: { status: string }) => row.status)
				}),
			)
			.toEqual(['PAID'])
	} finally {
		await removeCake(cake.id)
	}
})

test.describe('without JavaScript, on a phone', () => {
	test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })

	for (const { prefix, joined, refused } of [
		{
			prefix: '/es',
			joined: /^Eres el número 2 en la lista/,
			refused: 'Escribe un número de celular para los mensajes (o desmarca la casilla).',
		},
		{
			prefix: '/pt-br',
			joined: /^Você é o número 2 na fila/,
			refused: 'Informe um celular para as mensagens (ou desmarque a opção).',
		},
	]) {
		test(`${prefix}: the form answers in the page’s language, keeps what was typed, then says the place in line`, async ({
			page,
		}) => {
			const cake = await soldOutCake()
			try {
				await withE2eDatabase((db) =>
					db.query(
						`INSERT INTO "WaitlistEntry" ("id", "menuItemId", "pickupDate", "quantity", "customerName", "email", "updatedAt")
						VALUES ($1, $2, $3::date, 1, 'Ana', $4, now())`,
						[crypto.randomUUID(), cake.id, soldOutDate, `ana.${crypto.randomUUID().slice(0, 6)}@example.com`],
					),
				)
				await page.goto(`${prefix}/waitlist?item=${cake.id}&quantity=1`)
				const form = page.locator('form#waitlist')
				await form.getByRole('textbox').nth(0).fill('Duda Lima')
				await form.getByRole('textbox').nth(1).fill('duda@example.com')
				// Texting the offer without a phone number: refused beside the phone field, what was typed kept.
				await form.getByRole('checkbox').check()
				await form.getByRole('button').click()
				await expect(form.getByRole('textbox').nth(0)).toHaveValue('Duda Lima')
				await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1)
				await expect(page.getByText(refused)).toBeVisible()
				await form.getByRole('checkbox').uncheck()
				await form.getByRole('button').click()
				await expect(page.getByRole('status').getByText(joined)).toBeVisible()
			} finally {
				await removeCake(cake.id)
			}
		})
	}
})

test('the page is axe-clean at 390 and 1280 px in Spanish and Portuguese, with a field’s error shown', async ({
	page,
}) => {
	const cake = await soldOutCake()
	try {
		for (const prefix of ['/es', '/pt-br']) {
			for (const width of [390, 1280]) {
				await page.setViewportSize({ width, height: 900 })
				await gotoHydrated(page, `${prefix}/waitlist?item=${cake.id}&quantity=1`)
				await page.locator('form#waitlist').getByRole('button').click()
				await expect(page.locator('form#waitlist [aria-invalid="true"]').first()).toBeVisible()
				await expectNoAxeViolations(page)
			}
		}
	} finally {
		await removeCake(cake.id)
	}
})

test('the account lists the customer’s line with their place, in Portuguese, and they can leave it', async ({
	page,
	baseURL,
}) => {
	const cake = await soldOutCake()
	try {
		const email = uniqueEmail('bia')
		await withE2eDatabase((db) =>
			db.query(
				`INSERT INTO "WaitlistEntry" ("id", "menuItemId", "pickupDate", "quantity", "customerName", "email", "updatedAt")
				VALUES ($1, $2, $3::date, 2, 'Bia', $4, now())`,
				[crypto.randomUUID(), cake.id, soldOutDate, email],
			),
		)
		await signInAsCustomer(page, baseURL, email, '/pt-br')
		const lines = page.getByRole('region', { name: 'Suas listas de espera' })
		await expect(lines.getByText(`2 × ${cake.name}, ${formatPickupDateLong(soldOutDate, 'pt-BR')}`)).toBeVisible()
		await expect(lines.getByText(/^Número 1 na fila/)).toBeVisible()
		await expectNoAxeViolations(page)
		await lines.getByRole('button', { name: `Sair da lista de espera de ${cake.name}` }).click()
		await expect(page.getByRole('region', { name: 'Suas listas de espera' })).toHaveCount(0)
	} finally {
		await removeCake(cake.id)
	}
})
