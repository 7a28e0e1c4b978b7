/**
 * The owner's day with orders (requireAdmin is checked by the calling route): the orders of a pickup
 * date, one-click status steps, and refunds that give the pickup hold back exactly once.
 */
import type { Prisma } from '~/generated/prisma/client'
import type { OrderStatus } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'
import type { Move } from '~/utils/state-machine'
import { readLineOptions } from '~/domain/menu/item-options'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import { type FulfillmentOutcome } from './order.server'
import { ORDER_MOVES, PAID_ORDER_STATUSES } from '../order-states'
import { enqueueMail } from '~/domain/mail/index.server'
import { enqueueText } from '~/domain/texts/index.server'
import { releasePickupCapacityIn, dateColumn } from '~/domain/pickup/index.server'
import { claimProviderEvent } from '~/domain/payments/index.server'
import { collectStampsForOrder, reverseStampForOrder } from '~/domain/loyalty/index.server'
import { creditRefundAsStoreCredit, refundWalletPayment } from '~/domain/wallet/index.server'

/** Who ordered and what they paid: what the owner's screens and mails show of every order. */
export const orderCustomerAndTotals = {
	customerName: true,
	customerEmail: true,
	customerPhone: true,
	totalCents: true,
	taxCents: true,
	/** A promo code's discount and the tip, inside totalCents (decision 080). */
	discountCents: true,
	promoCode: true,
	tipCents: true,
	/** What a gift card and store credit paid of totalCents (decision 086); the card paid the rest. */
	walletCents: true,
	currency: true,
	/** Set when the provider charged another amount: the payment waits for the owner (decision 058). */
	heldChargeCents: true,
	/** What the customer wrote at checkout (decision 077): null when nothing. */
	customerNote: true,
	allergyNote: true,
} as const satisfies Prisma.OrderSelect

const adminOrderSelect = {
	id: true,
	status: true,
	...orderCustomerAndTotals,
	/** The account it belongs to: the screen links to the customer (decision 067). */
	customerId: true,
	createdAt: true,
	paidAt: true,
	pickupAt: true,
	/** A phone order (decision 075): who entered it, and whether it is to be paid at pickup. */
	source: true,
	enteredBy: true,
	payAtPickup: true,
	items: {
		select: { id: true, name: true, unitPriceCents: true, quantity: true, options: true },
		orderBy: { id: 'asc' },
	},
} as const satisfies Prisma.OrderSelect

type AdminOrderRow = Prisma.OrderGetPayload<{ select: typeof adminOrderSelect }>

/** Each line's options as ordered (the stored snapshot, read safely). */
function withLineOptions(order: AdminOrderRow) {
	return { ...order, items: order.items.map((line) => ({ ...line, options: readLineOptions(line.options) })) }
}

export const ADMIN_ORDERS_PAGE_SIZE = 50

/** Orders newest first, optionally of one status, a page at a time (one row more tells if there is a next page). */
export async function listOrdersForAdmin({ status, page = 1 }: { status?: OrderStatus; page?: number } = {}) {
	const rows = await prisma.order.findMany({
		where: status ? { status } : undefined,
		select: adminOrderSelect,
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		skip: (page - 1) * ADMIN_ORDERS_PAGE_SIZE,
		take: ADMIN_ORDERS_PAGE_SIZE + 1,
	})
	return {
		orders: rows.slice(0, ADMIN_ORDERS_PAGE_SIZE).map(withLineOptions),
		hasMore: rows.length > ADMIN_ORDERS_PAGE_SIZE,
	}
}

export type AdminOrder = Awaited<ReturnType<typeof listOrdersForAdmin>>['orders'][number]

/** Orders paid since `since`, including those already picked up. */
export function countPaidOrdersSince(since: Date) {
	return prisma.order.count({ where: { status: { in: [...PAID_ORDER_STATUSES] }, paidAt: { gte: since } } })
}

