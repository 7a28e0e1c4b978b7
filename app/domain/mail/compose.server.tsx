import { render } from '@react-email/render'
import type { ReactElement } from 'react'
import { getBusiness } from '~/config/business.server'
import { mapsSearchUrl, streetAddressLine, telHref } from '~/config/business'
import {
	findContactMessageForMail,
	findCustomCakeRequestForMail,
	findCustomCakeRequestLocale,
	findHeldPaymentForMail,
	findOrderForMail,
	findPickupChangeForMail,
	type MailOrder,
} from '~/domain/mail/models/mail-content.server'
import { BAKERY_TIME_ZONE, formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { orderCalendarFilename, orderPickupCalendar } from '~/domain/orders/order-calendar'
import { isLocale, localizedPath, type Locale } from '~/utils/i18n'
import { translator } from '~/utils/i18n.server'
import { formatPrice } from '~/utils/money'
import { formatPickupAt } from '~/domain/pickup/pickup-display'
import { bareAddress, headerText } from './header-safe'
import { LANGUAGE_NAMES_IN_ENGLISH, type MailLanguage } from './mail-language'
import type { MailJob, OutgoingMail } from './mail-jobs'
import {
	CakeBalanceReminderMail,
	CakeDepositOwnerMail,
	CakeDepositReceivedMail,
	CakeQuoteExpiredOwnerMail,
	CakeQuoteExpiringMail,
	CakeQuoteSentMail,
} from '~/domain/mail/templates/cake-quote'
import { CakeRequestOwnerMail } from '~/domain/mail/templates/cake-request-owner'
import { CakeRequestReceivedMail } from '~/domain/mail/templates/cake-request-received'
import { ContactMessageOwnerMail } from '~/domain/mail/templates/contact-message-owner'
import { PaymentHeldOwnerMail } from '~/domain/mail/templates/payment-held-owner'
import type { MailBakery } from '~/domain/mail/templates/layout'
import { OrderPaidOwnerMail } from '~/domain/mail/templates/order-paid-owner'
import { OrderReadyMail } from '~/domain/mail/templates/order-ready'
import { OrderPaymentLinkMail } from '~/domain/mail/templates/order-payment-link'
import { WaitlistOfferMail } from '~/domain/mail/templates/waitlist-offer'
import { CHECKOUT_SESSION_MINUTES } from '~/domain/payments/index.server'
import { OrderPickupMovedMail } from '~/domain/mail/templates/order-pickup-moved'
import { OrderCancelledMail } from '~/domain/mail/templates/order-cancelled'
import { OrderCancelledOwnerMail } from '~/domain/mail/templates/order-cancelled-owner'
import { OrderReceiptMail } from '~/domain/mail/templates/order-receipt'
import { ReviewRequestMail } from '~/domain/mail/templates/review-request'
import { CustomerSignInCodeMail } from '~/domain/mail/templates/customer-sign-in-code'
import { GiftCardDeliveryMail, GiftCardReceiptMail } from '~/domain/mail/templates/gift-card'
import { giftCardPurchaseForMail, refundCreditedAsStoreCredit } from '~/domain/wallet/index.server'
import { formatPickupDate, formatPickupDateLong, formatWallTime } from '~/domain/pickup/pickup-display'
import { cutoffOf } from '~/domain/club/cadence'
import { clubPickupForMail, clubSubscriptionForMail } from '~/domain/club/index.server'
import { ClubBoxMissedMail, ClubEndedMail, ClubPaymentFailedMail, ClubWelcomeMail } from '~/domain/mail/templates/club'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import {
	customerMagicLinkPath,
	findSignInCodeForMail,
	openSignInCode,
	signInCodeMinutes,
} from '~/domain/customers/index.server'
import { expireQuote, findCakeQuote, quotePath } from '~/domain/cake-quotes/index.server'
import { arrivalUrl, orderNumber, PAID_ORDER_STATUSES } from '~/domain/orders/index.server'
import { getPickupSettings, loadVisitorHours } from '~/domain/pickup/index.server'

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
		case 'order-payment-link':
		case 'waitlist-offer':
		case 'review-request':
		case 'order-cancelled':
		case 'order-cancelled-owner':
			return composeOrderMail(job.kind, job.orderId, context)
		case 'order-pickup-moved':
			return composePickupMovedMail(job, context)
		case 'order-payment-held-owner':
		case 'cake-payment-held-owner':
			return composePaymentHeldMail(job, context)
		case 'cake-request-owner':
		case 'cake-request-received':
			return composeCakeRequestMail(job.kind, job.requestId, context)
		case 'contact-message-owner':
			return composeContactMail(job.messageId, context)
		case 'customer-sign-in-code':
			return composeSignInCodeMail(job.codeId, context)
		case 'cake-quote-sent':
		case 'cake-deposit-received':
		case 'cake-deposit-owner':
		case 'cake-quote-expiring':
		case 'cake-quote-expired-owner':
		case 'cake-balance-reminder':
			return composeCakeQuoteMail(job, context)
		case 'gift-card-receipt':
		case 'gift-card-delivery':
			return composeGiftCardMail(job, context)
		case 'club-welcome':
		case 'club-box-missed':
		case 'club-payment-failed':
		case 'club-ended':
			return composeClubMail(job, context)
	}
}

