import type { LoaderFunctionArgs } from '@remix-run/node'
import { getBusiness } from '~/config/business.server'
import { findOrderBySessionId, orderNumber, PAID_ORDER_STATUSES } from '~/domain/orders/models/order.server'
import { getPickupSettings } from '~/domain/pickup/models/pickup-schedule.server'
import { withOutagePolicy } from '~/utils/outage.server'
import { orderCalendarFilename, orderPickupCalendar } from '~/domain/orders/order-calendar'
import { isLocale } from '~/utils/i18n'
import { translator } from '~/utils/i18n.server'
import { siteOrigin } from '~/utils/request.server'

/**
 * /order-pickup.ics?session_id=…: "Add to calendar" on /success, for a paid order only (the session id,
 * which only its payer has, is the key, as on /success).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const sessionId = new URL(request.url).searchParams.get('session_id') ?? ''
	const found = sessionId && sessionId.length <= 255 ? await withOutagePolicy(() => pickupOf(sessionId)) : null
	if (!found) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'private, no-store' } })
	const { order, pickupAt, settings } = found
	const business = getBusiness()
	const origin = siteOrigin(request)
	const number = orderNumber(order.id)
	const locale = isLocale(order.locale) ? order.locale : 'en'
	const file = orderPickupCalendar(
		{ id: order.id, number, items: order.items },
		{ at: pickupAt, slotMinutes: settings.slotMinutes, timeZone: settings.timeZone },
		business,
		origin,
		{ locale, t: translator(locale) },
	)
	return new Response(file, {
		headers: {
			'Content-Type': 'text/calendar; charset=utf-8',
			'Content-Disposition': `attachment; filename="${orderCalendarFilename(number)}"`,
			'Cache-Control': 'private, no-store',
		},
	})
}

async function pickupOf(sessionId: string) {
	const order = await findOrderBySessionId(sessionId)
	if (!order?.pickupAt || !(PAID_ORDER_STATUSES as readonly string[]).includes(order.status)) return null
	return { order, pickupAt: order.pickupAt, settings: await getPickupSettings() }
}
