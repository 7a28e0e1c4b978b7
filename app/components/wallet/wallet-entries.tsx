import { useLocale, useT } from '~/utils/i18n-react'
import type { MessageKey } from '~/utils/i18n'
import { formatPrice } from '~/utils/money'

/** One entry as a customer sees it: when (formatted by the loader, in their language), what, how much. */
export interface CustomerWalletEntry {
	kind: string
	amountCents: number
	balanceAfterCents: number
	when: string
}

const KIND_KEYS: Record<string, MessageKey> = {
	ISSUE: 'giftCards.entryISSUE',
	PURCHASE: 'giftCards.entryPURCHASE',
	CREDIT: 'giftCards.entryCREDIT',
	HOLD: 'giftCards.entryHOLD',
	RELEASE: 'giftCards.entryRELEASE',
	CAPTURE: 'giftCards.entryCAPTURE',
	REFUND: 'giftCards.entryREFUND',
	VOID: 'giftCards.entryVOID',
}

/** A gift card's or store credit's entries for its holder: dates and amounts, never codes or the owner's notes. */
export function WalletEntries({ entries }: { entries: CustomerWalletEntry[] }) {
	const t = useT()
	const locale = useLocale()
	return (
		<div className="overflow-x-auto">
			<table className="mt-2 w-full border-collapse text-left">
				<caption className="sr-only">{t('giftCards.historyCaption')}</caption>
				<thead>
					<tr className="border-b border-cocoa/30">
						<th scope="col" className="py-2 pr-4">
							{t('giftCards.colDate')}
						</th>
						<th scope="col" className="py-2 pr-4">
							{t('giftCards.colWhat')}
						</th>
						<th scope="col" className="py-2 pr-4 text-right">
							{t('giftCards.colAmount')}
						</th>
						<th scope="col" className="py-2 text-right">
							{t('giftCards.colBalance')}
						</th>
					</tr>
				</thead>
				<tbody>
					{entries.map((entry, index) => (
						<tr key={index} className="border-b border-dough">
							<td className="py-2 pr-4">{entry.when}</td>
							<td className="py-2 pr-4">{KIND_KEYS[entry.kind] ? t(KIND_KEYS[entry.kind]!) : entry.kind}</td>
							<td className="py-2 pr-4 text-right tabular-nums">
								{entry.amountCents === 0 ? '—' : formatPrice(entry.amountCents, locale)}
							</td>
							<td className="py-2 text-right tabular-nums">{formatPrice(entry.balanceAfterCents, locale)}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
