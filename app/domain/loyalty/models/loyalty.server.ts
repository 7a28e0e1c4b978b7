/**
 * The loyalty card's reads and writes (decision 085). Stamps and rewards are made by one database function,
 * `loyalty_collect_stamps` (prisma/sql/), under a lock on the customer's row; a refund reverses a stamp, never
 * deletes it.
 */
import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import type { LoyaltyProgramSettings } from '../loyalty-card'

type Tx = Prisma.TransactionClient

const programFields = {
	enabled: true,
	minOrderCents: true,
	stampsPerReward: true,
	rewardCents: true,
	rewardNameEn: true,
	rewardNameEs: true,
	rewardNamePtBr: true,
} as const satisfies Prisma.LoyaltyProgramSelect

/** The card as the table's defaults set it, until the owner first saves it: off. */
const DEFAULT_PROGRAM: LoyaltyProgramSettings = {
	enabled: false,
	minOrderCents: 1000,
	stampsPerReward: 10,
	rewardCents: 450,
	rewardNameEn: 'a free pastry',
	rewardNameEs: 'un pan dulce gratis',
	rewardNamePtBr: 'um doce grátis',
}

export async function getLoyaltyProgram(): Promise<LoyaltyProgramSettings> {
	return (await prisma.loyaltyProgram.findUnique({ where: { id: 1 }, select: programFields })) ?? DEFAULT_PROGRAM
}

/**
 * Saves the owner's card. The first time it is turned on starts it: only orders paid from then on earn stamps (the
 * customers were never told of a card before). Turning it off and on again keeps that start.
 */
export async function saveLoyaltyProgram(settings: LoyaltyProgramSettings, now = new Date()) {
	await prisma.$transaction(async (tx) => {
		await tx.loyaltyProgram.upsert({ where: { id: 1 }, create: { id: 1, ...settings }, update: settings })
		if (settings.enabled) {
			await tx.loyaltyProgram.updateMany({ where: { id: 1, startedAt: null }, data: { startedAt: now } })
		}
	})
}

export interface NewReward {
	customerId: string
	rewardNumber: number
	rewardCents: number
}

/** Stamps for the customer's orders that earn one and have none, and the rewards they complete (created once). */
export async function collectStampsIn(tx: Tx, customerId: string): Promise<NewReward[]> {
	const rows = await tx.$queryRaw<Array<{ rewardNumber: number; rewardCents: number }>>`
		SELECT * FROM loyalty_collect_stamps(${customerId})`
	return rows.map((row) => ({ customerId, ...row }))
}

/** The order's account, if it has one (its stamps go there). */
export async function orderCustomerIn(tx: Tx, orderId: string) {
	return (await tx.order.findUnique({ where: { id: orderId }, select: { customerId: true } }))?.customerId ?? null
}

/** A refunded order's stamp no longer counts (true: it had one that counted). */
export async function reverseStampIn(tx: Tx, orderId: string, now = new Date()) {
	const { count } = await tx.loyaltyStamp.updateMany({
		where: { orderId, reversedAt: null },
		data: { reversedAt: now },
	})
	return count > 0
}

/** A customer's stamps that count and the rewards they have had. */
export async function stampCounts(customerId: string) {
	const [stamps, rewards] = await Promise.all([
		prisma.loyaltyStamp.count({ where: { customerId, reversedAt: null } }),
		prisma.loyaltyReward.count({ where: { customerId } }),
	])
	return { stamps, rewards }
}

/** The owner's overview: customers with a stamp that counts, stamps that count, rewards given and their credit. */
export async function loyaltySummary() {
	const [members, stamps, rewards] = await Promise.all([
		prisma.loyaltyStamp.groupBy({ by: ['customerId'], where: { reversedAt: null } }).then((rows) => rows.length),
		prisma.loyaltyStamp.count({ where: { reversedAt: null } }),
		prisma.loyaltyReward.aggregate({ _count: true, _sum: { creditCents: true } }),
	])
	return { members, stamps, rewards: rewards._count, rewardCents: rewards._sum.creditCents ?? 0 }
}
