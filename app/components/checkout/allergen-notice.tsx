import { telHref, useBusiness } from '~/config/business'
import { allergenNoticeWords } from '~/utils/allergens'

/** "Tell us about allergies…" with the bakery's shared-kitchen statement, beside the order lines. */
export function AllergenNotice() {
	const business = useBusiness()
	const linkClass = 'font-semibold text-cinnamon underline underline-offset-4'
	return (
		<section aria-labelledby="allergen-notice-heading" className="mt-6 rounded-xl bg-dough/40 p-4">
			<h3 id="allergen-notice-heading" className="font-semibold">
				{allergenNoticeWords.heading}
			</h3>
			<p className="mt-1">
				{allergenNoticeWords.tellUs}{' '}
				<a href={telHref(business.phone)} className={linkClass}>
					{business.phone}
				</a>{' '}
				{allergenNoticeWords.or}{' '}
				<a href={`mailto:${business.email}`} className={`${linkClass} break-all`}>
					{business.email}
				</a>{' '}
				{allergenNoticeWords.after}
			</p>
			{business.allergenStatement ? <p className="mt-2 text-sm">{business.allergenStatement}</p> : null}
		</section>
	)
}