type ClubMailJob = Extract<MailJob, { kind: `club-${string}` }>

/** Which membership statuses each bread club mail still makes sense for when it is sent. */
const clubMailStatuses: Record<ClubMailJob['kind'], readonly string[]> = {
	'club-welcome': ['ACTIVE', 'PAST_DUE'],
	'club-box-missed': ['ACTIVE', 'PAST_DUE', 'CANCELLED'],
	'club-payment-failed': ['PAST_DUE'],
	'club-ended': ['CANCELLED'],
}

/**
 * A bread club mail (decision 093), to the subscriber in their language: the welcome, a box not made (only while it
 * stands REFUSED or UNPAID), a renewal not paid (only while past due) and the membership ended by Stripe.
 */
async function composeClubMail(job: ClubMailJob, context: MailContext) {
	const pickup = job.kind === 'club-box-missed' ? await clubPickupForMail(job.pickupId) : null
	const subscription =
		pickup?.subscription ?? ('subscriptionId' in job ? await clubSubscriptionForMail(job.subscriptionId) : null)
	if (!subscription || !clubMailStatuses[job.kind].includes(subscription.status)) return null
	const to = bareAddress(subscription.email)
	if (!to) return null
	const lang = mailLanguage(subscription.locale)
	const { t, locale } = lang
	const bakery = await mailBakery(context.origin, lang)
	const view = {
		bakery,
		lang,
		plan: subscription.plan.name,
		clubUrl: `${context.origin}${localizedPath('/account/club', locale)}`,
	}
	const toSubscriber = { to: [to], replyTo: bakery.email }
	if (job.kind === 'club-welcome') {
		const { plan, firstPickupDate } = subscription
		const cutoffText = formatPickupAt(cutoffOf(plan, firstPickupDate), BAKERY_TIME_ZONE, locale)
		const pickupText = t(plan.frequency === 'WEEKLY' ? 'mail.clubEveryWeek' : 'mail.clubEveryTwoWeeks', {
			weekday: plan.pickupWeekday,
			time: formatWallTime(subscription.pickupTime, locale),
		})
		return mail({
			...toSubscriber,
			subject: t('mail.clubWelcomeSubject', { date: formatPickupDate(firstPickupDate, locale) }),
			body: (
				<ClubWelcomeMail
					{...view}
					box={subscription.box}
					pickupText={pickupText}
					firstBoxText={formatPickupDateLong(firstPickupDate, locale)}
					cutoffText={cutoffText}
					priceText={formatPrice(subscription.priceCents, locale)}
				/>
			),
		})
	}
	if (job.kind === 'club-box-missed') {
		if (!pickup || (pickup.status !== 'REFUSED' && pickup.status !== 'UNPAID')) return null
		return mail({
			...toSubscriber,
			subject: t('mail.clubMissedSubject', { date: formatPickupDate(pickup.pickupDate, locale) }),
			body: (
				<ClubBoxMissedMail
					{...view}
					reason={pickup.status}
					dateText={formatPickupDateLong(pickup.pickupDate, locale)}
					windowStartText={formatWallTime(subscription.plan.windowStart, locale)}
					windowEndText={formatWallTime(subscription.plan.windowEnd, locale)}
				/>
			),
		})
	}
	if (job.kind === 'club-payment-failed') {
		return mail({
			...toSubscriber,
			subject: t('mail.clubPaymentFailedSubject'),
			body: <ClubPaymentFailedMail {...view} />,
		})
	}
	return mail({
		...toSubscriber,
		subject: t('mail.clubEndedSubject'),
		body: <ClubEndedMail {...view} joinUrl={`${context.origin}${localizedPath('/club', locale)}`} />,
	})
}

