import { listCakesForPickupDate, listHeldCakeSteps } from '~/domain/cake-quotes/index.server'
import { getAdminPickupSchedule } from '~/domain/pickup/index.server'
import { addLocalDays, instantAt, type LocalDate } from '~/domain/pickup/pickup-schedule'
import { forecastCounterSales, recentForecastError } from './counter-forecast'
import {
	readClosingCounts,
	readCounterOverrides,
	readPaidDemand,
	readProductionModel,
} from './models/production.server'
import {
	ingredientsFor,
	isClosedOn,
	scheduleProductionDay,
	stepDemands,
	type DemandLine,
	type ProductionStepRule,
	type StepDemand,
} from './production-plan'

/** How far back the forecast reads closing counts (its 4 same weekdays, closures skipped). */
const HISTORY_DAYS = 12 * 7

/** The counter line of one item on one selling day: the forecast, the owner's own number, what was preordered. */
interface CounterPlan {
	menuItemId: string
	name: string
	date: LocalDate
	preordered: number
	forecast: number | null
	/** Mean absolute error of the forecast over the last 4 counted same weekdays; null until there are some. */
	recentError: number | null
	override: number | null
	/** What goes on the counter: the owner's number, else the forecast, else nothing. */
	counter: number
}

/**
 * The bake sheet of a production day (decisions 082, 083): each step's day total from the paid orders to collect on
 * the days it serves (that day, or later for a step done days before) plus the counter quantity for those days,
 * in whole batches; each resource's schedule worked backwards from the pickups (counter items are due when the
 * shop opens); the ingredients to weigh out for the items whose first step is that day; the counter plan of the day;
 * and the booked custom cakes to collect that day and the next. The custom cakes holding minutes that day (decision
 * 089) go on their resources' schedules, a row per cake, due by its pickup (by the day's end for work done before).
 */
