import { prisma } from '~/utils/db.server'

/** The customer a session id belongs to, or null when it is unknown or past its expiry. */
export async function findSessionCustomer(sessionId: string, now = new Date()) {
	const session = await prisma.customerSession.findUnique({
		where: { id: sessionId },
		select: { expiresAt: true, customer: { select: { id: true, email: true, name: true, locale: true } } },
	})
	if (!session || session.expiresAt <= now) return null
	return session.customer
}

export async function deleteCustomerSession(sessionId: string) {
	await prisma.customerSession.deleteMany({ where: { id: sessionId } })
}

/** "Sign out everywhere": every session of the customer goes. Returns how many. */
export async function deleteCustomerSessions(customerId: string) {
	const { count } = await prisma.customerSession.deleteMany({ where: { customerId } })
	return count
}

/** Housekeeping: sessions past their expiry. */
export async function deleteExpiredCustomerSessions(now = new Date()) {
	const { count } = await prisma.customerSession.deleteMany({ where: { expiresAt: { lt: now } } })
	return count
}
