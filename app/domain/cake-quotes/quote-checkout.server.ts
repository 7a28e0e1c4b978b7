import {
	applyCakePaymentEvent,
	attachCakePaymentSession,
	expireQuote,
	findCakePaymentBySessionId,
	findCakeQuote,
	listLapsedCakePayments,
	markCakePaymentFailed,
	startCakePayment,
	type CakeQuote,
} from '~/domain/cake-quotes/models/cake-quote.server'
import { quotePath, readQuoteToken } from './cake-quote-token.server'
import { localizedPath, type Locale } from '~/utils/i18n'
import { translator } from '~/utils/i18n.server'
import { formatPickupAt } from '~/domain/pickup/pickup-display'
import { getPickupSettings } from '~/domain/pickup/index.server'
import { paymentProvider, siteEventId, SWEEP_GRACE_MS } from '~/domain/payments/index.server'

/**
 * The customer's side of a quote (decision 041): what a quote link shows, and paying the
 * deposit or the balance through the same payment provider as orders (Stripe Checkout, or the test page
 * where no Stripe key is set; its sessions are cake payments', decision 054), priced on the server from the
 * stored quote.
 */

/** Why a link shows no quote: never valid (or tampered), replaced or withdrawn, out of time, closed. */
export type ClosedQuote = 'invalid' | 'replaced' | 'expired' | 'declined' | 'cancelled'

export type QuoteView = { open: true; quote: CakeQuote; token: string } | { open: false; reason: ClosedQuote }

/** The quote a link points to, if it is still the current one; an overdue quote expires on the spot. */
export async function readQuoteLink(token: string, now = new Date()): Promise<QuoteView> {
	const link = readQuoteToken(token)
	if (!link) return { open: false, reason: 'invalid' }
	let quote = await findCakeQuote(link.requestId)
	if (!quote) return { open: false, reason: 'invalid' }
	if (quote.quoteVersion !== link.quoteVersion || quote.status === 'REQUESTED')
		return { open: false, reason: 'replaced' }
	if (quote.status === 'QUOTED' && quote.quoteValidUntil && quote.quoteValidUntil <= now) {
		await expireQuote(quote.id, now)
		quote = (await findCakeQuote(link.requestId)) ?? quote
	}
	if (quote.status === 'EXPIRED') return { open: false, reason: 'expired' }
	if (quote.status === 'DECLINED') return { open: false, reason: 'declined' }
	if (quote.status === 'CANCELLED') return { open: false, reason: 'cancelled' }
	return { open: true, quote, token }
}

/**
 * Where to pay, or why not: 'not-payable' (nothing is due on this link's quote now), 'payments-off' (no provider
 * set up), 'payment-failed' (the provider did not open a session; nothing is pending). The route picks the words.
 */
export type QuotePaymentStart =
	{ ok: true; url: string } | { ok: false; reason: 'not-payable' | 'payments-off' | 'payment-failed' }

/**
 * Opens a hosted payment for what is due now on this link's quote: the deposit of an open quote, or the
 * balance once the deposit is paid. Each attempt is its own payment record and session (idempotency key
 * from its id); a second payment that arrives for the same part is kept aside, never counted twice.
 */
