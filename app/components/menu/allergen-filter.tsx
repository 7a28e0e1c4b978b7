import { Form, Link } from '@remix-run/react'
import { allergens, allergenWordKeys, HIDE_PARAM, menuSearch, type AllergenKey } from '~/domain/menu/allergens'
import { useT } from '~/utils/i18n-react'
import { outlineButtonClass } from '~/components/ui/button-classes'

/**
 * "Hide items containing: …" as a GET form, so it works without JavaScript (the URL carries the choice:
 * ?hide=peanuts,tree-nuts, or hide=…&hide=… from the form); it keeps the page's category. With JavaScript,
 * Remix submits it as a navigation, without a reload. No effects or listeners of its own.
 */
export function AllergenFilter({
	hidden,
	hiddenCount,
	category,
}: {
	hidden: readonly AllergenKey[]
	hiddenCount: number
	/** The active category's label (?category=), kept when the filter is applied. */
	category?: string | null
}) {
	const t = useT()
	return (
		<Form
			method="get"
			preventScrollReset
			// Fresh checkboxes for each applied choice (they are uncontrolled).
			key={hidden.join(',')}
			className="rounded-xl bg-dough/40 p-4"
		>
			{category ? <input type="hidden" name="category" value={category} /> : null}
			<fieldset aria-describedby="allergen-filter-note">
				<legend className="font-semibold">{t('shop.allergenFilterLegend')}</legend>
				<div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
					{allergens.map(({ key }) => (
						<label key={key} className="flex items-center gap-2">
							<input
								type="checkbox"
								name={HIDE_PARAM}
								value={key}
								defaultChecked={hidden.includes(key)}
								className="h-5 w-5 accent-cinnamon"
							/>
							{t(allergenWordKeys[key])}
						</label>
					))}
				</div>
				<p id="allergen-filter-note" className="mt-2 text-sm text-cocoa/90">
					{t('shop.allergenFilterNote')}
				</p>
			</fieldset>
			<div className="mt-3 flex flex-wrap items-center gap-4">
				<button type="submit" className={`${outlineButtonClass} px-5 py-2`}>
					{t('shop.allergenFilterSubmit')}
				</button>
				{hidden.length > 0 ? (
					<Link
						to={{ search: menuSearch({ category, hide: [] }) }}
						preventScrollReset
						className="font-semibold text-cinnamon underline underline-offset-4"
					>
						{t('shop.allergenFilterClear')}
					</Link>
				) : null}
				<p role="status" className="font-semibold">
					{hidden.length > 0 ? t('shop.allergenHiddenCount', { count: hiddenCount }) : null}
				</p>
			</div>
		</Form>
	)
}
