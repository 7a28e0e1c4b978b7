/**
 * A text's words (decision 074): short, in the customer's language (the order's or cake request's), with the order's
 * link (the "I'm here" page, which shows the order) or the quote's. Null when the event no longer holds when the text
 * is due (the order moved on, a newer quote replaced this one): the text is skipped.
 */
import { getBusiness } from '~/config/business.server'
import { quotePath } from '~/domain/cake-quotes/index.server'
import { arrivalUrl, orderNumber } from '~/domain/orders/index.server'
import { getPickupSettings } from '~/domain/pickup/index.server'
import { CHECKOUT_SESSION_MINUTES } from '~/domain/payments/index.server'
import { formatPickupAt } from '~/domain/pickup/pickup-display'
import { localizedPath, type Locale } from '~/utils/i18n'
import { translator } from '~/utils/i18n.server'
import { formatPrice } from '~/utils/money'
import { giftCardPurchaseForMail } from '~/domain/wallet/index.server'
import type { TextJob } from './text-jobs'
import { findCakeRequestForText, findOrderForText, findPickupChangeForText } from './models/text-content.server'

/** Which order statuses each order text still makes sense for when it is sent. */
const orderTextStatuses: Record<
	Exclude<TextJob['kind'], `cake-${string}` | 'gift-card-delivery'>,
	readonly string[]
> = {
	// Only while the link can still be paid.
	'order-payment-link': ['PENDING'],
	'waitlist-offer': ['PENDING'],
	'order-confirmed': ['PAID', 'READY'],
	'order-ready': ['READY'],
	'order-reminder-evening': ['PAID', 'READY'],
	'order-reminder-soon': ['PAID', 'READY'],
	'order-pickup-moved': ['PAID', 'READY'],
	'order-cancelled': ['REFUNDED', 'CANCELLED'],
}

export async function composeText(job: TextJob, locale: Locale, origin: string): Promise<string | null> {
	const t = translator(locale)
	const business = getBusiness()
	const bakery = business.name
	const { timeZone } = await getPickupSettings()
	const when = (at: Date) => formatPickupAt(at, timeZone, locale)

	if (job.kind === 'cake-quote-sent' || job.kind === 'cake-balance-reminder') {
		const request = await findCakeRequestForText(job.requestId)
		if (!request || request.quoteCents === null || request.depositCents === null || !request.pickupAt) return null
		const url = `${origin}${localizedPath(quotePath(request.id, request.quoteVersion), locale)}`
		if (job.kind === 'cake-quote-sent') {
			if (request.status !== 'QUOTED' || request.quoteVersion !== job.quoteVersion) return null
			return t('mail.textQuoteSent', {
				bakery,
				price: formatPrice(request.quoteCents, locale),
				pickup: when(request.pickupAt),
				url,
			})
		}
		if (request.status !== 'DEPOSIT_PAID') return null
		const balance = request.quoteCents - Math.max(request.paidCents, request.depositCents)
		return t('mail.textBalanceReminder', {
			bakery,
			pickup: when(request.pickupAt),
			balance: formatPrice(balance, locale),
			url,
		})
	}

	if (job.kind === 'gift-card-delivery') {
		// Never the code: it is in the recipient's mail (decision 078).
		const purchase = await giftCardPurchaseForMail(job.purchaseId)
		if (!purchase) return null
		return t('mail.textGiftCard', {
			bakery,
			buyer: purchase.buyerName,
			amount: formatPrice(purchase.amountCents, locale),
			email: purchase.recipientEmail,
		})
	}

	const order = await findOrderForText(job.orderId)
	if (!order || !orderTextStatuses[job.kind].includes(order.status)) return null
	const number = orderNumber(order.id)
	const url = arrivalUrl(origin, order.id, locale)
	const pickup = order.pickupAt ? when(order.pickupAt) : ''
	switch (job.kind) {
		case 'order-payment-link':
			if (!order.paymentUrl) return null
			return t('mail.textPaymentLink', {
				bakery,
				number,
				total: formatPrice(order.totalCents, locale),
				pickup,
				minutes: CHECKOUT_SESSION_MINUTES,
				url: order.paymentUrl,
			})
		case 'waitlist-offer':
			// An offer is always for a pickup time (decision 091).
			if (!order.paymentUrl || !order.pickupAt) return null
			return t('mail.textWaitlistOffer', {
				bakery,
				item: order.items.map((line) => line.localizedName ?? line.name).join(', '),
				pickup,
				total: formatPrice(order.totalCents, locale),
				minutes: CHECKOUT_SESSION_MINUTES,
				url: order.paymentUrl,
			})
		case 'order-confirmed':
			return t('mail.textConfirmed', { bakery, number, pickup, url })
		case 'order-ready':
			return t('mail.textReady', { bakery, number, url })
		case 'order-reminder-evening':
			return order.pickupAt ? t('mail.textReminderEvening', { bakery, number, pickup, url }) : null
		case 'order-reminder-soon':
			return order.pickupAt ? t('mail.textReminderSoon', { bakery, number, pickup, url }) : null
		case 'order-pickup-moved': {
			const change = await findPickupChangeForText(job.changeId)
			if (!change) return null
			return t('mail.textPickupMoved', { bakery, number, pickup: when(change.toPickupAt), url })
		}
		case 'order-cancelled':
			if (!order.paidAt) return t('mail.textCancelledUnpaid', { bakery, number, phone: business.phone })
			return t('mail.textCancelled', {
				bakery,
				number,
				amount: formatPrice(order.totalCents, locale),
				phone: business.phone,
			})
	}
}
