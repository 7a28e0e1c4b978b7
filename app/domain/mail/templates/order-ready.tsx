import { richText } from '~/domain/mail/mail-language'
import { MailButton, MailHeading, MailLayout, MailLink, Paragraph } from './layout'
import { OrderLineList, type CustomerOrderMailProps } from './order-lines'

export interface OrderReadyProps extends CustomerOrderMailProps {
	/** The order's "I'm here" page (decision 070). */
	arrivalUrl: string
}

/** To the customer when the owner marks the order READY. */
export function OrderReadyMail({
	bakery,
	lang: { t },
	number,
	customerName,
	pickupText,
	lines,
	arrivalUrl,
}: OrderReadyProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.readyPreview', { number, address: bakery.addressLine })}
			footnote={t('mail.orderFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.readyHeading')}</MailHeading>
			<Paragraph>
				{pickupText
					? richText(t, 'mail.readyIntroWithPickup', { name: customerName, number, pickup: pickupText }, [
							<strong key="0" />,
							<strong key="1" />,
						])
					: richText(t, 'mail.readyIntro', { name: customerName, number }, [<strong key="0" />])}
			</Paragraph>
			<OrderLineList lines={lines} />
			<Paragraph>
				{richText(t, 'mail.readyFindUs', { address: bakery.addressLine, phone: bakery.phone }, [
					<MailLink key="0" href={bakery.mapUrl} />,
					<MailLink key="1" href={bakery.telHref} />,
				])}
			</Paragraph>
			<Paragraph>{t('mail.arrivalText')}</Paragraph>
			<MailButton href={arrivalUrl}>{t('mail.arrivalButton')}</MailButton>
			<MailButton href={bakery.mapUrl}>{t('mail.directions')}</MailButton>
		</MailLayout>
	)
}
