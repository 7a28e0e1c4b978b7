import {
	addLocalDays,
	instantAt,
	wallTimeOf,
	localDateOf,
	weekdayOf,
	type LocalDate,
} from '~/domain/pickup/pickup-schedule'

/**
 * Production planning, pure (decisions 082, 083): whole batches from a day's total, minutes per resource and
 * production day, the bake sheet's schedule worked backwards from pickups, ingredient units and the counter
 * forecast. Every instant is absolute (a Date); dates and wall times are the bakery's, so a schedule that crosses
 * midnight or a DST change is a matter of subtracting real minutes.
 */

export interface ProductionStepRule {
	id: string
	menuItemId: string
	/** '' for every line of the item; else only lines with this option choice ('10″'). */
	optionChoice: string
	name: string
	resourceId: string
	minutesPerBatch: number
	batchSize: number
	daysBefore: number
	sortOrder: number
}

/** A paid order's line as production sees it. */
export interface DemandLine {
	menuItemId: string
	quantity: number
	/** The option choices of the line ('10″', 'Strawberries'). */
	choices: readonly string[]
	pickupDate: LocalDate
	/** The slot's start; null for an order without a time (counted as the day's start). */
	pickupAt: Date | null
}

/** Whole batches for a day's total: 7 conchas in batches of 12 are 1 batch, 13 are 2. */
export function batchesFor(total: number, batchSize: number) {
	if (total <= 0) return 0
	return Math.ceil(total / batchSize)
}

/** The day a step for a pickup on `pickupDate` is done. */
function productionDateOf(pickupDate: LocalDate, daysBefore: number): LocalDate {
	return addLocalDays(pickupDate, -daysBefore)
}

function stepApplies(step: ProductionStepRule, line: DemandLine) {
	return step.menuItemId === line.menuItemId && (step.optionChoice === '' || line.choices.includes(step.optionChoice))
}

/** One step's work on one production day: the day's total, whole batches and their minutes. */
export interface StepDemand {
	step: ProductionStepRule
	productionDate: LocalDate
	quantity: number
	batches: number
	minutes: number
	/** The pickups served, earliest first (one per unit, so batch k serves units k·size … k·size+size−1). */
	pickups: Array<Date | null>
}

/**
 * Every step's demand per production day from these lines: totals by step and day, then whole batches. A step reads
 * only its item's lines (in their order), and each pickup date's production date is worked out once: a busy day's
 * sheet has thousands of lines and dozens of steps (bench:bake-sheet).
 */
export function stepDemands(lines: readonly DemandLine[], steps: readonly ProductionStepRule[]): StepDemand[] {
	const linesByItem = new Map<string, DemandLine[]>()
	for (const line of lines) {
		const ofItem = linesByItem.get(line.menuItemId)
		if (ofItem) ofItem.push(line)
		else linesByItem.set(line.menuItemId, [line])
	}
	const productionDates = new Map<string, LocalDate>()
	const byKey = new Map<string, StepDemand>()
	for (const step of steps) {
		for (const line of linesByItem.get(step.menuItemId) ?? []) {
			if (!stepApplies(step, line)) continue
			const dateKey = `${line.pickupDate}|${step.daysBefore}`
			let productionDate = productionDates.get(dateKey)
			if (productionDate === undefined) {
				productionDate = productionDateOf(line.pickupDate, step.daysBefore)
				productionDates.set(dateKey, productionDate)
			}
			const key = `${step.id}|${productionDate}`
			const demand = byKey.get(key) ?? { step, productionDate, quantity: 0, batches: 0, minutes: 0, pickups: [] }
			demand.quantity += line.quantity
			for (let unit = 0; unit < line.quantity; unit++) demand.pickups.push(line.pickupAt)
			byKey.set(key, demand)
		}
	}
	for (const demand of byKey.values()) {
		demand.batches = batchesFor(demand.quantity, demand.step.batchSize)
		demand.minutes = demand.batches * demand.step.minutesPerBatch
		demand.pickups.sort((a, b) => (a?.getTime() ?? 0) - (b?.getTime() ?? 0))
	}
	return [...byKey.values()]
}

/**
 * Minutes needed per resource and production day for these lines, whole batches of each step's day total:
 * the amount the checkout's hold will compare with `ProductionResourceDay` (key `resourceId|YYYY-MM-DD`).
 */
export function minutesPerResourceDay(lines: readonly DemandLine[], steps: readonly ProductionStepRule[]) {
	const minutes = new Map<string, number>()
	for (const demand of stepDemands(lines, steps)) {
		const key = `${demand.step.resourceId}|${demand.productionDate}`
		minutes.set(key, (minutes.get(key) ?? 0) + demand.minutes)
	}
	return minutes
}

