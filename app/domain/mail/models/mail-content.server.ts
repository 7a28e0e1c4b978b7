import type { OrderStatus } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'
import { isLocale, type Locale } from '~/utils/i18n'
import type { LineOption } from '~/domain/menu/item-options'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import { adminRequestFields } from '~/domain/cake-quotes/index.server'
import { customerLine, orderCustomerAndTotals, orderLineFields, ownerLine } from '~/domain/orders/index.server'
import { dateFromColumn } from '~/domain/pickup/index.server'

/*
 * What the mails say, read when the worker sends them (jobs carry ids only: decision 035).
 * Each read returns null when the record is gone (deleted since the event).
 */

export interface MailOrder {
	id: string
	status: OrderStatus
	paidAt: Date | null
	/** The language the customer ordered in: their mails are written in it. */
	locale: Locale
	customerName: string
	customerEmail: string
	customerPhone: string | null
	/** What the customer wrote at checkout (decision 077): null when nothing. */
	customerNote: string | null
	allergyNote: string | null
	totalCents: number
	/** The sales tax inside totalCents (0: none charged). */
	taxCents: number
	/** The promo code's discount off the lines and the tip, inside totalCents (decision 080). */
	discountCents: number
	promoCode: string | null
	tipCents: number
	/** What gift cards and store credit paid of totalCents (decision 086). */
	walletCents: number
	currency: string
	pickupAt: Date | null
	/** The bakery date of the pickup (the owner's day view). */
	pickupDate: LocalDate | null
	/** Each line as ordered: its name, price and options then, whatever the menu says now (the owner's English). */
	items: Array<{ name: string; unitPriceCents: number; quantity: number; options: LineOption[] }>
	/** The same lines with the names the customer saw, in `locale` (English where there was no translation). */
	customerItems: MailOrder['items']
	/** A phone order's hosted payment page (decision 075); null otherwise. */
	paymentUrl: string | null
	/** Confirmed to be paid at the counter (decision 075): paidAt stays null until it is. */
	payAtPickup: boolean
}

/** An order with its lines (in the order they were bought), total, pickup and customer. */
export async function findOrderForMail(orderId: string): Promise<MailOrder | null> {
	const order = await prisma.order.findUnique({
		where: { id: orderId },
		select: {
			id: true,
			status: true,
			paidAt: true,
			locale: true,
			...orderCustomerAndTotals,
			pickupAt: true,
			pickupDate: true,
			paymentUrl: true,
			payAtPickup: true,
			items: { select: orderLineFields, orderBy: { id: 'asc' } },
		},
	})
	return (
		order && {
			...order,
			locale: storedLocale(order.locale),
			pickupDate: order.pickupDate ? dateFromColumn(order.pickupDate) : null,
			items: order.items.map(ownerLine),
			customerItems: order.items.map(customerLine),
		}
	)
}

/** One move of an order's pickup (decision 064): from and to, for its "pickup moved" mail. */
export function findPickupChangeForMail(changeId: string) {
	return prisma.orderPickupChange.findUnique({
		where: { id: changeId },
		select: { orderId: true, fromPickupAt: true, toPickupAt: true },
	})
}

/** A custom cake request, every field the customer sent (what the owner's admin list shows). */
export async function findCustomCakeRequestForMail(requestId: string) {
	const request = await prisma.customCakeRequest.findUnique({
		where: { id: requestId },
		select: { ...adminRequestFields, locale: true },
	})
	return request && { ...request, locale: storedLocale(request.locale) }
}

/** The language a custom cake request was sent in (its quote's mails follow it); null when the request is gone. */
export async function findCustomCakeRequestLocale(requestId: string): Promise<Locale | null> {
	const request = await prisma.customCakeRequest.findUnique({ where: { id: requestId }, select: { locale: true } })
	return request && storedLocale(request.locale)
}

/** A message from the Contact form. */
export async function findContactMessageForMail(messageId: string) {
	const message = await prisma.contactMessage.findUnique({
		where: { id: messageId },
		select: { id: true, name: true, email: true, message: true, createdAt: true, locale: true },
	})
	return message && { ...message, locale: storedLocale(message.locale) }
}

/** A stored `locale` column as one of the site's languages (the CHECK allows no other; English otherwise). */
function storedLocale(value: string): Locale {
	return isLocale(value) ? value : 'en'
}

/** A payment held for the owner (decision 058): what was priced, what the provider charged, and whose it is. */
export async function findHeldPaymentForMail(
	held: { orderId: string } | { paymentId: string },
): Promise<HeldPayment | null> {
	if ('orderId' in held) {
		const order = await prisma.order.findUnique({
			where: { id: held.orderId },
			select: { id: true, customerName: true, customerEmail: true, totalCents: true, heldChargeCents: true },
		})
		return order?.heldChargeCents != null
			? {
					kind: 'order',
					id: order.id,
					customerName: order.customerName,
					customerEmail: order.customerEmail,
					pricedCents: order.totalCents,
					chargedCents: order.heldChargeCents,
				}
			: null
	}
	const payment = await prisma.cakePayment.findUnique({
		where: { id: held.paymentId },
		select: {
			kind: true,
			amountCents: true,
			walletCents: true,
			heldChargeCents: true,
			request: { select: { id: true, name: true, email: true } },
		},
	})
	return payment?.heldChargeCents != null
		? {
				kind: payment.kind === 'DEPOSIT' ? 'cake-deposit' : 'cake-balance',
				id: payment.request.id,
				customerName: payment.request.name,
				customerEmail: payment.request.email,
				// What the card was to pay: a gift card or store credit paid the rest (decision 087).
				pricedCents: payment.amountCents - payment.walletCents,
				chargedCents: payment.heldChargeCents,
			}
		: null
}

export interface HeldPayment {
	kind: 'order' | 'cake-deposit' | 'cake-balance'
	/** The order's id, or the custom cake request's. */
	id: string
	customerName: string
	customerEmail: string
	pricedCents: number
	chargedCents: number
}
