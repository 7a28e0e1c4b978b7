import type { MailLanguage } from '~/domain/mail/mail-language'
import { MailButton, MailHeading, MailLayout, Paragraph, type MailBakery } from './layout'

export interface CustomerSignInCodeProps {
	bakery: MailBakery
	/** The language of the page the customer asked from. */
	lang: MailLanguage
	code: string
	/** Signs in the same browser that asked for the code. */
	magicLink: string
	minutes: number
}

/** To a customer signing in: the one-time code and its magic link (the same mail whether or not an account exists). */
export function CustomerSignInCodeMail({ bakery, lang: { t }, code, magicLink, minutes }: CustomerSignInCodeProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.signInPreview', { code })}
			footnote={t('mail.signInFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.signInHeading')}</MailHeading>
			<Paragraph>{t('mail.signInIntro', { minutes })}</Paragraph>
			<Paragraph>
				<strong style={{ fontSize: '28px', letterSpacing: '6px' }}>{code}</strong>
			</Paragraph>
			<Paragraph>{t('mail.signInLinkIntro')}</Paragraph>
			<MailButton href={magicLink}>{t('mail.signInButton')}</MailButton>
		</MailLayout>
	)
}
