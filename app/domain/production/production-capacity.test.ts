import { describe, expect, it } from 'vitest'
import { itemDayKey } from '~/domain/pickup/pickup-schedule'
import {
	heldWithoutLines,
	productionBlocker,
	productionFullForCart,
	productionFullPerItem,
	resourceDayKey,
	stepDaysNeedingTotals,
	stepPickupKey,
	type ProductionHeld,
} from './production-capacity'
import type { ProductionStepRule } from './production-plan'

// 2026-12-04 is a Friday, 2026-12-03 the Thursday before.
const friday = '2026-12-04'
const thursday = '2026-12-03'
const oven = { id: 'oven', minutesByWeekday: [0, 480, 480, 480, 480, 480, 120] }
const bench = { id: 'bench', minutesByWeekday: [0, 240, 240, 240, 240, 240, 240] }

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

const concha = step({ id: 'concha-bake', menuItemId: 'concha' })
const tresLechesBake = step({
	id: 'tl-bake',
	menuItemId: 'tres-leches',
	minutesPerBatch: 120,
	batchSize: 6,
	daysBefore: 1,
})
const tresLechesDecorate = step({
	id: 'tl-decorate',
	menuItemId: 'tres-leches',
	resourceId: 'bench',
	minutesPerBatch: 60,
	batchSize: 6,
})
const bigCake = step({ id: 'tl-10', menuItemId: 'tres-leches', optionChoice: '10″', minutesPerBatch: 45, batchSize: 1 })

function held(partial: Partial<ProductionHeld> = {}): ProductionHeld {
	return {
		resources: [oven, bench],
		steps: [concha, tresLechesBake, tresLechesDecorate, bigCake],
		minutesByResourceDay: new Map(),
		quantityByStepPickup: new Map(),
		...partial,
	}
}

const line = (menuItemId: string, quantity: number, choices: string[] = []) => ({ menuItemId, quantity, choices })

