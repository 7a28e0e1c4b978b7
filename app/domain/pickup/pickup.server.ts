import { getCapacityUsage, getItemPickupRules, getPickupSchedule } from '~/domain/pickup/models/pickup-schedule.server'
import type { Locale } from '~/utils/i18n'
import {
	productionFullForCart,
	productionFullPerItem,
	readProductionHeld,
	type ProductionLine,
} from '~/domain/production/index.server'
import {
	horizonDates,
	itemsAvailability,
	localDateOf,
	pickupDays,
	type CapacityUsage,
	type PickupItemRules,
} from './pickup-schedule'

/**
 * The one way the server reads pickup availability: the owner's schedule, each item's rules and what is
 * held for the ordering horizon, then the pure engine (app/domain/pickup/pickup-schedule.ts).
 */

export interface CartLine {
	id: string
	quantity: number
}

/**
 * The schedule, the items' rules and what is held over the horizon. Only items with a daily limit need
 * their quantities (the others are never refused for quantity), which keeps the menu's read small.
 */
async function readHorizon(
	production: { lines: readonly ProductionLine[]; alone: boolean },
	now: Date,
	locale: Locale = 'en',
) {
	const menuItemIds = [...new Set(production.lines.map((line) => line.menuItemId))]
	const [schedule, rules] = await Promise.all([getPickupSchedule(now, locale), getItemPickupRules(menuItemIds)])
	const today = localDateOf(now, schedule.timeZone)
	const dates = horizonDates(today, schedule.horizonDays)
	const limited = rules.filter((rule) => rule.dailyLimit !== null).map((rule) => rule.menuItemId)
	const [usage, held] = await Promise.all([
		getCapacityUsage(today, dates.at(-1) ?? today, limited),
		readProductionHeld({ ...production, dates, closures: schedule.closures }),
	])
	return { schedule, rules, usage, held, dates }
}

/**
 * The checkout action checks the chosen slot against nothing held: the hold's conditional upserts are the
 * authority on capacity (decision 029), so reading the counters first would only cost every checkout two
 * more queries.
 */
export const nothingHeld: CapacityUsage = { ordersBySlot: new Map(), quantityByItemDay: new Map() }

/** The cart's items with their rules and the quantity of each in the cart (repeated lines summed). */
export function cartPickupItems(
	lines: readonly CartLine[],
	rules: ReadonlyArray<Omit<PickupItemRules, 'quantity'>>,
): PickupItemRules[] {
	const quantityOf = (id: string) =>
		lines.filter((line) => line.id === id).reduce((sum, line) => sum + line.quantity, 0)
	return rules.map((rule) => ({ ...rule, quantity: quantityOf(rule.menuItemId) }))
}

/** Everything the checkout page needs to offer slots for a cart (closure notes in `locale`). */
export async function loadCartPickup(lines: readonly CartLine[], now = new Date(), locale: Locale = 'en') {
	// The page's lines carry no option choices: an option's own step (a 10″ cake's) is left to the hold.
	const cart = lines.map((line) => ({ menuItemId: line.id, quantity: line.quantity, choices: [] }))
	const { schedule, rules, held, dates, ...horizon } = await readHorizon({ lines: cart, alone: false }, now, locale)
	const items = cartPickupItems(lines, rules)
	const usage = { ...horizon.usage, productionFull: productionFullForCart(held, cart, dates, schedule.closures) }
	return { schedule, items, usage, days: pickupDays(schedule, items, usage, now) }
}

/** For the menu: whether each item can be picked up on any day of the horizon (one item alone in a cart). */
export async function loadMenuPickup(menuItemIds: readonly string[], now = new Date()) {
	const each = menuItemIds.map((menuItemId) => ({ menuItemId, quantity: 1, choices: [] }))
	const { schedule, rules, held, dates, ...horizon } = await readHorizon({ lines: each, alone: true }, now)
	const items = rules.map((rule) => ({ ...rule, quantity: 1 }))
	const productionFull = productionFullPerItem(held, menuItemIds, dates, schedule.closures)
	const usage = { ...horizon.usage, productionFull }
	return { schedule, availability: itemsAvailability(schedule, items, usage, now) }
}
