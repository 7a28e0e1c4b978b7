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
