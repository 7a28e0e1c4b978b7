/**
 * An order placed on a customer's behalf when a place they waited for frees up (decision 091): priced, checked and
 * held by the checkout's own path (`placeOrder`, the database's `place_pending_order`), then its hosted payment page
 * opened at once, prefilled with their items, pickup time and e-mail. The page's lifetime (30 minutes) is how long
 * the place is held for them; its expiry (the webhook, or the checkout sweep) gives the place back like any unpaid
 * checkout's.
 */
import type { Locale } from '~/utils/i18n'
import { paymentProvider } from '~/domain/payments/index.server'
import { closeReplacedSessions, openPaymentPage, placeOrder, type OrderRequest } from './checkout.server'
import { queueWaitlistOffer } from './models/offered-orders.server'

export async function holdOfferedOrder(
	request: Pick<OrderRequest, 'customer' | 'items' | 'pickupAt'>,
	{ orderId, locale, origin, now }: { orderId: string; locale: Locale; origin: string; now: Date },
) {
	const provider = paymentProvider('order')
	if (!provider) return { ok: false as const, reason: 'ordering-off' as const }
	const placed = await placeOrder(request, { now, locale, orderId })
	if (!placed.ok) return placed
	await closeReplacedSessions(provider, placed.replacedSessionIds)
	return openPaymentPage(provider, placed, { origin, locale, customerEmail: request.customer.email, keepUrl: true })
}

/**
 * Tells the customer of a held offer that the place is theirs to pay for, through the durable queues, once per order,
 * in the order's language: the mail `waitlist-offer`, and with `text` (they asked for it when joining the line) the
 * text `waitlist-offer` to the order's phone. Each is composed and sent by its worker, and only while the order still
 * waits for payment. 'not-payable': it no longer does, and nothing went.
 */
export async function sendWaitlistOffer(orderId: string, { text }: { text: boolean }) {
	return (await queueWaitlistOffer(orderId, { text })) ? ('queued' as const) : ('not-payable' as const)
}
