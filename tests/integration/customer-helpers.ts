import crypto from 'node:crypto'

/**
 * A signed-in customer: their account (`<name>-<uuid>@example.com` unless `email` is given), a session row, and the
 * cookie a browser would send. Import it after the test's environment is set.
 */
export async function signedInCustomer(
	name: string,
	{ locale = 'en', email, phone }: { locale?: string; email?: string; phone?: string } = {},
) {
	const { prisma } = await import('~/utils/db.server')
	const { customerSessionCookie, newCustomerSessionId } = await import('~/domain/customers/session.server')
	const customer = await prisma.customer.create({
		data: {
			email: email ?? `${name.toLowerCase().split(' ')[0]}-${crypto.randomUUID()}@example.com`,
			name,
			locale,
			...(phone ? { phone } : {}),
		},
	})
	const sessionId = newCustomerSessionId()
	await prisma.customerSession.create({
		data: { id: sessionId, customerId: customer.id, expiresAt: new Date(Date.now() + 3_600_000) },
	})
	return { ...customer, cookie: (await customerSessionCookie(sessionId)).split(';')[0]! }
}

/** Empties the bread club (its boxes, memberships and plans), so each test starts with none. */
export async function clearClub() {
	const { prisma } = await import('~/utils/db.server')
	await prisma.clubPickup.deleteMany()
	await prisma.clubSubscription.deleteMany()
	await prisma.clubPlan.deleteMany()
}
