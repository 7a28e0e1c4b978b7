import { richText } from '~/domain/mail/mail-language'
import { formatPrice } from '~/utils/money'
import { MailButton, MailHeading, MailLayout, MailLink, Paragraph } from './layout'
import { OrderLineList, type CustomerOrderMailProps } from './order-lines'

export interface WaitlistOfferProps extends Omit<CustomerOrderMailProps, 'pickupText'> {
	/** An offer is always for a pickup time (decision 091). */
	pickupText: string
	totalCents: number
	/** The held order's hosted payment page. */
	paymentUrl: string
	/** How long the page stays open, in minutes: the place is held for them that long. */
	minutes: number
}

/**
 * To a customer on a waitlist (decision 091): a place freed up and is held for them as an order in their name, with
 * the link to pay for it before the hold ends and the place goes to the next in line.
 */
export function WaitlistOfferMail({
	bakery,
	lang: { t, locale },
	customerName,
	pickupText,
	lines,
	totalCents,
	paymentUrl,
	minutes,
}: WaitlistOfferProps) {
	const total = formatPrice(totalCents, locale)
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.waitlistOfferPreview', { minutes, total })}
			footnote={t('mail.waitlistOfferFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.waitlistOfferHeading')}</MailHeading>
			<Paragraph>
				{richText(t, 'mail.waitlistOfferIntro', { name: customerName, pickup: pickupText, minutes }, [
					<strong key="0" />,
				])}
			</Paragraph>
			<OrderLineList lines={lines} />
			<Paragraph>
				<strong>{t('mail.paymentLinkTotal', { total })}</strong>
			</Paragraph>
			<MailButton href={paymentUrl}>{t('mail.waitlistOfferButton')}</MailButton>
			<Paragraph>{t('mail.waitlistOfferDecline')}</Paragraph>
			<Paragraph>
				{richText(t, 'mail.paymentLinkQuestions', { phone: bakery.phone }, [
					<MailLink key="0" href={bakery.telHref} />,
				])}
			</Paragraph>
		</MailLayout>
	)
}
