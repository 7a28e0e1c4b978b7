/**
 * "Order again" (decision 065). The cart lives in the browser (decision 051), so the order page's form posts here
 * and the answer is a redirect to the cart with a short-lived signed cookie naming the order: the cart's loader
 * reads it once (and clears it), and the cart page adds the lines through the cart's own `add`. Reloading the
 * cart adds nothing twice.
 */
import { createCookie } from '@remix-run/node'
import { cookieSecrets } from '~/domain/admin-auth/index.server'
import { loadCartMenu } from '~/domain/menu/index.server'
import { orderNumber } from '~/domain/orders/index.server'
import { orderAgainLines } from '~/domain/orders/order-again'
import type { Locale } from '~/utils/i18n'
import { getEnv } from '~/utils/env.server'
import { findCustomerOrder } from './models/customer-orders.server'
import { getCustomer } from './session.server'

let cookie: ReturnType<typeof createCookie> | undefined
function orderAgainCookie() {
	cookie ??= createCookie('__bakery_order_again', {
		httpOnly: true,
		sameSite: 'lax',
		secure: getEnv().NODE_ENV === 'production',
		path: '/',
		maxAge: 5 * 60,
		secrets: cookieSecrets(),
	})
	return cookie
}

/** The Set-Cookie header that asks the cart to add this order's lines (the order was checked to be the customer's). */
export function orderAgainHeader(orderId: string) {
	return orderAgainCookie().serialize(orderId)
}

/**
 * A customer's order's lines as cart lines at today's prices, in `locale`, with the lines left out (gone, hidden,
 * sold out, a choice gone) and the price changes. Null when the order is not theirs or the menu cannot be read.
 */
export async function orderAgain(customerId: string, orderId: string, locale: Locale) {
	const order = await findCustomerOrder(customerId, orderId)
	if (!order) return null
	const [english, menu] = await Promise.all([loadCartMenu('en'), loadCartMenu(locale)])
	if (!english || !menu) return null
	return { number: orderNumber(order.id), ...orderAgainLines(order.items, english, menu) }
}

/**
 * For the cart's loader: the order the customer asked to order again, if any, as `orderAgain` answers, and the
 * header that clears the request (sent with the page whatever the answer, so it is taken once).
 */
export async function takeOrderAgain(request: Request, locale: Locale) {
	const orderId: unknown = await orderAgainCookie().parse(request.headers.get('Cookie'))
	if (typeof orderId !== 'string' || !orderId) return null
	const customer = await getCustomer(request)
	return {
		again: customer ? await orderAgain(customer.id, orderId, locale) : null,
		headers: { 'Set-Cookie': await orderAgainCookie().serialize('', { maxAge: 0 }) },
	}
}
