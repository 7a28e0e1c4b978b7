/**
 * The bread club's plans (decision 093): the only query site for ClubPlan, with the members each one counts and the
 * menu items a box may hold.
 */
import type { ClubFrequency } from '~/generated/prisma/enums'
import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { seatHolders } from './subscriptions.server'
import { dateColumn } from '~/domain/pickup/index.server'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import type { ChosenOption } from '~/domain/menu/item-options'

/** A plan as the owner sets it; its lines as the cart posts them. */
export interface ClubPlanFields {
	name: string
	nameEs: string | null
	namePtBr: string | null
	description: string
	descriptionEs: string | null
	descriptionPtBr: string | null
	lines: Array<{ menuItemId: string; quantity: number; choices: ChosenOption[] }>
	frequency: ClubFrequency
	pickupWeekday: number
	windowStart: string
	windowEnd: string
	priceCents: number
	maxSubscribers: number
	cutoffDaysBefore: number
	cutoffTime: string
	active: boolean
}

/** Everything but the payment provider's ids, which no page shows. */
const planSelect = {
	id: true,
	name: true,
	nameEs: true,
	namePtBr: true,
	description: true,
	descriptionEs: true,
	descriptionPtBr: true,
	lines: true,
	frequency: true,
	pickupWeekday: true,
	windowStart: true,
	windowEnd: true,
	priceCents: true,
	maxSubscribers: true,
	cutoffDaysBefore: true,
	cutoffTime: true,
	active: true,
	sortOrder: true,
} as const satisfies Prisma.ClubPlanSelect

async function listPlans(where: Prisma.ClubPlanWhereInput, now: Date) {
	const rows = await prisma.clubPlan.findMany({
		where,
		select: { ...planSelect, _count: { select: { subscriptions: { where: seatHolders(now) } } } },
		orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }],
	})
	return rows.map(({ _count, ...plan }) => ({ ...plan, liveMembers: _count.subscriptions }))
}

/** Every plan, with the seats taken (`liveMembers`), in the owner's order. */
export function listOwnerClubPlans(now = new Date()) {
	return listPlans({}, now)
}

/** The plans taking subscribers (the public /club page), in the owner's order, with the seats taken. */
export function listActiveClubPlans(now = new Date()) {
	return listPlans({ active: true }, now)
}

export function findClubPlan(id: string) {
	return prisma.clubPlan.findUnique({ where: { id }, select: planSelect })
}

function planData(fields: ClubPlanFields) {
	return { ...fields, lines: fields.lines as unknown as Prisma.InputJsonArray }
}

export function createClubPlan(fields: ClubPlanFields) {
	return prisma.clubPlan.create({ data: planData(fields), select: { id: true } })
}

/** False when the plan is gone. Members keep the price they joined at (their subscription's). */
export async function updateClubPlan(id: string, fields: ClubPlanFields) {
	const { count } = await prisma.clubPlan.updateMany({ where: { id }, data: planData(fields) })
	return count > 0
}

/** The members of every plan (active or past due), oldest first, with the boxes they skipped from `from` on. */
export function listClubMembers(from: LocalDate) {
	return prisma.clubSubscription.findMany({
		where: { status: { in: ['ACTIVE', 'PAST_DUE'] } },
		select: {
			id: true,
			planId: true,
			status: true,
			pickupTime: true,
			firstPickupDate: true,
			pausedUntil: true,
			createdAt: true,
			customer: { select: { name: true, email: true } },
			pickups: { where: { status: 'SKIPPED', pickupDate: { gte: dateColumn(from) } }, select: { pickupDate: true } },
		},
		orderBy: { createdAt: 'asc' },
	})
}

/** The menu items a box may hold (orderable bakery goods) with their option groups, in the menu's order. */
export function listClubBoxItems() {
	const ownerOrder = [{ position: 'asc' as const }, { id: 'asc' as const }]
	return prisma.menuItem.findMany({
		where: { orderable: true, taxCategory: 'BAKERY' },
		select: {
			id: true,
			name: true,
			priceCents: true,
			optionGroups: {
				select: {
					id: true,
					name: true,
					kind: true,
					required: true,
					minChoices: true,
					maxChoices: true,
					maxLength: true,
					options: { select: { id: true, name: true, priceDeltaCents: true, soldOut: true }, orderBy: ownerOrder },
				},
				orderBy: ownerOrder,
			},
		},
		orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }],
	})
}
