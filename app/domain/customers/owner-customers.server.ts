import { orderNumber } from '~/domain/orders/index.server'
import { findCustomerForOwner, listCustomersForOwner } from './models/owner-customers.server'

/** The longest search the customers screen reads (a name or an e-mail address). */
const SEARCH_MAX_LENGTH = 100
/** Pages beyond this are not offered (50 a page: 25,000 accounts). */
const MAX_PAGE = 500

/**
 * The customers screen's list from its address: `q` (a part of a name or e-mail, trimmed and bounded) and `page`.
 * Guest orders whose address has no account are not customers here (decision 067).
 */
export async function ownerCustomerList(params: URLSearchParams) {
	const search = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH)
	const page = Math.min(Math.max(1, Math.floor(Number(params.get('page')) || 1)), MAX_PAGE)
	const { customers, hasMore } = await listCustomersForOwner({ search: search || undefined, page })
	return { search, page, customers, hasMore: hasMore && page < MAX_PAGE }
}

/** One customer for the owner, with each order's number; null when there is no such account. */
export async function ownerCustomer(customerId: string) {
	const customer = await findCustomerForOwner(customerId)
	if (!customer) return null
	return { ...customer, orders: customer.orders.map((order) => ({ ...order, number: orderNumber(order.id) })) }
}

export { saveOwnerNote } from './models/owner-customers.server'
