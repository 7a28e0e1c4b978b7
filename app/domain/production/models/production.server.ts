/**
 * The production area's one query site (decisions 082, 083): resources, steps and recipes the owner edits, the
 * closing counts staff enter, the owner's counter overrides, and what the bake sheet reads.
 */
import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { PAID_ORDER_STATUSES } from '~/domain/orders/index.server'
import { readLineOptions } from '~/domain/menu/item-options'
import { dateColumn, dateFromColumn } from '~/domain/pickup/index.server'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import type {
	ClosedDates,
	DemandLine,
	IngredientUnit,
	ProductionStepRule,
	RecipeRow,
	ResourceRule,
} from '../production-plan'
import {
	noProductionHeld,
	resourceDayKey,
	stepDaysNeedingTotals,
	stepPickupKey,
	type ProductionHeld,
	type ProductionLine,
} from '../production-capacity'
import type { ClosingCountRow } from '../counter-forecast'

export interface ResourceInput {
	name: string
	minutesByWeekday: number[]
	startsAt: string
}

export async function listResources(): Promise<Array<ResourceRule & { stepCount: number }>> {
	const rows = await prisma.productionResource.findMany({
		orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }],
		select: { id: true, name: true, minutesByWeekday: true, startsAt: true, _count: { select: { steps: true } } },
	})
	return rows.map(({ _count, ...row }) => ({ ...row, stepCount: _count.steps }))
}

function isUniqueViolation(error: unknown) {
	return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

/** Adds a resource, or changes one (`id`); 'duplicate' when another has the name, 'missing' when it is gone. */
export async function saveResource(input: ResourceInput, id?: string): Promise<'saved' | 'duplicate' | 'missing'> {
	try {
		if (id) {
			const { count } = await prisma.productionResource.updateMany({ where: { id }, data: input })
			return count === 1 ? 'saved' : 'missing'
		}
		await prisma.productionResource.create({ data: input })
		return 'saved'
	} catch (error) {
		if (isUniqueViolation(error)) return 'duplicate'
		throw error
	}
}

/** Deletes a resource no step uses: 'in-use' while one does (the foreign key refuses it as well). */
export async function deleteResource(id: string): Promise<boolean | 'in-use'> {
	const used = await prisma.productionStep.count({ where: { resourceId: id } })
	if (used > 0) return 'in-use'
	const { count } = await prisma.productionResource.deleteMany({ where: { id } })
	return count === 1
}

/** The menu with how many steps and ingredients each item has, for the production screen's list. */
export async function listItemsWithProduction() {
	const items = await prisma.menuItem.findMany({
		orderBy: [{ category: 'asc' }, { sortOrder: 'asc' }, { name: 'asc' }],
		select: { id: true, name: true, _count: { select: { productionSteps: true, recipeIngredients: true } } },
	})
	return items.map(({ _count, ...item }) => ({
		...item,
		steps: _count.productionSteps,
		ingredients: _count.recipeIngredients,
	}))
}

/** One item's production: its steps, its recipe, and the option choices a step may be limited to. */
export async function getItemProduction(menuItemId: string) {
	const item = await prisma.menuItem.findUnique({
		where: { id: menuItemId },
		select: {
			id: true,
			name: true,
			optionGroups: { select: { kind: true, options: { select: { name: true }, orderBy: { position: 'asc' } } } },
			productionSteps: {
				orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
				select: {
					id: true,
					name: true,
					optionChoice: true,
					minutesPerBatch: true,
					batchSize: true,
					daysBefore: true,
					resource: { select: { id: true, name: true } },
				},
			},
			recipeIngredients: {
				orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
				select: { id: true, name: true, milliQuantityPerBatch: true, unit: true, batchSize: true },
			},
		},
	})
	if (!item) return null
	const { optionGroups, ...rest } = item
	const choices = optionGroups
		.filter((group) => group.kind !== 'TEXT')
		.flatMap((group) => group.options.map((option) => option.name))
	return { ...rest, optionChoices: [...new Set(choices)] }
}

export interface StepInput {
	name: string
	resourceId: string
	optionChoice: string
	minutesPerBatch: number
	batchSize: number
	daysBefore: number
}

/** Adds a step at the end of the item's steps; 'missing' when the item or the resource is gone. */
export async function addStep(menuItemId: string, input: StepInput): Promise<'added' | 'missing'> {
	try {
		const last = await prisma.productionStep.aggregate({ where: { menuItemId }, _max: { sortOrder: true } })
		await prisma.productionStep.create({ data: { ...input, menuItemId, sortOrder: (last._max.sortOrder ?? -1) + 1 } })
		return 'added'
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') return 'missing'
		throw error
	}
}

export async function deleteStep(menuItemId: string, id: string) {
	const { count } = await prisma.productionStep.deleteMany({ where: { id, menuItemId } })
	return count === 1
}

export interface IngredientInput {
	name: string
	milliQuantityPerBatch: number
	unit: IngredientUnit
	batchSize: number
}

export async function addIngredient(menuItemId: string, input: IngredientInput): Promise<'added' | 'missing'> {
	try {
		const last = await prisma.recipeIngredient.aggregate({ where: { menuItemId }, _max: { sortOrder: true } })
		await prisma.recipeIngredient.create({ data: { ...input, menuItemId, sortOrder: (last._max.sortOrder ?? -1) + 1 } })
		return 'added'
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') return 'missing'
		throw error
	}
}

export async function deleteIngredient(menuItemId: string, id: string) {
	const { count } = await prisma.recipeIngredient.deleteMany({ where: { id, menuItemId } })
	return count === 1
}

/** A step as the plan reads it (`ProductionStepRule`). */
const stepFields = {
	id: true,
	menuItemId: true,
	optionChoice: true,
	name: true,
	resourceId: true,
	minutesPerBatch: true,
	batchSize: true,
	daysBefore: true,
	sortOrder: true,
} as const

/** Everything the plan needs that the owner set: resources, every step, every recipe row, item names. */
export async function readProductionModel() {
	const [resources, steps, recipes, items] = await Promise.all([
		prisma.productionResource.findMany({
			orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }],
			select: { id: true, name: true, minutesByWeekday: true, startsAt: true },
		}),
		prisma.productionStep.findMany({
			orderBy: [{ menuItemId: 'asc' }, { sortOrder: 'asc' }],
			select: stepFields,
		}),
		prisma.recipeIngredient.findMany({
			orderBy: [{ menuItemId: 'asc' }, { sortOrder: 'asc' }],
			select: { menuItemId: true, name: true, milliQuantityPerBatch: true, unit: true, batchSize: true },
		}),
		prisma.menuItem.findMany({ select: { id: true, name: true, orderable: true } }),
	])
	return {
		resources: resources satisfies ResourceRule[],
		steps: steps satisfies ProductionStepRule[],
		recipes: recipes satisfies RecipeRow[],
		items,
	}
}

