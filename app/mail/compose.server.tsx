import { render } from '@react-email/render'
import type { ReactElement } from 'react'
import { getBusiness } from '~/config/business.server'
import { closedDays, formatTime, mapsSearchUrl, streetAddressLine, telHref } from '~/config/business'
import {
	findContactMessageForMail,
	findCustomCakeRequestForMail,
	findOrderForMail,
	type MailOrder,
} from '~/models/mail-content.server'
import { expireQuote, findCakeQuote } from '~/models/cake-quote.server'
import { orderNumber, PAID_ORDER_STATUSES } from '~/models/order.server'
import { getPickupSettings } from '~/models/pickup-schedule.server'
import { formatBakeryDateTime } from '~/utils/bakery-time'
import { orderCalendarFilename, orderPickupCalendar } from '~/utils/order-calendar'
import { quotePath } from '~/utils/cake-quote-token.server'
import { formatPrice } from '~/utils/money'
import { formatPickupAt } from '~/utils/pickup-display'
import { loadVisitorHours } from '~/utils/visitor-hours.server'
import { bareAddress, headerText } from './header-safe'
import type { MailJob, OutgoingMail } from './mail-jobs'
import {
	CakeBalanceReminderMail,
	CakeDepositOwnerMail,
	CakeDepositReceivedMail,
	CakeQuoteExpiredOwnerMail,
	CakeQuoteExpiringMail,
	CakeQuoteSentMail,
} from './templates/cake-quote'
import { CakeRequestOwnerMail } from './templates/cake-request-owner'
import { CakeRequestReceivedMail } from './templates/cake-request-received'
import { ContactMessageOwnerMail } from './templates/contact-message-owner'
import type { MailBakery } from './templates/layout'
import { OrderPaidOwnerMail } from './templates/order-paid-owner'
import { OrderReadyMail } from './templates/order-ready'
import { OrderReceiptMail } from './templates/order-receipt'
import { ReviewRequestMail } from './templates/review-request'

/** What the worker knows that the mails need. */
export interface MailContext {
	/** The site's public origin (APP_URL), for absolute links and the logo. */
	origin: string
	/** The signed, single-use review link for an order (the review loop builds it). */
	reviewUrl: (orderId: string) => Promise<string>
	/** Who gets the owner's alerts (OWNER_NOTIFY_EMAILS, by default ADMIN_EMAILS). */
	ownerEmails: readonly string[]
}

/**
 * The mail for a job, read and rendered now (jobs carry ids only). Null when there is nothing to
 * send: the record is gone, the order is no longer in the state the mail speaks of (a "ready" mail
 * for an order since refunded, a review request for an order not picked up), or there is no
 * recipient (no owner address, or a customer address that is not one plain address).
 */
export async function composeMail(job: MailJob, context: MailContext): Promise<OutgoingMail | null> {
	switch (job.kind) {
		case 'order-paid-owner':
		case 'order-receipt':
		case 'order-ready':
		case 'review-request':
			return composeOrderMail(job.kind, job.orderId, context)
		case 'cake-request-owner':
		case 'cake-request-received':
			return composeCakeRequestMail(job.kind, job.requestId, context)
		case 'contact-message-owner':
			return composeContactMail(job.messageId, context)
		case 'cake-quote-sent':
		case 'cake-deposit-received':
		case 'cake-deposit-owner':
		case 'cake-quote-expiring':
		case 'cake-quote-expired-owner':
		case 'cake-balance-reminder':
			return composeCakeQuoteMail(job, context)
	}
}

type OrderMailKind = Extract<MailJob, { orderId: string }>['kind']

/** Which order statuses each mail still makes sense for when it is sent. */
const orderMailStatuses: Record<OrderMailKind, readonly string[]> = {
	'order-paid-owner': PAID_ORDER_STATUSES,
	'order-receipt': PAID_ORDER_STATUSES,
	'order-ready': ['READY'],
	'review-request': ['PICKED_UP'],
}

