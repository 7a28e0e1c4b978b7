import { formatPrice } from '~/utils/money'
import { mutedStyle, palette, textStyle } from './layout'

export interface MailLine {
	name: string
	unitPriceCents: number
	quantity: number
}

/** An order's lines (quantity × name, line total) and its total, as the receipt and the owner read them. */
export function OrderLines({ lines, totalCents }: { lines: readonly MailLine[]; totalCents: number }) {
	const cell = { ...textStyle, margin: 0, padding: '8px 0', borderBottom: `1px solid ${palette.rule}` }
	return (
		<table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
			<tbody>
				{lines.map((line, index) => (
					<tr key={index}>
						<td className="mail-text mail-rule" style={{ ...cell, wordBreak: 'break-word' }}>
							{line.quantity} × {line.name}
							<br />
							<span className="mail-muted" style={{ ...mutedStyle, margin: 0 }}>
								{formatPrice(line.unitPriceCents)} each
							</span>
						</td>
						<td
							className="mail-text mail-rule"
							style={{ ...cell, textAlign: 'right', verticalAlign: 'top', whiteSpace: 'nowrap' }}
						>
							{formatPrice(line.unitPriceCents * line.quantity)}
						</td>
					</tr>
				))}
				<tr>
					<td className="mail-text" style={{ ...textStyle, margin: 0, padding: '12px 0 0', fontWeight: 700 }}>
						Total
					</td>
					<td
						className="mail-text"
						style={{ ...textStyle, margin: 0, padding: '12px 0 0', fontWeight: 700, textAlign: 'right' }}
					>
						{formatPrice(totalCents)}
					</td>
				</tr>
			</tbody>
		</table>
	)
}