/**
 * The lines of the paid orders to collect from `from` to `to` (inclusive): cancelled, refunded and unpaid
 * orders are not made. One row per line; the option choices by name.
 */
export async function readPaidDemand(from: LocalDate, to: LocalDate): Promise<DemandLine[]> {
	const rows = await prisma.$queryRaw<
		Array<{ menuItemId: string; quantity: number; options: unknown; pickupDate: Date; pickupAt: Date | null }>
	>`
		SELECT i."menuItemId", i."quantity", i."options", o."pickupDate", o."pickupAt"
		FROM "OrderItem" i
		JOIN "Order" o ON o."id" = i."orderId"
		WHERE o."pickupDate" BETWEEN ${dateColumn(from)}::date AND ${dateColumn(to)}::date
			AND o."status"::text = ANY(${[...PAID_ORDER_STATUSES]}::text[])
			AND i."menuItemId" IS NOT NULL`
	return rows.map((row) => ({
		menuItemId: row.menuItemId,
		quantity: row.quantity,
		choices: readLineOptions(row.options).flatMap((option) => (option.choice ? [option.choice] : [])),
		pickupDate: dateFromColumn(row.pickupDate),
		pickupAt: row.pickupAt,
	}))
}

/** The closing counts from `from` to `to`, by item then date. */
export async function readClosingCounts(from: LocalDate, to: LocalDate) {
	const rows = await prisma.closingCount.findMany({
		where: { date: { gte: dateColumn(from), lte: dateColumn(to) } },
		select: { menuItemId: true, date: true, made: true, leftOver: true },
	})
	const byItem = new Map<string, Map<LocalDate, ClosingCountRow>>()
	for (const row of rows) {
		const date = dateFromColumn(row.date)
		const history = byItem.get(row.menuItemId) ?? new Map<LocalDate, ClosingCountRow>()
		history.set(date, { date, made: row.made, leftOver: row.leftOver })
		byItem.set(row.menuItemId, history)
	}
	return byItem
}

