/**
 * Phone orders' own reads and writes (decision 075); the order itself is placed by `placePendingOrder`, the
 * online checkout's statement.
 */
import { prisma } from '~/utils/db.server'
import { enqueueMail } from '~/domain/mail/index.server'
import { dateFromColumn } from '~/domain/pickup/index.server'

export function findPaymentLinkOrder(orderId: string) {
	return prisma.order.findUnique({
		where: { id: orderId },
		select: { status: true, customerEmail: true, paymentUrl: true },
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