export async function startQuotePayment(
	token: string,
	kind: 'DEPOSIT' | 'BALANCE',
	{ origin, now = new Date(), locale = 'en' }: { origin: string; now?: Date; locale?: Locale },
): Promise<QuotePaymentStart> {
	const provider = paymentProvider('cake-payment')
	if (!provider) return { ok: false, reason: 'payments-off' }
	const link = readQuoteToken(token)
	const quote = link ? await findCakeQuote(link.requestId) : null
	if (!link || !quote) return { ok: false, reason: 'not-payable' }
	const started = await startCakePayment(link.requestId, link.quoteVersion, kind, now)
	if (!started.ok) return started
	const { timeZone } = await getPickupSettings()
	// The payment page's own words, in the language the quote is paid from.
	const t = translator(locale)
	const pickupText = quote.pickupAt
		? t('requests.stripePickup', { pickup: formatPickupAt(quote.pickupAt, timeZone, locale) })
		: undefined
	// Back from the payment page to the quote in the language it was paid from.
	const page = `${origin}${localizedPath(quotePath(quote.id, quote.quoteVersion), locale)}`
	const lineValues = { type: quote.type, size: quote.size }
	try {
		const session = await provider.createCheckoutSession({
			orderId: started.paymentId,
			lines: [
				{
					name:
						kind === 'DEPOSIT'
							? t('requests.stripeDepositLine', lineValues)
							: t('requests.stripeBalanceLine', lineValues),
					unitAmountCents: started.amountCents,
					quantity: 1,
					taxCategory: 'BAKERY',
				},
			],
			taxCents: 0,
			automaticTax: false,
			currency: 'usd',
			customerEmail: started.customerEmail,
			successUrl: `${page}?session_id={CHECKOUT_SESSION_ID}`,
			cancelUrl: page,
			...(pickupText ? { pickupText } : {}),
			locale,
			metadata: { cakeRequestId: quote.id, cakePayment: kind.toLowerCase() },
		})
		await attachCakePaymentSession(started.paymentId, session.sessionId)
		return { ok: true, url: session.url }
	} catch (error) {
		console.error(`Could not open a payment for cake request ${quote.id}: ${String(error)}`)
		await markCakePaymentFailed(started.paymentId)
		return { ok: false, reason: 'payment-failed' }
	}
}

/**
 * Back from the payment page with `session_id`: records the payment if the provider says it is paid (the
 * webhook may not have arrived yet; whichever comes first counts, the other finds nothing to do). The provider is
 * asked only when the link is valid and the session is this site's unpaid payment for that link's request, opened
 * within its session's lifetime (issue 35): a stranger's or stale `session_id` costs no provider call.
 */
export async function confirmQuotePayment(token: string, sessionId: string, now = new Date()) {
	const provider = paymentProvider('cake-payment')
	const link = readQuoteToken(token)
	if (!provider || !sessionId || !link) return
	const payment = await findCakePaymentBySessionId(sessionId)
	if (
		!payment ||
		payment.request.id !== link.requestId ||
		payment.status !== 'PENDING' ||
		now.getTime() - payment.createdAt.getTime() >= SWEEP_GRACE_MS
	) {
		return
	}
	const session = await provider.retrieveSession(sessionId).catch((error: unknown) => {
		console.error(`Could not retrieve checkout session ${sessionId}: ${String(error)}`)
		return null
	})
	if (session?.paid) {
		await applyCakePaymentEvent({
			eventId: siteEventId('success', 'cake-payment', session.id),
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId: session.id,
			charged: session.charged,
		})
	}
}

/**
 * The periodic sweep for cake payments, as `sweepAbandonedCheckouts` is for orders: a payment still pending
 * past its session's lifetime asks the provider. Paid → recorded (a deposit or balance is never lost to a
 * missed webhook); expired or unknown → expired; unreachable or still open → the next sweep. Returns how many
 * it settled.
 */
export async function sweepLapsedCakePayments(now = new Date()) {
	const provider = paymentProvider('cake-payment')
	if (!provider) return 0
	let settled = 0
	for (const sessionId of await listLapsedCakePayments(new Date(now.getTime() - SWEEP_GRACE_MS))) {
		const session = await provider.retrieveSession(sessionId).catch((error: unknown) => {
			console.error(`Sweep could not retrieve checkout session ${sessionId}: ${String(error)}`)
			return undefined
		})
		if (session === undefined || session?.status === 'open') continue
		const kind = session?.paid ? 'paid' : 'expired'
		const outcome = await applyCakePaymentEvent({
			eventId: siteEventId(`sweep-${kind}`, 'cake-payment', sessionId),
			type: `sweep.${kind}`,
			kind,
			sessionId,
			charged: session?.charged,
		})
		if (outcome === 'applied') settled += 1
	}
	return settled
}
