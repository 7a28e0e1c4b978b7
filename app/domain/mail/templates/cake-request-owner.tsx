import type { CustomCakeRequest } from '~/generated/prisma/client'
import { Details, languageRow, MailLink, mailtoRow, OwnerAlert, Paragraph, Quoted, type MailBakery } from './layout'

/** What a customer sends with a custom cake request. */
type MailCakeRequest = Pick<CustomCakeRequest, 'name' | 'phone' | 'email' | 'type' | 'size' | 'message'>

export interface CakeRequestOwnerProps {
	bakery: MailBakery
	request: MailCakeRequest & { telHref: string }
	/** 'Nov 22, 2026, 10:35 AM' in the bakery's zone. */
	submittedText: string
	/** The customer's language in English words ('Spanish'), when it is not English: the owner answers in kind. */
	customerLanguage?: string
	/** The request in the admin. */
	adminUrl: string
	/** The inspiration photo at its admin-only address (sign-in needed), never attached. */
	photoUrl: string | null
}

/** To the owner when a custom cake request comes in. */
export function CakeRequestOwnerMail({
	bakery,
	request,
	submittedText,
	adminUrl,
	photoUrl,
	customerLanguage,
}: CakeRequestOwnerProps) {
	return (
		<OwnerAlert
			bakery={bakery}
			preview={`${request.type}, ${request.size} — ${request.phone}`}
			heading="New custom cake request"
			replyReaches={request.name}
			admin={{ href: adminUrl, label: 'Open the request in the admin' }}
		>
			<Details
				rows={[
					{ label: 'Name', value: request.name },
					{ label: 'Phone', value: <MailLink href={request.telHref}>{request.phone}</MailLink> },
					mailtoRow('Email', request.email),
					{ label: 'Type', value: request.type },
					{ label: 'Size', value: request.size },
					{ label: 'Submitted', value: submittedText },
					{
						label: 'Photo',
						value: photoUrl ? <MailLink href={photoUrl}>View the inspiration photo (sign-in needed)</MailLink> : 'None',
					},
					...languageRow(customerLanguage),
				]}
			/>
			{request.message ? (
				<>
					<Paragraph>
						<strong>Message</strong>
					</Paragraph>
					<Quoted text={request.message} />
				</>
			) : null}
		</OwnerAlert>
	)
}
