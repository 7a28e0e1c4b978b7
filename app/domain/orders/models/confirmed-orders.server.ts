import { Prisma } from '~/generated/prisma/client'

/**
 * An order the bakery has taken on: paid online, or a phone order confirmed to be paid at the counter (decision 075),
 * which is never pending and has no payment until handover. Its customer sees it on their account, it is theirs to
 * cancel, and its "I'm here" link works; a checkout never paid (pending, expired, abandoned) is none of these.
 */
export const CONFIRMED_ORDER = {
	OR: [{ paidAt: { not: null } }, { payAtPickup: true }],
} as const satisfies Prisma.OrderWhereInput

/** `CONFIRMED_ORDER` in raw SQL, for a statement on "Order". */
export const CONFIRMED_ORDER_SQL = Prisma.sql`("paidAt" IS NOT NULL OR "payAtPickup")`
