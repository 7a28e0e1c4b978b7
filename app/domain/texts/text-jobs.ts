/**
 * Every text the bakery sends (decision 074), as the event that causes it: ids only. The worker reads the rest when it
 * sends, in the customer's language, so a text says what is true then (a moved pickup, a cancelled order).
 */
export type TextJob =
	/**
	 * A phone order's payment link, which the customer asked for on the phone (decision 075): a one-off text that
	 * needs no standing consent and gives none.
	 */
	| { kind: 'order-payment-link'; orderId: string }
	/**
	 * A waitlist's offer (decision 091), which the customer asked to be texted when joining the line: like a phone
	 * order's payment link, a one-off text that needs no standing consent and gives none.
	 */
	| { kind: 'waitlist-offer'; orderId: string }
	/** The order is paid (or confirmed to be paid at pickup): "we have your order". */
	| { kind: 'order-confirmed'; orderId: string }
	/** Staff marked it ready (the board or the orders screen), with the "I'm here" link. */
	| { kind: 'order-ready'; orderId: string }
	/** The pickup reminder at 18:00 the evening before (the owner's setting). */
	| { kind: 'order-reminder-evening'; orderId: string }
	/** The pickup reminder two hours before (the owner's setting). */
	| { kind: 'order-reminder-soon'; orderId: string }
	/** Each move of a paid order's pickup (OrderPickupChange's id). */
	| { kind: 'order-pickup-moved'; orderId: string; changeId: string }
	/** A paid order cancelled and refunded. */
	| { kind: 'order-cancelled'; orderId: string }
	/** A custom cake quote sent or changed (each version is one text). */
	| { kind: 'cake-quote-sent'; requestId: string; quoteVersion: number }
	/** Two days before a cake's pickup while its balance is due, beside the mail. */
	| { kind: 'cake-balance-reminder'; requestId: string }
	/**
	 * A gift card's one text to its recipient, which the buyer asked for and vouched the recipient agreed to (decision
	 * 078): no standing consent needed, none given, never to a number that sent STOP, never in quiet hours.
	 */
	| { kind: 'gift-card-delivery'; purchaseId: string }

/**
 * Texts the customer asked for (a phone order's link, there and then; a waitlist's offer, when joining): they go at once,
 * without a standing consent, which they never create.
 */
export function isRequestedText(job: TextJob) {
	return job.kind === 'order-payment-link' || job.kind === 'waitlist-offer'
}

/**
 * How a text that needs no standing consent goes (asked for, or vouched for by a gift card's buyer); null for the rest.
 * A waitlist's offer was asked for when the customer joined, maybe weeks before: a STOP sent since wins.
 */
export function oneOffOf<Channel>(job: TextJob, channel: Channel) {
	if (job.kind === 'waitlist-offer') return { channel, kind: 'waitlist' as const }
	if (isRequestedText(job)) return { channel, kind: 'requested' as const }
	if (job.kind === 'gift-card-delivery') return { channel, kind: 'gift-card' as const }
	return null
}

/** One text per event: the text table and the queue both refuse a second one with the same key. */
export function textKey(job: TextJob): string {
	switch (job.kind) {
		case 'order-payment-link':
		case 'waitlist-offer':
		case 'order-confirmed':
		case 'order-ready':
		case 'order-reminder-evening':
		case 'order-reminder-soon':
		case 'order-cancelled':
			return `${job.kind}:${job.orderId}`
		case 'order-pickup-moved':
			return `${job.kind}:${job.changeId}`
		case 'cake-quote-sent':
			return `${job.kind}:${job.requestId}:${job.quoteVersion}`
		case 'cake-balance-reminder':
			return `${job.kind}:${job.requestId}`
		case 'gift-card-delivery':
			return `${job.kind}:${job.purchaseId}`
	}
}
