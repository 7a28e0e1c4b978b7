import { getCapacityUsage, getItemPickupRules, getPickupSchedule } from '~/models/pickup-schedule.server'
import {
	addLocalDays,
	itemAvailability,
	localDateOf,
	pickupDays,
	type ItemAvailability,
	type PickupItemRules,
} from './pickup-schedule'

/**
 * The one way the server reads pickup availability: the owner's schedule, each item's rules and what is
 * held for the ordering horizon, then the pure engine (app/utils/pickup-schedule.ts).
 */

export interface CartLine {
	id: string
	quantity: number
}

async function horizonOf(now: Date) {
	const schedule = await getPickupSchedule(now)
	const today = localDateOf(now, schedule.timeZone)
	return { schedule, today, lastDate: addLocalDays(today, schedule.horizonDays - 1) }
}

/** Everything the checkout needs to offer and check slots for a cart. */
export async function loadCartPickup(lines: readonly CartLine[], now = new Date()) {
	const { schedule, today, lastDate } = await horizonOf(now)
	const ids = [...new Set(lines.map((line) => line.id))]
	const [rules, usage] = await Promise.all([getItemPickupRules(ids), getCapacityUsage(today, lastDate, ids)])
	const quantityOf = (id: string) => lines.filter((line) => line.id === id).reduce((sum, line) => sum + line.quantity, 0)
	const items: PickupItemRules[] = rules.map((rule) => ({ ...rule, quantity: quantityOf(rule.menuItemId) }))
	return { schedule, items, usage, days: pickupDays(schedule, items, usage, now) }
}

/** For the menu: whether each item can be picked up on any day of the horizon (one item alone in a cart). */
export async function loadMenuPickup(menuItemIds: readonly string[], now = new Date()) {
	const { schedule, today, lastDate } = await horizonOf(now)
	const [rules, usage] = await Promise.all([
		getItemPickupRules(menuItemIds),
		getCapacityUsage(today, lastDate, menuItemIds),
	])
	const availability = new Map<string, ItemAvailability>(
		rules.map((rule) => [rule.menuItemId, itemAvailability(schedule, { ...rule, quantity: 1 }, usage, now)]),
	)
	return { schedule, availability }
}