async function composeOrderMail(kind: OrderMailKind, orderId: string, context: MailContext) {
	const order = await findOrderForMail(orderId)
	if (!order || !orderMailStatuses[kind].includes(order.status)) return null
	const [bakery, settings] = await Promise.all([mailBakery(context.origin), getPickupSettings()])
	const number = orderNumber(order.id)
	const pickupText = order.pickupAt ? formatPickupAt(order.pickupAt, settings.timeZone) : null
	const lines = order.items
	const view = { bakery, number, customerName: order.customerName, pickupText, lines }

	if (kind === 'order-paid-owner') {
		const to = ownerRecipients(context)
		if (to.length === 0) return null
		const ordersUrl = `${context.origin}/admin/orders${order.pickupDate ? `?date=${order.pickupDate}` : ''}`
		return mail({
			to,
			replyTo: bareAddress(order.customerEmail),
			subject: `New order #${number} — ${pickupText ? `pickup ${pickupText}` : headerText(order.customerName, 60)}`,
			body: (
				<OrderPaidOwnerMail
					bakery={bakery}
					number={number}
					pickupText={pickupText}
					lines={lines}
					totalCents={order.totalCents}
					taxCents={order.taxCents}
					customer={customerOf(order)}
					ordersUrl={ordersUrl}
				/>
			),
		})
	}

	const customer = bareAddress(order.customerEmail)
	if (!customer) return null
	const toCustomer = { to: [customer], replyTo: bakery.email }
	if (kind === 'order-receipt') {
		const calendar = order.pickupAt && {
			filename: orderCalendarFilename(number),
			content: orderPickupCalendar(
				{ id: order.id, number, items: lines },
				{ at: order.pickupAt, slotMinutes: settings.slotMinutes, timeZone: settings.timeZone },
				getBusiness(),
				context.origin,
			),
			contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
		}
		return mail({
			...toCustomer,
			subject: `Your ${bakery.name} order #${number}${pickupText ? ` — pickup ${pickupText}` : ''}`,
			attachments: calendar ? [calendar] : undefined,
			body: (
				<OrderReceiptMail
					{...view}
					totalCents={order.totalCents}
					taxCents={order.taxCents}
					withCalendar={Boolean(calendar)}
				/>
			),
		})
	}
	if (kind === 'order-ready') {
		return mail({
			...toCustomer,
			subject: `Your order #${number} is ready for pickup`,
			body: <OrderReadyMail {...view} />,
		})
	}
	return mail({
		...toCustomer,
		subject: `How was your order from ${bakery.name}?`,
		body: (
			<ReviewRequestMail
				bakery={bakery}
				number={number}
				customerName={order.customerName}
				reviewUrl={await context.reviewUrl(order.id)}
			/>
		),
	})
}

function customerOf(order: MailOrder) {
	return {
		name: order.customerName,
		email: order.customerEmail,
		phone: order.customerPhone,
		telHref: order.customerPhone ? telHref(order.customerPhone) : null,
	}
}

async function composeCakeRequestMail(
	kind: 'cake-request-owner' | 'cake-request-received',
	requestId: string,
	context: MailContext,
) {
	const request = await findCustomCakeRequestForMail(requestId)
	if (!request) return null
	const bakery = await mailBakery(context.origin)
	const sender = bareAddress(request.email)
	if (kind === 'cake-request-owner') {
		const to = ownerRecipients(context)
		if (to.length === 0) return null
		return mail({
			to,
			replyTo: sender,
			subject: `New cake request from ${headerText(request.name, 60)} — ${headerText(request.type, 40)}, ${headerText(request.size, 40)}`,
			body: (
				<CakeRequestOwnerMail
					bakery={bakery}
					request={{ ...request, telHref: telHref(request.phone) }}
					submittedText={formatBakeryDateTime(request.createdAt)}
					adminUrl={`${context.origin}/admin/custom-cakes/${request.id}`}
					photoUrl={request.imageKey ? `${context.origin}/admin/cake-photos/${request.imageKey}?w=1280` : null}
				/>
			),
		})
	}
	if (!sender) return null
	return mail({
		to: [sender],
		replyTo: bakery.email,
		subject: `We received your cake request — ${bakery.name}`,
		body: <CakeRequestReceivedMail bakery={bakery} request={{ ...request, withPhoto: Boolean(request.imageKey) }} />,
	})
}

