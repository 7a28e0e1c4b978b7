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
	const customerId = customer?.id ?? null
	const [uses, [paid]] = await Promise.all([
		prisma.promoCodeUse.count({ where: { promoCodeId, releasedAt: null, OR: sameCustomer } }),
		// As place_pending_order asks it (the index on lower("customerEmail") of paid orders answers).
		prisma.$queryRaw<Array<{ found: boolean }>>`
			SELECT EXISTS (SELECT 1 FROM "Order" o
				WHERE (o."paidAt" IS NOT NULL OR o."payAtPickup") AND o."status" IN ('PAID', 'READY', 'PICKED_UP', 'NO_SHOW')
					AND (lower(o."customerEmail") = ${email} OR o."customerId" = ${customerId})) AS "found"`,
	])
	return { uses, hasPaidOrder: Boolean(paid?.found) }
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

/** The owner's list: every code with its discount, window, limits and live uses, newest first. */
export function listPromoCodes() {
	return prisma.promoCode.findMany({ orderBy: { createdAt: 'desc' }, take: 200 })
}

/** A code's last uses, newest first: the order, who, the discount, and whether it was given back. */
export function listPromoCodeUses(promoCodeId: string, take = 50) {
	return prisma.promoCodeUse.findMany({
		where: { promoCodeId },
		orderBy: { createdAt: 'desc' },
		take,
		select: {
			orderId: true,
			email: true,
			discountCents: true,
			createdAt: true,
			releasedAt: true,
			order: { select: { status: true } },
		},
	})
}

export type PromoCodeData = Omit<Prisma.PromoCodeCreateInput, 'uses' | 'usedCount'>

/** A new code; 'taken' when another code is spelled so. */
export async function createPromoCode(data: PromoCodeData) {
	try {
		return await prisma.promoCode.create({ data, select: { id: true } })
	} catch (error) {
		if ((error as { code?: string }).code === 'P2002') return 'taken' as const
		throw error
	}
}

/** A code's window and limits (its discount never changes); false when it is gone. */
export async function updatePromoCodeLimits(
	id: string,
	data: Pick<
		Prisma.PromoCodeUpdateInput,
		'minimumOrderCents' | 'startsAt' | 'endsAt' | 'maxUses' | 'maxUsesPerCustomer' | 'firstOrderOnly'
	>,
) {
	const { count } = await prisma.promoCode.updateMany({ where: { id }, data })
	return count > 0
}

/** Stops (or starts again) a code: a checkout already holding a use keeps it. */
export async function setPromoCodeActive(id: string, active: boolean) {
	const { count } = await prisma.promoCode.updateMany({ where: { id }, data: { active } })
	return count > 0
}