/**
 * The owner's day: the orders to collect on a bakery-local date, by pickup time. Paid orders, and
 * paid orders since refunded or cancelled (the owner still sees what left the day); abandoned
 * checkouts are not shown.
 */
export async function listOrdersForPickupDate(date: LocalDate) {
	const orders = await prisma.order.findMany({
		where: {
			pickupDate: dateColumn(date),
			OR: [
				{ status: { in: [...PAID_ORDER_STATUSES] } },
				{ status: { in: ['REFUNDED', 'CANCELLED'] }, paidAt: { not: null } },
			],
		},
		select: adminOrderSelect,
		orderBy: [{ pickupAt: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
	})
	return orders.map(withLineOptions)
}

/**
 * The day's tips (decision 080): their sum and how many orders left one, over the orders the bakery owes or handed
 * over that day (a refunded or cancelled order's tip went back with it).
 */
export async function tipsForPickupDate(date: LocalDate) {
	const { _sum, _count } = await prisma.order.aggregate({
		where: { pickupDate: dateColumn(date), status: { in: [...PAID_ORDER_STATUSES] }, tipCents: { gt: 0 } },
		_sum: { tipCents: true },
		_count: { _all: true },
	})
	return { tipCents: _sum.tipCents ?? 0, orders: _count._all }
}

/** One click on the day view (ORDER_MOVES): handing over skips "ready" if need be. */
export type OrderStep = 'ready' | 'picked-up'

export type StepOutcome = { changed: true } | { changed: false; status: OrderStatus | null }

/** The review request goes out a day after the order is handed over. */
const REVIEW_REQUEST_DELAY_MS = 24 * 60 * 60 * 1000

/**
 * A conditional update: a stale click (the order moved on meanwhile) changes nothing and says where it
 * is now. The step's mail ("ready", or the review request a day after pickup) is queued with it, and a handed-over
 * order's loyalty stamp is given with it. Handing over a
 * phone order to be paid at pickup records its payment, taken at the counter, in the same transaction (decision 075).
 */
export async function advanceOrder(orderId: string, step: OrderStep): Promise<StepOutcome> {
	const { from, to } = ORDER_MOVES[step]
	const changed = await prisma.$transaction(async (tx) => {
		const { count } = await tx.order.updateMany({
			where: { id: orderId, status: { in: [...from] } },
			data: { status: to },
		})
		if (count === 0) return false
		if (to === 'READY') {
			await enqueueMail(tx, { kind: 'order-ready', orderId })
			await enqueueText(tx, { kind: 'order-ready', orderId })
		}
		if (to === 'PICKED_UP') {
			await tx.order.updateMany({
				where: { id: orderId, payAtPickup: true, paidAt: null },
				data: { paidAt: new Date() },
			})
			const startAfter = new Date(Date.now() + REVIEW_REQUEST_DELAY_MS)
			await enqueueMail(tx, { kind: 'review-request', orderId }, { startAfter })
			// Paid and handed over: its loyalty stamp, and the reward a full card earns (decision 085).
			await collectStampsForOrder(tx, orderId)
		}
		return true
	})
	if (changed) return { changed: true }
	const order = await prisma.order.findUnique({ where: { id: orderId }, select: { status: true } })
	return { changed: false, status: order?.status ?? null }
}

export function findOrderPayment(orderId: string) {
	return prisma.order.findUnique({
		where: { id: orderId },
		select: {
			id: true,
			status: true,
			providerSessionId: true,
			payAtPickup: true,
			paidAt: true,
			totalCents: true,
			walletCents: true,
			customerId: true,
		},
	})
}

/**
 * Cancels a phone order still to be paid at pickup (decision 075): CANCELLED and its hold released, in one
 * transaction, only while it is unpaid and not handed over (false: it was paid or moved on meanwhile). The customer
 * is told as after a cancel & refund, in words that say nothing was charged, and the owner when the customer did it.
 */
export function cancelUnpaidOrder(orderId: string, by: CancelledBy) {
	return prisma.$transaction(async (tx) => {
		const { from, to } = ORDER_MOVES['cancel-unpaid']
		const { count } = await tx.order.updateMany({
			where: { id: orderId, status: { in: [...from] }, payAtPickup: true, paidAt: null },
			data: { status: to },
		})
		if (count === 0) return false
		await releasePickupCapacityIn(tx, orderId)
		await queueCancellationNotices(tx, orderId, by)
		return true
	})
}

/** The customer's mail and text, and the owner's alert when the customer cancelled: each keyed by the order, once. */
async function queueCancellationNotices(tx: Prisma.TransactionClient, orderId: string, by: CancelledBy) {
	await enqueueMail(tx, { kind: 'order-cancelled', orderId })
	await enqueueText(tx, { kind: 'order-cancelled', orderId })
	if (by === 'customer') await enqueueMail(tx, { kind: 'order-cancelled-owner', orderId })
}

/**
 * After the provider refunded the payment: REFUNDED and the pickup hold released, in one
 * transaction, only from the move's statuses (a replay or a stale click finds nothing to change).
 */
async function refundIn(tx: Prisma.TransactionClient, orderId: string, { from, to }: Move<OrderStatus>) {
	const { count } = await tx.order.updateMany({
		where: { id: orderId, status: { in: [...from] } },
		data: { status: to },
	})
	if (count === 0) return false
	await releasePickupCapacityIn(tx, orderId)
	// A refunded order's loyalty stamp no longer counts (decision 085).
	await reverseStampForOrder(tx, orderId)
	// What gift cards and store credit paid goes back to them (decision 086); the card's part is the provider's.
	await refundWalletPayment(`order:${orderId}`, `refund:order:${orderId}`, tx)
	return true
}

/** Who cancelled an order and had it refunded: the owner on /admin/orders, or its customer on their account. */
export type CancelledBy = 'owner' | 'customer'

/**
 * A cancel & refund, once the provider has refunded: REFUNDED and the hold released (false: the order had moved
 * on), and in the same transaction the cancellation mails (decision 065): the customer's "your order was
 * cancelled and refunded", and the owner's alert when the customer cancelled. Also when the refund's webhook
 * made it REFUNDED first: the mails are keyed by the order, so each goes out once however the refund arrived.
 */
export function markOrderRefunded(
	orderId: string,
	by: CancelledBy,
	cardPartAsCredit?: { customerId: string; amountCents: number },
) {
	return prisma.$transaction(async (tx) => {
		const changed = await refundIn(tx, orderId, ORDER_MOVES.refund)
		// The customer chose store credit instead of a card refund (decision 086): credited with the refund, once.
		if (changed && cardPartAsCredit && cardPartAsCredit.amountCents > 0) {
			await creditRefundAsStoreCredit({ ...cardPartAsCredit, paymentReference: `order:${orderId}` }, tx)
		}
		const refunded =
			changed ||
			(await tx.order.findUnique({ where: { id: orderId }, select: { status: true } }))?.status === 'REFUNDED'
		if (refunded) await queueCancellationNotices(tx, orderId, by)
		return changed
	})
}

export interface RefundEvent {
	eventId: string
	type: string
	/** The Checkout Session of the refunded payment; null when none is ours. */
	sessionId: string | null
}

/**
 * A full refund made outside the admin (Stripe's dashboard): the order becomes REFUNDED and its
 * hold is released, exactly once (the event id is claimed as in `applyCheckoutEvent`).
 */
export function applyRefundEvent(event: RefundEvent): Promise<FulfillmentOutcome> {
	return prisma.$transaction(async (tx) => {
		if (!(await claimProviderEvent(tx, event))) return 'duplicate'
		if (!event.sessionId) return 'unchanged'
		const order = await tx.order.findUnique({ where: { providerSessionId: event.sessionId }, select: { id: true } })
		if (!order) return 'unchanged'
		return (await refundIn(tx, order.id, ORDER_MOVES['refunded-by-provider'])) ? 'applied' : 'unchanged'
	})
}
