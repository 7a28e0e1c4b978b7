import { ALLERGEN_BADGES_LABEL, allergenBadges, type ItemAllergens } from '~/utils/allergens'

/** 'Contains: milk, eggs', 'May contain: tree nuts', 'Gluten-free' as text badges (never colour alone). */
export function AllergenBadges({ allergens }: { allergens: ItemAllergens | null }) {
	return (
		<ul className="flex flex-wrap gap-2" aria-label={ALLERGEN_BADGES_LABEL}>
			{allergenBadges(allergens).map((badge) => (
				<li key={badge} className="rounded-md border border-cocoa/30 px-2 py-0.5 text-sm text-cocoa">
					{badge}
				</li>
			))}
		</ul>
	)
}
