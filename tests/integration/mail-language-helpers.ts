/**
 * Rows in a customer's language for every mail the bakery sends (an order, a custom cake request with
 * a quote, a contact message), written straight to the database, and every mail composed from them.
 */
import type { OrderStatus } from '~/generated/prisma/enums'
import { composeMail, type MailContext } from '~/domain/mail/compose.server'
import type { MailJob, OutgoingMail } from '~/domain/mail/mail-jobs'
import { orderNumber } from '~/domain/orders/models/order.server'
import { prisma } from '~/utils/db.server'
import type { Locale } from '~/utils/i18n'
import { instantAt } from '~/domain/pickup/pickup-schedule'
import { createMenuItem } from '../fixtures/menu'
import { seedHeldOrder } from './owner-day-helpers'

const PICKUP_DATE = '2026-11-28'
const PICKUP_AT = instantAt(PICKUP_DATE, '09:15', 'America/Los_Angeles')
/** Two days before pickup, 10:00 at the bakery. */
const VALID_UNTIL = instantAt('2026-11-26', '10:00', 'America/Los_Angeles')
const SENT_AT = new Date('2026-11-20T18:35:00Z')

let items: { conchas: { id: string; name: string }; paoDeQueijo: { id: string; name: string } } | undefined

/** An order, a cake request (quoted, then with its deposit) and a contact message, all in `locale`. */
export async function seedMailRows(locale: Locale, customerName = 'Mariana Souza') {
	items ??= {
		conchas: await createMenuItem({ name: 'Conchas' }),
		paoDeQueijo: await createMenuItem({ name: 'Pão de queijo' }),
	}
	const order = await seedHeldOrder({
		pickupAt: PICKUP_AT,
		pickupDate: PICKUP_DATE,
		status: 'PAID',
		customerName,
		lines: [
			{ menuItemId: items.conchas.id, name: items.conchas.name, quantity: 2 },
			{ menuItemId: items.paoDeQueijo.id, name: items.paoDeQueijo.name, quantity: 1, unitPriceCents: 1250 },
		],
	})
	await prisma.order.update({ where: { id: order.id }, data: { locale } })
	const request = await prisma.customCakeRequest.create({
		data: {
			name: customerName,
			phone: '(425) 555-0142',
			email: 'mariana@example.com',
			type: 'Tres Leches',
			size: '10-inch',
			message: 'Flores de buttercream',
			createdAt: SENT_AT,
			locale,
			status: 'QUOTED',
			quoteCents: 123_450,
			depositCents: 60_000,
			quoteNotes: 'Three tiers.',
			pickupAt: PICKUP_AT,
			pickupDate: new Date(`${PICKUP_DATE}T00:00:00Z`),
			quoteValidUntil: VALID_UNTIL,
			quoteVersion: 1,
		},
	})
	const message = await prisma.contactMessage.create({
		data: { name: customerName, email: 'mariana@example.com', message: '¿Tienen conchas?', createdAt: SENT_AT, locale },
	})
	return { order: { ...order, number: orderNumber(order.id) }, request, message }
}

export type MailRows = Awaited<ReturnType<typeof seedMailRows>>

async function composeOrThrow(job: MailJob, context: MailContext) {
	const mail = await composeMail(job, context)
	if (!mail) throw new Error(`no mail for ${job.kind}`)
	return mail
}

async function setOrderStatus(orderId: string, status: OrderStatus) {
	await prisma.order.update({ where: { id: orderId }, data: { status } })
}

/** Every mail the rows cause, by kind, each composed when its row is in the state it speaks of. */
export async function composeEveryMail({ order, request, message }: MailRows, context: MailContext) {
	const mails: Partial<Record<MailJob['kind'], OutgoingMail>> = {}
	const requestId = request.id
	for (const job of [
		{ kind: 'order-paid-owner', orderId: order.id },
		{ kind: 'order-receipt', orderId: order.id },
		{ kind: 'cake-request-owner', requestId },
		{ kind: 'cake-request-received', requestId },
		{ kind: 'contact-message-owner', messageId: message.id },
		{ kind: 'cake-quote-sent', requestId, quoteVersion: 1 },
		{ kind: 'cake-quote-expiring', requestId, quoteVersion: 1 },
	] as const satisfies readonly MailJob[]) {
		mails[job.kind] = await composeOrThrow(job, context)
	}
	await setOrderStatus(order.id, 'READY')
	mails['order-ready'] = await composeOrThrow({ kind: 'order-ready', orderId: order.id }, context)
	await setOrderStatus(order.id, 'PICKED_UP')
	mails['review-request'] = await composeOrThrow({ kind: 'review-request', orderId: order.id }, context)
	await prisma.customCakeRequest.update({
		where: { id: requestId },
		data: { status: 'DEPOSIT_PAID', paidCents: 60_000 },
	})
	for (const job of [
		{ kind: 'cake-deposit-received', requestId },
		{ kind: 'cake-deposit-owner', requestId },
		{ kind: 'cake-balance-reminder', requestId },
	] as const satisfies readonly MailJob[]) {
		mails[job.kind] = await composeOrThrow(job, context)
	}
	return mails
}