type CakeQuoteJob = Extract<MailJob, { requestId: string }> & {
	kind: `cake-${'quote' | 'deposit' | 'balance'}-${string}`
}

/** Which request statuses each quote mail still makes sense for when it is sent (a scheduled one, when due). */
const cakeQuoteMailStatuses: Record<CakeQuoteJob['kind'], readonly string[]> = {
	'cake-quote-sent': ['QUOTED'],
	'cake-deposit-received': ['DEPOSIT_PAID', 'PAID_IN_FULL', 'PICKED_UP'],
	'cake-deposit-owner': ['DEPOSIT_PAID', 'PAID_IN_FULL', 'PICKED_UP'],
	'cake-quote-expiring': ['QUOTED'],
	// Expired, or overdue and not yet marked by a page view.
	'cake-quote-expired-owner': ['EXPIRED', 'QUOTED'],
	'cake-balance-reminder': ['DEPOSIT_PAID'],
}

async function composeCakeQuoteMail(job: CakeQuoteJob, context: MailContext) {
	const request = await findCakeQuote(job.requestId)
	if (!request || !cakeQuoteMailStatuses[job.kind].includes(request.status)) return null
	// A changed or withdrawn quote sends its own mails: the old version's are dropped.
	if ('quoteVersion' in job && request.quoteVersion !== job.quoteVersion) return null
	if (job.kind === 'cake-quote-expired-owner') {
		if (request.quoteValidUntil && request.quoteValidUntil > new Date()) return null
		// This job is the quote's scheduled end (pg-boss startAfter): the expiry, a conditional update that
		// gives the slot back once, happens here if no page view did it first.
		if (request.status === 'QUOTED' && !(await expireQuote(request.id)).ok) return null
	}
	if (request.quoteCents === null || request.depositCents === null || !request.pickupAt || !request.quoteValidUntil) {
		return null
	}
	const [bakery, settings] = await Promise.all([mailBakery(context.origin), getPickupSettings()])
	const quote = {
		customerName: request.name,
		cake: `${request.type}, ${request.size}`,
		priceText: formatPrice(request.quoteCents),
		depositText: formatPrice(request.depositCents),
		balanceText: formatPrice(request.quoteCents - Math.max(request.paidCents, request.depositCents)),
		pickupText: formatPickupAt(request.pickupAt, settings.timeZone),
		validUntilText: formatBakeryDateTime(request.quoteValidUntil),
		notes: request.quoteNotes,
	}
	const quoteUrl = `${context.origin}${quotePath(request.id, request.quoteVersion)}`
	const paidText = formatPrice(request.paidCents)
	if (job.kind === 'cake-deposit-owner') {
		const to = ownerRecipients(context)
		if (to.length === 0) return null
		return mail({
			to,
			replyTo: bareAddress(request.email),
			subject: `Deposit paid: ${headerText(request.name, 60)} — pickup ${quote.pickupText}`,
			body: (
				<CakeDepositOwnerMail
					bakery={bakery}
					quote={quote}
					paidText={paidText}
					adminUrl={`${context.origin}/admin/custom-cakes/${request.id}`}
				/>
			),
		})
	}
	if (job.kind === 'cake-quote-expired-owner') {
		const to = ownerRecipients(context)
		if (to.length === 0) return null
		return mail({
			to,
			replyTo: bareAddress(request.email),
			subject: `Quote expired: ${headerText(request.name, 60)} — ${headerText(request.type, 40)}`,
			body: (
				<CakeQuoteExpiredOwnerMail
					bakery={bakery}
					quote={quote}
					adminUrl={`${context.origin}/admin/custom-cakes/${request.id}`}
				/>
			),
		})
	}
	const customer = bareAddress(request.email)
	if (!customer) return null
	if (job.kind === 'cake-quote-expiring') {
		return mail({
			to: [customer],
			replyTo: bakery.email,
			subject: `Your cake quote ends ${quote.validUntilText}`,
			body: <CakeQuoteExpiringMail bakery={bakery} quote={quote} quoteUrl={quoteUrl} />,
		})
	}
	if (job.kind === 'cake-balance-reminder') {
		return mail({
			to: [customer],
			replyTo: bakery.email,
			subject: `Your cake pickup ${quote.pickupText} — balance ${quote.balanceText}`,
			body: <CakeBalanceReminderMail bakery={bakery} quote={quote} quoteUrl={quoteUrl} />,
		})
	}
	if (job.kind === 'cake-quote-sent') {
		return mail({
			to: [customer],
			replyTo: bakery.email,
			subject: `Your cake quote from ${bakery.name}`,
			body: <CakeQuoteSentMail bakery={bakery} quote={quote} quoteUrl={quoteUrl} />,
		})
	}
	return mail({
		to: [customer],
		replyTo: bakery.email,
		subject: `Your cake is booked — pickup ${quote.pickupText}`,
		body: <CakeDepositReceivedMail bakery={bakery} quote={quote} paidText={paidText} quoteUrl={quoteUrl} />,
	})
}

