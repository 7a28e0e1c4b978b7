import { mapsSearchUrl, streetAddressLine, telHref, useBusiness, type HoursLine } from '~/config/business'
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '~/components/ui/icons'
import { useT } from '~/utils/i18n-react'

const linkClass = 'font-semibold text-cinnamon underline underline-offset-4 hover:text-cocoa'

/**
 * Address (linked to a maps search), phone (tel:), e-mail (mailto:) and opening hours: `hours`, the
 * weekly hours already written in the page's language by the server (`loadVisitorHours`).
 */
export function ContactDetails({ hours }: { hours: readonly HoursLine[] }) {
	const business = useBusiness()
	const t = useT()
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
			<li className="flex gap-3">
				<ClockIcon className="mt-0.5 shrink-0 text-cinnamon" />
				<div>
					<p className="font-semibold">{t('requests.openingHours')}</p>
					<dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4">
						{hours.map((line) => (
							<div key={line.days} className="contents">
								<dt>{line.days}</dt>
								<dd>{line.times ?? t('requests.closed')}</dd>
							</div>
						))}
					</dl>
				</div>
			</li>
		</ul>
	)
}
