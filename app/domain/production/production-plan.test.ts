import { describe, expect, it } from 'vitest'
import { instantAt } from '~/domain/pickup/pickup-schedule'
import {
	batchesFor,
	capacityOn,
	convertQuantity,
	formatQuantity,
	ingredientsFor,
	minutesPerResourceDay,
	parseMilliQuantity,
	scheduleProductionDay,
	scheduleTimeLabel,
	stepDemands,
	sumIngredients,
	type DemandLine,
	type ProductionStepRule,
	type ResourceRule,
} from './production-plan'

const zone = 'America/Los_Angeles'
const oven: ResourceRule = {
	id: 'oven',
	name: 'Oven 1',
	minutesByWeekday: [0, 480, 480, 480, 480, 480, 480],
	startsAt: '06:00',
}
const bench: ResourceRule = {
	id: 'bench',
	name: 'Decorating bench',
	minutesByWeekday: [0, 240, 240, 240, 240, 240, 240],
	startsAt: '08:00',
}

function step(
	partial: Partial<ProductionStepRule> & Pick<ProductionStepRule, 'id' | 'menuItemId'>,
): ProductionStepRule {
	return {
		optionChoice: '',
		name: 'Bake',
		resourceId: 'oven',
		minutesPerBatch: 30,
		batchSize: 12,
		daysBefore: 0,
		sortOrder: 0,
		...partial,
	}
}
function line(
	menuItemId: string,
	quantity: number,
	pickupDate: string,
	time: string | null,
	choices: string[] = [],
): DemandLine {
	return { menuItemId, quantity, choices, pickupDate, pickupAt: time ? instantAt(pickupDate, time, zone) : null }
}

describe('batches', () => {
	it('makes whole batches from the day total', () => {
		expect(batchesFor(0, 12)).toBe(0)
		expect(batchesFor(7, 12)).toBe(1)
		expect(batchesFor(12, 12)).toBe(1)
		expect(batchesFor(13, 12)).toBe(2)
	})

	it('batches the day total, not each order', () => {
		const conchas = step({ id: 's1', menuItemId: 'concha' })
		const lines = [line('concha', 7, '2026-12-04', '09:00'), line('concha', 6, '2026-12-04', '10:00')]
		const [demand] = stepDemands(lines, [conchas])
		expect(demand).toMatchObject({ quantity: 13, batches: 2, minutes: 60, productionDate: '2026-12-04' })
	})

	it('counts minutes per resource and production day, the day before for a step done the day before', () => {
		const steps = [
			step({ id: 'bake', menuItemId: 'tres-leches', minutesPerBatch: 60, batchSize: 2, daysBefore: 1 }),
			step({
				id: 'decorate',
				menuItemId: 'tres-leches',
				resourceId: 'bench',
				minutesPerBatch: 20,
				batchSize: 1,
				sortOrder: 1,
			}),
			step({
				id: 'bake-10',
				menuItemId: 'tres-leches',
				optionChoice: '10″',
				minutesPerBatch: 15,
				batchSize: 1,
				daysBefore: 1,
				sortOrder: 2,
			}),
		]
		const lines = [
			line('tres-leches', 3, '2026-12-05', '11:00', ['10″']),
			line('tres-leches', 3, '2026-12-05', '15:00', ['8″']),
		]
		expect(Object.fromEntries(minutesPerResourceDay(lines, steps))).toEqual({
			// 6 cakes in batches of 2 = 3 × 60, plus three 10″ cakes × 15
			'oven|2026-12-04': 180 + 45,
			'bench|2026-12-05': 6 * 20,
		})
	})
})

describe('capacity', () => {
	it('takes the weekday minutes and none on a closure', () => {
		expect(capacityOn(oven, '2026-12-04', [])).toBe(480) // a Friday
		expect(capacityOn(oven, '2026-12-06', [])).toBe(0) // a Sunday
		expect(capacityOn(oven, '2026-12-25', [{ startDate: '2026-12-24', endDate: '2026-12-26' }])).toBe(0)
	})
})

