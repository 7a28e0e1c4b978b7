import type { MailLanguage } from '~/domain/mail/mail-language'
import { formatPrice } from '~/utils/money'
import { MailButton, MailHeading, MailLayout, Paragraph, type MailBakery } from './layout'

interface GiftCardMailProps {
	bakery: MailBakery
	/** The buyer's language (the recipient's mail is in it too: the buyer chose it). */
	lang: MailLanguage
	amountCents: number
}

export interface GiftCardReceiptProps extends GiftCardMailProps {
	recipient: { name: string; email: string; date: string } | null
	last4: string
}

/** To the buyer, at once: what they bought and when its recipient gets it; never the code of someone else's card. */
export function GiftCardReceiptMail({
	bakery,
	lang: { t, locale },
	amountCents,
	recipient,
	last4,
}: GiftCardReceiptProps) {
	const amount = formatPrice(amountCents, locale)
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.giftCardReceiptPreview', { amount })}
			footnote={t('mail.giftCardFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.giftCardReceiptHeading')}</MailHeading>
			<Paragraph>
				{recipient
					? t('mail.giftCardReceiptForRecipient', {
							amount,
							recipient: recipient.name,
							email: recipient.email,
							date: recipient.date,
						})
					: t('mail.giftCardReceiptForSelf', { amount })}
			</Paragraph>
			<Paragraph>{t('mail.giftCardReceiptLast4', { last4 })}</Paragraph>
		</MailLayout>
	)
}

export interface GiftCardDeliveryProps extends GiftCardMailProps {
	/** Null: the buyer's own card. */
	buyerName: string | null
	message: string
	/** Grouped for reading: ABCD-EFGH-JKLM-NPQR. */
	code: string
	balanceUrl: string
}

/** To the recipient on the chosen day (or the buyer at once): the code, the amount, the message, the balance page. */
export function GiftCardDeliveryMail({
	bakery,
	lang: { t, locale },
	amountCents,
	buyerName,
	message,
	code,
	balanceUrl,
}: GiftCardDeliveryProps) {
	const amount = formatPrice(amountCents, locale)
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.giftCardDeliveryPreview')}
			footnote={t('mail.giftCardFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.giftCardDeliveryHeading')}</MailHeading>
			<Paragraph>
				{buyerName
					? t('mail.giftCardDeliveryFrom', { buyer: buyerName, amount, bakery: bakery.name })
					: t('mail.giftCardDeliveryYours', { amount, bakery: bakery.name })}
			</Paragraph>
			{message ? (
				<Paragraph>
					{t('mail.giftCardDeliveryMessage')} <em>{message}</em>
				</Paragraph>
			) : null}
			<Paragraph>{t('mail.giftCardDeliveryCode')}</Paragraph>
			<Paragraph>
				<strong style={{ fontSize: '24px', letterSpacing: '3px' }}>{code}</strong>
			</Paragraph>
			<Paragraph>{t('mail.giftCardDeliveryUse')}</Paragraph>
			<MailButton href={balanceUrl}>{t('mail.giftCardDeliveryBalance')}</MailButton>
		</MailLayout>
	)
}
