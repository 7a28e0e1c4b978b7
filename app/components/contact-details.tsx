import {
	closedDays,
	formatTime,
	mapsSearchUrl,
	streetAddressLine,
	telHref,
	useBusiness,
	type OpeningHours,
} from '~/config/business'
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '~/components/ui/icons'
import { useT } from '~/utils/i18n-react'

const linkClass = 'font-semibold text-cinnamon underline underline-offset-4 hover:text-cocoa'

/**
 * Address (linked to a maps search), phone (tel:), e-mail (mailto:) and opening hours: `openingHours`
 * (the owner's schedule, from the page's loader) or else the hours in business.ts.
 */
export function ContactDetails({
	showHours = true,
	openingHours,
}: {
	showHours?: boolean
	openingHours?: readonly OpeningHours[]
}) {
	const resolved = useBusiness()
	const t = useT()
	const business = openingHours ? { ...resolved, openingHours } : resolved
	return (
		<ul className="grid content-start gap-4">
			<li className="flex gap-3">
				<MapPinIcon className="mt-0.5 shrink-0 text-cinnamon" />
				<a href={mapsSearchUrl(business)} target="_blank" rel="noopener noreferrer" className={linkClass}>
					<address className="not-italic">{streetAddressLine(business)}</address>
					<span className="sr-only"> {t('requests.opensMapInNewTab')}</span>
				</a>
			</li>
			<li className="flex gap-3">
				<PhoneIcon className="mt-0.5 shrink-0 text-cinnamon" />
				<a href={telHref(business.phone)} className={linkClass}>
					{business.phone}
				</a>
			</li>
			<li className="flex gap-3">
				<MailIcon className="mt-0.5 shrink-0 text-cinnamon" />
				<a href={`mailto:${business.email}`} className={`${linkClass} break-all`}>
					{business.email}
				</a>
			</li>
			{showHours ? (
				<li className="flex gap-3">
					<ClockIcon className="mt-0.5 shrink-0 text-cinnamon" />
					<div>
						<p className="font-semibold">{t('requests.openingHours')}</p>
						<dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4">
							{business.openingHours.map((hours) => (
								<div key={hours.label} className="contents">
									<dt>{hours.label}</dt>
									<dd>
										{formatTime(hours.opens)} – {formatTime(hours.closes)}
									</dd>
								</div>
							))}
							{closedDays(business).map((day) => (
								<div key={day} className="contents">
									<dt>{day}</dt>
									<dd>{t('requests.closed')}</dd>
								</div>
							))}
						</dl>
					</div>
				</li>
			) : null}
		</ul>
	)
}
