import type { LoyaltyCardView } from '~/domain/loyalty/loyalty-card'
import { useLocale, useT } from '~/utils/i18n-react'
import { formatPrice } from '~/utils/money'

/**
 * The customer's stamp card (decision 085): the stamps on the current card as a row of marks (their count in words
 * for screen readers), how many more earn the reward, and the rule. `note` adds a line about the order at hand.
 */
export function LoyaltyCard({ card, note }: { card: LoyaltyCardView; note?: string }) {
	const t = useT()
	const locale = useLocale()
	const amount = formatPrice(card.rewardCents, locale)
	return (
		<section aria-labelledby="loyalty-heading" className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
			<h2 id="loyalty-heading" className="font-display text-2xl font-bold">
				{t('common.loyaltyHeading')}
			</h2>
			<p className="mt-3 font-semibold">
				{t('common.loyaltyStamps', { onCard: card.onCard, size: card.stampsPerReward })}
				{' · '}
				{t('common.loyaltyToGo', { count: card.toGo, reward: card.reward })}
			</p>
			<ol aria-hidden="true" className="mt-3 flex flex-wrap gap-2">
				{Array.from({ length: card.stampsPerReward }, (_, index) => (
					<li
						key={index}
						className={`h-7 w-7 rounded-full border-2 border-cinnamon ${index < card.onCard ? 'bg-cinnamon' : 'bg-cream'}`}
					/>
				))}
			</ol>
			{note ? <p className="mt-3">{note}</p> : null}
			<p className="mt-3 text-sm text-cocoa/80">
				{card.minOrderCents > 0
					? t('common.loyaltyRule', { min: formatPrice(card.minOrderCents, locale), amount })
					: t('common.loyaltyRuleAnyOrder', { amount })}
			</p>
		</section>
	)
}
