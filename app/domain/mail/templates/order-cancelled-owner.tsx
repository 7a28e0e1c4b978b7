import { Details, orderCustomerRows, OwnerAlert, Paragraph } from './layout'
import { OrderLines } from './order-lines'
import type { OrderPaidOwnerProps } from './order-paid-owner'

type OrderCancelledOwnerProps = OrderPaidOwnerProps & {
	/** False: it was to be paid at pickup (decision 075), so nothing was charged or refunded. */
	refunded: boolean
}

/** To the owner when a customer cancelled their own order on their account (refunded if paid; its pickup free). */
export function OrderCancelledOwnerMail({
	bakery,
	number,
	pickupText,
	customer,
	customerLanguage,
	ordersUrl,
	refunded,
	...order
}: OrderCancelledOwnerProps) {
	return (
		<OwnerAlert
			bakery={bakery}
			preview={`${customer.name} cancelled${pickupText ? ` the pickup ${pickupText}` : ''}`}
			heading={<>Customer cancelled order #{number}</>}
			replyReaches={customer.name}
			admin={{ href: ordersUrl, label: pickupText ? 'Open the day in the admin' : 'Open orders in the admin' }}
		>
			<Paragraph>
				{customer.name} cancelled this order on their account.{' '}
				{refunded ? 'It is refunded in full' : 'It was to be paid at pickup, so nothing was charged'}
				{pickupText ? (
					<>
						{' '}
						and its pickup, <strong>{pickupText}</strong>, and its items are free again
					</>
				) : null}
				: do not bake or pack it.
			</Paragraph>
			<OrderLines {...order} />
			<Details rows={orderCustomerRows(customer, customerLanguage)} />
		</OwnerAlert>
	)
}
