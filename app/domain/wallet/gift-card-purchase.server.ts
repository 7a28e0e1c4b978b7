import { paymentProvider, siteEventId, SWEEP_GRACE_MS } from '~/domain/payments/index.server'
import type { CheckoutEvent } from '~/domain/orders/index.server'
import { addLocalDays, instantAt, localDateOf, type LocalDate } from '~/domain/pickup/pickup-schedule'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { localizedPath, type Locale } from '~/utils/i18n'
import { translator } from '~/utils/i18n.server'
import { formatPrice } from '~/utils/money'
import { MAX_DELIVERY_DAYS, type GiftCardPurchaseRequest } from './gift-card-purchase'
import {
	applyGiftCardPurchaseEvent as applyEvent,
	attachGiftCardPurchaseSession,
	createGiftCardPurchase,
	findGiftCardPurchaseBySessionId,
	listLapsedGiftCardPurchases,
	markGiftCardPurchaseFailed,
} from './models/gift-card-purchases.server'

/**
 * The recipient's mail goes at 9:00 in the bakery's zone on a chosen later day; on the day it is bought (or a day
 * since passed, for a payment that came late), at once.
 */
const DELIVERY_TIME = '09:00'

function deliveryInstant(deliverOn: Date, now = new Date()) {
	const day = deliverOn.toISOString().slice(0, 10) as LocalDate
	if (day <= localDateOf(now, BAKERY_TIME_ZONE)) return now
	return instantAt(day, DELIVERY_TIME, BAKERY_TIME_ZONE)
}

/** A payment event for a gift card session (null: not one), fulfilled exactly once. */
export function applyGiftCardPurchaseEvent(event: CheckoutEvent) {
	return applyEvent(event, (deliverOn) => deliveryInstant(deliverOn))
}

export type GiftCardPurchaseStart =
	{ ok: true; url: string } | { ok: false; reason: 'payments-off' | 'payment-failed' | 'deliver-on-range' }

/**
 * Opens the hosted payment for a gift card (decision 078): the purchase is recorded as pending, priced on the
 * server from the form's amount, then its session opened (Stripe, or the test page), back to /gift-cards/thanks.
 */
export async function startGiftCardPurchase(
	request: GiftCardPurchaseRequest,
	{ origin, locale, now = new Date() }: { origin: string; locale: Locale; now?: Date },
): Promise<GiftCardPurchaseStart> {
	const provider = paymentProvider('gift-card')
	if (!provider) return { ok: false, reason: 'payments-off' }
	const today = localDateOf(now, BAKERY_TIME_ZONE)
	const deliverOn = request.deliverOn || today
	if (deliverOn < today || deliverOn > addLocalDays(today, MAX_DELIVERY_DAYS))
		return { ok: false, reason: 'deliver-on-range' }
	const purchaseId = await createGiftCardPurchase({ ...request, deliverOn, locale })
	const t = translator(locale)
	const page = (path: string) => `${origin}${localizedPath(path, locale)}`
	try {
		const session = await provider.createCheckoutSession({
			orderId: purchaseId,
			lines: [
				{
					name: t('giftCards.paymentLine', { amount: formatPrice(request.amountCents, locale) }),
					unitAmountCents: request.amountCents,
					quantity: 1,
					taxCategory: 'BAKERY',
				},
			],
			taxCents: 0,
			automaticTax: false,
			currency: 'usd',
			customerEmail: request.buyerEmail,
			successUrl: `${page('/gift-cards/thanks')}?session_id={CHECKOUT_SESSION_ID}`,
			cancelUrl: page('/gift-cards'),
			locale,
			metadata: { giftCardPurchase: purchaseId },
		})
		await attachGiftCardPurchaseSession(purchaseId, session.sessionId)
		return { ok: true, url: session.url }
	} catch (error) {
		console.error(`Could not open a payment for gift card purchase ${purchaseId}: ${String(error)}`)
		await markGiftCardPurchaseFailed(purchaseId)
		return { ok: false, reason: 'payment-failed' }
	}
}

/**
 * The return page: records the payment if the provider says it is paid (the webhook may come later; whichever is
 * first counts). Only this site's pending purchase within its session's lifetime is asked about (issue 35).
 */
export async function confirmGiftCardPurchase(sessionId: string, now = new Date()) {
	const purchase = sessionId ? await findGiftCardPurchaseBySessionId(sessionId) : null
	if (!purchase) return null
	const provider = paymentProvider('gift-card')
	if (provider && purchase.status === 'PENDING' && now.getTime() - purchase.createdAt.getTime() < SWEEP_GRACE_MS) {
		const session = await provider.retrieveSession(sessionId).catch(() => null)
		if (session?.paid) {
			await applyGiftCardPurchaseEvent({
				eventId: siteEventId('success', 'gift-card', session.id),
				type: 'checkout.session.completed',
				kind: 'paid',
				sessionId: session.id,
				charged: session.charged,
			})
		}
	}
	return findGiftCardPurchaseBySessionId(sessionId)
}

/** The sweep for gift card purchases, like the cake payments': a lapsed pending session is asked about once. */
export async function sweepLapsedGiftCardPurchases(now = new Date()) {
	const provider = paymentProvider('gift-card')
	if (!provider) return 0
	let settled = 0
	for (const sessionId of await listLapsedGiftCardPurchases(new Date(now.getTime() - SWEEP_GRACE_MS))) {
		const session = await provider.retrieveSession(sessionId).catch(() => undefined)
		if (session === undefined || session?.status === 'open') continue
		const kind = session?.paid ? 'paid' : 'expired'
		const outcome = await applyGiftCardPurchaseEvent({
			eventId: siteEventId(`sweep-${kind}`, 'gift-card', sessionId),
			type: `sweep.${kind}`,
			kind,
			sessionId,
			charged: session?.charged,
		})
		if (outcome === 'applied') settled += 1
	}
	return settled
}
