import type { OrderStatus } from '~/generated/prisma/enums'
import {
	cancelUnpaidOrder,
	findOrderPayment,
	markOrderRefunded,
	type CancelledBy,
} from '~/domain/orders/models/owner-orders.server'
import { providerOfSession, RefundFailed } from '~/domain/payments/index.server'
import { canMove } from '~/utils/state-machine'
import { ORDER_MOVES } from './order-states'

export type CancelAndRefundOutcome =
	| { outcome: 'refunded' }
	/** Not (or no longer) PAID or READY: nothing was refunded. */
	| { outcome: 'not-refundable'; status: OrderStatus | null }
	/**
	 * Nothing changed: the provider that took the payment is not set up here, could not be reached, or refused
	 * (`providerMessage`: its own words, e.g. Stripe's).
	 */
	| { outcome: 'refund-failed'; reason: 'provider-not-set-up' | 'provider-unreachable' }
	| { outcome: 'refund-failed'; reason: 'provider-refused'; providerMessage: string }
	/** Refunded by the provider, but the order moved on meanwhile (e.g. picked up). */
	| { outcome: 'refunded-order-moved' }

/**
 * The owner's "Cancel & refund" (and the customer's, `by`): the provider refunds the payment first; only then, in
 * one transaction, the order becomes REFUNDED, its pickup slot and item quantities are released and the
 * cancellation mails are queued. A failed refund leaves the order exactly as it was, and sends nothing.
 */
export async function cancelAndRefund(orderId: string, by: CancelledBy = 'owner'): Promise<CancelAndRefundOutcome> {
	return refundOrder(orderId, await findOrderPayment(orderId), by)
}

export type CancelOrderOutcome = CancelAndRefundOutcome | { outcome: 'cancelled-unpaid' }

/**
 * "Cancel" by the owner on /admin/orders or by the customer on their account: a phone order still to be paid at
 * pickup (decision 075) is cancelled and its hold released, with nothing to refund; any other order is cancelled and
 * refunded as `cancelAndRefund` does.
 */
export async function cancelOrder(
	orderId: string,
	by: CancelledBy,
	refundTo: RefundTo = 'card',
): Promise<CancelOrderOutcome> {
	const order = await findOrderPayment(orderId)
	if (order?.payAtPickup && order.paidAt === null) {
		if (await cancelUnpaidOrder(orderId, by)) return { outcome: 'cancelled-unpaid' }
		return { outcome: 'not-refundable', status: (await findOrderPayment(orderId))?.status ?? null }
	}
	return refundOrder(orderId, order, by, refundTo)
}

/**
 * Where the card's part of a refund goes (decision 086): back to the card, or (the customer's choice, on their
 * account) to their store credit. What gift cards and store credit paid always goes back to them.
 */
export type RefundTo = 'card' | 'store-credit'

async function refundOrder(
	orderId: string,
	order: Awaited<ReturnType<typeof findOrderPayment>>,
	by: CancelledBy,
	refundTo: RefundTo = 'card',
): Promise<CancelAndRefundOutcome> {
	if (!order || !canMove(ORDER_MOVES.refund, order.status)) {
		return { outcome: 'not-refundable', status: order?.status ?? null }
	}
	const cardCents = order.totalCents - order.walletCents
	// Nothing was charged to a card (the wallet paid it all), or the customer takes the card's part as credit.
	const asCredit = refundTo === 'store-credit' && order.customerId !== null
	if (cardCents <= 0 || asCredit) {
		const credit = asCredit && order.customerId ? { customerId: order.customerId, amountCents: cardCents } : undefined
		if (await markOrderRefunded(orderId, by, credit)) return { outcome: 'refunded' }
		return { outcome: 'not-refundable', status: (await findOrderPayment(orderId))?.status ?? null }
	}
	const provider = order.providerSessionId ? providerOfSession('order', order.providerSessionId) : null
	if (!order.providerSessionId || !provider) {
		return { outcome: 'refund-failed', reason: 'provider-not-set-up' }
	}
	try {
		await provider.refundPayment({ sessionId: order.providerSessionId, orderId })
	} catch (error) {
		if (error instanceof RefundFailed) {
			return { outcome: 'refund-failed', reason: 'provider-refused', providerMessage: error.message }
		}
		console.error('Refund failed', orderId, error)
		return { outcome: 'refund-failed', reason: 'provider-unreachable' }
	}
	if (await markOrderRefunded(orderId, by)) return { outcome: 'refunded' }
	// A simultaneous click or the refund's webhook refunded it first (the same refund: one idempotency key per order).
	const now = await findOrderPayment(orderId)
	return now?.status === 'REFUNDED' ? { outcome: 'refunded' } : { outcome: 'refunded-order-moved' }
}