/** The owner's counter quantities from `from` to `to`, key `menuItemId|date`. */
export async function readCounterOverrides(from: LocalDate, to: LocalDate) {
	const rows = await prisma.counterOverride.findMany({
		where: { date: { gte: dateColumn(from), lte: dateColumn(to) } },
		select: { menuItemId: true, date: true, quantity: true },
	})
	return new Map(rows.map((row) => [`${row.menuItemId}|${dateFromColumn(row.date)}`, row.quantity]))
}

/** Sets (or with null clears) the owner's counter quantity for an item on a date; false when the item is gone. */
export async function setCounterOverride(menuItemId: string, date: LocalDate, quantity: number | null, setBy: string) {
	try {
		if (quantity === null) {
			await prisma.counterOverride.deleteMany({ where: { menuItemId, date: dateColumn(date) } })
			return true
		}
		await prisma.counterOverride.upsert({
			where: { menuItemId_date: { menuItemId, date: dateColumn(date) } },
			create: { menuItemId, date: dateColumn(date), quantity, setBy },
			update: { quantity, setBy },
		})
		return true
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') return false
		throw error
	}
}

/** The items staff count at closing (those on the menu), with what was entered for `date`. */
export async function getClosingCountSheet(date: LocalDate) {
	const items = await prisma.menuItem.findMany({
		where: { orderable: true },
		orderBy: [{ category: 'asc' }, { sortOrder: 'asc' }, { name: 'asc' }],
		select: {
			id: true,
			name: true,
			closingCounts: { where: { date: dateColumn(date) }, select: { made: true, leftOver: true, enteredBy: true } },
		},
	})
	return items.map(({ closingCounts, ...item }) => ({ ...item, count: closingCounts[0] ?? null }))
}

export interface ClosingCountInput {
	menuItemId: string
	made: number
	leftOver: number
}

/** Writes the day's counts in one transaction (an item counted again is replaced); unknown items are skipped. */
export async function saveClosingCounts(date: LocalDate, counts: readonly ClosingCountInput[], enteredBy: string) {
	const known = new Set(
		(
			await prisma.menuItem.findMany({
				where: { id: { in: counts.map((count) => count.menuItemId) } },
				select: { id: true },
			})
		).map((item) => item.id),
	)
	const writes = counts
		.filter((count) => known.has(count.menuItemId))
		.map(({ menuItemId, made, leftOver }) =>
			prisma.closingCount.upsert({
				where: { menuItemId_date: { menuItemId, date: dateColumn(date) } },
				create: { menuItemId, date: dateColumn(date), made, leftOver, enteredBy },
				update: { made, leftOver, enteredBy },
			}),
		)
	await prisma.$transaction(writes)
	return writes.length
}

/** What `readProductionHeld` answers for: the lines (each alone, as the menu asks, or together as a cart), the pickup dates. */
export interface ProductionQuestion {
	lines: readonly ProductionLine[]
	alone: boolean
	/** In order, the first and last bound the read. */
	dates: readonly LocalDate[]
	closures: readonly ClosedDates[]
}

/**
 * What production holds for the steps of the lines' items and these pickup dates (decision 090): the steps and their
 * resources and the resources' held minutes on the production days those pickups need (one statement), then, only
 * when the lines could fill a resource day (`stepDaysNeedingTotals`; usually none), those steps' day totals. A
 * step for every line reads the item's held quantity (`ItemDayUsage`, every held order counted); an option step sums
 * that item's held lines with its choice.
 */
