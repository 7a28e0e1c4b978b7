import { addLocalDays, itemDayKey, type LocalDate } from '~/domain/pickup/pickup-schedule'
import { batchesFor, capacityOn, type ClosedDates, type ProductionStepRule, type ResourceRule } from './production-plan'

/**
 * Which pickup dates the production of a cart still fits (decision 090): the same arithmetic as the database's hold
 * (`production_minutes_hold`, decision 088) read ahead of it, so the checkout, the menu and an order's move leave out
 * the dates the hold would refuse. Pure: the server reads `ProductionHeld`, this decides.
 */

/** What production already holds for the steps of the items asked about. */
export interface ProductionHeld {
	/** The resources those steps use. */
	resources: ReadonlyArray<Pick<ResourceRule, 'id' | 'minutesByWeekday'>>
	/** The steps of the items asked about (every step on a resource counts in its minutes, these are the ones that grow). */
	steps: readonly ProductionStepRule[]
	/** `ProductionResourceDay`: minutes held per `resourceDayKey`, cakes and every item's whole batches included. */
	minutesByResourceDay: ReadonlyMap<string, number>
	/** The day total a step is working to, per `stepPickupKey` (the pickup date it serves). */
	quantityByStepPickup: ReadonlyMap<string, number>
}

/** A line as production sees it: its item, how many, and its option choices ('10″'). */
export interface ProductionLine {
	menuItemId: string
	quantity: number
	choices: readonly string[]
}

export const noProductionHeld: ProductionHeld = {
	resources: [],
	steps: [],
	minutesByResourceDay: new Map(),
	quantityByStepPickup: new Map(),
}

export function resourceDayKey(resourceId: string, productionDate: LocalDate) {
	return `${resourceId}|${productionDate}`
}

export function stepPickupKey(stepId: string, pickupDate: LocalDate) {
	return `${stepId}|${pickupDate}`
}

/**
 * The day a step for a pickup on `pickupDate` is done. Remembered (a few hundred dates at most, cleared past 2,000): the
 * menu asks it for every step and date of the horizon, and calendar arithmetic was its costliest part
 * (bench:availability).
 */
const knownProductionDates = new Map<string, LocalDate>()
function productionDateOf(pickupDate: LocalDate, daysBefore: number) {
	const key = `${pickupDate}|${daysBefore}`
	let date = knownProductionDates.get(key)
	if (date === undefined) {
		if (knownProductionDates.size >= 2_000) knownProductionDates.clear()
		date = addLocalDays(pickupDate, -daysBefore)
		knownProductionDates.set(key, date)
	}
	return date
}

function stepAppliesTo(step: ProductionStepRule, line: ProductionLine) {
	return step.menuItemId === line.menuItemId && (step.optionChoice === '' || line.choices.includes(step.optionChoice))
}

/** How many more minutes one step's day needs with `added` more units: whole batches of the new total less the old. */
function addedMinutes(step: ProductionStepRule, heldQuantity: number, added: number) {
	return (
		(batchesFor(heldQuantity + added, step.batchSize) - batchesFor(heldQuantity, step.batchSize)) * step.minutesPerBatch
	)
}

/**
 * The first item of `lines` whose production would not fit for a pickup on `pickupDate`, or undefined: for each
 * resource and production day its steps touch, the minutes it adds (whole batches of the day's new total) on top of
 * what is held, against the resource's minutes that day (none on a closure). As the hold: a day already over its
 * minutes refuses only lines that add minutes to it.
 */
export function productionBlocker(
	held: ProductionHeld,
	lines: readonly ProductionLine[],
	pickupDate: LocalDate,
	closures: readonly ClosedDates[],
): string | undefined {
	const added = new Map<
		string,
		{ minutes: number; menuItemId: string; resourceId: string; productionDate: LocalDate }
	>()
	for (const step of held.steps) {
		const quantity = lines.reduce((sum, line) => (stepAppliesTo(step, line) ? sum + line.quantity : sum), 0)
		if (quantity === 0) continue
		const minutes = addedMinutes(step, held.quantityByStepPickup.get(stepPickupKey(step.id, pickupDate)) ?? 0, quantity)
		if (minutes === 0) continue
		const productionDate = productionDateOf(pickupDate, step.daysBefore)
		const key = resourceDayKey(step.resourceId, productionDate)
		const seen = added.get(key)
		if (seen) seen.minutes += minutes
		else added.set(key, { minutes, menuItemId: step.menuItemId, resourceId: step.resourceId, productionDate })
	}
	for (const [key, { minutes, menuItemId, resourceId, productionDate }] of added) {
		const resource = held.resources.find((candidate) => candidate.id === resourceId)
		const capacity = resource ? capacityOn(resource, productionDate, closures) : 0
		if ((held.minutesByResourceDay.get(key) ?? 0) + minutes > capacity) return menuItemId
	}
	return undefined
}

/**
 * The pickup dates among `dates` a cart's production does not fit, as item-day keys (`itemDayKey`) of the item that
 * rules each out: what the pickup engine leaves out (`CapacityUsage.productionFull`).
 */