export interface ResourceRule {
	id: string
	name: string
	/** Sunday first. */
	minutesByWeekday: readonly number[]
	/** 'HH:MM' the resource's day starts. */
	startsAt: string
}

/** A closure of the pickup schedule, inclusive dates. */
export interface ClosedDates {
	startDate: LocalDate
	endDate: LocalDate
}

export function isClosedOn(date: LocalDate, closures: readonly ClosedDates[]) {
	return closures.some((closure) => closure.startDate <= date && date <= closure.endDate)
}

/** A resource's minutes on a date: its weekday's, none while the bakery is closed. */
export function capacityOn(
	resource: Pick<ResourceRule, 'minutesByWeekday'>,
	date: LocalDate,
	closures: readonly ClosedDates[],
) {
	if (isClosedOn(date, closures)) return 0
	return resource.minutesByWeekday[weekdayOf(date)] ?? 0
}

/** One batch placed on a resource. */
interface ScheduledBatch {
	stepId: string
	menuItemId: string
	stepName: string
	batch: number
	/** Units in this batch (the last one may be short). */
	units: number
	startsAt: Date
	endsAt: Date
	/** The earliest pickup it serves, or the end of the resource's day for a step done on an earlier day. */
	due: Date
	/** It has to start before the resource's day does (more work than the morning holds). */
	beforeDayStart: boolean
}

export interface ResourceSchedule {
	resourceId: string
	capacityMinutes: number
	usedMinutes: number
	closed: boolean
	dayStartsAt: Date
	dayEndsAt: Date
	batches: ScheduledBatch[]
}

/**
 * What goes on each resource when on `productionDate`, worked backwards: each batch is due by the earliest
 * pickup it serves (a step done days before: by the end of the resource's day), less the minutes of the
 * item's later steps that day; the batch due last is placed first, as late as it can end, and each earlier one
 * ends when the next starts. Minutes are real elapsed minutes, so a start before midnight or across a DST
 * change is just an earlier instant; its wall time is read in the bakery's zone.
 */
export function scheduleProductionDay(
	productionDate: LocalDate,
	demands: readonly StepDemand[],
	resources: readonly ResourceRule[],
	closures: readonly ClosedDates[],
	timeZone: string,
): ResourceSchedule[] {
	const ofDay = demands.filter((demand) => demand.productionDate === productionDate)
	return resources.map((resource) => {
		const capacityMinutes = capacityOn(resource, productionDate, closures)
		const dayStartsAt = instantAt(productionDate, resource.startsAt, timeZone)
		const dayEndsAt = new Date(dayStartsAt.getTime() + capacityMinutes * 60_000)
		const wanted: Array<Omit<ScheduledBatch, 'startsAt' | 'endsAt' | 'beforeDayStart'> & { minutes: number }> = []
		for (const demand of ofDay) {
			const { step } = demand
			if (step.resourceId !== resource.id) continue
			const laterMinutes = ofDay
				.filter(
					(other) =>
						other.step.menuItemId === step.menuItemId &&
						other.step.sortOrder > step.sortOrder &&
						other.step.daysBefore === step.daysBefore,
				)
				.reduce((sum, other) => sum + other.step.minutesPerBatch, 0)
			for (let batch = 0; batch < demand.batches; batch++) {
				const first = batch * step.batchSize
				const pickup = demand.pickups[first] ?? null
				const latest = step.daysBefore > 0 || pickup === null ? dayEndsAt : pickup
				wanted.push({
					stepId: step.id,
					menuItemId: step.menuItemId,
					stepName: step.name,
					batch: batch + 1,
					units: Math.min(step.batchSize, demand.quantity - first),
					due: new Date(latest.getTime() - laterMinutes * 60_000),
					minutes: step.minutesPerBatch,
				})
			}
		}
		wanted.sort((a, b) => b.due.getTime() - a.due.getTime() || b.batch - a.batch)
		const placed: ScheduledBatch[] = []
		let free = Infinity
		for (const { minutes, ...batch } of wanted) {
			const endsAt = new Date(Math.min(batch.due.getTime(), free))
			const startsAt = new Date(endsAt.getTime() - minutes * 60_000)
			free = startsAt.getTime()
			placed.push({ ...batch, startsAt, endsAt, beforeDayStart: startsAt < dayStartsAt })
		}
		placed.reverse()
		return {
			resourceId: resource.id,
			capacityMinutes,
			usedMinutes: wanted.reduce((sum, batch) => sum + batch.minutes, 0),
			closed: isClosedOn(productionDate, closures),
			dayStartsAt,
			dayEndsAt,
			batches: placed,
		}
	})
}