/** A gift card bought online (decision 078): the buyer's receipt, or the card with its code to whoever receives it. */
async function composeGiftCardMail(
	job: Extract<MailJob, { kind: 'gift-card-receipt' | 'gift-card-delivery' }>,
	context: MailContext,
) {
	const purchase = await giftCardPurchaseForMail(job.purchaseId)
	if (!purchase) return null
	const lang = mailLanguage(isLocale(purchase.locale) ? purchase.locale : 'en')
	const bakery = await mailBakery(context.origin, lang)
	const amount = formatPrice(purchase.amountCents, lang.locale)
	if (job.kind === 'gift-card-receipt') {
		const to = bareAddress(purchase.buyerEmail)
		if (!to) return null
		const recipient = purchase.forRecipient
			? {
					name: purchase.recipientName,
					email: purchase.recipientEmail,
					date: formatPickupDateLong(purchase.deliverOn as LocalDate, lang.locale),
				}
			: null
		return mail({
			to: [to],
			replyTo: bakery.email,
			subject: lang.t('mail.giftCardReceiptSubject', { amount, bakery: bakery.name }),
			body: (
				<GiftCardReceiptMail
					bakery={bakery}
					lang={lang}
					amountCents={purchase.amountCents}
					recipient={recipient}
					last4={purchase.last4}
				/>
			),
		})
	}
	const to = bareAddress(purchase.forRecipient ? purchase.recipientEmail : purchase.buyerEmail)
	if (!to) return null
	const subject = purchase.forRecipient
		? lang.t('mail.giftCardDeliverySubject', { buyer: purchase.buyerName, amount, bakery: bakery.name })
		: lang.t('mail.giftCardDeliverySelfSubject', { amount, bakery: bakery.name })
	return mail({
		to: [to],
		replyTo: bakery.email,
		subject,
		body: (
			<GiftCardDeliveryMail
				bakery={bakery}
				lang={lang}
				amountCents={purchase.amountCents}
				buyerName={purchase.forRecipient ? purchase.buyerName : null}
				message={purchase.message}
				code={purchase.code}
				balanceUrl={`${context.origin}${localizedPath('/gift-cards/balance', lang.locale)}`}
			/>
		),
	})
}

type OrderMailKind = Exclude<Extract<MailJob, { orderId: string }>['kind'], 'order-payment-held-owner'>

/** The owner's alert for a payment held because it charged another amount than priced (decision 058). */
async function composePaymentHeldMail(
	job: Extract<MailJob, { kind: 'order-payment-held-owner' | 'cake-payment-held-owner' }>,
	context: MailContext,
) {
	const held = await findHeldPaymentForMail(
		job.kind === 'order-payment-held-owner' ? { orderId: job.orderId } : { paymentId: job.paymentId },
	)
	const to = ownerRecipients(context)
	if (!held || to.length === 0) return null
	const lang = mailLanguage('en')
	const what =
		held.kind === 'order'
			? `Order #${orderNumber(held.id)}`
			: `The ${held.kind === 'cake-deposit' ? 'deposit' : 'balance'} for ${held.customerName}'s custom cake`
	const adminUrl = `${context.origin}${held.kind === 'order' ? '/admin/orders?status=PAID' : `/admin/custom-cakes/${held.id}`}`
	return mail({
		to,
		replyTo: bareAddress(held.customerEmail),
		subject: `Payment held — ${what}: charged ${formatPrice(held.chargedCents)}, priced ${formatPrice(held.pricedCents)}`,
		body: (
			<PaymentHeldOwnerMail
				bakery={await mailBakery(context.origin, lang)}
				what={what}
				pricedCents={held.pricedCents}
				chargedCents={held.chargedCents}
				customer={{ name: held.customerName, email: held.customerEmail }}
				adminUrl={adminUrl}
			/>
		),
	})
}

