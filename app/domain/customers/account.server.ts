import { readLineOptions } from '~/domain/menu/item-options'
import { loadAccount } from './models/customer.server'

/** What a customer sees of an order's state (the statuses an account can hold: paid orders only). */
type AccountOrderStatus = 'paid' | 'ready' | 'picked-up' | 'cancelled' | 'refunded'

export const ACCOUNT_ORDER_STATUS = {
	PAID: 'paid',
	READY: 'ready',
	PICKED_UP: 'picked-up',
	CANCELLED: 'cancelled',
	REFUNDED: 'refunded',
} as const satisfies Record<string, AccountOrderStatus>

/** Balances still owed only while a quote is accepted or open. */
const OWING_CAKE_STATUSES = new Set(['QUOTED', 'DEPOSIT_PAID'])

/**
 * The account page's data (two queries): upcoming pickups (paid or ready, pickup still ahead, soonest first),
 * past orders (newest first), the cake requests with what is owed, and the saved details. Lines carry the names
 * and choices in the language the customer ordered in.
 */
export async function accountOverview(customerId: string, now = new Date()) {
	const account = await loadAccount(customerId)
	if (!account) return null
	const orders = account.orders.map((order) => ({
		id: order.id,
		status: ACCOUNT_ORDER_STATUS[order.status as keyof typeof ACCOUNT_ORDER_STATUS] ?? 'paid',
		pickupAt: order.pickupAt,
		totalCents: order.totalCents,
		items: order.items.map((item) => ({
			name: item.localizedName ?? item.name,
			quantity: item.quantity,
			options: readLineOptions(item.localizedOptions ?? item.options),
		})),
	}))
	const isUpcoming = (order: (typeof orders)[number]) =>
		(order.status === 'paid' || order.status === 'ready') && (!order.pickupAt || order.pickupAt >= now)
	return {
		profile: { email: account.email, name: account.name, phone: account.phone, locale: account.locale },
		upcoming: orders.filter(isUpcoming).reverse(),
		past: orders.filter((order) => !isUpcoming(order)),
		cakeRequests: account.cakeRequests.map((request) => ({
			id: request.id,
			type: request.type,
			size: request.size,
			status: request.status,
			pickupAt: request.pickupAt,
			quoteCents: request.quoteCents,
			owedCents:
				OWING_CAKE_STATUSES.has(request.status) && request.quoteCents !== null
					? Math.max(0, request.quoteCents - request.paidCents)
					: 0,
		})),
	}
}

export { updateCustomerProfile } from './models/customer.server'
