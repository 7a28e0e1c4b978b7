/**
 * Phone orders' own reads and writes (decision 075); the order itself is placed by `placePendingOrder`, the
 * online checkout's statement.
 */
import { prisma } from '~/utils/db.server'
import { enqueueMail } from '~/domain/mail/index.server'
import { dateFromColumn } from '~/domain/pickup/index.server'
import { enqueueText, grantTextConsent, type ConsentGrant } from '~/domain/texts/index.server'
import { announceConfirmedOrder } from './order.server'

export function findPaymentLinkOrder(orderId: string) {
	return prisma.order.findUnique({
		where: { id: orderId },
		select: { status: true, customerEmail: true, customerPhone: true, paymentUrl: true },
	})
}

/**
 * What follows once a phone order is placed, in one transaction: the consent to texts the customer gave staff on the
 * phone (recorded before anything is texted), and for a pay-at-pickup order, confirmed when placed, the same
 * announcement as an order paid online (the owner's alert, the receipt, the "order confirmed" text).
 */
export function recordPhoneOrderEntered(
	orderId: string,
	{ consent, confirmed }: { consent: ConsentGrant | null; confirmed: boolean },
) {
	return prisma.$transaction(async (tx) => {
		if (consent) await grantTextConsent(consent, tx)
		if (confirmed) await announceConfirmedOrder(tx, orderId)
	})
}

/** The customer's payment-link mail, queued once per order (false: the order is no longer waiting for payment). */
export function queuePaymentLinkMail(orderId: string) {
	return prisma.$transaction(async (tx) => {
		const waiting = await tx.order.count({ where: { id: orderId, status: 'PENDING', paymentUrl: { not: null } } })
		if (waiting === 0) return false
		await enqueueMail(tx, { kind: 'order-payment-link', orderId })
		return true
	})
}

/**
 * The customer's payment-link text, queued once per order through the text queue (decision 075: asked for on the
 * phone, so no standing consent is needed and none is created). False: the order is no longer waiting for payment.
 */
export function queuePaymentLinkText(orderId: string) {
	return prisma.$transaction(async (tx) => {
		const waiting = await tx.order.count({
			where: { id: orderId, status: 'PENDING', paymentUrl: { not: null }, customerPhone: { not: null } },
		})
		if (waiting === 0) return false
		await enqueueText(tx, { kind: 'order-payment-link', orderId })
		return true
	})
}

/** A phone order as the staff screen shows it once entered: its link while unpaid, its status, who it is for. */
export async function findEnteredPhoneOrder(orderId: string) {
	const order = await prisma.order.findFirst({
		where: { id: orderId, source: 'PHONE' },
		select: {
			id: true,
			status: true,
			customerName: true,
			customerEmail: true,
			customerPhone: true,
			totalCents: true,
			pickupAt: true,
			pickupDate: true,
			payAtPickup: true,
			paymentUrl: true,
			paidAt: true,
		},
	})
	return order && { ...order, pickupDate: order.pickupDate ? dateFromColumn(order.pickupDate) : null }
}