async function composeContactMail(messageId: string, context: MailContext) {
	const message = await findContactMessageForMail(messageId)
	if (!message) return null
	const to = ownerRecipients(context)
	if (to.length === 0) return null
	const bakery = await mailBakery(context.origin)
	return mail({
		to,
		replyTo: bareAddress(message.email),
		subject: `New message from ${headerText(message.name, 60)}`,
		body: (
			<ContactMessageOwnerMail
				bakery={bakery}
				message={message}
				submittedText={formatBakeryDateTime(message.createdAt)}
				adminUrl={`${context.origin}/admin/messages#message-${message.id}`}
			/>
		),
	})
}

/** The owner addresses that are plain addresses, each once. */
function ownerRecipients(context: MailContext) {
	return [...new Set(context.ownerEmails.flatMap((email) => bareAddress(email) ?? []))]
}

/** The round logo as a PNG (mail apps do not show SVG): the app icon the web manifest lists. */
const LOGO_PATH = '/images/site/icon-192.png'

/** The bakery's name, logo, address and hours for the layout; the hours the site shows now (with the same fallback). */
async function mailBakery(origin: string): Promise<MailBakery> {
	const business = getBusiness()
	const { openingHours, notices } = (await loadVisitorHours(new Date())).hours
	return {
		name: business.name,
		origin,
		logoUrl: `${origin}${LOGO_PATH}`,
		addressLine: streetAddressLine(business),
		mapUrl: mapsSearchUrl(business),
		phone: business.phone,
		telHref: telHref(business.phone),
		email: business.email,
		// No weekly hours at all (a schedule not set up yet): no hours rather than "Closed" seven times.
		hours: openingHours.length
			? [
					...openingHours.map((hours) => `${hours.label}: ${formatTime(hours.opens)} – ${formatTime(hours.closes)}`),
					...closedDays({ ...business, openingHours }).map((day) => `${day}: Closed`),
				]
			: [],
		notices: [...notices],
	}
}

/** The text part: a phone number or address is shown once, not followed by its tel:/mailto: link. */
const plainText = {
	plainText: true,
	htmlToTextOptions: {
		selectors: ['tel:', 'mailto:'].map((scheme) => ({
			selector: `a[href^="${scheme}"]`,
			format: 'anchor',
			options: { ignoreHref: true },
		})),
	},
} as const

/** Renders the body once to HTML and once to its plain-text part; every header value is one clean line. */
async function mail({
	to,
	replyTo,
	subject,
	attachments,
	body,
}: {
	to: string[]
	replyTo: string | null
	subject: string
	attachments?: OutgoingMail['attachments']
	body: ReactElement
}): Promise<OutgoingMail> {
	const [html, text] = await Promise.all([render(body), render(body, plainText)])
	return {
		to,
		...(replyTo ? { replyTo } : {}),
		subject: headerText(subject, 160),
		html,
		text,
		...(attachments ? { attachments } : {}),
	}
}