describe('production blocker', () => {
	it('counts whole batches of the day total: a concha that joins a started batch costs nothing', () => {
		const almostFull = held({
			minutesByResourceDay: new Map([[resourceDayKey('oven', friday), 480]]),
			quantityByStepPickup: new Map([[stepPickupKey('concha-bake', friday), 7]]),
		})
		// 7 held + 5 = 12: still one batch, no minute added to a full oven.
		expect(productionBlocker(almostFull, [line('concha', 5)], friday, [])).toBeUndefined()
		// 7 + 6 = 13: a second batch of 30 minutes does not fit.
		expect(productionBlocker(almostFull, [line('concha', 6)], friday, [])).toBe('concha')
	})

	it('fits exactly to the last minute, not one past it', () => {
		const at450 = held({ minutesByResourceDay: new Map([[resourceDayKey('oven', friday), 450]]) })
		expect(productionBlocker(at450, [line('concha', 12)], friday, [])).toBeUndefined()
		expect(productionBlocker(at450, [line('concha', 13)], friday, [])).toBe('concha')
	})

	it('puts a day-before step on the day before (and its weekday’s minutes)', () => {
		// Six tres leches for Friday: 120 oven minutes on Thursday, 60 bench minutes on Friday.
		const thursdayFull = held({ minutesByResourceDay: new Map([[resourceDayKey('oven', thursday), 400]]) })
		expect(productionBlocker(thursdayFull, [line('tres-leches', 6)], friday, [])).toBe('tres-leches')
		const fridayOvenFull = held({ minutesByResourceDay: new Map([[resourceDayKey('oven', friday), 480]]) })
		expect(productionBlocker(fridayOvenFull, [line('tres-leches', 6)], friday, [])).toBeUndefined()
		// Saturday pickup: baked Friday (480 minutes), decorated Saturday (bench 240).
		expect(productionBlocker(held(), [line('tres-leches', 24)], '2026-12-05', [])).toBeUndefined()
		expect(productionBlocker(held(), [line('tres-leches', 25)], '2026-12-05', [])).toBe('tres-leches')
	})

	it('adds the cart’s items up on a shared resource', () => {
		const at360 = held({ minutesByResourceDay: new Map([[resourceDayKey('oven', friday), 360]]) })
		// 4 batches of conchas (120) fit alone; with a 10″ tres leches (45 more on Friday's oven) they do not.
		expect(productionBlocker(at360, [line('concha', 48)], friday, [])).toBeUndefined()
		expect(productionBlocker(at360, [line('concha', 48), line('tres-leches', 1, ['10″'])], friday, [])).toBeDefined()
	})

	it('counts an option step only for lines with that choice', () => {
		const at450 = held({ minutesByResourceDay: new Map([[resourceDayKey('oven', friday), 450]]) })
		expect(productionBlocker(at450, [line('tres-leches', 1, ['8″'])], friday, [])).toBeUndefined()
		expect(productionBlocker(at450, [line('tres-leches', 1, ['10″'])], friday, [])).toBe('tres-leches')
	})

	it('has no minutes on a closure of the schedule or a weekday set to 0', () => {
		const closure = [{ startDate: thursday, endDate: thursday }]
		expect(productionBlocker(held(), [line('concha', 1)], thursday, closure)).toBe('concha')
		expect(productionBlocker(held(), [line('tres-leches', 1)], friday, closure)).toBe('tres-leches')
		expect(productionBlocker(held(), [line('concha', 1)], '2026-12-06', [])).toBe('concha') // Sunday: 0
	})

	it('lets an item without steps through, and refuses a step on a resource it does not know', () => {
		expect(productionBlocker(held(), [line('coffee', 40)], friday, [])).toBeUndefined()
		const orphan = held({ resources: [] })
		expect(productionBlocker(orphan, [line('concha', 1)], friday, [])).toBe('concha')
	})

	it('refuses only a cart that adds minutes to a day already over (the owner lowered it)', () => {
		const over = held({
			minutesByResourceDay: new Map([[resourceDayKey('oven', friday), 600]]),
			quantityByStepPickup: new Map([[stepPickupKey('concha-bake', friday), 1]]),
		})
		expect(productionBlocker(over, [line('concha', 11)], friday, [])).toBeUndefined()
		expect(productionBlocker(over, [line('concha', 12)], friday, [])).toBe('concha')
	})
})

describe('the dates a cart or an item leaves out', () => {
	const fullFriday = held({ minutesByResourceDay: new Map([[resourceDayKey('oven', friday), 480]]) })

	it('marks the item that rules each date out, for the pickup engine', () => {
		const full = productionFullForCart(fullFriday, [line('concha', 1), line('coffee', 2)], [thursday, friday], [])
		expect([...full]).toEqual([itemDayKey('concha', friday)])
	})

	it('asks for one of each item alone on the menu', () => {
		const full = productionFullPerItem(fullFriday, ['concha', 'tres-leches', 'coffee'], [friday], [])
		// A tres leches for Friday is baked on Thursday and decorated on Friday's bench: Friday's full oven is not its.
		expect([...full]).toEqual([itemDayKey('concha', friday)])
	})
})

describe('an order moving', () => {
	it('gives back its own units and the whole batches they alone needed', () => {
		const withOrder = held({
			minutesByResourceDay: new Map([[resourceDayKey('oven', friday), 480]]),
			quantityByStepPickup: new Map([[stepPickupKey('concha-bake', friday), 13]]),
		})
		const without = heldWithoutLines(withOrder, [line('concha', 1)], friday)
		expect(without.minutesByResourceDay.get(resourceDayKey('oven', friday))).toBe(450)
		expect(without.quantityByStepPickup.get(stepPickupKey('concha-bake', friday))).toBe(12)
		// The order moving to another time on the same day fits again where it was.
		expect(productionBlocker(without, [line('concha', 1)], friday, [])).toBeUndefined()
		expect(productionBlocker(withOrder, [line('concha', 1)], friday, [])).toBeUndefined()
		expect(productionBlocker(withOrder, [line('concha', 12)], friday, [])).toBe('concha')
	})

	it('frees nothing when its units shared a batch with others', () => {
		const withOrder = held({
			minutesByResourceDay: new Map([[resourceDayKey('oven', friday), 480]]),
			quantityByStepPickup: new Map([[stepPickupKey('concha-bake', friday), 10]]),
		})
		const without = heldWithoutLines(withOrder, [line('concha', 2)], friday)
		expect(without.minutesByResourceDay.get(resourceDayKey('oven', friday))).toBe(480)
	})
})

