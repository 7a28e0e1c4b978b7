/**
 * A bread club box's order (decision 093): placed by the checkout's own statement (`placePendingOrder`), then paid
 * by the subscription here, in the club's transaction that records the box, and announced like any paid order.
 */
import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { announceConfirmedOrder } from './order.server'

/** The provider "session" of a box's order: the subscription paid it, so it has no page of its own. */
const CLUB_SESSION_PREFIX = 'club_'

/** The box's order, still waiting, becomes paid and is announced (the owner's alert, the customer's receipt). */
export async function payClubBoxOrderIn(tx: Prisma.TransactionClient, orderId: string) {
	const { count } = await tx.order.updateMany({
		where: { id: orderId, status: 'PENDING' },
		data: { status: 'PAID', paidAt: new Date(), providerSessionId: `${CLUB_SESSION_PREFIX}${orderId}` },
	})
	if (count > 0) await announceConfirmedOrder(tx, orderId)
	return count > 0
}

/**
 * The renewal that paid a box failed (decision 093): the box is still made, and owed at the counter (decision 075's
 * "PAID, paidAt null, pay at pickup"); paid again once Stripe's retry succeeds (`owed` false).
 */
export async function setClubBoxOwed(orderId: string, owed: boolean) {
	const { count } = owed
		? await prisma.order.updateMany({
				where: { id: orderId, source: 'SUBSCRIPTION', status: { in: ['PAID', 'READY'] }, paidAt: { not: null } },
				data: { payAtPickup: true, paidAt: null },
			})
		: await prisma.order.updateMany({
				where: { id: orderId, source: 'SUBSCRIPTION', payAtPickup: true, paidAt: null },
				data: { payAtPickup: false, paidAt: new Date() },
			})
	return count > 0
}

/** A box's order as a stopped run left it: null when it was never placed. */
export async function findClubBoxOrder(orderId: string) {
	return prisma.order.findUnique({ where: { id: orderId }, select: { status: true } })
}
