import { lineOptionsText, type LineOption } from '~/domain/menu/item-options'
import { formatPrice } from '~/utils/money'
import type { MailLanguage } from '~/domain/mail/mail-language'
import { mutedStyle, palette, Paragraph, textStyle, type MailBakery } from './layout'

export interface MailLine {
	name: string
	unitPriceCents: number
	quantity: number
	/** The options chosen when ordered. */
	options?: readonly LineOption[]
}

/** 'Size: 8″ · Message on the cake: “Feliz cumpleaños Ana”', or null for a line without options. */
/** What every mail to a customer about their order carries. */
export interface CustomerOrderMailProps {
	bakery: MailBakery
	/** The customer's language. */
	lang: MailLanguage
	number: string
	customerName: string
	pickupText: string | null
	lines: readonly MailLine[]
}

function LineOptions({ line }: { line: MailLine }) {
	if (!line.options?.length) return null
	return (
		<>
			<br />
			<span className="mail-muted" style={{ ...mutedStyle, margin: 0 }}>
				{lineOptionsText(line.options)}
			</span>
		</>
	)
}

/** An order's lines without prices (quantity × name, its options), one per line, as the pickup mails list them. */
export function OrderLineList({ lines }: { lines: readonly MailLine[] }) {
	return (
		<Paragraph>
			{lines.map((line, index) => (
				<span key={index}>
					{index > 0 ? <br /> : null}
					{line.quantity} × {line.name}
					<LineOptions line={line} />
				</span>
			))}
		</Paragraph>
	)
}

/** A promo code's discount and the tip the order charged (decision 080). */
export interface MailAdjustments {
	discountCents: number
	promoCode: string | null
	tipCents: number
	/** What gift cards and store credit paid (decision 086); the card paid the rest. */
	walletCents?: number
}

/**
 * An order's lines (quantity × name, its options, line total) and its total, as the receipt and the owner
 * read them. When tax, a discount or a tip was charged, they come before the total in the order they add up:
 * Subtotal, Discount (code), Tax, Tip, Total.
 */
export function OrderLines({
	lang: { t, locale },
	lines,
	totalCents,
	taxCents = 0,
	adjustments,
}: {
	/** The mail's language (English in the owner's copy). */
	lang: MailLanguage
	lines: readonly MailLine[]
	totalCents: number
	taxCents?: number
	adjustments?: MailAdjustments
}) {
	const price = (cents: number) => formatPrice(cents, locale)
	const cell = { ...textStyle, margin: 0, padding: '8px 0', borderBottom: `1px solid ${palette.rule}` }
	const sum = { ...textStyle, margin: 0, padding: '8px 0 0' }
	const discountCents = adjustments?.discountCents ?? 0
	const tipCents = adjustments?.tipCents ?? 0
	const walletCents = adjustments?.walletCents ?? 0
	const subtotalCents = lines.reduce((total, line) => total + line.unitPriceCents * line.quantity, 0)
	const figures = [
		{ label: t('mail.subtotal'), cents: subtotalCents },
		...(discountCents > 0
			? [{ label: t('mail.promoDiscount', { code: adjustments?.promoCode ?? '' }), cents: -discountCents }]
			: []),
		...(taxCents > 0 ? [{ label: t('mail.tax'), cents: taxCents }] : []),
		...(tipCents > 0 ? [{ label: t('mail.promoTip'), cents: tipCents }] : []),
	]
	return (
		<table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
			<tbody>
				{lines.map((line, index) => (
					<tr key={index}>
						<td className="mail-text mail-rule" style={{ ...cell, wordBreak: 'break-word' }}>
							{line.quantity} × {line.name}
							<LineOptions line={line} />
							<br />
							<span className="mail-muted" style={{ ...mutedStyle, margin: 0 }}>
								{t('mail.lineEach', { price: price(line.unitPriceCents) })}
							</span>
						</td>
						<td
							className="mail-text mail-rule"
							style={{ ...cell, textAlign: 'right', verticalAlign: 'top', whiteSpace: 'nowrap' }}
						>
							{price(line.unitPriceCents * line.quantity)}
						</td>
					</tr>
				))}
				{figures.length > 1
					? figures.map((figure) => (
							<tr key={figure.label}>
								<td className="mail-text" style={sum}>
									{figure.label}
								</td>
								<td className="mail-text" style={{ ...sum, textAlign: 'right' }}>
									{figure.cents < 0 ? `−${price(-figure.cents)}` : price(figure.cents)}
								</td>
							</tr>
						))
					: null}
				<tr>
					<td className="mail-text" style={{ ...textStyle, margin: 0, padding: '12px 0 0', fontWeight: 700 }}>
						{t('mail.total')}
					</td>
					<td
						className="mail-text"
						style={{ ...textStyle, margin: 0, padding: '12px 0 0', fontWeight: 700, textAlign: 'right' }}
					>
						{price(totalCents)}
					</td>
				</tr>
				{walletCents > 0
					? [
							{ label: t('mail.walletPaid'), amount: `−${price(walletCents)}` },
							...(totalCents > walletCents
								? [{ label: t('mail.paidByCard'), amount: price(totalCents - walletCents) }]
								: []),
						].map((figure) => (
							<tr key={figure.label}>
								<td className="mail-text" style={sum}>
									{figure.label}
								</td>
								<td className="mail-text" style={{ ...sum, textAlign: 'right' }}>
									{figure.amount}
								</td>
							</tr>
						))
					: null}
			</tbody>
		</table>
	)
}
