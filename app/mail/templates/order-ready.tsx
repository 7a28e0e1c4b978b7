import { MailButton, MailHeading, MailLayout, MailLink, Paragraph, type MailBakery } from './layout'
import { LineOptions, type MailLine } from './order-lines'

export interface OrderReadyProps {
	bakery: MailBakery
	number: string
	customerName: string
	pickupText: string | null
	lines: readonly MailLine[]
}

/** To the customer when the owner marks the order READY. */
export function OrderReadyMail({ bakery, number, customerName, pickupText, lines }: OrderReadyProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={`Order #${number} is waiting for you at ${bakery.addressLine}`}
			footnote={`You get this because you ordered from ${bakery.name}. Questions? Reply to this e-mail.`}
		>
			<MailHeading>Your order is ready</MailHeading>
			<Paragraph>
				Hi {customerName}, order <strong>#{number}</strong> is packed and waiting for you
				{pickupText ? (
					<>
						{' '}
						— your pickup time is <strong>{pickupText}</strong>
					</>
				) : null}
				.
			</Paragraph>
			<Paragraph>
				{lines.map((line, index) => (
					<span key={index}>
						{index > 0 ? <br /> : null}
						{line.quantity} × {line.name}
						<LineOptions line={line} />
					</span>
				))}
			</Paragraph>
			<Paragraph>
				Find us at <MailLink href={bakery.mapUrl}>{bakery.addressLine}</MailLink>. Running late? Call us at{' '}
				<MailLink href={bakery.telHref}>{bakery.phone}</MailLink>.
			</Paragraph>
			<MailButton href={bakery.mapUrl}>Directions to the bakery</MailButton>
		</MailLayout>
	)
}
