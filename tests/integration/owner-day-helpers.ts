/**
 * Shared by the owner's day tests: paid orders with a pickup time that hold their slot and item
 * quantities, as the checkout leaves them, and the counters they hold.
 */
import type { OrderStatus } from '~/generated/prisma/enums'
import type { NewOrder } from '~/domain/orders/models/order.server'

export interface SeededLine {
	menuItemId: string
	name: string
	quantity: number
	dailyLimit?: number | null
	/** Default 300. */
	unitPriceCents?: number
	options?: NewOrder['lines'][number]['options']
	taxCategory?: NewOrder['lines'][number]['taxCategory']
	taxCents?: number
}

let counter = 0

/** A paid order for `pickupAt` (bakery date `pickupDate`) holding capacity, then set to `status`. */
export async function seedHeldOrder({
	pickupAt,
	pickupDate,
	lines,
	status = 'PAID',
	customerName,
	providerSessionId,
	ordersPerSlot = 6,
}: {
	pickupAt: Date
	pickupDate: string
	lines: SeededLine[]
	status?: OrderStatus
	customerName?: string
	providerSessionId?: string
	ordersPerSlot?: number
}) {
	const { placePendingOrder } = await import('~/domain/orders/models/order.server')
	const { prisma } = await import('~/utils/db.server')
	counter += 1
	const held = await placePendingOrder(
		{
			customer: {
				name: customerName ?? `Customer ${counter}`,
				email: `c${counter}@example.com`,
				phone: '(425) 555-0100',
			},
			currency: 'usd',
			lines: lines.map((line) => ({
				menuItemId: line.menuItemId,
				name: line.name,
				unitPriceCents: line.unitPriceCents ?? 300,
				quantity: line.quantity,
				options: line.options,
				taxCategory: line.taxCategory,
				taxCents: line.taxCents,
			})),
		},
		{
			slotStart: pickupAt,
			pickupDate,
			ordersPerSlot,
			dailyLimits: new Map(lines.map((line) => [line.menuItemId, line.dailyLimit ?? null])),
		},
	)
	if (!held.ok) throw new Error(`seeding refused: ${held.reason}`)
	const paidAt = status === 'PENDING' ? null : new Date()
	return prisma.order.update({
		where: { id: held.orderId },
		data: { status, paidAt, providerSessionId: providerSessionId ?? `test_cs_seeded${counter}` },
	})
}

/** What the slot and an item's day hold now. */
export async function heldCounts(slotStart: Date, menuItemId: string, pickupDate: string) {
	const { prisma } = await import('~/utils/db.server')
	const [slot, item] = await Promise.all([
		prisma.pickupSlotUsage.findUnique({ where: { slotStart } }),
		prisma.itemDayUsage.findUnique({
			where: { menuItemId_pickupDate: { menuItemId, pickupDate: new Date(`${pickupDate}T00:00:00.000Z`) } },
		}),
	])
	return { slotOrders: slot?.orders ?? 0, itemQuantity: item?.quantity ?? 0 }
}