/** Which order statuses each mail still makes sense for when it is sent. */
const orderMailStatuses: Record<OrderMailKind, readonly string[]> = {
	'order-paid-owner': PAID_ORDER_STATUSES,
	'order-receipt': PAID_ORDER_STATUSES,
	'order-ready': ['READY'],
	// Only while the link can still be paid: a paid, expired or cancelled order sends none.
	'order-payment-link': ['PENDING'],
	'waitlist-offer': ['PENDING'],
	'review-request': ['PICKED_UP'],
	// A cancel & refund queues them (decision 065); so does cancelling an order to be paid at pickup (075).
	'order-cancelled': ['REFUNDED', 'CANCELLED'],
	'order-cancelled-owner': ['REFUNDED', 'CANCELLED'],
}

/** Where a cancelled order's money went (decision 086): the card, back to the wallet, or the card's part as credit. */
async function refundParts(order: { id: string; totalCents: number; walletCents: number }) {
	const asCreditCents = await refundCreditedAsStoreCredit(`order:${order.id}`)
	return {
		cardCents: order.totalCents - order.walletCents - asCreditCents,
		walletCents: order.walletCents,
		asCreditCents,
	}
}

async function composeOrderMail(kind: OrderMailKind, orderId: string, context: MailContext) {
	const order = await findOrderForMail(orderId)
	if (!order || !orderMailStatuses[kind].includes(order.status)) return null
	// The owner reads English; the customer reads the language they ordered in.
	const forOwner = kind === 'order-paid-owner' || kind === 'order-cancelled-owner'
	const lang = mailLanguage(forOwner ? 'en' : order.locale)
	const [bakery, settings] = await Promise.all([mailBakery(context.origin, lang), getPickupSettings()])
	const number = orderNumber(order.id)
	const pickupText = order.pickupAt ? formatPickupAt(order.pickupAt, settings.timeZone, lang.locale) : null
	// Item and option names as the customer saw them (stored with the order); the owner's alerts keep English.
	const lines = forOwner ? order.items : order.customerItems
	const view = { bakery, lang, number, customerName: order.customerName, pickupText, lines }
	const adjustments = {
		discountCents: order.discountCents,
		promoCode: order.promoCode,
		tipCents: order.tipCents,
		walletCents: order.walletCents,
	}
	const { t } = lang

	if (forOwner) {
		const to = ownerRecipients(context)
		if (to.length === 0) return null
		const alert = {
			bakery,
			lang,
			number,
			pickupText,
			lines,
			totalCents: order.totalCents,
			taxCents: order.taxCents,
			adjustments,
			customer: customerOf(order),
			customerLanguage: languageForOwner(order.locale),
			ordersUrl: `${context.origin}/admin/orders${order.pickupDate ? `?date=${order.pickupDate}` : ''}`,
			notes: { customerNote: order.customerNote, allergyNote: order.allergyNote },
		}
		const paid = kind === 'order-paid-owner'
		const about = paid
			? pickupText
				? `pickup ${pickupText}`
				: ''
			: pickupText
				? `pickup ${pickupText} is free again`
				: ''
		return mail({
			to,
			replyTo: bareAddress(order.customerEmail),
			subject: `${paid ? 'New order' : 'Customer cancelled order'} #${number} — ${about || headerText(order.customerName, 60)}`,
			body: paid ? (
				<OrderPaidOwnerMail {...alert} />
			) : (
				<OrderCancelledOwnerMail {...alert} refunded={order.paidAt !== null} />
			),
		})
	}

	const customer = bareAddress(order.customerEmail)
	if (!customer) return null
	const toCustomer = { to: [customer], replyTo: bakery.email }
	if (kind === 'order-receipt') {
		const { pickupAt } = order
		const calendar = pickupAt && pickupCalendar({ ...order, pickupAt }, number, lines, settings, context, lang)
		return mail({
			...toCustomer,
			subject: pickupText
				? t('mail.receiptSubjectWithPickup', { bakery: bakery.name, number, pickup: pickupText })
				: t('mail.receiptSubject', { bakery: bakery.name, number }),
			attachments: calendar ? [calendar] : undefined,
			body: (
				<OrderReceiptMail
					{...view}
					totalCents={order.totalCents}
					taxCents={order.taxCents}
					adjustments={adjustments}
					withCalendar={Boolean(calendar)}
					payAtPickup={order.payAtPickup && !order.paidAt}
					arrivalUrl={arrivalUrl(context.origin, order.id, lang.locale)}
					notes={{ customerNote: order.customerNote, allergyNote: order.allergyNote }}
				/>
			),
		})
	}
	if (kind === 'order-payment-link') {
		if (!order.paymentUrl) return null
		return mail({
			...toCustomer,
			subject: t('mail.paymentLinkSubject', { number }),
			body: (
				<OrderPaymentLinkMail
					{...view}
					totalCents={order.totalCents}
					paymentUrl={order.paymentUrl}
					minutes={CHECKOUT_SESSION_MINUTES}
				/>
			),
		})
	}
	if (kind === 'waitlist-offer') {
		// An offer is always for a pickup time (decision 091).
		if (!order.paymentUrl || !pickupText) return null
		return mail({
			...toCustomer,
			subject: t('mail.waitlistOfferSubject', { item: lineNames(lines), pickup: pickupText, number }),
			body: (
				<WaitlistOfferMail
					{...view}
					pickupText={pickupText}
					totalCents={order.totalCents}
					paymentUrl={order.paymentUrl}
					minutes={CHECKOUT_SESSION_MINUTES}
				/>
			),
		})
	}
	if (kind === 'order-ready') {
		return mail({
			...toCustomer,
			subject: t('mail.readySubject', { number }),
			body: <OrderReadyMail {...view} arrivalUrl={arrivalUrl(context.origin, order.id, lang.locale)} />,
		})
	}
	if (kind === 'order-cancelled') {
		return mail({
			...toCustomer,
			subject: t(order.paidAt ? 'mail.cancelledSubject' : 'mail.cancelledSubjectUnpaid', { number }),
			body: (
				<OrderCancelledMail
					{...view}
					refunded={order.paidAt ? await refundParts(order) : null}
					menuUrl={`${context.origin}${localizedPath('/menu', lang.locale)}`}
				/>
			),
		})
	}
	return mail({
		...toCustomer,
		subject: t('mail.reviewSubject', { bakery: bakery.name }),
		body: (
			<ReviewRequestMail
				bakery={bakery}
				lang={lang}
				number={number}
				customerName={order.customerName}
				reviewUrl={localizedUrl(await context.reviewUrl(order.id), context.origin, lang.locale)}
			/>
		),
	})
}

