/**
 * Changing a paid order after checkout (decision 064): the one statement that moves its pickup
 * (prisma/sql/order_pickup_change.sql) with its "pickup moved" mail, and what the change rules read.
 */
import { prisma } from '~/utils/db.server'
import { enqueueMail } from '~/domain/mail/index.server'
import { enqueueText } from '~/domain/texts/index.server'
import { dateFromColumn } from '~/domain/pickup/index.server'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import { readLineOptions } from '~/domain/menu/item-options'

/** What deciding a change needs of an order: its step, its pickup, and its lines' items, quantities and option choices. */
export async function findOrderForChange(orderId: string) {
	const order = await prisma.order.findUnique({
		where: { id: orderId },
		select: {
			id: true,
			status: true,
			capacityHeld: true,
			pickupAt: true,
			pickupDate: true,
			items: { select: { menuItemId: true, quantity: true, options: true } },
		},
	})
	if (!order) return null
	const items = order.items.map(({ options, ...line }) => ({
		...line,
		choices: readLineOptions(options).flatMap((option) => (option.choice ? [option.choice] : [])),
	}))
	return { ...order, items, pickupDate: order.pickupDate ? dateFromColumn(order.pickupDate) : null }
}

export type OrderForChange = NonNullable<Awaited<ReturnType<typeof findOrderForChange>>>

type MoveRowOutcome = 'moved' | 'not-found' | 'not-movable' | 'locked' | 'same-slot' | 'slot-full' | 'item-limit'

interface MoveRow {
	outcome: MoveRowOutcome
	menuItemId: string | null
	dailyLimit: number | null
	fromPickupAt: Date | null
	changeId: string | null
}

export interface PickupMove {
	orderId: string
	slotStart: Date
	pickupDate: LocalDate
	ordersPerSlot: number
	lockHours: number
	/** The owner may move an order past its lock time; a customer may not. */
	mayOverride: boolean
	/** Who moves it: 'owner:<e-mail>' or 'customer:<id>'. */
	actor: string
}

/** Moves may queue behind checkouts on a busy slot's row lock: generous limits, still bounded. */
const MOVE_TRANSACTION = { maxWait: 20_000, timeout: 20_000 } as const

/**
 * The move and its mail in one transaction: the database function takes the new slot and day and gives the
 * old ones back, or changes nothing and says why; only a move queues the "pickup moved" mail.
 */
export function movePickup(move: PickupMove): Promise<MoveRow> {
	return prisma.$transaction(async (tx) => {
		const [row] = await tx.$queryRaw<MoveRow[]>`
			SELECT * FROM order_pickup_change(${move.orderId}, ${move.slotStart}::timestamptz, ${move.pickupDate}::date,
				${move.ordersPerSlot}::int, ${move.lockHours}::int, ${move.mayOverride}::boolean, ${move.actor})`
		if (!row) throw new Error(`order_pickup_change returned nothing for ${move.orderId}`)
		if (row.outcome === 'moved' && row.changeId) {
			await enqueueMail(tx, { kind: 'order-pickup-moved', changeId: row.changeId })
			await enqueueText(tx, { kind: 'order-pickup-moved', orderId: move.orderId, changeId: row.changeId })
		}
		return row
	}, MOVE_TRANSACTION)
}
