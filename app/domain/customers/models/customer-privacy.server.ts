/**
 * A customer's own data, all of it (the download), and the account's deletion (decision 067): the account, its
 * sessions and sign-in codes go; its orders and cake requests stay for the bakery's books with the person taken out.
 */
import type { Prisma } from '~/generated/prisma/client'
import { cancelMail } from '~/domain/mail/index.server'
import { customerMailJobs } from '~/domain/mail/mail-jobs'
import { forgetCustomerTexts } from '~/domain/texts/index.server'
import { prisma } from '~/utils/db.server'
import { CONFIRMED_ORDER } from '~/domain/orders/index.server'
import { attachByEmail } from './customer.server'

/** Everything the bakery holds about the account: its details, orders with lines, cake requests, reviews. */
export async function loadCustomerData(customerId: string) {
	return prisma.customer.findUnique({
		where: { id: customerId },
		select: {
			email: true,
			name: true,
			phone: true,
			locale: true,
			createdAt: true,
			orders: {
				where: CONFIRMED_ORDER,
				orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
				select: {
					id: true,
					status: true,
					customerName: true,
					customerEmail: true,
					customerPhone: true,
					customerNote: true,
					allergyNote: true,
					locale: true,
					createdAt: true,
					paidAt: true,
					pickupAt: true,
					totalCents: true,
					taxCents: true,
					discountCents: true,
					promoCode: true,
					tipCents: true,
					walletCents: true,
					currency: true,
					items: {
						orderBy: { id: 'asc' },
						select: { name: true, localizedName: true, quantity: true, unitPriceCents: true, options: true },
					},
					pickupChanges: {
						orderBy: { createdAt: 'asc' },
						select: { fromPickupAt: true, toPickupAt: true, createdAt: true },
					},
					review: { select: { name: true, rating: true, comment: true, status: true, createdAt: true } },
				},
			},
			cakeRequests: {
				orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
				select: {
					id: true,
					createdAt: true,
					name: true,
					phone: true,
					email: true,
					locale: true,
					type: true,
					size: true,
					message: true,
					status: true,
					quoteCents: true,
					depositCents: true,
					paidCents: true,
					quoteNotes: true,
					quoteValidUntil: true,
					pickupAt: true,
					payments: {
						where: { status: { in: ['PAID', 'NOT_APPLIED'] } },
						orderBy: { createdAt: 'asc' },
						select: { kind: true, method: true, amountCents: true, paidAt: true },
					},
				},
			},
			waitlistEntries: {
				orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
				select: {
					createdAt: true,
					pickupDate: true,
					quantity: true,
					customerName: true,
					email: true,
					phone: true,
					textOffer: true,
					status: true,
					menuItem: { select: { name: true } },
				},
			},
			clubSubscriptions: {
				where: { status: { not: 'CHECKOUT' } },
				orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
				select: {
					createdAt: true,
					status: true,
					pickupTime: true,
					priceCents: true,
					pausedUntil: true,
					cancelledAt: true,
					plan: { select: { name: true } },
					pickups: { orderBy: { pickupDate: 'asc' }, select: { pickupDate: true, status: true, orderId: true } },
				},
			},
		},
	})
}

/** What an order's and a cake request's customer fields become when the account is deleted. */
const DELETED_CUSTOMER_NAME = 'Deleted customer'

/** An order or cake request of the account that is still to be collected (or a quote still open). */
interface OpenBusiness {
	id: string
	/** 'club': a bread club membership still live (decision 093): its boxes are charged until the member leaves. */
	kind: 'order' | 'cake' | 'club'
	pickupAt: Date | null
}

export type DeleteAccountOutcome =
	| { deleted: true }
	| { deleted: false; reason: 'not-found' }
	| { deleted: false; reason: 'open-business'; open: OpenBusiness[] }

/**
 * Deletes the account in one transaction, or refuses while a paid order or a cake is still to be collected (or a
 * quote is open) — the customer cancels it first or calls the bakery. Orders and cake requests stay for the books
 * with name, e-mail, phone, hold client, a cake request's message and the order lines' typed answers taken out and
 * the account unlinked (a live bread club membership is open business too: the member leaves first, so its Stripe
 * subscription ends); a request the bakery had not quoted yet is cancelled; the customer's reviews and review
 * invitations, waitlist entries, sessions and sign-in codes are deleted, and every mail still queued for them is cancelled. Rows that
 * reference the account with `onDelete: Cascade` (passkeys) go with it.
 */
