import crypto from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { addLocalDays, instantAt, localDateOf, weekdayOf } from '../../app/domain/pickup/pickup-schedule'
import { withE2eDatabase } from './support'

export const BAKERY_ZONE = 'America/Los_Angeles'

/** On /checkout: picks a free pickup time of the first day offered; returns the slot's start (ISO). */
export async function choosePickup(page: Page, which: 'first' | 'last' = 'first') {
	const times = page.getByRole('group', { name: /^Pickup time on / })
	const radios = times.getByRole('radio')
	await expect(radios.first()).toBeVisible()
	const radio = which === 'first' ? radios.first() : radios.last()
	await radio.check()
	return radio.inputValue()
}

/**
 * A slot of the seeded schedule (open Tue–Sun, closed Mondays) for posts that skip the page: 10:00 on
 * the first open day at least `daysAhead` days from now.
 */
export function seededPickupSlot(daysAhead = 3) {
	let date = addLocalDays(localDateOf(new Date(), BAKERY_ZONE), daysAhead)
	while (weekdayOf(date) === 1) date = addLocalDays(date, 1)
	return instantAt(date, '10:00', BAKERY_ZONE).toISOString()
}

/**
 * A paid order holding its place at 7:00 a few days ahead, with a cake message (the prep list shows its pickup), by
 * `email` (default: `<id>@example.com`).
 */
export async function seedPaidOrder(customer: string, email?: string) {
	const id = `e2e${crypto.randomBytes(10).toString('hex')}`
	const daysAhead = 2 + crypto.randomInt(0, 3)
	return withE2eDatabase(async (client) => {
		const { rows } = await client.query<{ pickupDate: string }>(
			`INSERT INTO "Order" ("id", "customerName", "customerEmail", "status", "totalCents", "providerSessionId",
				"paidAt", "pickupAt", "pickupDate", "capacityHeld", "createdAt", "updatedAt")
			SELECT $1, $2, $5, 'PAID', 3500, 'cs_test_' || $1, now(),
				(d + time '07:00') AT TIME ZONE $4, d, true, now(), now()
			FROM (SELECT ((now() AT TIME ZONE $4)::date + $3::int) AS d) AS day
			RETURNING to_char("pickupDate", 'YYYY-MM-DD') AS "pickupDate"`,
			[id, customer, daysAhead, BAKERY_ZONE, email ?? `${id}@example.com`],
		)
		await client.query(
			`INSERT INTO "PickupSlotUsage" ("slotStart", "orders")
			SELECT "pickupAt", 1 FROM "Order" WHERE "id" = $1
			ON CONFLICT ("slotStart") DO UPDATE SET "orders" = "PickupSlotUsage"."orders" + 1`,
			[id],
		)
		await client.query(
			`INSERT INTO "OrderItem" ("id", "orderId", "name", "unitPriceCents", "quantity", "options")
			VALUES ($1 || '-01', $1, 'Tres Leches Cake', 3500, 1, $2::jsonb)`,
			[id, JSON.stringify([{ group: 'Message on the cake', text: `For ${customer}`, priceDeltaCents: 0 }])],
		)
		return { id, number: id.slice(-8).toUpperCase(), date: rows[0]!.pickupDate }
	})
}
