import type { MailLanguage } from '~/domain/mail/mail-language'
import { Details, orderCustomerRows, OwnerAlert, Paragraph, type MailBakery } from './layout'
import { OrderLines, type MailAdjustments, type MailLine } from './order-lines'

export interface OrderPaidOwnerProps {
	bakery: MailBakery
	/** English: the owner's language (the lines' words and prices). */
	lang: MailLanguage
	number: string
	/** 'Sat, Nov 28 at 9:15 AM'; null for an order placed before pickup times. */
	pickupText: string | null
	lines: readonly MailLine[]
	totalCents: number
	/** The sales tax inside totalCents (0: none charged). */
	taxCents: number
	/** The promo code's discount and the tip, inside totalCents (decision 080). */
	adjustments?: MailAdjustments
	customer: { name: string; email: string; phone: string | null; telHref: string | null }
	/** The customer's language in English words ('Spanish'), when it is not English: the owner answers in kind. */
	customerLanguage?: string
	/** The admin's day view of the pickup date (or the orders list). */
	ordersUrl: string
	/** What the customer wrote at checkout (decision 077): null when nothing. */
	notes?: { customerNote: string | null; allergyNote: string | null }
}

/** To the owner when an order is paid. */
export function OrderPaidOwnerMail({
	bakery,
	lang,
	number,
	pickupText,
	lines,
	totalCents,
	taxCents,
	adjustments,
	customer,
	customerLanguage,
	ordersUrl,
	notes,
}: OrderPaidOwnerProps) {
	return (
		<OwnerAlert
			bakery={bakery}
			preview={`${customer.name}${pickupText ? `, pickup ${pickupText}` : ''}`}
			heading={<>New order #{number}</>}
			admin={{ href: ordersUrl, label: pickupText ? 'Open the day in the admin' : 'Open orders in the admin' }}
		>
			<Paragraph>{pickupText ? <strong>Pickup {pickupText}</strong> : 'No pickup time chosen.'}</Paragraph>
			{notes?.allergyNote ? (
				<Paragraph>
					<strong>Allergies: {notes.allergyNote}</strong>
				</Paragraph>
			) : null}
			<OrderLines lang={lang} lines={lines} totalCents={totalCents} taxCents={taxCents} adjustments={adjustments} />
			<Details
				rows={[
					...(notes?.customerNote ? [{ label: 'Note', value: notes.customerNote }] : []),
					...orderCustomerRows(customer, customerLanguage),
				]}
			/>
		</OwnerAlert>
	)
}
