import { Details, MailButton, MailHeading, MailLayout, Paragraph, Quoted, type MailBakery } from './layout'

/** A quote as the mails show it: amounts and times already in words. */
export interface MailCakeQuote {
	customerName: string
	cake: string
	priceText: string
	depositText: string
	balanceText: string
	pickupText: string
	validUntilText: string
	notes: string
}

export interface CakeQuoteSentProps {
	bakery: MailBakery
	quote: MailCakeQuote
	/** The quote page (signed link). */
	quoteUrl: string
}

/** To the customer: the owner's quote, with the link to pay the deposit or decline. */
export function CakeQuoteSentMail({ bakery, quote, quoteUrl }: CakeQuoteSentProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={`Your cake: ${quote.priceText}, deposit ${quote.depositText}, pickup ${quote.pickupText}.`}
			footnote={`You get this because you asked ${bakery.name} for a custom cake. Questions? Reply to this e-mail.`}
		>
			<MailHeading>Your cake quote</MailHeading>
			<Paragraph>
				Hi {quote.customerName}, thank you for your patience! Here is what we propose for your cake:
			</Paragraph>
			<Details
				rows={[
					{ label: 'Cake', value: quote.cake },
					{ label: 'Price', value: quote.priceText },
					{ label: 'Deposit to book it', value: quote.depositText },
					{ label: 'Pickup', value: quote.pickupText },
					{ label: 'Valid until', value: quote.validUntilText },
				]}
			/>
			{quote.notes ? <Quoted text={quote.notes} /> : null}
			<Paragraph>
				Your pickup time is held for you until {quote.validUntilText}. Pay the deposit to book the cake; the rest (
				{quote.balanceText}) is due before or at pickup. If it is not what you had in mind, you can decline on the same
				page or reply to this e-mail.
			</Paragraph>
			<MailButton href={quoteUrl}>See your quote and pay the deposit</MailButton>
		</MailLayout>
	)
}

export interface CakeDepositProps {
	bakery: MailBakery
	quote: MailCakeQuote
	paidText: string
	quoteUrl: string
}

/** To the customer: the deposit is in, the cake is booked. */
export function CakeDepositReceivedMail({ bakery, quote, paidText, quoteUrl }: CakeDepositProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={`Your cake is booked for ${quote.pickupText}.`}
			footnote={`You get this because you paid a deposit to ${bakery.name}. Questions? Reply to this e-mail.`}
		>
			<MailHeading>Your cake is booked</MailHeading>
			<Paragraph>Hi {quote.customerName}, we received your deposit. Thank you!</Paragraph>
			<Details
				rows={[
					{ label: 'Cake', value: quote.cake },
					{ label: 'Price', value: quote.priceText },
					{ label: 'Paid', value: paidText },
					{ label: 'Balance due', value: quote.balanceText },
					{ label: 'Pickup', value: quote.pickupText },
				]}
			/>
			<Paragraph>
				You can pay the balance on your quote page before pickup, or in the shop when you collect the cake.
			</Paragraph>
			<MailButton href={quoteUrl}>See your cake</MailButton>
		</MailLayout>
	)
}

export interface CakeDepositOwnerProps {
	bakery: MailBakery
	quote: MailCakeQuote
	paidText: string
	adminUrl: string
}

/** To the owner: a customer paid the deposit of a quote. */
export function CakeDepositOwnerMail({ bakery, quote, paidText, adminUrl }: CakeDepositOwnerProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={`${quote.customerName} paid ${paidText}: pickup ${quote.pickupText}.`}
			footnote="You get this because you are an owner of this bakery's site."
		>
			<MailHeading>Deposit paid: {quote.cake}</MailHeading>
			<Details
				rows={[
					{ label: 'Customer', value: quote.customerName },
					{ label: 'Cake', value: quote.cake },
					{ label: 'Price', value: quote.priceText },
					{ label: 'Paid', value: paidText },
					{ label: 'Balance due', value: quote.balanceText },
					{ label: 'Pickup', value: quote.pickupText },
				]}
			/>
			<MailButton href={adminUrl}>Open the request</MailButton>
		</MailLayout>
	)
}

/** To the customer, 24 hours before an open quote ends. */
export function CakeQuoteExpiringMail({ bakery, quote, quoteUrl }: CakeQuoteSentProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={`Your pickup time is held until ${quote.validUntilText}.`}
			footnote={`You get this once, because ${bakery.name} sent you a cake quote.`}
		>
			<MailHeading>Your cake quote ends soon</MailHeading>
			<Paragraph>
				Hi {quote.customerName}, your quote for {quote.cake} ({quote.priceText}, pickup {quote.pickupText}) is held for
				you until {quote.validUntilText}. Pay the deposit of {quote.depositText} to book it, or let us know if you would
				like something different.
			</Paragraph>
			<MailButton href={quoteUrl}>See your quote</MailButton>
		</MailLayout>
	)
}

/** To the customer, two days before pickup, while the balance is due. */
export function CakeBalanceReminderMail({ bakery, quote, quoteUrl }: CakeQuoteSentProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={`Pickup ${quote.pickupText}; balance due ${quote.balanceText}.`}
			footnote={`You get this once, because you booked a cake with ${bakery.name}.`}
		>
			<MailHeading>See you soon for your cake</MailHeading>
			<Paragraph>
				Hi {quote.customerName}, your {quote.cake} will be ready for pickup {quote.pickupText}. The balance of{' '}
				{quote.balanceText} is due at pickup; you can also pay it now online.
			</Paragraph>
			<MailButton href={quoteUrl}>Pay the balance</MailButton>
		</MailLayout>
	)
}

/** To the owner when a quote ended without a deposit. */
export function CakeQuoteExpiredOwnerMail({
	bakery,
	quote,
	adminUrl,
}: {
	bakery: MailBakery
	quote: MailCakeQuote
	adminUrl: string
}) {
	return (
		<MailLayout
			bakery={bakery}
			preview={`${quote.customerName} did not pay the deposit in time; the pickup time is free again.`}
			footnote="You get this because you are an owner of this bakery's site."
		>
			<MailHeading>Quote expired: {quote.cake}</MailHeading>
			<Paragraph>
				{quote.customerName} did not pay the deposit of {quote.depositText} by {quote.validUntilText}. The pickup time (
				{quote.pickupText}) is given back. You can send them a new quote from the request.
			</Paragraph>
			<MailButton href={adminUrl}>Open the request</MailButton>
		</MailLayout>
	)
}
