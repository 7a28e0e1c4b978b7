import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { concernsDay, followBoard } from '~/domain/orders/order-board-events.server'
import { ownerDay } from '~/domain/pickup/owner-day.server'
import { eventStream } from '~/utils/event-stream.server'

/**
 * The board's live feed (decision 070): one `board` event for each change of an order of the board's day (today, or `?date=`) (its kind
 * and order), from this process's one listening connection; the board reads its day again when it hears one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request, 'staff')
	const { date } = await ownerDay(new URL(request.url).searchParams.get('date'))
	return eventStream(request.signal, (send) =>
		followBoard((event) => {
			if (!concernsDay(event, date)) return
			const orderId = event.kind === 'resync' ? null : event.orderId
			send({ event: 'board', data: JSON.stringify({ kind: event.kind, orderId }) })
		}),
	)
}
