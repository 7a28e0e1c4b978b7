/** What the texts say, read when the worker sends them (decision 074); null when the record is gone. */
import { prisma } from '~/utils/db.server'

export function findOrderForText(orderId: string) {
	return prisma.order.findUnique({
		where: { id: orderId },
		select: {
			id: true,
			status: true,
			paidAt: true,
			customerName: true,
			totalCents: true,
			pickupAt: true,
			paymentUrl: true,
			// A waitlist offer's text names what freed up, as the customer saw it.
			items: { select: { name: true, localizedName: true }, orderBy: { id: 'asc' } },
		},
	})
}

export function findPickupChangeForText(changeId: string) {
	return prisma.orderPickupChange.findUnique({
		where: { id: changeId },
		select: { orderId: true, fromPickupAt: true, toPickupAt: true },
	})
}

export function findCakeRequestForText(requestId: string) {
	return prisma.customCakeRequest.findUnique({
		where: { id: requestId },
		select: {
			id: true,
			status: true,
			name: true,
			quoteCents: true,
			depositCents: true,
			paidCents: true,
			pickupAt: true,
			quoteVersion: true,
		},
	})
}

/** The language of the newest text to a number (a HELP reply answers in it), or null. */
export async function latestTextLocale(phone: string) {
	const text = await prisma.textMessage.findFirst({
		where: { to: phone },
		select: { locale: true },
		orderBy: { createdAt: 'desc' },
	})
	return text?.locale ?? null
}
