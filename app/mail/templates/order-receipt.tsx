import { MailButton, MailHeading, MailLayout, MailLink, Paragraph, type MailBakery } from './layout'
import { OrderLines, type MailLine } from './order-lines'

export interface OrderReceiptProps {
	bakery: MailBakery
	number: string
	customerName: string
	pickupText: string | null
	lines: readonly MailLine[]
	totalCents: number
	/** The sales tax inside totalCents (0: none charged). */
	taxCents: number
	/** A calendar file is attached. */
	withCalendar: boolean
}

/** To the customer when the order is paid: the receipt /success promises. */
export function OrderReceiptMail({
	bakery,
	number,
	customerName,
	pickupText,
	lines,
	totalCents,
	taxCents,
	withCalendar,
}: OrderReceiptProps) {
	return (
		<MailLayout
			bakery={bakery}
			preview={pickupText ? `Pickup ${pickupText} at ${bakery.addressLine}` : `Your receipt from ${bakery.name}`}
			footnote={`You get this because you ordered from ${bakery.name}. Questions? Reply to this e-mail.`}
		>
			<MailHeading>Thank you for your order!</MailHeading>
			<Paragraph>
				Hi {customerName}, your payment went through. This is your receipt for order <strong>#{number}</strong>.
			</Paragraph>
			{pickupText ? (
				<Paragraph>
					<strong>Pickup {pickupText}</strong>
					<br />
					{bakery.name}, <MailLink href={bakery.mapUrl}>{bakery.addressLine}</MailLink>
					{withCalendar ? (
						<>
							<br />
							The attached calendar file adds the pickup to your calendar.
						</>
					) : null}
				</Paragraph>
			) : null}
			<OrderLines lines={lines} totalCents={totalCents} taxCents={taxCents} />
			<Paragraph>We will e-mail you again when your order is ready.</Paragraph>
			<MailButton href={bakery.mapUrl}>Directions to the bakery</MailButton>
		</MailLayout>
	)
}
