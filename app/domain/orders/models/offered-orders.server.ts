/**
 * A waitlist offer's own writes (decision 091); the order itself is placed by `placePendingOrder`, the checkout's
 * statement, like any other.
 */
import { prisma } from '~/utils/db.server'
import { enqueueMail } from '~/domain/mail/index.server'
import { enqueueText } from '~/domain/texts/index.server'

/**
 * The offer's mail and, when `text`, its text (both `waitlist-offer`), queued in one transaction, once per order.
 * False: the order no longer waits for payment on an open page (paid, expired, cancelled): nothing is queued.
 */
export function queueWaitlistOffer(orderId: string, { text }: { text: boolean }) {
	return prisma.$transaction(async (tx) => {
		const order = await tx.order.findFirst({
			where: { id: orderId, status: 'PENDING', paymentUrl: { not: null } },
			select: { customerPhone: true },
		})
		if (!order) return false
		await enqueueMail(tx, { kind: 'waitlist-offer', orderId })
		// Asked for when joining the line: no standing consent is needed and none is created (`isRequestedText`).
		if (text && order.customerPhone) await enqueueText(tx, { kind: 'waitlist-offer', orderId })
		return true
	})
}
