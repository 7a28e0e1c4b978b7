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
import { INTL_LOCALES, type Locale } from '~/utils/i18n'
import { useLocale, useT } from '~/utils/i18n-react'

const linkClass = 'font-semibold text-cinnamon underline underline-offset-4 hover:text-cocoa'

const MONDAY_FIRST = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** A day ('Tuesday' or 'Tue') in the page's language: 'mar', 'ter.' (1 January 2024 was a Monday). */
function dayName(day: string, locale: Locale) {
	const date = new Date(Date.UTC(2024, 0, 1 + MONDAY_FIRST.indexOf(day.slice(0, 3))))
	return new Intl.DateTimeFormat(INTL_LOCALES[locale], { weekday: 'short', timeZone: 'UTC' }).format(date)
}

/** Days as people read them, runs joined ('mar–vie'); English keeps the schedule's own label. */
function daysLabel({ days, label }: OpeningHours, locale: Locale) {
	if (locale === 'en') return label
	const runs: number[][] = []
	for (const position of days.map((day) => MONDAY_FIRST.indexOf(day.slice(0, 3))).sort((a, b) => a - b)) {
		const run = runs.at(-1)
		if (run && run.at(-1) === position - 1) run.push(position)
		else runs.push([position])
	}
	const name = (position: number) => dayName(MONDAY_FIRST[position]!, locale)
	return runs.map((run) => (run.length > 1 ? `${name(run[0]!)}–${name(run.at(-1)!)}` : name(run[0]!))).join(', ')
}

/** '7 am' in English as before; '7:00' in Spanish and Portuguese. */
function timeText(time: string, locale: Locale) {
	if (locale === 'en') return formatTime(time)
	const [hours = 0, minutes = 0] = time.split(':').map(Number)
	const date = new Date(Date.UTC(2024, 0, 1, hours, minutes))
	const options = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' } as const
	return new Intl.DateTimeFormat(INTL_LOCALES[locale], options).format(date).replace(/\s/g, ' ')
}

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
	const locale = useLocale()
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
									<dt>{daysLabel(hours, locale)}</dt>
									<dd>
										{timeText(hours.opens, locale)} – {timeText(hours.closes, locale)}
									</dd>
								</div>
							))}
							{closedDays(business).map((day) => (
								<div key={day} className="contents">
									<dt>{locale === 'en' ? day : dayName(day, locale)}</dt>
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
