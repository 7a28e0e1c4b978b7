/**
 * Phone and walk-in orders (decision 075): staff enter an order for a customer, priced, checked and held by the
 * online checkout's own path (`placeOrder`, the database's `place_pending_order`), then either a payment link (the
 * same hosted checkout, expiry and sweep as online) or, where the owner allows it, confirmed to be paid at pickup.
 */
import type { Locale } from '~/utils/i18n'
import { optInConsent } from '~/domain/texts/index.server'
import { getPayAtPickupAllowed } from '~/domain/pickup/index.server'
import { paymentProvider } from '~/domain/payments/index.server'
import { closeReplacedSessions, openPaymentPage, placeOrder, type CheckoutRefusal } from './checkout.server'
import type { PhoneOrderForm, PhoneOrderPayment } from './phone-order'
import { phoneOrderItems } from './phone-order'
import {
	findPaymentLinkOrder,
	queuePaymentLinkMail,
	queuePaymentLinkText,
	recordPhoneOrderEntered,
} from './models/phone-orders.server'

export type PhoneOrderRefusal = CheckoutRefusal | { reason: 'pay-at-pickup-off' }

export type PhoneOrderResult =
	| { ok: true; orderId: string; payment: PhoneOrderPayment; linkMailed: boolean; linkTexted: boolean }
	| ({ ok: false } & PhoneOrderRefusal)

/**
 * Enters a phone order. `staffEmail` is who entered it (kept on the order); the customer's `locale` is the payment
 * page's and the mails' language. A payment link is mailed at once when the customer gave an e-mail (and shown to
 * staff either way); a pay-at-pickup order is confirmed (PAID, unpaid) in the statement that holds its place.
 */
export async function enterPhoneOrder(
	form: PhoneOrderForm,
	{ staffEmail, origin, now = new Date() }: { staffEmail: string; origin: string; now?: Date },
): Promise<PhoneOrderResult> {
	const payAtPickup = form.payment === 'pay-at-pickup'
	if (payAtPickup && !(await getPayAtPickupAllowed())) return { ok: false, reason: 'pay-at-pickup-off' }
	const provider = paymentProvider('order')
	if (!payAtPickup && !provider) return { ok: false, reason: 'ordering-off' }

	const locale: Locale = form.locale
	const { customer } = form
	const placed = await placeOrder(
		{
			customer,
			items: phoneOrderItems(form.rows),
			pickupAt: form.pickupAt,
			customerNote: form.customerNote,
			allergyNote: form.allergyNote,
		},
		{ now, locale, entry: { enteredBy: staffEmail, payAtPickup } },
	)
	if (!placed.ok) return placed
	// The consent staff took down is the customer's standing opt-in, with the words read to them in their language.
	const consent =
		form.textsConsent && customer.phone
			? optInConsent({ phone: customer.phone, channel: 'sms', locale, source: 'phone', recordedBy: staffEmail })
			: null
	await recordPhoneOrderEntered(placed.orderId, { consent, confirmed: payAtPickup })
	// The customer's own older unpaid holds beyond the cap were replaced (decision 058): their pages close.
	if (provider) await closeReplacedSessions(provider, placed.replacedSessionIds)
	if (payAtPickup || !provider) {
		return { ok: true, orderId: placed.orderId, payment: form.payment, linkMailed: false, linkTexted: false }
	}

	const opened = await openPaymentPage(provider, placed, { origin, locale, customerEmail: customer.email })
	if (!opened.ok) return opened
	const mailed = customer.email ? await sendPaymentLink(placed.orderId, 'email') : 'no-address'
	const texted = form.linkByText ? await sendPaymentLink(placed.orderId, 'text') : 'no-address'
	return {
		ok: true,
		orderId: placed.orderId,
		payment: 'link',
		linkMailed: mailed === 'queued',
		linkTexted: texted === 'queued',
	}
}

/** How a payment link reaches the customer: the e-mail or the phone number they gave. */
export type PaymentLinkChannel = 'email' | 'text'

export type SendPaymentLinkOutcome = 'queued' | 'no-address' | 'not-payable'

/**
 * Sends an unpaid phone order's payment link through the durable queue, once per order and channel, in the order's
 * language: the mail `order-payment-link`, or the text `order-payment-link` (asked for on the phone: no standing
 * consent needed, none created), each composed and sent by its worker.
 */
export async function sendPaymentLink(orderId: string, channel: PaymentLinkChannel): Promise<SendPaymentLinkOutcome> {
	const order = await findPaymentLinkOrder(orderId)
	if (!order || order.status !== 'PENDING' || !order.paymentUrl) return 'not-payable'
	switch (channel) {
		case 'email':
			if (!order.customerEmail) return 'no-address'
			return (await queuePaymentLinkMail(orderId)) ? 'queued' : 'not-payable'
		case 'text':
			if (!order.customerPhone) return 'no-address'
			return (await queuePaymentLinkText(orderId)) ? 'queued' : 'not-payable'
	}
}
