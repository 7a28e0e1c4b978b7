import { formatPrice } from '~/utils/money'
import { Details, mailtoRow, OwnerAlert, Paragraph, type MailBakery } from './layout'

export interface PaymentHeldOwnerProps {
	bakery: MailBakery
	/** 'Order #1A2B3C4D', 'The deposit for Ana's custom cake'. */
	what: string
	pricedCents: number
	chargedCents: number
	customer: { name: string; email: string }
	adminUrl: string
}

/** To the owner when the provider charged another amount than the shop priced (decision 058): nothing goes out until they look. */
export function PaymentHeldOwnerMail({
	bakery,
	what,
	pricedCents,
	chargedCents,
	customer,
	adminUrl,
}: PaymentHeldOwnerProps) {
	const priced = formatPrice(pricedCents)
	const charged = formatPrice(chargedCents)
	return (
		<OwnerAlert
			bakery={bakery}
			list="alerts"
			preview={`${what}: charged ${charged}, priced ${priced}`}
			heading={<>Payment held: {what}</>}
			replyReaches={customer.name}
			admin={{ href: adminUrl, label: 'Open it in the admin' }}
		>
			<Paragraph>
				The payment page charged <strong>{charged}</strong>, but the shop priced it at <strong>{priced}</strong>. The
				payment is kept and marked in the admin; the customer got no receipt. Check the payment in Stripe, then refund
				it or confirm with the customer before preparing anything.
			</Paragraph>
			<Details
				rows={[
					{ label: 'Priced', value: priced },
					{ label: 'Charged', value: charged },
					{ label: 'Customer', value: customer.name },
					mailtoRow('Email', customer.email),
				]}
			/>
		</OwnerAlert>
	)
}
