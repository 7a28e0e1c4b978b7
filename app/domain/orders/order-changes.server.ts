/**
 * Changing or cancelling a paid order after checkout (decision 064): the lock time, moving the pickup
 * (the owner's /admin/orders and the customer's account call the same function) and the customer's
 * cancellation, which reuses the owner's cancel & refund.
 */
import {
	getCapacityUsage,
	getItemPickupRules,
	getPickupSchedule,
	cartPickupItems,
	nothingHeld,
} from '~/domain/pickup/index.server'
import {
	horizonDates,
	checkPickupSlot,
	itemDayKey,
	localDateOf,
	pickupDays,
	type CapacityUsage,
	type PickupCheck,
	type PickupDay,
	type PickupSchedule,
} from '~/domain/pickup/pickup-schedule'
import { heldWithoutLines, productionFullForCart, readProductionHeld } from '~/domain/production/index.server'
import { cancelOrder, type CancelOrderOutcome, type RefundTo } from './order-refund.server'
import { findOrderForChange, movePickup, type OrderForChange } from './models/order-changes.server'

/** Who changes an order: the owner (who may move it past its lock time, when they confirm) or its customer. */
export type ChangeActor =
	{ by: 'owner'; email: string; overrideLock?: boolean } | { by: 'customer'; customerId: string }

export type ChangeWindow =
	/** `until`: the lock time, after which only the owner may move it (and nobody but the owner cancel it). */
	| { changeable: true; until: Date }
	| { changeable: false; reason: 'locked'; until: Date }
	/** Not paid, already ready or handed over, cancelled or refunded, or without a pickup. */
	| { changeable: false; reason: 'not-changeable' }
	| { changeable: false; reason: 'not-found' }

/** The pure rule: a PAID order with a pickup may change until `changeLockHours` before it. */
function changeWindowOf(
	order: Pick<OrderForChange, 'status' | 'pickupAt' | 'capacityHeld'> | null,
	changeLockHours: number,
	now: Date,
): ChangeWindow {
	if (!order) return { changeable: false, reason: 'not-found' }
	if (order.status !== 'PAID' || !order.pickupAt || !order.capacityHeld) {
		return { changeable: false, reason: 'not-changeable' }
	}
	const until = new Date(order.pickupAt.getTime() - changeLockHours * 60 * 60 * 1000)
	return now.getTime() < until.getTime() ? { changeable: true, until } : { changeable: false, reason: 'locked', until }
}

/** Whether an order can still be changed or cancelled by its customer, and until when. */
export async function orderChangeWindow(orderId: string, now = new Date()): Promise<ChangeWindow> {
	const [order, schedule] = await Promise.all([findOrderForChange(orderId), getPickupSchedule(now)])
	return changeWindowOf(order, schedule.changeLockHours, now)
}

/** The order's lines as the pickup engine reads a cart: each item's rules with the order's quantity. */
async function orderPickupItems(order: OrderForChange) {
	const lines = order.items.flatMap((line) =>
		line.menuItemId ? [{ id: line.menuItemId, quantity: line.quantity }] : [],
	)
	return cartPickupItems(lines, await getItemPickupRules([...new Set(lines.map((line) => line.id))]))
}

/** What is held over the horizon, without this order's own hold (it is given back when the order moves; its production minutes: `heldWithoutLines`). */
function usageWithoutOrder(usage: CapacityUsage, order: OrderForChange): CapacityUsage {
	const ordersBySlot = new Map(usage.ordersBySlot)
	const quantityByItemDay = new Map(usage.quantityByItemDay)
	if (order.capacityHeld && order.pickupAt && order.pickupDate) {
		const slot = order.pickupAt.toISOString()
		ordersBySlot.set(slot, Math.max(0, (ordersBySlot.get(slot) ?? 0) - 1))
		for (const line of order.items) {
			if (!line.menuItemId) continue
			const key = itemDayKey(line.menuItemId, order.pickupDate)
			if (quantityByItemDay.has(key)) {
				quantityByItemDay.set(key, Math.max(0, (quantityByItemDay.get(key) ?? 0) - line.quantity))
			}
		}
	}
	return { ordersBySlot, quantityByItemDay }
}

export interface OrderPickupChoices {
	window: ChangeWindow
	schedule: PickupSchedule
	/** The days and slots the checkout would offer for this order's items now (its own hold not counted). */
	days: PickupDay[]
}