export async function deleteCustomerAccount(customerId: string, now = new Date()): Promise<DeleteAccountOutcome> {
	return prisma.$transaction(async (tx) => {
		const [customer] = await tx.$queryRaw<Array<{ email: string; phone: string }>>`
			SELECT "email", "phone" FROM "Customer" WHERE "id" = ${customerId} FOR UPDATE`
		if (!customer) return { deleted: false, reason: 'not-found' } as const
		// Paid orders and requests with the address that the next sign-in would have attached are the account's too.
		await attachByEmail(tx, customerId, customer.email)
		const open = await openBusiness(tx, customerId, now)
		if (open.length > 0) return { deleted: false, reason: 'open-business', open } as const

		const orders = await tx.$queryRaw<Array<{ id: string; customerPhone: string | null }>>`
			SELECT "id", "customerPhone" FROM "Order"
			WHERE "customerId" = ${customerId}
			   OR ("customerId" IS NULL AND "status" <> 'PENDING' AND lower(btrim("customerEmail")) = ${customer.email})
			FOR UPDATE`
		const orderIds = orders.map((order) => order.id)
		const [changes, cakeRequests, codes] = await Promise.all([
			tx.orderPickupChange.findMany({ where: { orderId: { in: orderIds } }, select: { id: true } }),
			tx.customCakeRequest.findMany({ where: { customerId }, select: { id: true, quoteVersion: true } }),
			tx.customerSignInCode.findMany({ where: { email: customer.email }, select: { id: true } }),
		])
		const requestIds = cakeRequests.map((request) => request.id)

		await cancelMail(
			tx,
			customerMailJobs({
				orderIds,
				changeIds: changes.map((change) => change.id),
				cakeRequests,
				codeIds: codes.map((code) => code.id),
			}),
		)
		await forgetCustomerTexts(tx, {
			orderIds,
			cakeRequestIds: requestIds,
			phones: [customer.phone, ...orders.flatMap((order) => order.customerPhone ?? [])],
		})
		await deIdentifyOrders(tx, orderIds)
		await tx.$executeRaw`SELECT set_config('bakery.actor', 'customer', true)`
		await tx.customCakeRequest.updateMany({
			where: { id: { in: requestIds }, status: 'REQUESTED' },
			data: { status: 'CANCELLED' },
		})
		await tx.customCakeRequest.updateMany({
			where: { id: { in: requestIds } },
			data: { name: DELETED_CUSTOMER_NAME, email: '', phone: '', message: '', customerId: null },
		})
		await tx.review.deleteMany({ where: { orderId: { in: orderIds } } })
		await tx.reviewInvitation.deleteMany({ where: { orderId: { in: orderIds } } })
		// A place in a waitlist is no record the bakery keeps (decision 091): the lines forget the customer.
		await tx.waitlistEntry.deleteMany({ where: { OR: [{ customerId }, { email: customer.email }] } })
		await tx.customerSignInCode.deleteMany({ where: { email: customer.email } })
		await tx.customerSession.deleteMany({ where: { customerId } })
		await tx.customer.delete({ where: { id: customerId } })
		return { deleted: true } as const
	})
}

/**
 * Paid orders not yet collected whose pickup is still ahead, and cake requests with an open quote or a paid cake
 * still ahead: locked, so a change racing the deletion waits for it.
 */
async function openBusiness(tx: Prisma.TransactionClient, customerId: string, now: Date): Promise<OpenBusiness[]> {
	const orders = await tx.$queryRaw<OpenBusiness[]>`
		SELECT "id", 'order' AS "kind", "pickupAt" FROM "Order"
		WHERE "customerId" = ${customerId} AND "status" IN ('PAID', 'READY') AND ("pickupAt" IS NULL OR "pickupAt" >= ${now})
		ORDER BY "pickupAt" NULLS FIRST, "id"
		FOR UPDATE`
	const cakes = await tx.$queryRaw<OpenBusiness[]>`
		SELECT "id", 'cake' AS "kind", "pickupAt" FROM "CustomCakeRequest"
		WHERE "customerId" = ${customerId} AND "status" IN ('QUOTED', 'DEPOSIT_PAID', 'PAID_IN_FULL')
		  AND ("pickupAt" IS NULL OR "pickupAt" >= ${now})
		ORDER BY "pickupAt" NULLS FIRST, "id"
		FOR UPDATE`
	const memberships = await tx.$queryRaw<OpenBusiness[]>`
		SELECT "id", 'club' AS "kind", NULL::timestamptz AS "pickupAt" FROM "ClubSubscription"
		WHERE "customerId" = ${customerId} AND "status" IN ('ACTIVE', 'PAST_DUE')
		ORDER BY "createdAt", "id"
		FOR UPDATE`
	return [...orders, ...cakes, ...memberships]
}

/**
 * The orders lose who placed them (name, e-mail, phone, the checkout's client digest, the account link), the notes
 * typed at checkout (an allergy is health data: decision 077) and the words typed into a line's text options (a
 * cake's message); items, prices, tax and dates stay for the books.
 */
async function deIdentifyOrders(tx: Prisma.TransactionClient, orderIds: readonly string[]) {
	if (orderIds.length === 0) return
	await tx.order.updateMany({
		where: { id: { in: [...orderIds] } },
		data: {
			customerName: DELETED_CUSTOMER_NAME,
			customerEmail: '',
			customerPhone: null,
			holdClient: null,
			customerId: null,
			customerNote: null,
			allergyNote: null,
		},
	})
	await tx.$executeRaw`
		UPDATE "OrderItem" SET
			"options" = COALESCE((
				SELECT jsonb_agg(CASE WHEN e ? 'text' THEN jsonb_set(e, '{text}', '""') ELSE e END ORDER BY n)
				FROM jsonb_array_elements("options") WITH ORDINALITY AS t(e, n)), '[]'::jsonb),
			"localizedOptions" = CASE WHEN "localizedOptions" IS NULL THEN NULL ELSE COALESCE((
				SELECT jsonb_agg(CASE WHEN e ? 'text' THEN jsonb_set(e, '{text}', '""') ELSE e END ORDER BY n)
				FROM jsonb_array_elements("localizedOptions") WITH ORDINALITY AS t(e, n)), '[]'::jsonb) END
		WHERE "orderId" = ANY(${[...orderIds]}::text[])
		  AND ("options" @? '$[*].text' OR COALESCE("localizedOptions" @? '$[*].text', false))`
}