/** A schedule time as the bakers read it: 'HH:MM', with the date when it is not the production day's. */
export function scheduleTimeLabel(instant: Date, productionDate: LocalDate, timeZone: string) {
	const date = localDateOf(instant, timeZone)
	const time = wallTimeOf(instant, timeZone)
	return date === productionDate ? time : `${date} ${time}`
}

export type IngredientUnit = 'g' | 'kg' | 'ml' | 'l' | 'each'

/** Units convert only where exact: g↔kg and ml↔l; never mass to volume, nor 'each' to either. */
const UNIT_BASE: Record<IngredientUnit, { dimension: 'mass' | 'volume' | 'count'; factor: number }> = {
	g: { dimension: 'mass', factor: 1 },
	kg: { dimension: 'mass', factor: 1000 },
	ml: { dimension: 'volume', factor: 1 },
	l: { dimension: 'volume', factor: 1000 },
	each: { dimension: 'count', factor: 1 },
}

/** A quantity in thousandths of its unit (1.5 kg = { milli: 1500, unit: 'kg' }). */
export interface Quantity {
	milli: number
	unit: IngredientUnit
}

/** The same quantity in another unit of its dimension, exactly; null between dimensions (g and ml). */
export function convertQuantity(quantity: Quantity, to: IngredientUnit): Quantity | null {
	const from = UNIT_BASE[quantity.unit]
	const target = UNIT_BASE[to]
	if (from.dimension !== target.dimension) return null
	return { milli: (quantity.milli * from.factor) / target.factor, unit: to }
}

/** A quantity in the unit a baker weighs it in: kilograms and litres from 1000 g or ml up. */
function readableQuantity(quantity: Quantity): Quantity {
	const { dimension } = UNIT_BASE[quantity.unit]
	const base = quantity.milli * UNIT_BASE[quantity.unit].factor
	if (dimension === 'mass') return base >= 1_000_000 ? { milli: base / 1000, unit: 'kg' } : { milli: base, unit: 'g' }
	if (dimension === 'volume') return base >= 1_000_000 ? { milli: base / 1000, unit: 'l' } : { milli: base, unit: 'ml' }
	return quantity
}

/** '1.5 kg', '250 g', '12 each'. */
export function formatQuantity(quantity: Quantity) {
	const value = Math.round(quantity.milli) / 1000
	return `${Number(value.toFixed(3))} ${quantity.unit}`
}

/** The owner's '1.5' or '250' as thousandths, or null when it is not a positive number with at most 3 decimals. */
export function parseMilliQuantity(text: string): number | null {
	const match = /^\s*(\d{1,7})(?:[.,](\d{1,3}))?\s*$/.exec(text)
	if (!match) return null
	const milli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'))
	return milli > 0 ? milli : null
}

export interface IngredientNeed {
	name: string
	quantity: Quantity
}

/**
 * Ingredients summed across items: the same name (any case) and dimension add up in grams or millilitres and
 * come back in a readable unit; the same name in grams and in millilitres stays two rows (no density guessing).
 */
export function sumIngredients(needs: readonly IngredientNeed[]): IngredientNeed[] {
	const sums = new Map<string, { name: string; base: Quantity }>()
	for (const need of needs) {
		const { dimension, factor } = UNIT_BASE[need.quantity.unit]
		const key = `${need.name.trim().toLowerCase()}|${dimension}`
		const unit: IngredientUnit = dimension === 'mass' ? 'g' : dimension === 'volume' ? 'ml' : 'each'
		const entry = sums.get(key) ?? { name: need.name.trim(), base: { milli: 0, unit } }
		entry.base.milli += need.quantity.milli * factor
		sums.set(key, entry)
	}
	return [...sums.values()]
		.map(({ name, base }) => ({ name, quantity: readableQuantity(base) }))
		.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.quantity.unit.localeCompare(b.quantity.unit))
}

/** A recipe row: per batch of `batchSize` units. */
export interface RecipeRow {
	menuItemId: string
	name: string
	milliQuantityPerBatch: number
	unit: IngredientUnit
	batchSize: number
}

/** What to weigh out for `totals` (units per item made that day): whole recipe batches of each item, summed. */
export function ingredientsFor(totals: ReadonlyMap<string, number>, recipes: readonly RecipeRow[]) {
	const needs: IngredientNeed[] = []
	for (const row of recipes) {
		const total = totals.get(row.menuItemId) ?? 0
		const batches = batchesFor(total, row.batchSize)
		if (batches === 0) continue
		needs.push({ name: row.name, quantity: { milli: batches * row.milliQuantityPerBatch, unit: row.unit } })
	}
	return sumIngredients(needs)
}
