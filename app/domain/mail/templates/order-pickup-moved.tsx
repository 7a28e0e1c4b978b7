import { richText } from '~/domain/mail/mail-language'
import { MailButton, MailHeading, MailLayout, MailLink, Paragraph } from './layout'
import { OrderLineList, type CustomerOrderMailProps } from './order-lines'

export interface OrderPickupMovedProps extends CustomerOrderMailProps {
	pickupText: string
	/** The pickup it had before the move. */
	previousPickupText: string
	/** A calendar file with the new time is attached. */
	withCalendar: boolean
}

/** To the customer when their order's pickup moved (by the owner or by them): the new time, the old one, the calendar file. */
export function OrderPickupMovedMail({
	bakery,
	lang: { t },
	number,
	customerName,
	pickupText,
	previousPickupText,
	lines,
	withCalendar,
}: OrderPickupMovedProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.movedPreview', { pickup: pickupText, address: bakery.addressLine })}
			footnote={t('mail.orderFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.movedHeading')}</MailHeading>
			<Paragraph>
				{richText(t, 'mail.movedIntro', { name: customerName, number, pickup: pickupText }, [
					<strong key="0" />,
					<strong key="1" />,
				])}
			</Paragraph>
			<Paragraph>
				{t('mail.movedWas', { pickup: previousPickupText })}
				{withCalendar ? (
					<>
						<br />
						{t('mail.movedCalendar')}
					</>
				) : null}
			</Paragraph>
			<OrderLineList lines={lines} />
			<Paragraph>
				{richText(t, 'mail.movedQuestions', { phone: bakery.phone }, [<MailLink key="0" href={bakery.telHref} />])}
			</Paragraph>
			<MailButton href={bakery.mapUrl}>{t('mail.directions')}</MailButton>
		</MailLayout>
	)
}
