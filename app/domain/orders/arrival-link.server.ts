import { getPickupSettings } from '~/domain/pickup/index.server'
import { localDateOf } from '~/domain/pickup/pickup-schedule'
import { findOrderForArrival, type ArrivalOutcome } from './models/order-board.server'
import { readArrivalToken } from './order-arrival-token.server'

/** What an "I'm here" page can offer (decision 070): the form, the arrival already told, or why not. */
export type ArrivalLinkState = 'open' | 'arrived' | Exclude<ArrivalOutcome['outcome'], 'arrived'>

/**
 * The confirmed order an "I'm here" link names (paid, or to be paid at pickup) and what its page may offer today;
 * null for a forged link or a checkout never paid. Arrivals are taken from the pickup day on, while the order waits to be collected.
 */
export async function arrivalLink(token: string, now = new Date()) {
	const orderId = readArrivalToken(token)
	const order = orderId ? await findOrderForArrival(orderId) : null
	if (!order || !(order.paidAt || order.payAtPickup)) return null
	const { timeZone } = await getPickupSettings()
	const today = localDateOf(now, timeZone)
	const waiting = order.status === 'PAID' || order.status === 'READY'
	const pickupDay = order.pickupAt ? localDateOf(order.pickupAt, timeZone) : null
	const state: ArrivalLinkState = !waiting
		? order.status === 'PICKED_UP'
			? 'picked-up'
			: 'closed'
		: pickupDay !== null && pickupDay > today
			? 'too-early'
			: order.arrivedAt
				? 'arrived'
				: 'open'
	return {
		orderId: order.id,
		today,
		timeZone,
		state,
		pickupAt: order.pickupAt,
		spot: order.arrivalSpot,
		car: order.arrivalCar,
	}
}
