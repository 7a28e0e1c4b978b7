import { richText, type MailLanguage } from '~/domain/mail/mail-language'
import type { MailCakeRequest } from './cake-request-owner'
import { Details, MailHeading, MailLayout, MailLink, Paragraph, Quoted, type MailBakery } from './layout'

export interface CakeRequestReceivedProps {
	bakery: MailBakery
	/** The customer's language. */
	lang: MailLanguage
	/** `type` already in the customer's language. */
	request: MailCakeRequest & { withPhoto: boolean }
}

/** To the customer after a custom cake request: what we got and what happens next (the page's promise). */
export function CakeRequestReceivedMail({ bakery, lang: { t }, request }: CakeRequestReceivedProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.cakeRequestPreview')}
			footnote={t('mail.cakeRequestFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.cakeRequestHeading')}</MailHeading>
			<Paragraph>{t('mail.cakeRequestIntro', { name: request.name })}</Paragraph>
			<Details
				rows={[
					{ label: t('mail.labelType'), value: request.type },
					{ label: t('mail.labelSize'), value: request.size },
					{ label: t('mail.labelPhone'), value: request.phone },
					{ label: t('mail.labelEmail'), value: request.email },
					{ label: t('mail.labelPhoto'), value: request.withPhoto ? t('mail.photoReceived') : t('mail.photoNone') },
				]}
			/>
			{request.message ? <Quoted text={request.message} /> : null}
			<Paragraph>
				<strong>{t('mail.cakeRequestNextHeading')}</strong>
				<br />
				{t('mail.cakeRequestNext')}
			</Paragraph>
			<Paragraph>
				{richText(t, 'mail.cakeRequestChange', { phone: bakery.phone }, [<MailLink key="0" href={bakery.telHref} />])}
			</Paragraph>
		</MailLayout>
	)
}
