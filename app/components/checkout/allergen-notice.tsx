import { telHref, useBusiness } from '~/config/business'
import { useT } from '~/utils/i18n-react'

/** "Tell us about allergies…" with the bakery's shared-kitchen statement, beside the order lines. */
export function AllergenNotice() {
	const business = useBusiness()
	const t = useT()
	const linkClass = 'font-semibold text-cinnamon underline underline-offset-4'
	return (
		<section aria-labelledby="allergen-notice-heading" className="mt-6 rounded-xl bg-dough/40 p-4">
			<h3 id="allergen-notice-heading" className="font-semibold">
				{t('shop.allergyHeading')}
			</h3>
			<p className="mt-1">
				{t('shop.allergyTellUs')}{' '}
				<a href={telHref(business.phone)} className={linkClass}>
					{business.phone}
				</a>{' '}
				{t('shop.allergyOr')}{' '}
				<a href={`mailto:${business.email}`} className={`${linkClass} break-all`}>
					{business.email}
				</a>{' '}
				{t('shop.allergyAfter')}
			</p>
			{business.allergenStatement ? <p className="mt-2 text-sm">{business.allergenStatement}</p> : null}
		</section>
	)
}
