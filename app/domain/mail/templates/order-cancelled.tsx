import { richText } from '~/domain/mail/mail-language'
import { formatPrice } from '~/utils/money'
import { MailButton, MailHeading, MailLayout, MailLink, Paragraph } from './layout'
import { OrderLineList, type CustomerOrderMailProps } from './order-lines'

export interface OrderCancelledProps extends CustomerOrderMailProps {
	/**
	 * What was refunded, where (decision 086): to the card, back to gift cards and credit, and the card's part taken as
	 * store credit; null when nothing was charged (an order to be paid at pickup).
	 */
	refunded: { cardCents: number; walletCents: number; asCreditCents: number } | null
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
	refunded,
	menuUrl,
}: OrderCancelledProps) {
	const price = (cents: number) => formatPrice(cents, locale)
	const amount = refunded ? price(refunded.cardCents + refunded.walletCents + refunded.asCreditCents) : null
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
			{refunded ? (
				<>
					{refunded.cardCents > 0 ? (
						<Paragraph>
							{richText(t, 'mail.cancelledRefund', { amount: price(refunded.cardCents) }, [<strong key="0" />])}
						</Paragraph>
					) : null}
					{refunded.walletCents > 0 ? (
						<Paragraph>
							{richText(t, 'mail.cancelledWalletBack', { amount: price(refunded.walletCents) }, [<strong key="0" />])}
						</Paragraph>
					) : null}
					{refunded.asCreditCents > 0 ? (
						<Paragraph>
							{richText(t, 'mail.cancelledAsCredit', { amount: price(refunded.asCreditCents) }, [<strong key="0" />])}
						</Paragraph>
					) : null}
				</>
			) : (
				<Paragraph>{t('mail.cancelledNothingCharged')}</Paragraph>
			)}
			<OrderLineList lines={lines} />
			<Paragraph>
				{richText(t, 'mail.cancelledQuestions', { phone: bakery.phone }, [<MailLink key="0" href={bakery.telHref} />])}
			</Paragraph>
			<MailButton href={menuUrl}>{t('mail.cancelledMenu')}</MailButton>
		</MailLayout>
	)
}
