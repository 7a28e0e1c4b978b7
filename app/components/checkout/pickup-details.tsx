import { mapsSearchUrl, streetAddressLine, useBusiness } from '~/config/business'
import { formatPickupAt } from '~/domain/pickup/pickup-display'
import { useLocale, useT } from '~/utils/i18n-react'

/** When and where to collect a paid order, with a map link and an "Add to calendar" file (/success). */
export function PickupDetails({ at, timeZone, calendarHref }: { at: string; timeZone: string; calendarHref: string }) {
	const business = useBusiness()
	const t = useT()
	const locale = useLocale()
	return (
		<div className="mt-4 rounded-xl bg-dough/60 p-4">
			<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
				<dt className="font-semibold">{t('shop.pickup')}</dt>
				<dd data-testid="pickup-time">{formatPickupAt(at, timeZone, locale)}</dd>
				<dt className="font-semibold">{t('shop.where')}</dt>
				<dd>
					<address className="not-italic">
						{business.name}, {streetAddressLine(business)}
					</address>
				</dd>
			</dl>
			<p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
				<a href={mapsSearchUrl(business)} className="font-semibold text-cinnamon underline" rel="noopener noreferrer">
					{t('shop.openInMaps')}
				</a>
				<a href={calendarHref} download className="font-semibold text-cinnamon underline">
					{t('shop.addToCalendar')}
				</a>
			</p>
		</div>
	)
}
