import { richText } from '~/domain/mail/mail-language'
import { Details, MailButton, MailHeading, MailLayout, MailLink, Paragraph } from './layout'
import { OrderLines, type CustomerOrderMailProps, type MailAdjustments } from './order-lines'

export interface OrderReceiptProps extends CustomerOrderMailProps {
	totalCents: number
	/** The sales tax inside totalCents (0: none charged). */
	taxCents: number
	/** The promo code's discount and the tip, inside totalCents (decision 080). */
	adjustments?: MailAdjustments
	/** A calendar file is attached. */
	withCalendar: boolean
	/** A phone order confirmed to be paid at pickup (decision 075): nothing has been paid yet. */
	payAtPickup?: boolean
	/** The order's "I'm here" page (decision 070). */
	arrivalUrl: string
	/** What the customer wrote at checkout, repeated so they can check it (decision 077): null when nothing. */
	notes: { customerNote: string | null; allergyNote: string | null }
}

/** To the customer when the order is paid: the receipt /success promises. */
export function OrderReceiptMail({
	bakery,
	lang,
	number,
	customerName,
	pickupText,
	lines,
	totalCents,
	taxCents,
	adjustments,
	withCalendar,
	payAtPickup = false,
	arrivalUrl,
	notes,
}: OrderReceiptProps) {
	const { t } = lang
	const noteRows = [
		...(notes.allergyNote ? [{ label: t('mail.receiptAllergies'), value: notes.allergyNote }] : []),
		...(notes.customerNote ? [{ label: t('mail.receiptNote'), value: notes.customerNote }] : []),
	]
	return (
		<MailLayout
			bakery={bakery}
			preview={
				pickupText
					? t('mail.receiptPreviewWithPickup', { pickup: pickupText, address: bakery.addressLine })
					: t('mail.receiptPreview', { bakery: bakery.name })
			}
			footnote={t('mail.orderFootnote', { bakery: bakery.name })}
		>
			<MailHeading>{t('mail.receiptHeading')}</MailHeading>
			<Paragraph>
				{richText(
					t,
					payAtPickup ? 'mail.receiptIntroPayAtPickup' : 'mail.receiptIntro',
					{ name: customerName, number },
					[<strong key="0" />],
				)}
			</Paragraph>
			{pickupText ? (
				<Paragraph>
					<strong>{t('mail.receiptPickup', { pickup: pickupText })}</strong>
					<br />
					{bakery.name}, <MailLink href={bakery.mapUrl}>{bakery.addressLine}</MailLink>
					{withCalendar ? (
						<>
							<br />
							{t('mail.receiptCalendar')}
						</>
					) : null}
				</Paragraph>
			) : null}
			<OrderLines lang={lang} lines={lines} totalCents={totalCents} taxCents={taxCents} adjustments={adjustments} />
			{noteRows.length > 0 ? <Details rows={noteRows} /> : null}
			<Paragraph>{t('mail.receiptReadyLater')}</Paragraph>
			<Paragraph>{t('mail.arrivalText')}</Paragraph>
			<MailButton href={arrivalUrl}>{t('mail.arrivalButton')}</MailButton>
			<MailButton href={bakery.mapUrl}>{t('mail.directions')}</MailButton>
		</MailLayout>
	)
}
