import type { OrderStatus } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'
import { readLineOptions, type LineOption } from '~/utils/item-options'
import type { LocalDate } from '~/utils/pickup-schedule'
import { adminRequestFields } from './custom-cake-request.server'
import { dateFromColumn } from './pickup-schedule.server'

/*
 * What the mails say, read when the worker sends them (jobs carry ids only: decision 035).
 * Each read returns null when the record is gone (deleted since the event).
 */

export interface MailOrder {
	id: string
	status: OrderStatus
	paidAt: Date | null
	customerName: string
	customerEmail: string
	customerPhone: string | null
	totalCents: number
	/** The sales tax inside totalCents (0: none charged). */
	taxCents: number
	currency: string
	pickupAt: Date | null
	/** The bakery date of the pickup (the owner's day view). */
	pickupDate: LocalDate | null
	/** Each line as ordered: its name, price and options then, whatever the menu says now. */
	items: Array<{ name: string; unitPriceCents: number; quantity: number; options: LineOption[] }>
}

/** An order with its lines (in the order they were bought), total, pickup and customer. */
export async function findOrderForMail(orderId: string): Promise<MailOrder | null> {
	const order = await prisma.order.findUnique({
		where: { id: orderId },
		select: {
			id: true,
			status: true,
			paidAt: true,
			customerName: true,
			customerEmail: true,
			customerPhone: true,
			totalCents: true,
			taxCents: true,
			currency: true,
			pickupAt: true,
			pickupDate: true,
			items: {
				select: { name: true, unitPriceCents: true, quantity: true, options: true },
				orderBy: { id: 'asc' },
			},
		},
	})
	return (
		order && {
			...order,
			pickupDate: order.pickupDate ? dateFromColumn(order.pickupDate) : null,
			items: order.items.map((line) => ({ ...line, options: readLineOptions(line.options) })),
		}
	)
}

export type MailOrderLine = MailOrder['items'][number]

/** A custom cake request, every field the customer sent (what the owner's admin list shows). */
export function findCustomCakeRequestForMail(requestId: string) {
	return prisma.customCakeRequest.findUnique({ where: { id: requestId }, select: adminRequestFields })
}

export type MailCustomCakeRequest = NonNullable<Awaited<ReturnType<typeof findCustomCakeRequestForMail>>>

/** A message from the Contact form. */
export function findContactMessageForMail(messageId: string) {
	return prisma.contactMessage.findUnique({
		where: { id: messageId },
		select: { id: true, name: true, email: true, message: true, createdAt: true },
	})
}

export type MailContactMessage = NonNullable<Awaited<ReturnType<typeof findContactMessageForMail>>>