export function productionFullForCart(
	held: ProductionHeld,
	lines: readonly ProductionLine[],
	dates: readonly LocalDate[],
	closures: readonly ClosedDates[],
): Set<string> {
	const full = new Set<string>()
	if (held.steps.length === 0) return full
	for (const date of dates) {
		const menuItemId = productionBlocker(held, lines, date, closures)
		if (menuItemId !== undefined) full.add(itemDayKey(menuItemId, date))
	}
	return full
}

/** For the menu: the dates each item alone (one of it, no options) could not be made for, as item-day keys. */
export function productionFullPerItem(
	held: ProductionHeld,
	menuItemIds: readonly string[],
	dates: readonly LocalDate[],
	closures: readonly ClosedDates[],
): Set<string> {
	const full = new Set<string>()
	const stepsByItem = new Map<string, ProductionStepRule[]>()
	for (const step of held.steps) stepsByItem.set(step.menuItemId, [...(stepsByItem.get(step.menuItemId) ?? []), step])
	for (const menuItemId of menuItemIds) {
		const steps = stepsByItem.get(menuItemId)
		if (!steps) continue
		// Only the item's own steps grow; the held minutes of the others are in the counters already.
		const alone = { ...held, steps }
		for (const added of productionFullForCart(alone, [{ menuItemId, quantity: 1, choices: [] }], dates, closures)) {
			full.add(added)
		}
	}
	return full
}

/**
 * What is held without one order's own lines for its pickup date (the order is moving, so its hold is given back
 * first): each of its steps' day totals less its units, and the minutes those whole batches no longer need.
 */
export function heldWithoutLines(
	held: ProductionHeld,
	lines: readonly ProductionLine[],
	pickupDate: LocalDate,
): ProductionHeld {
	const minutesByResourceDay = new Map(held.minutesByResourceDay)
	const quantityByStepPickup = new Map(held.quantityByStepPickup)
	for (const step of held.steps) {
		const own = lines.reduce((sum, line) => (stepAppliesTo(step, line) ? sum + line.quantity : sum), 0)
		const key = stepPickupKey(step.id, pickupDate)
		const total = quantityByStepPickup.get(key) ?? 0
		if (own === 0 || total === 0) continue
		const remaining = Math.max(0, total - own)
		const dayKey = resourceDayKey(step.resourceId, productionDateOf(pickupDate, step.daysBefore))
		const freed = addedMinutes(step, remaining, total - remaining)
		minutesByResourceDay.set(dayKey, Math.max(0, (minutesByResourceDay.get(dayKey) ?? 0) - freed))
		quantityByStepPickup.set(key, remaining)
	}
	return { ...held, minutesByResourceDay, quantityByStepPickup }
}

/**
 * The step days whose day totals can change the answer for `lines` (each alone when `alone`, as the menu asks): those
 * on a resource day where the most the lines could add (a step adds at most whole batches of its own units) no longer
 * fits on top of what is held. Elsewhere every line fits whatever the totals are, so the server reads them only for
 * these (`ProductionHeld.quantityByStepPickup` may leave the others out).
 */
export function stepDaysNeedingTotals(
	held: Omit<ProductionHeld, 'quantityByStepPickup'>,
	lines: readonly ProductionLine[],
	dates: readonly LocalDate[],
	closures: readonly ClosedDates[],
	{ alone }: { alone: boolean },
): Array<{ stepId: string; pickupDate: LocalDate }> {
	const units = new Map<string, number>()
	for (const line of lines) units.set(line.menuItemId, (units.get(line.menuItemId) ?? 0) + line.quantity)
	const needed: Array<{ stepId: string; pickupDate: LocalDate }> = []
	for (const pickupDate of dates) {
		const days = new Map<
			string,
			{ resourceId: string; productionDate: LocalDate; byItem: Map<string, number>; steps: string[] }
		>()
		for (const step of held.steps) {
			const quantity = units.get(step.menuItemId) ?? 0
			if (quantity === 0) continue
			const productionDate = productionDateOf(pickupDate, step.daysBefore)
			const key = resourceDayKey(step.resourceId, productionDate)
			const day = days.get(key) ?? {
				resourceId: step.resourceId,
				productionDate,
				byItem: new Map<string, number>(),
				steps: [] as string[],
			}
			const most = batchesFor(quantity, step.batchSize) * step.minutesPerBatch
			day.byItem.set(step.menuItemId, (day.byItem.get(step.menuItemId) ?? 0) + most)
			day.steps.push(step.id)
			days.set(key, day)
		}
		for (const [key, { resourceId, productionDate, byItem, steps }] of days) {
			const most = alone ? Math.max(...byItem.values()) : [...byItem.values()].reduce((sum, value) => sum + value, 0)
			const resource = held.resources.find((candidate) => candidate.id === resourceId)
			const capacity = resource ? capacityOn(resource, productionDate, closures) : 0
			if ((held.minutesByResourceDay.get(key) ?? 0) + most <= capacity) continue
			for (const stepId of steps) needed.push({ stepId, pickupDate })
		}
	}
	return needed
}