describe('reading only the day totals that can matter', () => {
	/** A small deterministic generator (no dependency): the same cases on every run. */
	function random(seed: number) {
		let state = seed
		return (below: number) => {
			state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
			return state % below
		}
	}
	const dates = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']

	it('answers every cart and every item alone as the full read does, over 300 seeded cases', () => {
		let refused = 0
		for (let seed = 1; seed <= 300; seed++) {
			const next = random(seed)
			const steps = Array.from({ length: 6 }, (_, index) =>
				step({
					id: `s${index}`,
					menuItemId: `item${index % 4}`,
					resourceId: index % 2 === 0 ? 'oven' : 'bench',
					minutesPerBatch: 10 + next(50),
					batchSize: 1 + next(12),
					daysBefore: next(2),
					optionChoice: index === 5 ? '10″' : '',
				}),
			)
			const full = held({
				steps,
				minutesByResourceDay: new Map(
					['2026-11-30', ...dates].flatMap((date) => [
						[resourceDayKey('oven', date), next(520)] as const,
						[resourceDayKey('bench', date), next(260)] as const,
					]),
				),
				quantityByStepPickup: new Map(
					steps.flatMap((entry) => dates.map((date) => [stepPickupKey(entry.id, date), next(30)] as const)),
				),
			})
			const closures = next(4) === 0 ? [{ startDate: dates[2]!, endDate: dates[2]! }] : []
			const cart = Array.from({ length: 1 + next(3) }, () =>
				line(`item${next(5)}`, 1 + next(20), next(2) ? ['10″'] : []),
			)
			const partial = (lines: typeof cart, alone: boolean) => {
				const needed = new Set(
					stepDaysNeedingTotals(full, lines, dates, closures, { alone }).map((day) =>
						stepPickupKey(day.stepId, day.pickupDate),
					),
				)
				return {
					...full,
					quantityByStepPickup: new Map([...full.quantityByStepPickup].filter(([key]) => needed.has(key))),
				}
			}
			const answer = productionFullForCart(full, cart, dates, closures)
			expect(productionFullForCart(partial(cart, false), cart, dates, closures), `seed ${seed}`).toEqual(answer)
			refused += answer.size
			const items = ['item0', 'item1', 'item2', 'item3', 'item4']
			const each = items.map((menuItemId) => line(menuItemId, 1))
			expect(productionFullPerItem(partial(each, true), items, dates, closures), `seed ${seed}`).toEqual(
				productionFullPerItem(full, items, dates, closures),
			)
		}
		// The generator must fill some days and leave others.
		expect(refused).toBeGreaterThan(100)
		expect(refused).toBeLessThan(300 * dates.length)
	})

	it('reads none when every resource day has room for the most the lines could add', () => {
		expect(stepDaysNeedingTotals(held(), [line('concha', 12)], [friday], [], { alone: false })).toEqual([])
		const at460 = held({ minutesByResourceDay: new Map([[resourceDayKey('oven', friday), 460]]) })
		// Twelve conchas could add a 30-minute batch: 490 > 480, so Friday's concha total is needed.
		expect(stepDaysNeedingTotals(at460, [line('concha', 12)], [friday], [], { alone: false })).toEqual([
			{ stepId: 'concha-bake', pickupDate: friday },
		])
	})
})
