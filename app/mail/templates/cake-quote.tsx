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
