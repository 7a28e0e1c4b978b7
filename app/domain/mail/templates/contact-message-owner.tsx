import { Details, languageRow, mailtoRow, OwnerAlert, Paragraph, Quoted, type MailBakery } from './layout'

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
		<OwnerAlert
			bakery={bakery}
			preview={message.message.slice(0, 120)}
			heading="New message from the website"
			list="alerts"
			replyReaches={message.name}
			admin={{ href: adminUrl, label: 'Open the inbox in the admin' }}
		>
			<Details
				rows={[
					{ label: 'From', value: message.name },
					mailtoRow('Email', message.email),
					{ label: 'Sent', value: submittedText },
					...languageRow(customerLanguage),
				]}
			/>
			<Quoted text={message.message} />
			<Paragraph>Reply to this e-mail and your answer goes straight to {message.name}.</Paragraph>
		</OwnerAlert>
	)
}
