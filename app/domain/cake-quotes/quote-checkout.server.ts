import {
	applyCakePaymentEvent,
	attachCakePaymentSession,
	expireQuote,
	expireSessionlessCakePayments,
	findCakePaymentBySessionId,
	findCakeQuote,
	listLapsedCakePayments,
	markCakePaymentFailed,
	startCakePayment,
	type CakeQuote,
	type StartPaymentRefusal,
} from '~/domain/cake-quotes/models/cake-quote.server'
import { spendableStoreCredit, giftCardAccountForCode } from '~/domain/wallet/index.server'
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
 * Where to go next, or why not: 'not-payable' (nothing is due on this link's quote now), 'payments-off' (no provider
 * set up), 'payment-failed' (the provider did not open a session; nothing is pending), 'gift-card-invalid' (the typed
 * code is malformed, unknown or void, alike), 'gift-card-balance' / 'store-credit-balance' (another checkout spent it
 * meanwhile: its balance now). The route picks the words.
 */
export type QuotePaymentStart =
	{ ok: true; url: string } | { ok: false; reason: 'payment-failed' } | StartPaymentRefusal

/** What the customer chose to pay with besides the card (decision 087). */
export interface QuoteWalletChoice {
	/** The gift card code as typed (empty: none). */
	giftCardCode?: string
	/** The signed-in customer whose store credit pays, when they ticked it. */
	storeCreditCustomerId?: string | null
}

/**
 * Opens a hosted payment for what is due now on this link's quote: the deposit of an open quote, or the
 * balance once the deposit is paid. Each attempt is its own payment record and session (idempotency key
 * from its id); a second payment that arrives for the same part is kept aside, never counted twice. A gift card and
 * store credit pay first (decision 087): the session charges the rest, or, when they pay it all, there is no
 * session and the quote page (`?paid=wallet`) shows it paid.
 */
export async function startQuotePayment(
	token: string,
	kind: 'DEPOSIT' | 'BALANCE',
	{
		origin,
		now = new Date(),
		locale = 'en',
		wallet = {},
	}: { origin: string; now?: Date; locale?: Locale; wallet?: QuoteWalletChoice },
): Promise<QuotePaymentStart> {
	const provider = paymentProvider('cake-payment')
	const link = readQuoteToken(token)
	const quote = link ? await findCakeQuote(link.requestId) : null
	if (!link || !quote) return { ok: false, reason: 'not-payable' }
	const giftCardCode = wallet.giftCardCode?.trim() ?? ''
	const giftCardAccountId = giftCardCode ? await giftCardAccountForCode(giftCardCode) : null
	if (giftCardCode && !giftCardAccountId) return { ok: false, reason: 'gift-card-invalid' }
	const credit = wallet.storeCreditCustomerId ? await spendableStoreCredit(wallet.storeCreditCustomerId) : null
	if (!provider && !giftCardAccountId && !credit) return { ok: false, reason: 'payments-off' }
	const started = await startCakePayment(link.requestId, link.quoteVersion, kind, now, {
		wallet: { giftCardAccountId, storeCreditAccountId: credit?.accountId ?? null },
		sessionPossible: provider !== null,
	})
	if (!started.ok) return started
	// Back to the quote in the language it was paid from.
	const quotePage = localizedPath(quotePath(quote.id, quote.quoteVersion), locale)
	if (started.paid) return { ok: true, url: `${quotePage}?paid=wallet` }
	if (!provider) {
		await markCakePaymentFailed(started.paymentId)
		return { ok: false, reason: 'payments-off' }
	}
	const { timeZone } = await getPickupSettings()
	// The payment page's own words, in the language the quote is paid from.
	const t = translator(locale)
	const pickupText = quote.pickupAt
		? t('requests.stripePickup', { pickup: formatPickupAt(quote.pickupAt, timeZone, locale) })
		: undefined
	const page = `${origin}${quotePage}`
	const lineValues = { type: quote.type, size: quote.size }
	const walletName = started.walletParts
		.map((part) => (part === 'GIFT_CARD' ? t('requests.walletGiftCard') : t('requests.walletStoreCredit')))
		.join(' + ')
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
			...(started.walletCents > 0 ? { wallet: { name: walletName, amountCents: started.walletCents } } : {}),
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
 * missed webhook); expired or unknown → expired (its wallet holds released); unreachable or still open → the next
 * sweep; one that never got a session → expired. Returns how many it settled.
 */
export async function sweepLapsedCakePayments(now = new Date()) {
	const provider = paymentProvider('cake-payment')
	// A payment left without a session (the server stopped before opening it) gives its wallet holds back.
	let settled = await expireSessionlessCakePayments(new Date(now.getTime() - SWEEP_GRACE_MS))
	if (!provider) return settled
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
