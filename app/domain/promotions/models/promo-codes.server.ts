import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import type { PromoRule } from '../promo-pricing'

/** A code as the checkout prices it, with the limits the database re-checks when it takes a use. */
export interface CheckoutPromoCode extends PromoRule {
	id: string
	maxUsesPerCustomer: number | null
	firstOrderOnly: boolean
}

const ruleFields = {
	id: true,
	code: true,
	kind: true,
	percentOff: true,
	amountOffCents: true,
	minimumOrderCents: true,
	menuItemIds: true,
	categories: true,
	startsAt: true,
	endsAt: true,
	active: true,
	maxUses: true,
	usedCount: true,
	maxUsesPerCustomer: true,
	firstOrderOnly: true,
} as const satisfies Prisma.PromoCodeSelect

/** The code spelled so (already normalized), or null. */
export function findPromoCode(code: string): Promise<CheckoutPromoCode | null> {
	return prisma.promoCode.findUnique({ where: { code }, select: ruleFields })
}

/**
 * What the preview says before any order is placed (the database decides again when it takes the use): how many
 * live uses this e-mail (or its account) has of the code, and whether it has a paid order already.
 */
export async function customerPromoHistory(promoCodeId: string, email: string) {
	const customer = await prisma.customer.findUnique({ where: { email }, select: { id: true } })
	const sameCustomer = [{ email }, ...(customer ? [{ customerId: customer.id }] : [])]
	const [uses, paidOrders] = await Promise.all([
		prisma.promoCodeUse.count({ where: { promoCodeId, releasedAt: null, OR: sameCustomer } }),
		prisma.order.count({
			where: {
				status: { in: ['PAID', 'READY', 'PICKED_UP', 'NO_SHOW'] },
				OR: [
					{ customerEmail: { equals: email, mode: 'insensitive' } },
					...(customer ? [{ customerId: customer.id }] : []),
				],
			},
		}),
	])
	return { uses, hasPaidOrder: paidOrders > 0 }
}

/** A late payment for an order whose hold had been given back takes its code's use again, over any limit (decision 081). */
export async function retakePromoCodeUseIn(tx: Prisma.TransactionClient, orderId: string) {
	await tx.$executeRaw`
		WITH retaken AS (
			UPDATE "PromoCodeUse" SET "releasedAt" = NULL
			WHERE "orderId" = ${orderId} AND "releasedAt" IS NOT NULL RETURNING "promoCodeId")
		UPDATE "PromoCode" SET "usedCount" = "usedCount" + 1, "updatedAt" = timezone('UTC', now())
		WHERE "id" IN (SELECT "promoCodeId" FROM retaken)`
}