export async function getBakeSheet(date: LocalDate, timeZone: string) {
	const model = await readProductionModel()
	const lastDay = addLocalDays(date, Math.max(0, ...model.steps.map((step) => step.daysBefore)))
	const historyFrom = addLocalDays(date, -HISTORY_DAYS)
	const [schedule, demand, history, overrides, cakesToday, cakesTomorrow, cakeSteps] = await Promise.all([
		getAdminPickupSchedule(historyFrom),
		readPaidDemand(date, lastDay),
		readClosingCounts(historyFrom, addLocalDays(date, -1)),
		readCounterOverrides(date, lastDay),
		listCakesForPickupDate(date),
		listCakesForPickupDate(addLocalDays(date, 1)),
		listHeldCakeSteps(date),
	])
	const closures = schedule.closures
	const names = new Map(model.items.map((item) => [item.id, item.name]))
	const countedItems = model.items.filter((item) => item.orderable || history.has(item.id))

	const preorderedByItemDay = new Map<string, number>()
	for (const line of demand) {
		const key = `${line.menuItemId}|${line.pickupDate}`
		preorderedByItemDay.set(key, (preorderedByItemDay.get(key) ?? 0) + line.quantity)
	}

	const counterPlans: CounterPlan[] = []
	for (let sellDate = date; sellDate <= lastDay; sellDate = addLocalDays(sellDate, 1)) {
		for (const item of countedItems) {
			const itemHistory = history.get(item.id) ?? new Map()
			const preordered = preorderedByItemDay.get(`${item.id}|${sellDate}`) ?? 0
			const closed = isClosedOn(sellDate, closures)
			const forecast = closed ? null : forecastCounterSales(sellDate, itemHistory, closures)
			const override = overrides.get(`${item.id}|${sellDate}`) ?? null
			counterPlans.push({
				menuItemId: item.id,
				name: item.name,
				date: sellDate,
				preordered,
				forecast,
				recentError: recentForecastError(sellDate, itemHistory, closures),
				override,
				counter: closed ? 0 : (override ?? forecast ?? 0),
			})
		}
	}

	const counterLines: DemandLine[] = counterPlans
		.filter((plan) => plan.counter > 0)
		.map((plan) => ({
			menuItemId: plan.menuItemId,
			quantity: plan.counter,
			choices: [],
			pickupDate: plan.date,
			pickupAt: shopOpensAt(plan.date, schedule, timeZone),
		}))
	const demands = stepDemands([...demand, ...counterLines], model.steps).filter(
		(entry) => entry.productionDate === date,
	)
	const cakeDemands = cakeSteps.map((cake) => cakeStepDemand(date, cake))
	for (const cake of cakeSteps) names.set(cakeItemId(cake.request.id), cakeName(cake.request))
	const resources = scheduleProductionDay(date, [...demands, ...cakeDemands], model.resources, closures, timeZone)

	// Ingredients are weighed out on the day of an item's first step (the one done the most days ahead).
	const firstSteps = new Map<string, ProductionStepRule>()
	for (const step of model.steps) {
		const first = firstSteps.get(step.menuItemId)
		if (
			!first ||
			step.daysBefore > first.daysBefore ||
			(step.daysBefore === first.daysBefore && step.sortOrder < first.sortOrder)
		)
			firstSteps.set(step.menuItemId, step)
	}
	const weighedToday = new Map<string, number>()
	for (const entry of demands) {
		if (firstSteps.get(entry.step.menuItemId)?.id === entry.step.id)
			weighedToday.set(entry.step.menuItemId, entry.quantity)
	}

	return {
		closed: isClosedOn(date, closures),
		steps: demands
			.map((entry) => ({
				stepId: entry.step.id,
				menuItemId: entry.step.menuItemId,
				item: names.get(entry.step.menuItemId) ?? '',
				step: entry.step.name,
				optionChoice: entry.step.optionChoice,
				resourceId: entry.step.resourceId,
				forDate: addLocalDays(date, entry.step.daysBefore),
				quantity: entry.quantity,
				batches: entry.batches,
				batchSize: entry.step.batchSize,
				minutes: entry.minutes,
			}))
			.sort((a, b) => a.item.localeCompare(b.item, 'en') || a.step.localeCompare(b.step, 'en')),
		resources: resources.map((entry) => ({
			...entry,
			name: model.resources.find((resource) => resource.id === entry.resourceId)?.name ?? '',
			batches: entry.batches.map((batch) => ({ ...batch, item: names.get(batch.menuItemId) ?? '' })),
		})),
		ingredients: ingredientsFor(weighedToday, model.recipes),
		counter: counterPlans.filter(
			(plan) => plan.date === date && (plan.preordered > 0 || plan.forecast !== null || plan.override !== null),
		),
		cakes: [...cakesToday, ...cakesTomorrow],
	}
}

type HeldCakeStep = Awaited<ReturnType<typeof listHeldCakeSteps>>[number]

const cakeItemId = (requestId: string) => `cake:${requestId}`

function cakeName(request: HeldCakeStep['request']) {
	return `Custom cake for ${request.name} (${request.type}, ${request.size})`
}

/** A held cake's work on a resource as the schedule places it: one batch of its minutes, due by its pickup. */
function cakeStepDemand(productionDate: LocalDate, cake: HeldCakeStep): StepDemand {
	return {
		step: {
			id: `${cakeItemId(cake.request.id)}:${cake.resourceId}`,
			menuItemId: cakeItemId(cake.request.id),
			optionChoice: '',
			name: 'Custom cake',
			resourceId: cake.resourceId,
			minutesPerBatch: cake.minutes,
			batchSize: 1,
			daysBefore: cake.daysBefore,
			sortOrder: 0,
		},
		productionDate,
		quantity: 1,
		batches: 1,
		minutes: cake.minutes,
		pickups: [cake.request.pickupAt],
	}
}

/** When the shop opens on `date` (its special hours, else the weekday's); the start of the day when it has none. */
function shopOpensAt(date: LocalDate, schedule: Awaited<ReturnType<typeof getAdminPickupSchedule>>, timeZone: string) {
	const special = schedule.specialHours.find((hours) => hours.date === date)
	const weekday = new Date(`${date}T12:00:00Z`).getUTCDay()
	const opensAt =
		special?.opensAt ?? schedule.weeklyHours.find((hours) => hours.weekday === weekday)?.opensAt ?? '00:00'
	return instantAt(date, opensAt, timeZone)
}

export type BakeSheet = Awaited<ReturnType<typeof getBakeSheet>>
