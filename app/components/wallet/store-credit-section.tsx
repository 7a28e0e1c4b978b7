import { useLocale, useT } from '~/utils/i18n-react'
import { formatPrice } from '~/utils/money'
import { WalletEntries, type CustomerWalletEntry } from './wallet-entries'

/** The customer's store credit on /account: the balance and its history (decision 078). */
export function StoreCreditSection({
	credit,
}: {
	credit: { balanceCents: number; heldCents: number; entries: CustomerWalletEntry[] }
}) {
	const t = useT()
	const locale = useLocale()
	return (
		<section aria-labelledby="credit-heading">
			<h2 id="credit-heading" className="font-display text-3xl font-bold">
				{t('giftCards.creditHeading')}
			</h2>
			{credit.entries.length === 0 ? (
				<p className="mt-2">{t('giftCards.creditNone')}</p>
			) : (
				<>
					<p className="mt-2 text-lg font-semibold" data-testid="store-credit">
						{t('giftCards.creditBalance', { amount: formatPrice(credit.balanceCents, locale) })}
					</p>
					{credit.heldCents > 0 ? (
						<p>{t('giftCards.creditHeld', { amount: formatPrice(credit.heldCents, locale) })}</p>
					) : null}
					<WalletEntries entries={credit.entries} />
				</>
			)}
		</section>
	)
}
