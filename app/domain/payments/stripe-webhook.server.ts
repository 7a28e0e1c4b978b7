import type Stripe from 'stripe'
import { getEnv } from '~/utils/env.server'
import { chargedAmounts, getStripe } from './payments.server'
import { type CheckoutEvent, type RefundEvent } from '~/domain/orders/index.server'
import type { ClubBillingEvent } from '~/domain/club/index.server'

/** Verifies Stripe's signature over the raw body; null when it is missing, wrong, tampered or stale. */
export function verifyStripeEvent(payload: string, signature: string | null): Stripe.Event | null {
	const { STRIPE_WEBHOOK_SECRET, STRIPE_SECRET_KEY } = getEnv()
	if (!STRIPE_WEBHOOK_SECRET || !STRIPE_SECRET_KEY || !signature) return null
	try {
		return getStripe().webhooks.constructEvent(payload, signature, STRIPE_WEBHOOK_SECRET)
	} catch {
		return null
	}
}

/** An expandable field's id. */
function idOf(field: string | { id: string } | null | undefined) {
	return typeof field === 'string' ? field : (field?.id ?? null)
}

/**
 * Stripe Billing's events for the bread club (decision 093): a subscription page completed, a renewal invoice paid or
 * failed, a subscription ended. Null for all others (a one-off payment's page goes to `toCheckoutEvent`).
 */
export function toClubBillingEvent(event: Stripe.Event): ClubBillingEvent | null {
	const base = { eventId: event.id, type: event.type }
	switch (event.type) {
		case 'checkout.session.completed': {
			const session = event.data.object
			if (session.mode !== 'subscription') return null
			return {
				...base,
				kind: 'started',
				sessionId: session.id,
				providerSubscriptionId: idOf(session.subscription),
				providerCustomerId: idOf(session.customer),
			}
		}
		case 'invoice.paid':
		case 'invoice.payment_failed': {
			const invoice = event.data.object
			const providerSubscriptionId = idOf(invoice.parent?.subscription_details?.subscription)
			if (!providerSubscriptionId) return null
			return event.type === 'invoice.paid'
				? { ...base, kind: 'paid', providerSubscriptionId }
				: { ...base, kind: 'failed', providerSubscriptionId, invoiceId: invoice.id ?? event.id }
		}
		case 'customer.subscription.deleted':
			return { ...base, kind: 'ended', providerSubscriptionId: event.data.object.id }
		default:
			return null
	}
}

/** The checkout events we act on, in the fulfillment function's terms; null for all others. */
export function toCheckoutEvent(event: Stripe.Event): CheckoutEvent | null {
	const base = { eventId: event.id, type: event.type }
	switch (event.type) {
		case 'checkout.session.completed': {
			const session = event.data.object
			const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
			// Delayed payment methods complete unpaid and settle later with async_payment_* events.
			return { ...base, sessionId: session.id, kind: paid ? 'paid' : 'ignored', charged: chargedAmounts(session) }
		}
		case 'checkout.session.async_payment_succeeded':
			return { ...base, sessionId: event.data.object.id, kind: 'paid', charged: chargedAmounts(event.data.object) }
		case 'checkout.session.async_payment_failed':
			return { ...base, sessionId: event.data.object.id, kind: 'payment_failed' }
		case 'checkout.session.expired':
			return { ...base, sessionId: event.data.object.id, kind: 'expired' }
		default:
			return null
	}
}

/**
 * A full refund (e.g. made in Stripe's dashboard) as a refund event: the order is found through the
 * Checkout Session of the charge's payment intent. A partial refund changes nothing (null).
 * Throws when Stripe cannot be asked: the webhook answers 500 and Stripe delivers it again.
 */
export async function toRefundEvent(event: Stripe.Event): Promise<RefundEvent | null> {
	if (event.type !== 'charge.refunded') return null
	const charge = event.data.object
	if (!charge.refunded) return null
	const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
	const sessions = paymentIntent
		? await getStripe().checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 })
		: { data: [] }
	return { eventId: event.id, type: event.type, sessionId: sessions.data[0]?.id ?? null }
}
