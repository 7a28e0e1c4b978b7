import { findMenuItemsForCheckout } from '~/models/menu-item.server'
import {
	applyCheckoutEvent,
	attachCheckoutSession,
	createPendingOrder,
	findOrderBySessionId,
	markOrderCheckoutFailed,
	PAID_ORDER_STATUSES,
} from '~/models/order.server'
import { CHECKOUT_FAILED_MESSAGE, checkoutRequestSchema, type CheckoutRequest } from './checkout'
import { createTestProvider, paymentMode, stripeProvider, type PaymentProvider } from './payments.server'

const CURRENCY = 'usd'

export type StartCheckoutResult =
	| { ok: true; url: string; orderId: string }
	| { ok: false; status: number; error: string; unavailableIds?: string[] }

const testProvider = createTestProvider(async (sessionId) => {
	const order = await findOrderBySessionId(sessionId)
	if (!order) return null
	const status = order.status === 'PAID' ? 'complete' : order.status === 'EXPIRED' ? 'expired' : 'open'
	return { id: sessionId, paid: order.status === 'PAID', status }
})

export function getPaymentProvider(): PaymentProvider | null {
	const mode = paymentMode()
	if (mode === 'stripe') return stripeProvider
	if (mode === 'test') return testProvider
	return null
}

/**
 * Prices an order from the database only, records it as pending with line snapshots, and opens a
 * hosted checkout session for it. Any provider failure cancels the order; nothing is charged.
 */
export async function startCheckout(body: unknown, { origin }: { origin: string }): Promise<StartCheckoutResult> {
	const parsed = checkoutRequestSchema.safeParse(body)
	if (!parsed.success) {
		return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? 'Invalid checkout request.' }
	}
	const provider = getPaymentProvider()
	if (!provider) return { ok: false, status: 503, error: 'Online ordering is unavailable right now.' }

	const priced = await priceFromDatabase(parsed.data.items)
	if (!priced.ok) return priced

	const order = await createPendingOrder({ customer: parsed.data.customer, currency: CURRENCY, lines: priced.lines })
	try {
		const session = await provider.createCheckoutSession({
			orderId: order.id,
			currency: CURRENCY,
			customerEmail: parsed.data.customer.email,
			lines: priced.lines.map(({ name, unitPriceCents, quantity }) => ({ name, unitAmountCents: unitPriceCents, quantity })),
			successUrl: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
			cancelUrl: `${origin}/cancel`,
		})
		await attachCheckoutSession(order.id, session.sessionId)
		return { ok: true, url: session.url, orderId: order.id }
	} catch (error) {
		console.error(`Checkout failed for order ${order.id}: ${error instanceof Error ? error.message : String(error)}`)
		await markOrderCheckoutFailed(order.id)
		return { ok: false, status: 502, error: CHECKOUT_FAILED_MESSAGE }
	}
}

async function priceFromDatabase(items: CheckoutRequest['items']) {
	const found = new Map((await findMenuItemsForCheckout(items.map((item) => item.id))).map((item) => [item.id, item]))
	const problems: string[] = []
	const unavailableIds: string[] = []
	const lines = []
	for (const { id, quantity } of items) {
		const menuItem = found.get(id)
		if (!menuItem) problems.push('An item in your cart is no longer on the menu.')
		else if (menuItem.soldOut) problems.push(`${menuItem.name} is sold out.`)
		else if (!menuItem.orderable) problems.push(`${menuItem.name} can't be ordered online yet.`)
		else {
			lines.push({ menuItemId: id, name: menuItem.name, unitPriceCents: menuItem.priceCents, quantity })
			continue
		}
		unavailableIds.push(id)
	}
	if (problems.length > 0) {
		return { ok: false as const, status: 409, error: `${problems.join(' ')} Please update your cart.`, unavailableIds }
	}
	return { ok: true as const, lines }
}

/**
 * /success: asks the provider about the session and, if it is paid, runs the same fulfillment as
 * the webhook (whichever arrives first moves the order; the other finds nothing to do).
 */
export async function confirmCheckoutSession(sessionId: string) {
	const provider = getPaymentProvider()
	if (!provider || !sessionId) return null
	const session = await provider.retrieveSession(sessionId).catch((error: unknown) => {
		// The webhook may already have recorded the payment: fall back to what the database knows.
		console.error(`Could not retrieve checkout session ${sessionId}: ${String(error)}`)
		return null
	})
	if (session?.paid) {
		await applyCheckoutEvent({
			eventId: `success:${session.id}`,
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId: session.id,
		})
	}
	const order = await findOrderBySessionId(sessionId)
	return order && (PAID_ORDER_STATUSES as readonly string[]).includes(order.status) ? order : null
}
