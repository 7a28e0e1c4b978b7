import { expect, type Page } from '@playwright/test'
import { addLocalDays, instantAt, localDateOf, weekdayOf } from '../../app/domain/pickup/pickup-schedule'

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
