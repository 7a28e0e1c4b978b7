/**
 * A bread club box made into an order at its cutoff (decision 093): priced, checked and held by the checkout's own
 * path (`placeOrder`), so it competes for slots, daily limits and oven time with every online and phone order under
 * the same database rules. The subscriber's time first, then the window's other times, nearest first.
 */
import type { Locale } from '~/utils/i18n'
import { placeOrder, type OrderRequest } from './checkout.server'

export async function placeClubBox(
	request: Pick<OrderRequest, 'customer' | 'items'>,
	{
		orderId,
		locale,
		priceCents,
		times,
		now,
	}: { orderId: string; locale: Locale; priceCents: number; times: readonly Date[]; now: Date },
) {
	let refusal: Extract<Awaited<ReturnType<typeof placeOrder>>, { ok: false }> | null = null
	for (const time of times) {
		const pickupAt = time.toISOString()
		const placed = await placeOrder({ ...request, pickupAt }, { now, locale, orderId, club: { priceCents } })
		if (placed.ok) return { ok: true as const, orderId: placed.orderId, pickupAt: time }
		refusal = placed
		// Only a full slot is the time's own: a sold-out item, a full oven or a closed day is the whole day's.
		if (placed.reason !== 'slot-taken') break
	}
	return refusal ?? { ok: false as const, reason: 'pickup-unavailable' as const }
}
