import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { CONFIRMED_ORDER, CONFIRMED_ORDER_SQL } from '~/domain/orders/index.server'
import { collectStampsForCustomer } from '~/domain/loyalty/index.server'
import { CUSTOMER_SESSION_TTL_SECONDS } from '../sign-in-rules'
import { spendSignInCode } from './sign-in-code.server'

export type VerifyOutcome = { ok: true; customerId: string; sessionId: string } | { ok: false }

/**
 * A verified address, in one transaction: the code is spent (exactly once), the account is found or created,
 * the orders paid with that address and the cake requests made with it are attached to it (the link survives a
 * later change of address), and a session row is written.
 */
export async function verifyAndStartSession(input: {
	email: string
	codeHash: string
	locale: string
	sessionId: string
	now?: Date
}): Promise<VerifyOutcome> {
	const now = input.now ?? new Date()
	return prisma.$transaction(async (tx) => {
		if (!(await spendSignInCode(tx, input.email, input.codeHash, now))) return { ok: false as const }
		const customer = await tx.customer.upsert({
			where: { email: input.email },
			create: { email: input.email, locale: input.locale },
			update: {},
			select: { id: true },
		})
		await openCustomerSession(tx, { customerId: customer.id, email: input.email, sessionId: input.sessionId, now })
		return { ok: true as const, customerId: customer.id, sessionId: input.sessionId }
	})
}

/**
 * A signed-in customer's session, however they proved who they are (a code, or a passkey: decision 066): the paid
 * orders and cake requests with the account's verified address that no account holds yet are attached, and the
 * session row is written. Run inside the transaction that spent the proof.
 */
export async function openCustomerSession(
	tx: Prisma.TransactionClient,
	input: { customerId: string; email: string; sessionId: string; now: Date },
) {
	await attachByEmail(tx, input.customerId, input.email)
	// Orders picked up before the account claimed them still earn their stamps (decision 085).
	await collectStampsForCustomer(tx, input.customerId)
	await tx.customerSession.create({
		data: {
			id: input.sessionId,
			customerId: input.customerId,
			expiresAt: new Date(input.now.getTime() + CUSTOMER_SESSION_TTL_SECONDS * 1000),
		},
	})
}

/**
 * Attaches the paid orders and the cake requests with this (verified) address that no account holds yet. Compared
 * with lower() and equality, never LIKE: an address with `_` or `%` must not match another one.
 */
export async function attachByEmail(tx: Prisma.TransactionClient | typeof prisma, customerId: string, email: string) {
	const orders = await tx.$executeRaw`
		UPDATE "Order" SET "customerId" = ${customerId}
		WHERE "customerId" IS NULL AND ${CONFIRMED_ORDER_SQL} AND lower(btrim("customerEmail")) = ${email}`
	const requests = await tx.$executeRaw`
		UPDATE "CustomCakeRequest" SET "customerId" = ${customerId}
		WHERE "customerId" IS NULL AND lower(btrim("email")) = ${email}`
	return { orders, requests }
}

/** What the account page shows of an order. */
const accountOrderSelect = {
	id: true,
	status: true,
	paidAt: true,
	payAtPickup: true,
	pickupAt: true,
	totalCents: true,
	createdAt: true,
	items: {
		select: {
			name: true,
			localizedName: true,
			quantity: true,
			options: true,
			localizedOptions: true,
		},
	},
} as const satisfies Prisma.OrderSelect

/**
 * The signed-in customer's account page, in three queries whatever the number of orders: the account with its
 * upcoming pickups (paid or ready, pickup still ahead), one page of its past orders (newest first; one row more
 * tells whether there are older ones), and its cake requests.
 */
export async function loadAccount(customerId: string, { now, pastPage, pastPageSize }: AccountPage) {
	const upcoming = {
		status: { in: ['PAID', 'READY'] },
		OR: [{ pickupAt: null }, { pickupAt: { gte: now } }],
	} as const satisfies Prisma.OrderWhereInput
	const [customer, past, cakeRequests] = await Promise.all([
		prisma.customer.findUnique({
			where: { id: customerId },
			select: {
				email: true,
				name: true,
				phone: true,
				locale: true,
				orders: {
					where: { AND: [CONFIRMED_ORDER, upcoming] },
					orderBy: [{ pickupAt: 'asc' }, { createdAt: 'asc' }],
					select: accountOrderSelect,
				},
			},
		}),
		prisma.order.findMany({
			where: { customerId, AND: [CONFIRMED_ORDER, { NOT: upcoming }] },
			orderBy: [{ pickupAt: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
			skip: (pastPage - 1) * pastPageSize,
			take: pastPageSize + 1,
			select: accountOrderSelect,
		}),
		prisma.customCakeRequest.findMany({
			where: { customerId },
			orderBy: { createdAt: 'desc' },
			select: {
				id: true,
				type: true,
				size: true,
				status: true,
				createdAt: true,
				pickupAt: true,
				quoteCents: true,
				paidCents: true,
			},
		}),
	])
	return (
		customer && {
			...customer,
			upcoming: customer.orders,
			past: past.slice(0, pastPageSize),
			olderPast: past.length > pastPageSize,
			cakeRequests,
		}
	)
}

interface AccountPage {
	now: Date
	/** 1 for the newest past orders. */
	pastPage: number
	pastPageSize: number
}

export async function updateCustomerProfile(
	customerId: string,
	profile: { name: string; phone: string; locale: string },
) {
	await prisma.customer.update({ where: { id: customerId }, data: profile })
}
