/**
 * The signed-in customer's own order (decision 065): its page, moving its pickup, cancelling it, ordering it
 * again. Each checks first that the order is the customer's (else `null` / 'not-found': the page's 404), then
 * calls the orders area's functions (decision 064) as the customer.
 */
import {
	cancelOrderByCustomer,
	changeOrderPickup,
	orderPickupChoices,
	type ChangePickupOutcome,
	type CustomerCancelOutcome,
	type RefundTo,
} from '~/domain/orders/index.server'
import { findCustomerOrder, isCustomerOrder } from './models/customer-orders.server'
import { accountOrderStatus } from './account.server'

/** The order page: the order as the customer ordered it, whether and until when it can change, and the open slots. */
export async function customerOrderPage(customerId: string, orderId: string, now = new Date()) {
	const order = await findCustomerOrder(customerId, orderId)
	if (!order) return null
	// Only a paid order may change (a ready, handed-over or refunded one may not): the slots only for it.
	const choices = order.status === 'PAID' ? await orderPickupChoices(orderId, now) : null
	const open = choices?.window.changeable ? choices.days : []
	return {
		order: {
			id: order.id,
			status: accountOrderStatus(order),
			/** When it was paid online, or confirmed on the phone to be paid at pickup. */
			placedAt: order.paidAt ?? order.createdAt,
			pickupAt: order.pickupAt,
			totalCents: order.totalCents,
			taxCents: order.taxCents,
			discountCents: order.discountCents,
			promoCode: order.promoCode,
			tipCents: order.tipCents,
			walletCents: order.walletCents,
			items: order.items.map(({ name, quantity, unitPriceCents, options }) => ({
				name,
				quantity,
				unitPriceCents,
				options,
			})),
		},
		window: choices?.window ?? ({ changeable: false, reason: 'not-changeable' } as const),
		/** The other times the checkout would offer for these items now, by day. */
		days: open
			.filter((day) => day.available)
			.map((day) => ({
				date: day.date,
				slots: day.slots
					.filter((slot) => slot.available && slot.start !== order.pickupAt?.toISOString())
					.map(({ start, time }) => ({ start, time })),
			}))
			.filter((day) => day.slots.length > 0),
		/** Item names by id, for an 'item-limit' refusal. */
		itemNames: Object.fromEntries(
			order.items.flatMap((line) => (line.menuItemId ? [[line.menuItemId, line.name]] : [])),
		),
	}
}

/** "Change pickup" on the customer's own order: as the customer (their lock time applies). */
export async function changeCustomerOrderPickup(
	customerId: string,
	orderId: string,
	slot: string,
	now = new Date(),
): Promise<ChangePickupOutcome> {
	if (!(await isCustomerOrder(customerId, orderId))) return { outcome: 'not-found' }
	return changeOrderPickup(orderId, slot, { by: 'customer', customerId }, now)
}

/** "Cancel order" on the customer's own order: refunded and released, both sides mailed; null when not theirs. */
export async function cancelCustomerOrder(
	customerId: string,
	orderId: string,
	{ now = new Date(), refundTo = 'card' }: { now?: Date; refundTo?: RefundTo } = {},
): Promise<CustomerCancelOutcome | null> {
	if (!(await isCustomerOrder(customerId, orderId))) return null
	return cancelOrderByCustomer(orderId, now, refundTo)
}

export { isCustomerOrder }