/** The slots an order could move to, as the checkout would offer them for its items, and its change window. */
export async function orderPickupChoices(orderId: string, now = new Date()): Promise<OrderPickupChoices | null> {
	const [order, schedule] = await Promise.all([findOrderForChange(orderId), getPickupSchedule(now)])
	if (!order) return null
	const items = await orderPickupItems(order)
	const today = localDateOf(now, schedule.timeZone)
	const dates = horizonDates(today, schedule.horizonDays)
	const limited = items.filter((item) => item.dailyLimit !== null).map((item) => item.menuItemId)
	const lines = order.items.flatMap((line) => (line.menuItemId ? [{ ...line, menuItemId: line.menuItemId }] : []))
	const [usage, held] = await Promise.all([
		getCapacityUsage(today, dates.at(-1) ?? today, limited),
		readProductionHeld({ lines, alone: false, dates, closures: schedule.closures }),
	])
	const production = order.capacityHeld && order.pickupDate ? heldWithoutLines(held, lines, order.pickupDate) : held
	const productionFull = productionFullForCart(production, lines, dates, schedule.closures)
	return {
		window: changeWindowOf(order, schedule.changeLockHours, now),
		schedule,
		days: pickupDays(schedule, items, { ...usageWithoutOrder(usage, order), productionFull }, now),
	}
}

export type ChangePickupOutcome =
	| { outcome: 'moved'; from: Date; to: Date; changeId: string }
	/** The new slot is not one the checkout offers for these items now (closed, too soon for a lead time…). */
	| { outcome: 'slot-not-offered'; reason: Extract<PickupCheck, { ok: false }>['reason']; menuItemId?: string }
	/** The slot filled meanwhile: nothing changed. */
	| { outcome: 'slot-full' }
	/** An item's daily quantity on the new day is taken: nothing changed. */
	| { outcome: 'item-limit'; menuItemId: string; dailyLimit: number }
	/** Past the order's lock time (the owner may override it). */
	| { outcome: 'locked'; until: Date }
	/** Only a paid order, not yet ready or handed over, moves. */
	| { outcome: 'not-movable' }
	| { outcome: 'same-slot' }
	| { outcome: 'not-found' }

/**
 * Moves a paid order's pickup to `newSlot` (a slot start, ISO instant): the slot must be one the checkout
 * would offer for the order's items now (lead times, hours, closures, horizon); then, in one transaction,
 * the new slot's place and each item's quantity on the new day are taken and the old ones given back, or
 * nothing changes (the database is the authority on capacity). The change records who moved it, and the
 * customer gets a "your pickup moved" mail in their language.
 */
export async function changeOrderPickup(
	orderId: string,
	newSlot: string,
	actor: ChangeActor,
	now = new Date(),
): Promise<ChangePickupOutcome> {
	const [order, schedule] = await Promise.all([findOrderForChange(orderId), getPickupSchedule(now)])
	if (!order) return { outcome: 'not-found' }
	const window = changeWindowOf(order, schedule.changeLockHours, now)
	if (!window.changeable && window.reason !== 'locked') return { outcome: 'not-movable' }
	const mayOverride = actor.by === 'owner' && actor.overrideLock === true
	if (!window.changeable && !mayOverride) return { outcome: 'locked', until: window.until }
	const check = checkPickupSlot(schedule, await orderPickupItems(order), nothingHeld, now, newSlot)
	if (!check.ok) {
		return {
			outcome: 'slot-not-offered',
			reason: check.reason,
			...(check.menuItemId === undefined ? {} : { menuItemId: check.menuItemId }),
		}
	}
	const row = await movePickup({
		orderId,
		slotStart: new Date(newSlot),
		pickupDate: check.date,
		ordersPerSlot: schedule.ordersPerSlot,
		lockHours: schedule.changeLockHours,
		mayOverride,
		actor: actor.by === 'owner' ? `owner:${actor.email}` : `customer:${actor.customerId}`,
	})
	switch (row.outcome) {
		case 'moved':
			return { outcome: 'moved', from: row.fromPickupAt!, to: new Date(newSlot), changeId: row.changeId! }
		case 'item-limit':
			return { outcome: 'item-limit', menuItemId: row.menuItemId!, dailyLimit: row.dailyLimit! }
		case 'locked':
			return {
				outcome: 'locked',
				until: new Date(row.fromPickupAt!.getTime() - schedule.changeLockHours * 60 * 60 * 1000),
			}
		default:
			return { outcome: row.outcome }
	}
}

export type CustomerCancelOutcome =
	| CancelOrderOutcome
	/** Past the lock time: the customer should call the bakery. */
	| { outcome: 'locked'; until: Date }

/**
 * The customer's "Cancel my order": only a PAID order before its lock time (after it, the outcome says until
 * when it could have been cancelled); then the owner's cancel & refund (an order to be
 * paid at pickup is cancelled with nothing to refund). A refund the provider refuses leaves the
 * order paid ('refund-failed'); the hold is given back exactly once with the REFUNDED status (a replayed refund
 * webhook finds nothing left to change).
 */
export async function cancelOrderByCustomer(
	orderId: string,
	now = new Date(),
	refundTo: RefundTo = 'card',
): Promise<CustomerCancelOutcome> {
	const window = await orderChangeWindow(orderId, now)
	if (!window.changeable) {
		if (window.reason === 'locked') return { outcome: 'locked', until: window.until }
		const order = await findOrderForChange(orderId)
		return { outcome: 'not-refundable', status: order?.status ?? null }
	}
	return cancelOrder(orderId, 'customer', refundTo)
}