/** The order's pickup as a calendar file (the receipt's and the "pickup moved" mail's attachment). */
function pickupCalendar(
	order: MailOrder & { pickupAt: Date },
	number: string,
	lines: MailOrder['customerItems'],
	settings: { slotMinutes: number; timeZone: string },
	context: MailContext,
	lang: MailLanguage,
) {
	return {
		filename: orderCalendarFilename(number),
		content: orderPickupCalendar(
			{ id: order.id, number, items: lines },
			{ at: order.pickupAt, slotMinutes: settings.slotMinutes, timeZone: settings.timeZone },
			getBusiness(),
			context.origin,
			lang,
		),
		contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
	}
}

/**
 * "Your pickup moved" (decision 064), in the order's language with the new calendar file. Only while the order
 * is still paid (or ready) and still at the move's time: a later move sends its own mail, a cancelled order none.
 */
async function composePickupMovedMail(job: Extract<MailJob, { kind: 'order-pickup-moved' }>, context: MailContext) {
	const change = await findPickupChangeForMail(job.changeId)
	const order = change && (await findOrderForMail(change.orderId))
	if (!order || !change || !['PAID', 'READY'].includes(order.status)) return null
	const { pickupAt } = order
	if (!pickupAt || pickupAt.getTime() !== change.toPickupAt.getTime()) return null
	const customer = bareAddress(order.customerEmail)
	if (!customer) return null
	const lang = mailLanguage(order.locale)
	const [bakery, settings] = await Promise.all([mailBakery(context.origin, lang), getPickupSettings()])
	const number = orderNumber(order.id)
	const pickupText = formatPickupAt(pickupAt, settings.timeZone, lang.locale)
	const lines = order.customerItems
	return mail({
		to: [customer],
		replyTo: bakery.email,
		subject: lang.t('mail.movedSubject', { number, pickup: pickupText }),
		attachments: [pickupCalendar({ ...order, pickupAt }, number, lines, settings, context, lang)],
		body: (
			<OrderPickupMovedMail
				bakery={bakery}
				lang={lang}
				number={number}
				customerName={order.customerName}
				pickupText={pickupText}
				previousPickupText={formatPickupAt(change.fromPickupAt, settings.timeZone, lang.locale)}
				lines={lines}
				withCalendar
			/>
		),
	})
}

