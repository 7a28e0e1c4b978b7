import { richText, type MailLanguage } from '~/domain/mail/mail-language'
import { MailHeading, MailLayout, MailLink, Paragraph, type MailBakery } from './layout'

export interface CakeRequestReceivedProps {
	bakery: MailBakery
	/** The customer's language. */
	lang: MailLanguage
	/** The custom cakes page in that language. */
	customCakesUrl: string
}

/**
 * To the address a custom cake request gave: that we got it and what happens next. The address is not verified
 * (anyone may type anyone's), so the mail carries only the bakery's own words, nothing the sender wrote: it cannot
 * carry someone else's message to a stranger (issue 35, decision 057). The owner's mail has the whole request.
 */
export function CakeRequestReceivedMail({ bakery, lang: { t }, customCakesUrl }: CakeRequestReceivedProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={t('mail.cakeRequestPreview')}
			footnote={t('mail.cakeRequestFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.cakeRequestHeading')}</MailHeading>
			<Paragraph>{t('mail.cakeRequestIntro')}</Paragraph>
			<Paragraph>
				<strong>{t('mail.cakeRequestNextHeading')}</strong>
				<br />
				{t('mail.cakeRequestNext')}
			</Paragraph>
			<Paragraph>
				{richText(t, 'mail.cakeRequestChange', { phone: bakery.phone }, [<MailLink key="0" href={bakery.telHref} />])}
			</Paragraph>
			<Paragraph>{richText(t, 'mail.cakeRequestMore', {}, [<MailLink key="0" href={customCakesUrl} />])}</Paragraph>
		</MailLayout>
	)
}
