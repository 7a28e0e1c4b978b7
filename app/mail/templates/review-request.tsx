import { MailButton, MailHeading, MailLayout, Paragraph, type MailBakery } from './layout'

export interface ReviewRequestProps {
	bakery: MailBakery
	number: string
	customerName: string
	/** The signed, single-use review link. */
	reviewUrl: string
}

/** To the customer a day after pickup: "Tell us how it was". */
export function ReviewRequestMail({ bakery, number, customerName, reviewUrl }: ReviewRequestProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview="A rating and a few words help other neighbours find us."
			footnote={`You get this once, because you picked up order #${number} from ${bakery.name}.`}
		>
			<MailHeading>Tell us how it was</MailHeading>
			<Paragraph>
				Hi {customerName}, thank you for picking up order <strong>#{number}</strong>. We hope you enjoyed every bite!
			</Paragraph>
			<Paragraph>
				Would you rate your order and tell us how it was? It takes a minute, and we read every review before it appears
				on our site.
			</Paragraph>
			<MailButton href={reviewUrl}>Tell us how it was</MailButton>
		</MailLayout>
	)
}
