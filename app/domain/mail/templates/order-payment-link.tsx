import { richText } from '~/domain/mail/mail-language'
import { formatPrice } from '~/utils/money'
import { MailButton, MailHeading, MailLayout, MailLink, Paragraph } from './layout'
import { OrderLineList, type CustomerOrderMailProps } from './order-lines'

export interface OrderPaymentLinkProps extends CustomerOrderMailProps {
	totalCents: number
	/** The order's hosted payment page (decision 075). */
	paymentUrl: string
	/** How long the page stays open, in minutes: the pickup time is held that long. */
	minutes: number
}

/** To the customer of a phone order: the order as staff took it down, and the link to pay for it. */
export function OrderPaymentLinkMail({
	bakery,
	lang: { t, locale },
	number,
	customerName,
	pickupText,
	lines,
	totalCents,
	paymentUrl,
	minutes,
}: OrderPaymentLinkProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.paymentLinkPreview', { number, total: formatPrice(totalCents, locale) })}
			footnote={t('mail.orderFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.paymentLinkHeading')}</MailHeading>
			<Paragraph>
				{pickupText
					? richText(t, 'mail.paymentLinkIntroWithPickup', { name: customerName, number, pickup: pickupText }, [
							<strong key="0" />,
							<strong key="1" />,
						])
					: richText(t, 'mail.paymentLinkIntro', { name: customerName, number }, [<strong key="0" />])}
			</Paragraph>
			<OrderLineList lines={lines} />
			<Paragraph>
				<strong>{t('mail.paymentLinkTotal', { total: formatPrice(totalCents, locale) })}</strong>
			</Paragraph>
			<MailButton href={paymentUrl}>{t('mail.paymentLinkButton')}</MailButton>
			<Paragraph>{t('mail.paymentLinkExpiry', { minutes })}</Paragraph>
			<Paragraph>
				{richText(t, 'mail.paymentLinkQuestions', { phone: bakery.phone }, [
					<MailLink key="0" href={bakery.telHref} />,
				])}
			</Paragraph>
		</MailLayout>
	)
}
