import { richText, type MailLanguage } from '~/domain/mail/mail-language'
import { MailButton, MailHeading, MailLayout, Paragraph, type MailBakery } from './layout'

export interface ReviewRequestProps {
	bakery: MailBakery
	/** The customer's language. */
	lang: MailLanguage
	number: string
	customerName: string
	/** The signed, single-use review link (the review page in the customer's language). */
	reviewUrl: string
}

/** To the customer a day after pickup: "Tell us how it was". */
export function ReviewRequestMail({ bakery, lang: { t }, number, customerName, reviewUrl }: ReviewRequestProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.reviewPreview')}
			footnote={t('mail.reviewFootnote', { number, bakery: bakery.name })}
		>
			<MailHeading>{t('mail.reviewHeading')}</MailHeading>
			<Paragraph>{richText(t, 'mail.reviewIntro', { name: customerName, number }, [<strong key="0" />])}</Paragraph>
			<Paragraph>{t('mail.reviewAsk')}</Paragraph>
			<MailButton href={reviewUrl}>{t('mail.reviewButton')}</MailButton>
		</MailLayout>
	)
}