/** What an order is of, in a few words: its lines' names (an offer's one line: "Pão de queijo (dozen)"). */
function lineNames(lines: MailOrder['customerItems']) {
	return lines.map((line) => line.name).join(', ')
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
	const lang = mailLanguage(kind === 'cake-request-owner' ? 'en' : request.locale)
	const bakery = await mailBakery(context.origin, lang)
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
					customerLanguage={languageForOwner(request.locale)}
				/>
			),
		})
	}
	if (!sender) return null
	return mail({
		to: [sender],
		replyTo: bakery.email,
		subject: lang.t('mail.cakeRequestSubject', { bakery: bakery.name }),
		body: (
			<CakeRequestReceivedMail
				bakery={bakery}
				lang={lang}
				customCakesUrl={`${context.origin}${localizedPath('/custom-cakes', lang.locale)}`}
			/>
		),
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
	const settings = await getPickupSettings()
	/** The quote in words, in a language. */
	const quoteIn = ({ locale, t }: MailLanguage) => ({
		customerName: request.name,
		cake: `${locale === 'en' ? request.type : cakeTypeIn(request.type, { locale, t })}, ${request.size}`,
		priceText: formatPrice(request.quoteCents, locale),
		depositText: formatPrice(request.depositCents, locale),
		balanceText: formatPrice(request.quoteCents! - Math.max(request.paidCents, request.depositCents!), locale),
		pickupText: formatPickupAt(request.pickupAt!, settings.timeZone, locale),
		validUntilText: formatBakeryDateTime(request.quoteValidUntil!, locale),
		notes: request.quoteNotes,
	})
	const customerLocale = (await findCustomCakeRequestLocale(request.id)) ?? 'en'
	const forOwner = job.kind === 'cake-deposit-owner' || job.kind === 'cake-quote-expired-owner'
	const lang = mailLanguage(forOwner ? 'en' : customerLocale)
	const bakery = await mailBakery(context.origin, lang)
	const quote = quoteIn(lang)
	const quoteUrl = `${context.origin}${localizedPath(quotePath(request.id, request.quoteVersion), lang.locale)}`
	const paidText = formatPrice(request.paidCents, lang.locale)
	const { t } = lang
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
					customerLanguage={languageForOwner(customerLocale)}
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
			subject: t('mail.expiringSubject', { validUntil: quote.validUntilText }),
			body: <CakeQuoteExpiringMail bakery={bakery} lang={lang} quote={quote} quoteUrl={quoteUrl} />,
		})
	}
	if (job.kind === 'cake-balance-reminder') {
		return mail({
			to: [customer],
			replyTo: bakery.email,
			subject: t('mail.balanceSubject', { pickup: quote.pickupText, balance: quote.balanceText }),
			body: <CakeBalanceReminderMail bakery={bakery} lang={lang} quote={quote} quoteUrl={quoteUrl} />,
		})
	}
	if (job.kind === 'cake-quote-sent') {
		return mail({
			to: [customer],
			replyTo: bakery.email,
			subject: t('mail.quoteSubject', { bakery: bakery.name }),
			body: <CakeQuoteSentMail bakery={bakery} lang={lang} quote={quote} quoteUrl={quoteUrl} />,
		})
	}
	return mail({
		to: [customer],
		replyTo: bakery.email,
		subject: t('mail.depositSubject', { pickup: quote.pickupText }),
		body: <CakeDepositReceivedMail bakery={bakery} lang={lang} quote={quote} paidText={paidText} quoteUrl={quoteUrl} />,
	})
}

