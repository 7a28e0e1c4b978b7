/**
 * The owner's customers screen (decision 067; requireAdmin is checked by the calling route): the accounts with
 * what they ordered, a search by name or e-mail, one customer's orders and cake requests, and the private note.
 */
import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { CONFIRMED_ORDER, CONFIRMED_ORDER_SQL } from '~/domain/orders/index.server'

const OWNER_CUSTOMERS_PAGE_SIZE = 50

/** Orders that were paid and not given back count towards what a customer spent; cakes by what was paid. */
const KEPT_ORDER_STATUSES = ['PAID', 'READY', 'PICKED_UP', 'NO_SHOW']

interface CustomerRow {
	id: string
	name: string
	email: string
	phone: string
	orders: number
	/** Paid orders never collected (decision 070). */
	noShows: number
	spentCents: number
	lastOrderAt: Date | null
}

/** `%`, `_` and `\` in a search are the characters themselves, not patterns. */
function likePattern(search: string) {
	return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * A page of accounts, the most recent orderer first (accounts without orders after, newest first), optionally
 * those whose name or e-mail contains `search` (any case). Orders are the paid ones; spent adds the kept orders'
 * totals and what was paid towards cakes; one row more tells whether there is a next page.
 */
export async function listCustomersForOwner({ search, page = 1 }: { search?: string; page?: number } = {}) {
	const pattern = search ? likePattern(search) : null
	const rows = await prisma.$queryRaw<CustomerRow[]>`
		SELECT c."id", c."name", c."email", c."phone",
			coalesce(o."orders", 0)::int AS "orders",
			coalesce(o."noShows", 0)::int AS "noShows",
			(coalesce(o."spentCents", 0) + coalesce(k."paidCents", 0))::int AS "spentCents",
			o."lastOrderAt"
		FROM "Customer" c
		LEFT JOIN LATERAL (
			SELECT count(*) AS "orders",
				count(*) FILTER (WHERE "status" = 'NO_SHOW') AS "noShows",
				sum("totalCents") FILTER (WHERE "status"::text = ANY(${KEPT_ORDER_STATUSES}) AND "paidAt" IS NOT NULL) AS "spentCents",
				max("createdAt") AS "lastOrderAt"
			FROM "Order" WHERE "customerId" = c."id" AND ${CONFIRMED_ORDER_SQL}
		) o ON true
		LEFT JOIN LATERAL (
			SELECT sum("paidCents") AS "paidCents" FROM "CustomCakeRequest" WHERE "customerId" = c."id"
		) k ON true
		WHERE ${pattern === null ? Prisma.sql`true` : Prisma.sql`(c."name" ILIKE ${pattern} OR c."email" ILIKE ${pattern})`}
		ORDER BY o."lastOrderAt" DESC NULLS LAST, c."createdAt" DESC, c."id"
		LIMIT ${OWNER_CUSTOMERS_PAGE_SIZE + 1} OFFSET ${(page - 1) * OWNER_CUSTOMERS_PAGE_SIZE}`
	return { customers: rows.slice(0, OWNER_CUSTOMERS_PAGE_SIZE), hasMore: rows.length > OWNER_CUSTOMERS_PAGE_SIZE }
}

/** One account for the owner: its details and note, its paid orders (newest first) and its cake requests. */
export async function findCustomerForOwner(customerId: string) {
	return prisma.customer.findUnique({
		where: { id: customerId },
		select: {
			id: true,
			name: true,
			email: true,
			phone: true,
			locale: true,
			createdAt: true,
			ownerNote: true,
			ownerNoteAt: true,
			ownerNoteBy: true,
			orders: {
				where: CONFIRMED_ORDER,
				orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
				select: { id: true, status: true, createdAt: true, pickupAt: true, totalCents: true },
			},
			cakeRequests: {
				orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
				select: { id: true, type: true, size: true, status: true, createdAt: true, pickupAt: true, paidCents: true },
			},
		},
	})
}

/** Saves the private note; false when the account no longer exists. */
export async function saveOwnerNote(customerId: string, note: string, by: string, now = new Date()) {
	const { count } = await prisma.customer.updateMany({
		where: { id: customerId },
		data: { ownerNote: note, ownerNoteAt: now, ownerNoteBy: by },
	})
	return count > 0
}
