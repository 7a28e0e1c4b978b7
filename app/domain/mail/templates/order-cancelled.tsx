import { richText } from '~/domain/mail/mail-language'
import { formatPrice } from '~/utils/money'
import { MailButton, MailHeading, MailLayout, MailLink, Paragraph } from './layout'
import { OrderLineList, type CustomerOrderMailProps } from './order-lines'

export interface OrderCancelledProps extends CustomerOrderMailProps {
	/** What was refunded: the order's total; null when nothing was charged (an order to be paid at pickup). */
	refundedCents: number | null
	/** The menu in the customer's language, to order again. */
	menuUrl: string
}

/**
 * To the customer when their order was cancelled (by them on their account, or by the bakery): refunded if it was
 * paid, or nothing charged if it was to be paid at pickup.
 */
export function OrderCancelledMail({
	bakery,
	lang: { t, locale },
	number,
	customerName,
	pickupText,
	lines,
	refundedCents,
	menuUrl,
}: OrderCancelledProps) {
	const amount = refundedCents === null ? null : formatPrice(refundedCents, locale)
	return (
		<MailLayout
			bakery={bakery}
			preview={amount ? t('mail.cancelledPreview', { number, amount }) : t('mail.cancelledPreviewUnpaid', { number })}
			footnote={t('mail.orderFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.cancelledHeading')}</MailHeading>
			<Paragraph>
				{pickupText
					? richText(t, 'mail.cancelledIntroWithPickup', { name: customerName, number, pickup: pickupText }, [
							<strong key="0" />,
						])
					: richText(t, 'mail.cancelledIntro', { name: customerName, number }, [<strong key="0" />])}
			</Paragraph>
			<Paragraph>
				{amount
					? richText(t, 'mail.cancelledRefund', { amount }, [<strong key="0" />])
					: t('mail.cancelledNothingCharged')}
			</Paragraph>
			<OrderLineList lines={lines} />
			<Paragraph>
				{richText(t, 'mail.cancelledQuestions', { phone: bakery.phone }, [<MailLink key="0" href={bakery.telHref} />])}
			</Paragraph>
			<MailButton href={menuUrl}>{t('mail.cancelledMenu')}</MailButton>
		</MailLayout>
	)
}
