import { allergenBadges, type ItemAllergens } from '~/domain/menu/allergens'
import { useT } from '~/utils/i18n-react'

/** 'Contains: milk, eggs', 'May contain: tree nuts', 'Gluten-free' as text badges (never colour alone). */
export function AllergenBadges({ allergens }: { allergens: ItemAllergens | null }) {
	const t = useT()
	return (
		<ul className="flex flex-wrap gap-2" aria-label={t('shop.allergenBadgesLabel')}>
			{allergenBadges(allergens, t).map((badge) => (
				<li key={badge} className="rounded-md border border-cocoa/30 px-2 py-0.5 text-sm text-cocoa">
					{badge}
				</li>
			))}
		</ul>
	)
}
