import { mapsSearchUrl, streetAddressLine, useBusiness } from '~/config/business'
import { formatPickupAt } from '~/utils/pickup-display'

/** When and where to collect a paid order, with a map link and an "Add to calendar" file (/success). */
export function PickupDetails({ at, timeZone, calendarHref }: { at: string; timeZone: string; calendarHref: string }) {
	const business = useBusiness()
	return (
		<div className="mt-4 rounded-xl bg-dough/60 p-4">
			<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
				<dt className="font-semibold">Pickup</dt>
				<dd data-testid="pickup-time">{formatPickupAt(at, timeZone)}</dd>
				<dt className="font-semibold">Where</dt>
				<dd>
					<address className="not-italic">
						{business.name}, {streetAddressLine(business)}
					</address>
				</dd>
			</dl>
			<p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
				<a href={mapsSearchUrl(business)} className="font-semibold text-cinnamon underline" rel="noopener noreferrer">
					Open in Google Maps
				</a>
				<a href={calendarHref} download className="font-semibold text-cinnamon underline">
					Add to calendar
				</a>
			</p>
		</div>
	)
}