async function composeContactMail(messageId: string, context: MailContext) {
	const message = await findContactMessageForMail(messageId)
	if (!message) return null
	const to = ownerRecipients(context)
	if (to.length === 0) return null
	const bakery = await mailBakery(context.origin, mailLanguage('en'))
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
				customerLanguage={languageForOwner(message.locale)}
			/>
		),
	})
}

/** A customer's sign-in code: null once the code was used, replaced or expired. */
async function composeSignInCodeMail(codeId: string, context: MailContext) {
	const found = await findSignInCodeForMail(codeId)
	const to = found && bareAddress(found.email)
	if (!found || !to) return null
	const lang = mailLanguage(isLocale(found.locale) ? found.locale : 'en')
	const code = openSignInCode(found.sealedCode)
	const bakery = await mailBakery(context.origin, lang)
	return mail({
		to: [to],
		replyTo: bakery.email,
		subject: lang.t('mail.signInSubject', { code, bakery: bakery.name }),
		body: (
			<CustomerSignInCodeMail
				bakery={bakery}
				lang={lang}
				code={code}
				magicLink={`${context.origin}${customerMagicLinkPath}?code=${encodeURIComponent(code)}`}
				minutes={signInCodeMinutes}
			/>
		),
	})
}

/** A language and its translator, for one mail. */
function mailLanguage(locale: Locale): MailLanguage {
	return { locale, t: translator(locale) }
}

/** The customer's language as the owner's mails name it; nothing for English (those mails stay as they were). */
function languageForOwner(locale: Locale) {
	return locale === 'en' ? undefined : LANGUAGE_NAMES_IN_ENGLISH[locale]
}

/** The custom cake form's types, in the customer's language (any other text as typed). */
function cakeTypeIn(type: string, { t }: MailLanguage) {
	const key = (
		{
			Chocolate: 'mail.cakeTypeChocolate',
			Vanilla: 'mail.cakeTypeVanilla',
			'Tres Leches': 'mail.cakeTypeTresLeches',
			Fruit: 'mail.cakeTypeFruit',
		} as const
	)[type]
	return key ? t(key) : type
}

/** An absolute link to one of the site's pages, moved to that page in a language (`/review/…` → `/es/review/…`). */
function localizedUrl(url: string, origin: string, locale: Locale) {
	return url.startsWith(`${origin}/`) ? `${origin}${localizedPath(url.slice(origin.length), locale)}` : url
}

/** The owner addresses that are plain addresses, each once. */
function ownerRecipients(context: MailContext) {
	return [...new Set(context.ownerEmails.flatMap((email) => bareAddress(email) ?? []))]
}

/** The round logo as a PNG (mail apps do not show SVG): the app icon the web manifest lists. */
const LOGO_PATH = '/images/site/icon-192.png'

/** The bakery's name, logo, address and hours for the layout; the hours the site shows now (with the same fallback). */
async function mailBakery(origin: string, { locale, t }: MailLanguage): Promise<MailBakery> {
	const business = getBusiness()
	const { openingHours, lines, notices } = (await loadVisitorHours(new Date(), locale)).hours
	return {
		name: business.name,
		origin,
		locale,
		homeUrl: locale === 'en' ? origin : `${origin}${localizedPath('/', locale)}`,
		logoUrl: `${origin}${LOGO_PATH}`,
		addressLine: streetAddressLine(business),
		mapUrl: mapsSearchUrl(business),
		phone: business.phone,
		telHref: telHref(business.phone),
		email: business.email,
		hoursLabel: t('mail.hoursLabel'),
		// No weekly hours at all (a schedule not set up yet): no hours rather than "Closed" seven times.
		hours: openingHours.length
			? lines.map((line) => (line.times ? `${line.days}: ${line.times}` : t('mail.hoursClosed', { day: line.days })))
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
