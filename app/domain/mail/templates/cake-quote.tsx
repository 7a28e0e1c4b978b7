import type { MailLanguage } from '~/domain/mail/mail-language'
import { Details, languageRow, MailButton, MailHeading, MailLayout, Paragraph, Quoted, type MailBakery } from './layout'

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
	/** The customer's language. */
	lang: MailLanguage
	quote: MailCakeQuote
	/** The quote page (signed link). */
	quoteUrl: string
}

/** To the customer: the owner's quote, with the link to pay the deposit or decline. */
export function CakeQuoteSentMail({ bakery, lang: { t }, quote, quoteUrl }: CakeQuoteSentProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.quotePreview', { price: quote.priceText, deposit: quote.depositText, pickup: quote.pickupText })}
			footnote={t('mail.quoteFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.quoteHeading')}</MailHeading>
			<Paragraph>{t('mail.quoteIntro', { name: quote.customerName })}</Paragraph>
			<Details
				rows={[
					{ label: t('mail.labelCake'), value: quote.cake },
					{ label: t('mail.labelPrice'), value: quote.priceText },
					{ label: t('mail.labelDepositToBook'), value: quote.depositText },
					{ label: t('mail.labelPickup'), value: quote.pickupText },
					{ label: t('mail.labelValidUntil'), value: quote.validUntilText },
				]}
			/>
			{quote.notes ? <Quoted text={quote.notes} /> : null}
			<Paragraph>{t('mail.quoteTerms', { validUntil: quote.validUntilText, balance: quote.balanceText })}</Paragraph>
			<MailButton href={quoteUrl}>{t('mail.quoteButton')}</MailButton>
		</MailLayout>
	)
}

export interface CakeDepositProps {
	bakery: MailBakery
	/** The customer's language. */
	lang: MailLanguage
	quote: MailCakeQuote
	paidText: string
	quoteUrl: string
}

/** To the customer: the deposit is in, the cake is booked. */
export function CakeDepositReceivedMail({ bakery, lang: { t }, quote, paidText, quoteUrl }: CakeDepositProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.depositPreview', { pickup: quote.pickupText })}
			footnote={t('mail.depositFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.depositHeading')}</MailHeading>
			<Paragraph>{t('mail.depositIntro', { name: quote.customerName })}</Paragraph>
			<Details
				rows={[
					{ label: t('mail.labelCake'), value: quote.cake },
					{ label: t('mail.labelPrice'), value: quote.priceText },
					{ label: t('mail.labelPaid'), value: paidText },
					{ label: t('mail.labelBalanceDue'), value: quote.balanceText },
					{ label: t('mail.labelPickup'), value: quote.pickupText },
				]}
			/>
			<Paragraph>{t('mail.depositBalance')}</Paragraph>
			<MailButton href={quoteUrl}>{t('mail.depositButton')}</MailButton>
		</MailLayout>
	)
}

export interface CakeDepositOwnerProps {
	bakery: MailBakery
	quote: MailCakeQuote
	paidText: string
	adminUrl: string
	/** The customer's language in English words, when it is not English. */
	customerLanguage?: string
}

/** To the owner: a customer paid the deposit of a quote. */
export function CakeDepositOwnerMail({ bakery, quote, paidText, adminUrl, customerLanguage }: CakeDepositOwnerProps) {
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
					...languageRow(customerLanguage),
				]}
			/>
			<MailButton href={adminUrl}>Open the request</MailButton>
		</MailLayout>
	)
}

/** To the customer, 24 hours before an open quote ends. */
export function CakeQuoteExpiringMail({ bakery, lang: { t }, quote, quoteUrl }: CakeQuoteSentProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.expiringPreview', { validUntil: quote.validUntilText })}
			footnote={t('mail.expiringFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.expiringHeading')}</MailHeading>
			<Paragraph>
				{t('mail.expiringBody', {
					name: quote.customerName,
					cake: quote.cake,
					price: quote.priceText,
					pickup: quote.pickupText,
					validUntil: quote.validUntilText,
					deposit: quote.depositText,
				})}
			</Paragraph>
			<MailButton href={quoteUrl}>{t('mail.expiringButton')}</MailButton>
		</MailLayout>
	)
}

/** To the customer, two days before pickup, while the balance is due. */
export function CakeBalanceReminderMail({ bakery, lang: { t }, quote, quoteUrl }: CakeQuoteSentProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.balancePreview', { pickup: quote.pickupText, balance: quote.balanceText })}
			footnote={t('mail.balanceFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.balanceHeading')}</MailHeading>
			<Paragraph>
				{t('mail.balanceBody', {
					name: quote.customerName,
					cake: quote.cake,
					pickup: quote.pickupText,
					balance: quote.balanceText,
				})}
			</Paragraph>
			<MailButton href={quoteUrl}>{t('mail.balanceButton')}</MailButton>
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
