import type { ActionFunctionArgs } from '@remix-run/node'
import { applyCheckoutEvent } from '~/models/order.server'
import { MAX_WEBHOOK_BYTES, toCheckoutEvent, verifyStripeEvent } from '~/utils/stripe-webhook.server'

function text(body: string, status: number) {
	return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}

export async function loader() {
	return text('Method not allowed', 405)
}

export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return text('Method not allowed', 405)
	if (Number(request.headers.get('content-length') ?? 0) > MAX_WEBHOOK_BYTES) return text('Payload too large', 413)
	const payload = await request.text()
	const event = verifyStripeEvent(payload, request.headers.get('stripe-signature'))
	if (!event) return text('Invalid signature', 400)
	const checkoutEvent = toCheckoutEvent(event)
	const outcome = checkoutEvent ? await applyCheckoutEvent(checkoutEvent) : 'ignored'
	return text(outcome, 200)
}
