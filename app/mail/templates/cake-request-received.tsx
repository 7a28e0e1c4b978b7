import type { MailCakeRequest } from './cake-request-owner'
import { Details, MailHeading, MailLayout, MailLink, Paragraph, Quoted, type MailBakery } from './layout'

export interface CakeRequestReceivedProps {
	bakery: MailBakery
	request: MailCakeRequest & { withPhoto: boolean }
}

/** To the customer after a custom cake request: what we got and what happens next (the page's promise). */
export function CakeRequestReceivedMail({ bakery, request }: CakeRequestReceivedProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview="Thank you! We’ll contact you soon to plan your cake together."
			footnote={`You get this because you sent a custom cake request to ${bakery.name}. Questions? Reply to this e-mail.`}
		>
			<MailHeading>We received your cake request</MailHeading>
			<Paragraph>
				Hi {request.name}, thank you for thinking of us for your celebration! This is what you sent:
			</Paragraph>
			<Details
				rows={[
					{ label: 'Type', value: request.type },
					{ label: 'Size', value: request.size },
					{ label: 'Phone', value: request.phone },
					{ label: 'Email', value: request.email },
					{ label: 'Photo', value: request.withPhoto ? 'Received' : 'None' },
				]}
			/>
			{request.message ? <Quoted text={request.message} /> : null}
			<Paragraph>
				<strong>What happens next</strong>
				<br />
				We’ll read your request and contact you soon by phone or e-mail to plan the cake together: the design, the price
				and the pickup date.
			</Paragraph>
			<Paragraph>
				Something to add or change? Reply to this e-mail or call us at{' '}
				<MailLink href={bakery.telHref}>{bakery.phone}</MailLink>.
			</Paragraph>
		</MailLayout>
	)
}