describe('scheduling backwards from pickups', () => {
	it('ends the last batch at its pickup and each earlier batch when the next starts', () => {
		const conchas = step({ id: 'c', menuItemId: 'concha', minutesPerBatch: 40 })
		const lines = [line('concha', 12, '2026-12-04', '08:00'), line('concha', 12, '2026-12-04', '09:00')]
		const [schedule] = scheduleProductionDay('2026-12-04', stepDemands(lines, [conchas]), [oven], [], zone)
		const times = schedule!.batches.map((batch) => [
			scheduleTimeLabel(batch.startsAt, '2026-12-04', zone),
			scheduleTimeLabel(batch.endsAt, '2026-12-04', zone),
		])
		expect(times).toEqual([
			['07:20', '08:00'],
			['08:20', '09:00'],
		])
		expect(schedule!.usedMinutes).toBe(80)
		expect(schedule!.batches.every((batch) => !batch.beforeDayStart)).toBe(true)
	})

	it('pushes earlier batches back when two are due at once, and flags a start before the resource’s day', () => {
		const conchas = step({ id: 'c', menuItemId: 'concha', minutesPerBatch: 60 })
		const lines = [line('concha', 36, '2026-12-04', '07:00')]
		const [schedule] = scheduleProductionDay('2026-12-04', stepDemands(lines, [conchas]), [oven], [], zone)
		expect(schedule!.batches.map((batch) => scheduleTimeLabel(batch.startsAt, '2026-12-04', zone))).toEqual([
			'04:00',
			'05:00',
			'06:00',
		])
		expect(schedule!.batches.map((batch) => batch.beforeDayStart)).toEqual([true, true, false])
	})

	it('crosses midnight into the previous evening with the date shown', () => {
		const loaves = step({ id: 'l', menuItemId: 'bread', minutesPerBatch: 120, batchSize: 10 })
		const lines = [line('bread', 30, '2026-12-04', '02:00')]
		const [schedule] = scheduleProductionDay('2026-12-04', stepDemands(lines, [loaves]), [oven], [], zone)
		expect(schedule!.batches.map((batch) => scheduleTimeLabel(batch.startsAt, '2026-12-04', zone))).toEqual([
			'2026-12-03 20:00',
			'2026-12-03 22:00',
			'00:00',
		])
	})

	it('counts real minutes across the autumn DST change (01:00 happens twice)', () => {
		// 2026-11-01: clocks go from 02:00 PDT back to 01:00 PST.
		const loaves = step({ id: 'l', menuItemId: 'bread', minutesPerBatch: 90, batchSize: 10 })
		const lines = [line('bread', 20, '2026-11-01', '03:00')]
		const [schedule] = scheduleProductionDay('2026-11-01', stepDemands(lines, [loaves]), [oven], [], zone)
		const [first, second] = schedule!.batches
		expect(second!.endsAt.getTime() - first!.startsAt.getTime()).toBe(180 * 60_000)
		// 03:00 PST minus 3 real hours is 01:00 PDT, the first of the two 01:00s.
		expect(first!.startsAt.toISOString()).toBe('2026-11-01T08:00:00.000Z')
		expect(scheduleTimeLabel(first!.startsAt, '2026-11-01', zone)).toBe('01:00')
		expect(scheduleTimeLabel(second!.startsAt, '2026-11-01', zone)).toBe('01:30')
	})

	it('across the spring DST change a 02:30 start does not exist: 90 minutes before 04:00 is 01:30', () => {
		const loaves = step({ id: 'l', menuItemId: 'bread', minutesPerBatch: 90, batchSize: 10 })
		const lines = [line('bread', 10, '2027-03-14', '04:00')]
		const [schedule] = scheduleProductionDay('2027-03-14', stepDemands(lines, [loaves]), [oven], [], zone)
		expect(scheduleTimeLabel(schedule!.batches[0]!.startsAt, '2027-03-14', zone)).toBe('01:30')
	})

	it('fits a step done the day before into the end of that day, and the item’s earlier step before its later one', () => {
		const steps = [
			step({ id: 'bake', menuItemId: 'cake', minutesPerBatch: 60, batchSize: 1, daysBefore: 1 }),
			step({ id: 'mix', menuItemId: 'bun', resourceId: 'bench', minutesPerBatch: 20, batchSize: 12, sortOrder: 0 }),
			step({ id: 'bun-bake', menuItemId: 'bun', minutesPerBatch: 30, batchSize: 12, sortOrder: 1 }),
		]
		const lines = [line('cake', 1, '2026-12-05', '10:00'), line('bun', 12, '2026-12-04', '10:00')]
		const schedules = scheduleProductionDay('2026-12-04', stepDemands(lines, steps), [oven, bench], [], zone)
		const [ovenDay, benchDay] = schedules
		const label = (instant: Date) => scheduleTimeLabel(instant, '2026-12-04', zone)
		// The oven's day is 06:00–14:00: the cake for tomorrow ends at 14:00; the buns at their 10:00 pickup.
		expect(ovenDay!.batches.map((batch) => [batch.stepId, label(batch.startsAt), label(batch.endsAt)])).toEqual([
			['bun-bake', '09:30', '10:00'],
			['bake', '13:00', '14:00'],
		])
		// Mixing ends before baking starts: 10:00 less the 30 minutes in the oven.
		expect(benchDay!.batches.map((batch) => [label(batch.startsAt), label(batch.endsAt)])).toEqual([['09:10', '09:30']])
	})

	it('shows a closed day with no minutes', () => {
		const conchas = step({ id: 'c', menuItemId: 'concha' })
		const lines = [line('concha', 5, '2026-12-25', '09:00')]
		const [schedule] = scheduleProductionDay(
			'2026-12-25',
			stepDemands(lines, [conchas]),
			[oven],
			[{ startDate: '2026-12-25', endDate: '2026-12-25' }],
			zone,
		)
		expect(schedule).toMatchObject({ closed: true, capacityMinutes: 0, usedMinutes: 30 })
	})
})

