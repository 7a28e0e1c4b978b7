import { streetAddressLine, type BusinessConfig } from '~/config/business'
import { localizedPath, type Locale, type Translate } from '~/utils/i18n'
import { calendarFile } from './ics'
import { lineChoicesText, type LineOption } from '~/domain/menu/item-options'
import { formatPickupAt, pickupEventTitle } from '~/domain/pickup/pickup-display'

export interface CalendarOrder {
	id: string
	/** orderNumber(id), as the customer reads it. */
	number: string
	items: ReadonlyArray<{ name: string; quantity: number; options?: readonly LineOption[] }>
}

export interface CalendarPickup {
	at: Date
	slotMinutes: number
	timeZone: string
}

/**
 * An order's pickup as one calendar event: what /order-pickup.ics serves and what the receipt mail
 * attaches, the same file (same UID, so a calendar that has one recognises the other), in the order's language.
 */
export function orderPickupCalendar(
	order: CalendarOrder,
	pickup: CalendarPickup,
	business: BusinessConfig,
	origin: string,
	{ locale, t }: { locale: Locale; t: Translate },
	stamp = new Date(),
) {
	return calendarFile(
		{
			uid: `order-${order.id}@${new URL(origin).hostname}`,
			stamp,
			start: pickup.at,
			end: new Date(pickup.at.getTime() + pickup.slotMinutes * 60_000),
			summary: pickupEventTitle(business.name, order.number, t),
			location: `${business.name}, ${streetAddressLine(business)}`,
			description: [
				formatPickupAt(pickup.at, pickup.timeZone, locale),
				...order.items.map((item) => {
					const choices = lineChoicesText(item.options ?? [])
					return `${item.name}${choices ? ` (${choices})` : ''} x ${item.quantity}`
				}),
			].join('\n'),
			url: `${origin}${localizedPath('/contact', locale)}`,
		},
		`-//${business.name}//Orders//EN`,
	)
}

/** 'order-1A2B3C4D.ics' */
export function orderCalendarFilename(number: string) {
	return `order-${number}.ics`
}
