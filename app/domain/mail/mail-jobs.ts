/**
 * Every mail the bakery sends, as the job the queue carries: ids only. The worker reads the rest when
 * it sends (app/mail/compose.server.ts), so a job stays small and its enqueue cheap inside the
 * transaction that causes it.
 */
export type MailJob =
	| { kind: 'order-paid-owner'; orderId: string }
	| { kind: 'order-receipt'; orderId: string }
	/** A payment whose charged amount differs from the priced one, held for the owner (decision 058). */
	| { kind: 'order-payment-held-owner'; orderId: string }
	| { kind: 'cake-payment-held-owner'; paymentId: string }
	| { kind: 'order-ready'; orderId: string }
	/** A phone order's payment link (decision 075): sent only while the order still waits for payment. */
	| { kind: 'order-payment-link'; orderId: string }
	/**
	 * A waitlist's offer (decision 091): the order held in the waiter's name and its payment link, sent only while the
	 * order still waits for payment.
	 */
	| { kind: 'waitlist-offer'; orderId: string }
	/** Each move of a paid order's pickup (OrderPickupChange's id): "your pickup moved", with the new calendar file. */
	| { kind: 'order-pickup-moved'; changeId: string }
	/** A paid order cancelled and refunded (by the owner or by its customer, decision 065): "your order was cancelled". */
	| { kind: 'order-cancelled'; orderId: string }
	/** The owner's alert when a customer cancelled their own order on their account (decision 065). */
	| { kind: 'order-cancelled-owner'; orderId: string }
	| { kind: 'review-request'; orderId: string }
	| { kind: 'cake-request-owner'; requestId: string }
	| { kind: 'cake-request-received'; requestId: string }
	| { kind: 'contact-message-owner'; messageId: string }
	/** The quote's link to the customer; each sent or changed quote (its version) is one mail. */
	| { kind: 'cake-quote-sent'; requestId: string; quoteVersion: number }
	| { kind: 'cake-deposit-received'; requestId: string }
	| { kind: 'cake-deposit-owner'; requestId: string }
	/** Queued with the quote to start 24 h before it ends (sent only if that version is still open). */
	| { kind: 'cake-quote-expiring'; requestId: string; quoteVersion: number }
	/** Queued with the quote to start when it ends (sent only if that version was never accepted). */
	| { kind: 'cake-quote-expired-owner'; requestId: string; quoteVersion: number }
	/** Queued with the deposit to start two days before pickup (sent only while the balance is due). */
	| { kind: 'cake-balance-reminder'; requestId: string }
	/** A customer's sign-in code and magic link (decision 063); the code itself stays sealed in its row. */
	| { kind: 'customer-sign-in-code'; codeId: string }
	/** A gift card bought online (decision 078): the buyer's receipt, and the card's code to its recipient. */
	| { kind: 'gift-card-receipt'; purchaseId: string }
	| { kind: 'gift-card-delivery'; purchaseId: string }
	/** A bread club membership started (decision 093): the box, its day and time, the first box and its cutoff. */
	| { kind: 'club-welcome'; subscriptionId: string }
	/** A box the club could not make at its cutoff (ClubPickup REFUSED or UNPAID): why, and that it is not charged. */
	| { kind: 'club-box-missed'; pickupId: string }
	/** A renewal Stripe could not charge (one mail per invoice, whatever its retries): update the card. */
	| { kind: 'club-payment-failed'; subscriptionId: string; invoiceId: string }
	/** Stripe ended the membership after its retries failed (not the customer's own cancel). */
	| { kind: 'club-ended'; subscriptionId: string }

export type MailKind = MailJob['kind']

/** One mail per event: the queue refuses a second job with the same key. */
export function mailKey(job: MailJob): string {
	switch (job.kind) {
		case 'order-paid-owner':
		case 'order-receipt':
		case 'order-payment-held-owner':
		case 'order-ready':
		case 'order-payment-link':
		case 'waitlist-offer':
		case 'review-request':
		case 'order-cancelled':
		case 'order-cancelled-owner':
			return `${job.kind}:${job.orderId}`
		case 'cake-payment-held-owner':
			return `${job.kind}:${job.paymentId}`
		case 'cake-request-owner':
		case 'cake-request-received':
		case 'cake-deposit-received':
		case 'cake-deposit-owner':
		case 'cake-balance-reminder':
			return `${job.kind}:${job.requestId}`
		case 'cake-quote-sent':
		case 'cake-quote-expiring':
		case 'cake-quote-expired-owner':
			return `${job.kind}:${job.requestId}:${job.quoteVersion}`
		case 'contact-message-owner':
			return `${job.kind}:${job.messageId}`
		case 'customer-sign-in-code':
			return `${job.kind}:${job.codeId}`
		case 'order-pickup-moved':
			return `${job.kind}:${job.changeId}`
		case 'gift-card-receipt':
		case 'gift-card-delivery':
			return `${job.kind}:${job.purchaseId}`
		case 'club-welcome':
		case 'club-ended':
			return `${job.kind}:${job.subscriptionId}`
		case 'club-box-missed':
			return `${job.kind}:${job.pickupId}`
		case 'club-payment-failed':
			return `${job.kind}:${job.subscriptionId}:${job.invoiceId}`
	}
}

/** A composed mail, ready for the transport. Addresses are bare e-mail addresses; the transport adds MAIL_FROM. */
export interface OutgoingMail {
	to: string[]
	replyTo?: string
	subject: string
	html: string
	text: string
	attachments?: Array<{ filename: string; content: string; contentType: string }>
}

/**
 * Every mail the bakery could still send to a customer about these orders, pickup moves, cake requests (each
 * quote version up to `quoteVersion`) and sign-in codes: what deleting an account cancels (decision 067). The
 * owner's own alerts are not among them.
 */
export function customerMailJobs(about: {
	orderIds: readonly string[]
	changeIds: readonly string[]
	cakeRequests: ReadonlyArray<{ id: string; quoteVersion: number }>
	codeIds: readonly string[]
}): MailJob[] {
	return [
		...about.orderIds.flatMap((orderId) =>
			(['order-receipt', 'order-ready', 'review-request'] as const).map((kind) => ({ kind, orderId })),
		),
		...about.changeIds.map((changeId) => ({ kind: 'order-pickup-moved' as const, changeId })),
		...about.cakeRequests.flatMap(({ id: requestId, quoteVersion }) => [
			...(['cake-request-received', 'cake-deposit-received', 'cake-balance-reminder'] as const).map((kind) => ({
				kind,
				requestId,
			})),
			...Array.from({ length: quoteVersion + 1 }, (_, version) =>
				(['cake-quote-sent', 'cake-quote-expiring'] as const).map((kind) => ({
					kind,
					requestId,
					quoteVersion: version,
				})),
			).flat(),
		]),
		...about.codeIds.map((codeId) => ({ kind: 'customer-sign-in-code' as const, codeId })),
	]
}
