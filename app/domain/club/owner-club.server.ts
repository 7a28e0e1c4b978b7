/**
 * The bread club, the owner's side (decision 093): plans checked against today's menu before they are saved, and
 * each plan's members and next box. Routes call these and pick the words.
 */
import { priceChoices, type OptionProblem } from '~/domain/menu/item-options'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { dateFromColumn, getCheckoutRules } from '~/domain/pickup/index.server'
import { localDateOf } from '~/domain/pickup/pickup-schedule'
import { firstPickupDate, isPickupDate } from './cadence'
import { clubBoxLines } from './club.server'
import { planHasMembers } from './models/subscriptions.server'
import {
	createClubPlan,
	findClubPlan,
	listClubBoxItems,
	listClubMembers,
	listOwnerClubPlans,
	updateClubPlan,
	type ClubPlanFields,
} from './models/plans.server'
import { boxVariants, encodeBoxVariant, ignoringSoldOut, type ClubPlanInput } from './plan-form'

/** Why the menu refuses a plan: a line (its form row) or its price. */
export type ClubPlanRefusal =
	| { reason: 'off-menu'; row: number }
	| { reason: 'not-orderable' | 'prepared-food'; row: number; name: string }
	| { reason: 'option'; row: number; name: string; problem: OptionProblem }
	| { reason: 'over-menu-price'; menuCents: number; overByCents: number }
	/** The plan has members: its day, frequency and cutoff are their Stripe cycle's (decision 093). */
	| { reason: 'cadence-locked' }

export type SaveClubPlanOutcome = { ok: true; id: string } | { ok: false; refusals: ClubPlanRefusal[] } | 'missing'

/**
 * The plan's box checked line by line against the menu as the checkout prices it: each item exists, is sold online and
 * is bakery goods (a box is charged no sales tax), and its choices are ones the item offers; today's sold-out marks
 * are ignored, since a plan runs for weeks. The price is at most what the box's items cost at today's prices.
 */
async function checkedPlan(input: ClubPlanInput, now: Date) {
	const { menuItems } = await getCheckoutRules([...new Set(input.lines.map((line) => line.menuItemId))], now)
	const refusals: ClubPlanRefusal[] = []
	const lines: ClubPlanFields['lines'] = []
	let menuCents = 0
	for (const { row, menuItemId, quantity, choices } of input.lines) {
		const item = menuItems.find((candidate) => candidate.id === menuItemId)
		if (!item) {
			refusals.push({ reason: 'off-menu', row })
			continue
		}
		if (!item.orderable) refusals.push({ reason: 'not-orderable', row, name: item.name })
		else if (item.taxCategory !== 'BAKERY') refusals.push({ reason: 'prepared-food', row, name: item.name })
		const priced = priceChoices(item.priceCents, ignoringSoldOut(item.optionGroups), choices)
		if (!priced.ok) {
			refusals.push({ reason: 'option', row, name: item.name, problem: priced.problem })
			continue
		}
		menuCents += priced.unitPriceCents * quantity
		lines.push({ menuItemId, quantity, choices: priced.chosen })
	}
	if (refusals.length === 0 && input.priceCents > menuCents) {
		refusals.push({ reason: 'over-menu-price', menuCents, overByCents: input.priceCents - menuCents })
	}
	if (refusals.length > 0) return { ok: false as const, refusals }
	const { id: _id, lines: _lines, ...plan } = input
	return { ok: true as const, fields: { ...plan, lines } }
}

export async function createOwnerClubPlan(input: ClubPlanInput, now = new Date()): Promise<SaveClubPlanOutcome> {
	const checked = await checkedPlan(input, now)
	if (!checked.ok) return checked
	const { id } = await createClubPlan(checked.fields)
	return { ok: true, id }
}

/** A plan's new terms; its members keep the price they joined at. 'missing': the plan is gone. */
export async function updateOwnerClubPlan(
	id: string,
	input: ClubPlanInput,
	now = new Date(),
): Promise<SaveClubPlanOutcome> {
	const plan = await findClubPlan(id)
	if (!plan) return 'missing'
	const checked = await checkedPlan(input, now)
	if (!checked.ok) return checked
	const cadence = ['frequency', 'pickupWeekday', 'cutoffDaysBefore', 'cutoffTime'] as const
	if (cadence.some((field) => plan[field] !== checked.fields[field]) && (await planHasMembers(id))) {
		return { ok: false, refusals: [{ reason: 'cadence-locked' }] }
	}
	return (await updateClubPlan(id, checked.fields)) ? { ok: true, id } : 'missing'
}

/**
 * The owner's screen: every plan with its seats taken, its members, and its next box (the next pickup day whose
 * changes are still open) with the boxes expected then: active members due that day who have not skipped it and are
 * not paused past it. With the picker's entries for a box's lines.
 */
export async function ownerClub(now = new Date()) {
	const today = localDateOf(now, BAKERY_TIME_ZONE)
	const [plans, members, items] = await Promise.all([
		listOwnerClubPlans(now),
		listClubMembers(today),
		listClubBoxItems(),
	])
	return {
		variants: items.flatMap(boxVariants),
		plans: plans.map(({ lines, ...plan }) => {
			const nextBoxDate = firstPickupDate(plan, now)
			const own = members
				.filter((member) => member.planId === plan.id)
				.map(({ customer, firstPickupDate: first, pausedUntil, pickups, ...member }) => ({
					...member,
					name: customer.name,
					email: customer.email,
					firstPickupDate: dateFromColumn(first),
					pausedUntil: pausedUntil && dateFromColumn(pausedUntil) > today ? dateFromColumn(pausedUntil) : null,
					skipped: pickups.map((pickup) => dateFromColumn(pickup.pickupDate)),
				}))
			const expectedBoxes = own.filter(
				(member) =>
					member.status === 'ACTIVE' &&
					isPickupDate(member.firstPickupDate, plan.frequency, nextBoxDate) &&
					!member.skipped.includes(nextBoxDate) &&
					!(member.pausedUntil && member.pausedUntil > nextBoxDate),
			).length
			return {
				...plan,
				lines: clubBoxLines(lines).map((line) => ({
					variant: encodeBoxVariant(line.menuItemId, line.choices),
					quantity: line.quantity,
				})),
				nextBoxDate,
				expectedBoxes,
				members: own.map(({ skipped: _skipped, ...member }) => member),
			}
		}),
	}
}
