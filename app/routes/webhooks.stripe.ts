import type { ActionFunctionArgs } from '@remix-run/node'
import { applyCakePaymentEvent, applyCakeRefundEvent } from '~/domain/cake-quotes/models/cake-quote.server'
import { applyCheckoutEvent } from '~/domain/orders/models/order.server'
import { applyGiftCardPurchaseEvent, applyGiftCardRefundEvent } from '~/domain/wallet/index.server'
import { applyRefundEvent } from '~/domain/orders/models/owner-orders.server'
import { bodyLimits, bodyProblemResponse, readText } from '~/utils/body.server'
import {
	toCheckoutEvent,
	toClubBillingEvent,
	toRefundEvent,
	verifyStripeEvent,
} from '~/domain/payments/stripe-webhook.server'
import { applyClubBillingEvent } from '~/domain/club/index.server'

function text(body: string, status: number) {
	return new Response(body, {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}

export async function loader() {
	return text('Method not allowed', 405)
}

export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return text('Method not allowed', 405)
	// The signature covers the raw body: read as text, never parsed before it is verified.
	const payload = await readText(request, bodyLimits.webhook)
	if (!payload.ok) return bodyProblemResponse(payload.problem)
	const event = verifyStripeEvent(payload.value, request.headers.get('stripe-signature'))
	if (!event) return text('Invalid signature', 400)
	// The bread club's subscription pages and renewals (decision 093) before the one-off payments.
	const clubEvent = toClubBillingEvent(event)
	if (clubEvent) return text(await applyClubBillingEvent(clubEvent), 200)
	const checkoutEvent = toCheckoutEvent(event)
	// A cake quote's deposit or balance and a gift card bought online have their own records; every other session
	// is an order's.
	if (checkoutEvent)
		return text(
			(await applyCakePaymentEvent(checkoutEvent)) ??
				(await applyGiftCardPurchaseEvent(checkoutEvent)) ??
				(await applyCheckoutEvent(checkoutEvent)),
			200,
		)
	const refundEvent = await toRefundEvent(event)
	if (!refundEvent) return text('ignored', 200)
	return text(
		(await applyCakeRefundEvent(refundEvent)) ??
			(await applyGiftCardRefundEvent(refundEvent)) ??
			(await applyRefundEvent(refundEvent)),
		200,
	)
}