export async function readProductionHeld(question: ProductionQuestion): Promise<ProductionHeld> {
	const menuItemIds = [...new Set(question.lines.map((line) => line.menuItemId))]
	const from = question.dates[0]
	const to = question.dates.at(-1)
	if (menuItemIds.length === 0 || from === undefined || to === undefined) return noProductionHeld
	const [row] = await prisma.$queryRaw<
		Array<{
			steps: ProductionStepRule[] | null
			resources: Array<{ id: string; minutesByWeekday: number[] }> | null
			days: Array<{ resourceId: string; productionDate: LocalDate; minutes: number }> | null
		}>
	>`
		WITH steps AS (
			SELECT s."id", s."menuItemId", s."optionChoice", s."name", s."resourceId", s."minutesPerBatch", s."batchSize",
				s."daysBefore", s."sortOrder"
			FROM "ProductionStep" s
			WHERE s."menuItemId" = ANY(${menuItemIds}::text[])
		)
		SELECT
			(SELECT json_agg(steps ORDER BY "menuItemId", "sortOrder") FROM steps) AS "steps",
			(SELECT json_agg(json_build_object('id', r."id", 'minutesByWeekday', r."minutesByWeekday"))
				FROM "ProductionResource" r WHERE r."id" IN (SELECT "resourceId" FROM steps)) AS "resources",
			(SELECT json_agg(json_build_object('resourceId', d."resourceId", 'productionDate', d."productionDate",
					'minutes', d."minutes"))
				FROM "ProductionResourceDay" d
				WHERE d."resourceId" IN (SELECT "resourceId" FROM steps) AND d."minutes" > 0
					AND d."productionDate" BETWEEN ${dateColumn(from)}::date - (SELECT max("daysBefore") FROM steps)
						AND ${dateColumn(to)}::date) AS "days"`
	if (!row?.steps) return noProductionHeld
	const held = {
		resources: row.resources ?? [],
		steps: row.steps,
		minutesByResourceDay: new Map(
			(row.days ?? []).map((day) => [resourceDayKey(day.resourceId, day.productionDate), day.minutes]),
		),
	}
	const needed = stepDaysNeedingTotals(held, question.lines, question.dates, question.closures, question)
	return { ...held, quantityByStepPickup: await readStepDayTotals(row.steps, needed) }
}

/**
 * Each of these steps' day totals per pickup date from `from` to `to` (a superset of the step days asked: one range read
 * by each table's index costs less than a list of pairs).
 */
async function readStepDayTotals(
	steps: readonly ProductionStepRule[],
	stepDays: ReadonlyArray<{ stepId: string; pickupDate: LocalDate }>,
) {
	if (stepDays.length === 0) return new Map<string, number>()
	const wanted = new Set(stepDays.map((day) => day.stepId))
	const needed = steps.filter((step) => wanted.has(step.id))
	const dates = stepDays.map((day) => day.pickupDate).sort()
	const [from, to] = [dateColumn(dates[0]!), dateColumn(dates.at(-1)!)]
	const wholeItem = needed.filter((step) => step.optionChoice === '')
	const byOption = needed.filter((step) => step.optionChoice !== '')
	const [itemDays, optionDays] = await Promise.all([
		wholeItem.length === 0
			? []
			: prisma.$queryRaw<Array<{ menuItemId: string; pickupDate: Date; quantity: number }>>`
				SELECT u."menuItemId", u."pickupDate", u."quantity" FROM "ItemDayUsage" u
				WHERE u."menuItemId" = ANY(${[...new Set(wholeItem.map((step) => step.menuItemId))]}::text[])
					AND u."pickupDate" BETWEEN ${from}::date AND ${to}::date AND u."quantity" > 0`,
		byOption.length === 0
			? []
			: prisma.$queryRaw<Array<{ stepId: string; pickupDate: Date; quantity: number }>>`
				SELECT s."id" AS "stepId", l."pickupDate", l."quantity"
				FROM "ProductionStep" s
				CROSS JOIN LATERAL (
					SELECT o."pickupDate", sum(i."quantity")::integer AS "quantity"
					FROM "OrderItem" i
					JOIN "Order" o ON o."id" = i."orderId" AND o."capacityHeld"
					WHERE i."menuItemId" = s."menuItemId" AND o."pickupDate" BETWEEN ${from}::date AND ${to}::date
						AND EXISTS (SELECT 1 FROM jsonb_array_elements(i."options") AS e WHERE e ->> 'choice' = s."optionChoice")
					GROUP BY o."pickupDate"
				) AS l
				WHERE s."id" = ANY(${byOption.map((step) => step.id)}::text[])`,
	])
	const stepsOfItem = new Map<string, ProductionStepRule[]>()
	for (const step of wholeItem) stepsOfItem.set(step.menuItemId, [...(stepsOfItem.get(step.menuItemId) ?? []), step])
	const totals = new Map<string, number>()
	for (const row of itemDays) {
		const pickupDate = dateFromColumn(row.pickupDate)
		for (const step of stepsOfItem.get(row.menuItemId) ?? [])
			totals.set(stepPickupKey(step.id, pickupDate), row.quantity)
	}
	for (const row of optionDays) totals.set(stepPickupKey(row.stepId, dateFromColumn(row.pickupDate)), row.quantity)
	return totals
}
