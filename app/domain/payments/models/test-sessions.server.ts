import { prisma } from '~/utils/db.server'

/** Whose payment a session takes: an order's, a custom cake quote's deposit or balance, or a gift card bought online. */
export type SessionKind = 'order' | 'cake-payment' | 'gift-card'

/** What the test provider knows of one of its sessions: the row that opened it. */
export interface TestSessionRow {
	/** Still waiting for the customer (neither paid nor closed by an event). */
	pending: boolean
	/** Paid on the test page (Stripe's `payment_status: 'paid'`; stays so after a refund). */
	paid: boolean
	createdAt: Date
}

const columns = { status: true, paidAt: true, createdAt: true } as const

/**
 * The test provider keeps no state of its own: a session is the order or cake payment it was opened for,
 * found in that kind's table by its `providerSessionId`. Null when no such row has the session.
 */
export async function findTestSession(kind: SessionKind, sessionId: string): Promise<TestSessionRow | null> {
	const where = { providerSessionId: sessionId }
	const row =
		kind === 'order'
			? await prisma.order.findUnique({ where, select: columns })
			: kind === 'cake-payment'
				? await prisma.cakePayment.findUnique({ where, select: columns })
				: await prisma.giftCardPurchase.findUnique({ where, select: columns })
	return row && { pending: row.status === 'PENDING', paid: row.paidAt !== null, createdAt: row.createdAt }
}