describe('units', () => {
	it('converts exactly within a dimension and never between them', () => {
		expect(convertQuantity({ milli: 1500, unit: 'kg' }, 'g')).toEqual({ milli: 1_500_000, unit: 'g' })
		expect(convertQuantity({ milli: 250_000, unit: 'ml' }, 'l')).toEqual({ milli: 250, unit: 'l' })
		expect(convertQuantity({ milli: 1000, unit: 'g' }, 'ml')).toBeNull()
		expect(convertQuantity({ milli: 1000, unit: 'each' }, 'g')).toBeNull()
	})

	it('sums the same ingredient across units and items, keeping grams and millilitres apart', () => {
		const summed = sumIngredients([
			{ name: 'Flour', quantity: { milli: 1_500_000, unit: 'g' } },
			{ name: 'flour', quantity: { milli: 1000, unit: 'kg' } },
			{ name: 'Milk', quantity: { milli: 400_000, unit: 'ml' } },
			{ name: 'Milk', quantity: { milli: 200_000, unit: 'g' } },
			{ name: 'Eggs', quantity: { milli: 6000, unit: 'each' } },
		])
		expect(summed.map((need) => `${need.name}: ${formatQuantity(need.quantity)}`)).toEqual([
			'Eggs: 6 each',
			'Flour: 2.5 kg',
			'Milk: 200 g',
			'Milk: 400 ml',
		])
	})

	it('weighs out whole recipe batches for the day’s total', () => {
		const needs = ingredientsFor(new Map([['concha', 13]]), [
			{ menuItemId: 'concha', name: 'Flour', milliQuantityPerBatch: 1_000_000, unit: 'g', batchSize: 12 },
			{ menuItemId: 'other', name: 'Flour', milliQuantityPerBatch: 1_000_000, unit: 'g', batchSize: 12 },
		])
		expect(needs.map((need) => formatQuantity(need.quantity))).toEqual(['2 kg'])
	})

	it('reads the owner’s quantities as thousandths', () => {
		expect(parseMilliQuantity('1.5')).toBe(1500)
		expect(parseMilliQuantity('250')).toBe(250_000)
		expect(parseMilliQuantity('0,125')).toBe(125)
		expect(parseMilliQuantity('0')).toBeNull()
		expect(parseMilliQuantity('1.2345')).toBeNull()
		expect(parseMilliQuantity('-1')).toBeNull()
	})
})
