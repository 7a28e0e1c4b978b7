import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { formatPrice } from '~/utils/money'

/** One ledger entry as the owner's screens receive it (dates as the loader serialized them). */
export interface WalletHistoryEntry {
	id: string
	kind: string
	amountCents: number
	heldChangeCents: number
	balanceAfterCents: number
	reference: string | null
	note: string
	createdBy: string | null
	createdAt: string | Date
}

const KIND_WORDS: Record<string, string> = {
	ISSUE: 'Issued',
	PURCHASE: 'Bought online',
	CREDIT: 'Credit given',
	HOLD: 'Held for a payment',
	RELEASE: 'Hold given back (payment not completed)',
	CAPTURE: 'Spent (payment completed)',
	REFUND: 'Refunded to the balance',
	VOID: 'Voided',
}

/** A gift card's or store credit's whole history, oldest first, as a table. */
export function WalletHistory({ entries, caption }: { entries: WalletHistoryEntry[]; caption: string }) {
	if (entries.length === 0) return <p>No entries yet.</p>
	return (
		<div className="overflow-x-auto">
			<table className="w-full border-collapse text-left">
				<caption className="sr-only">{caption}</caption>
				<thead>
					<tr className="border-b border-cocoa/30">
						<th scope="col" className="py-2 pr-4">
							When
						</th>
						<th scope="col" className="py-2 pr-4">
							What
						</th>
						<th scope="col" className="py-2 pr-4 text-right">
							Amount
						</th>
						<th scope="col" className="py-2 pr-4 text-right">
							Balance after
						</th>
						<th scope="col" className="py-2">
							Details
						</th>
					</tr>
				</thead>
				<tbody>
					{entries.map((entry) => {
						const held = entry.heldChangeCents
						const heldWords =
							held > 0 ? `${formatPrice(held)} held` : held < 0 ? `${formatPrice(-held)} no longer held` : ''
						return (
							<tr key={entry.id} className="border-b border-dough align-top">
								<td className="py-2 pr-4 whitespace-nowrap">{formatBakeryDateTime(new Date(entry.createdAt))}</td>
								<td className="py-2 pr-4">{KIND_WORDS[entry.kind] ?? entry.kind}</td>
								<td className="py-2 pr-4 text-right tabular-nums">{formatPrice(entry.amountCents)}</td>
								<td className="py-2 pr-4 text-right tabular-nums">{formatPrice(entry.balanceAfterCents)}</td>
								<td className="py-2 text-sm">
									{[heldWords, entry.reference, entry.note, entry.createdBy].filter(Boolean).join(' · ')}
								</td>
							</tr>
						)
					})}
				</tbody>
			</table>
		</div>
	)
}
