import {
	Details,
	languageRow,
	MailButton,
	MailHeading,
	MailLayout,
	MailLink,
	Paragraph,
	Quoted,
	type MailBakery,
} from './layout'

export interface ContactMessageOwnerProps {
	bakery: MailBakery
	message: { name: string; email: string; message: string }
	submittedText: string
	/** The customer's language in English words ('Spanish'), when it is not English: the owner answers in kind. */
	customerLanguage?: string
	/** The message in the admin inbox. */
	adminUrl: string
}

/** To the owner when the Contact form sends a message; Reply-To is the sender. */
export function ContactMessageOwnerMail({
	bakery,
	message,
	submittedText,
	adminUrl,
	customerLanguage,
}: ContactMessageOwnerProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={message.message.slice(0, 120)}
			footnote={`You get this because you are on ${bakery.name}'s alerts. Reply to this e-mail to answer ${message.name}.`}
		>
			<MailHeading>New message from the website</MailHeading>
			<Details
				rows={[
					{ label: 'From', value: message.name },
					{ label: 'Email', value: <MailLink href={`mailto:${message.email}`}>{message.email}</MailLink> },
					{ label: 'Sent', value: submittedText },
					...languageRow(customerLanguage),
				]}
			/>
			<Quoted text={message.message} />
			<Paragraph>Reply to this e-mail and your answer goes straight to {message.name}.</Paragraph>
			<MailButton href={adminUrl}>Open the inbox in the admin</MailButton>
		</MailLayout>
	)
}
