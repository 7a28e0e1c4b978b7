import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import { describe, expect, it } from 'vitest'
import {
	addLocalDays,
	checkPickupSlot,
	defaultPickupSettings,
	instantAt,
	isLocalDate,
	isWallTime,
	itemAvailability,
	itemsAvailability,
	itemDayKey,
	localDateOf,
	pickupDays,
	wallTimeOf,
	weekdayOf,
	type CapacityUsage,
	type DayHours,
	type PickupItemRules,
	type PickupSchedule,
} from './pickup-schedule'

const zone = 'America/Los_Angeles'

/** The bakery's real week: Tue–Fri 07:00–18:00, Sat 08:00–17:00, Sun 08:00–14:00, closed Mondays. */
const bakery: PickupSchedule = {
	...defaultPickupSettings,
	weeklyHours: [
		...[2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '07:00', closesAt: '18:00' })),
		{ weekday: 6, opensAt: '08:00', closesAt: '17:00' },
		{ weekday: 0, opensAt: '08:00', closesAt: '14:00' },
	],
	closures: [],
	specialHours: [],
}

function everyDay(hours: DayHours, settings: Partial<PickupSchedule> = {}): PickupSchedule {
	const weeklyHours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, ...hours }))
	return { ...bakery, weeklyHours, ...settings }
}

const noUsage: CapacityUsage = { ordersBySlot: new Map(), quantityByItemDay: new Map() }

function item(menuItemId: string, rules: Partial<PickupItemRules> = {}): PickupItemRules {
	return {
		menuItemId,
		quantity: 1,
		leadMinutes: null,
		dailyLimit: null,
		availableFrom: null,
		availableUntil: null,
		...rules,
	}
}

/** `now` as a bakery-local date and time. */
const at = (date: string, time: string) => instantAt(date, time, zone)

function dayOn(days: ReturnType<typeof pickupDays>, date: string) {
	const day = days.find((candidate) => candidate.date === date)
	if (!day) throw new Error(`${date} is not in the horizon`)
	return day
}

const firstAvailable = (days: ReturnType<typeof pickupDays>) => {
	const day = days.find((candidate) => candidate.available)
	return { date: day?.date, time: day?.slots.find((slot) => slot.available)?.time }
}

describe('time helpers', () => {
	it('read an instant as the bakery’s date and wall time', () => {
		expect(localDateOf('2026-11-25T07:30:00Z', zone)).toBe('2026-11-24')
		expect(wallTimeOf('2026-11-25T07:30:00Z', zone)).toBe('23:30')
		expect(localDateOf(new Date('2026-07-04T19:05:00Z'), zone)).toBe('2026-07-04')
		expect(wallTimeOf(new Date('2026-07-04T19:05:00Z'), zone)).toBe('12:05')
	})

	it.each([
		['winter (PST)', '2026-11-24', '09:00', '2026-11-24T17:00:00.000Z'],
		['summer (PDT)', '2027-07-04', '09:00', '2027-07-04T16:00:00.000Z'],
		['the spring-forward gap moves forward (02:30 → 03:30 PDT)', '2027-03-14', '02:30', '2027-03-14T10:30:00.000Z'],
		['the fall-back overlap is the earlier 01:30 (PDT)', '2026-11-01', '01:30', '2026-11-01T08:30:00.000Z'],
		['the 2027 fall-back overlap is the earlier one too', '2027-11-07', '01:30', '2027-11-07T08:30:00.000Z'],
		['24:00 is the next midnight', '2026-11-24', '24:00', '2026-11-25T08:00:00.000Z'],
		['24:00 on fall back is midnight PST', '2026-11-01', '24:00', '2026-11-02T08:00:00.000Z'],
	])('instantAt: %s', (_label, date, time, instant) => {
		expect(instantAt(date, time, zone).toISOString()).toBe(instant)
	})

	it('rejects what is not a date, a time or a zone', () => {
		expect(() => instantAt('2026-02-30', '09:00', zone)).toThrow(RangeError)
		expect(() => instantAt('2026-11-24', '9:00', zone)).toThrow(RangeError)
		expect(() => instantAt('2026-11-24', '24:30', zone)).toThrow(RangeError)
		expect(() => instantAt('2026-11-24', '09:00', 'Mars/Olympus')).toThrow(RangeError)
		expect([isWallTime('00:00'), isWallTime('23:59'), isWallTime('24:00'), isWallTime('24:01')]).toEqual([
			true,
			true,
			true,
			false,
		])
		expect([isLocalDate('2028-02-29'), isLocalDate('2027-02-29'), isLocalDate('2026-1-05')]).toEqual([
			true,
			false,
			false,
		])
	})

	it('weekdayOf and addLocalDays count calendar days, not hours', () => {
		expect(weekdayOf('2026-11-23')).toBe(1)
		expect(weekdayOf('2026-11-01')).toBe(0)
		expect(weekdayOf('2027-03-14')).toBe(0)
		expect(addLocalDays('2026-12-28', 5)).toBe('2027-01-02')
		expect(addLocalDays('2026-10-31', 1)).toBe('2026-11-01')
		expect(addLocalDays('2028-03-01', -1)).toBe('2028-02-29')
		expect(itemDayKey('cake', '2026-11-24')).toBe('cake|2026-11-24')
	})
})

describe('daylight saving time change days', () => {
	const allNight = everyDay({ opensAt: '00:00', closesAt: '04:00' }, { minLeadMinutes: 0 })
	const slotsOn = (date: string) =>
		dayOn(pickupDays(allNight, [], noUsage, at(addLocalDays(date, -3), '12:00')), date).slots

	it('fall back 2026-11-01: 00:00–04:00 is five hours, 20 slots, 01:00–01:45 twice (PDT, then PST)', () => {
		const slots = slotsOn('2026-11-01')
		expect(slots).toHaveLength(20)
		expect(slots[0]).toMatchObject({ start: '2026-11-01T07:00:00.000Z', time: '00:00', available: true })
		expect(slots.filter((slot) => slot.time === '01:00').map((slot) => slot.start)).toEqual([
			'2026-11-01T08:00:00.000Z',
			'2026-11-01T09:00:00.000Z',
		])
		expect(slots.at(-1)).toMatchObject({ start: '2026-11-01T11:45:00.000Z', time: '03:45' })
		expect(new Set(slots.map((slot) => slot.start)).size).toBe(20)
	})

	it('spring forward 2027-03-14: 00:00–04:00 is three hours, 12 slots, no 02:xx', () => {
		const slots = slotsOn('2027-03-14')
		expect(slots).toHaveLength(12)
		expect(slots.some((slot) => slot.time.startsWith('02:'))).toBe(false)
		expect(slots.find((slot) => slot.time === '01:45')?.start).toBe('2027-03-14T09:45:00.000Z')
		expect(slots.find((slot) => slot.time === '03:00')?.start).toBe('2027-03-14T10:00:00.000Z')
	})

	it('fall back 2027-11-07: 20 slots; an ordinary night has 16', () => {
		expect(slotsOn('2027-11-07')).toHaveLength(20)
		expect(slotsOn('2027-11-06')).toHaveLength(16)
		expect(slotsOn('2027-11-08')).toHaveLength(16)
	})

	it.each([
		['2026-10-31', '2026-10-31T15:00:00.000Z', '2026-11-01', '2026-11-01T16:00:00.000Z'],
		['2027-03-13', '2027-03-13T16:00:00.000Z', '2027-03-14', '2027-03-14T15:00:00.000Z'],
		['2027-11-06', '2027-11-06T15:00:00.000Z', '2027-11-07', '2027-11-07T16:00:00.000Z'],
	])(
		'opening slots carry the right UTC offset either side of the change (%s)',
		(before, beforeStart, day, dayStart) => {
			const days = pickupDays(bakery, [], noUsage, at(addLocalDays(before, -1), '12:00'))
			expect(dayOn(days, before).slots[0]).toMatchObject({ start: beforeStart, time: '08:00' })
			expect(dayOn(days, day).slots[0]).toMatchObject({ start: dayStart, time: '08:00' })
			expect(dayOn(days, day).slots).toHaveLength(24)
		},
	)

	it('a slot in the repeated hour is checked by its instant, not its wall time', () => {
		const now = at('2026-10-29', '12:00')
		const usage: CapacityUsage = { ...noUsage, ordersBySlot: new Map([['2026-11-01T08:30:00.000Z', 6]]) }
		const slots = dayOn(pickupDays(allNight, [], usage, now), '2026-11-01').slots.filter((s) => s.time === '01:30')
		expect(slots.map((slot) => slot.reason)).toEqual(['fully-booked', null])
		expect(checkPickupSlot(allNight, [], usage, now, '2026-11-01T09:30:00.000Z')).toEqual({
			ok: true,
			date: '2026-11-01',
			time: '01:30',
		})
	})
})

describe('midnight', () => {
	const lateNight = everyDay({ opensAt: '20:00', closesAt: '24:00' }, { minLeadMinutes: 0 })

	it('hours closing at 24:00 end with a 23:45 slot that starts the next UTC day', () => {
		const day = dayOn(pickupDays(lateNight, [], noUsage, at('2026-11-24', '12:00')), '2026-11-24')
		expect(day.slots).toHaveLength(16)
		expect(day.slots.at(-1)).toMatchObject({ start: '2026-11-25T07:45:00.000Z', time: '23:45', available: true })
	})

	it('one minute before midnight the day is still today (and over); one minute after, the new day is today', () => {
		const before = pickupDays(lateNight, [], noUsage, new Date('2026-11-25T07:59:00Z'))
		expect(before).toHaveLength(14)
		expect(before[0]).toMatchObject({ date: '2026-11-24', available: false, reason: 'too-soon' })
		expect(before.at(-1)?.date).toBe('2026-12-07')

		const after = pickupDays(lateNight, [], noUsage, new Date('2026-11-25T08:01:00Z'))
		expect(after).toHaveLength(14)
		expect(after[0]).toMatchObject({ date: '2026-11-25', available: true })
		expect(after[0]?.slots[0]).toMatchObject({ time: '20:00', available: true })
		expect(after.at(-1)?.date).toBe('2026-12-08')
	})

	it('the server refuses a slot of a day that is no longer in the horizon', () => {
		const now = new Date('2026-11-25T08:01:00Z')
		expect(checkPickupSlot(lateNight, [], noUsage, now, '2026-11-25T07:45:00.000Z')).toEqual({
			ok: false,
			reason: 'too-soon',
		})
		expect(checkPickupSlot(lateNight, [], noUsage, now, '2026-12-10T04:00:00.000Z')).toEqual({
			ok: false,
			reason: 'beyond-horizon',
		})
	})
})

describe('closures and special hours', () => {
	const thanksgiving: PickupSchedule = {
		...bakery,
		closures: [{ startDate: '2026-11-26', endDate: '2026-11-28', note: 'Closed for Thanksgiving' }],
		specialHours: [
			{ date: '2026-11-24', opensAt: '10:00', closesAt: '12:00' },
			{ date: '2026-11-30', opensAt: '09:00', closesAt: '11:00' },
			{ date: '2026-11-27', opensAt: '09:00', closesAt: '11:00' },
		],
	}
	const days = pickupDays(thanksgiving, [], noUsage, at('2026-11-23', '08:00'))

	it('a closure spanning several days closes each of them with its note', () => {
		for (const date of ['2026-11-26', '2026-11-27', '2026-11-28']) {
			expect(dayOn(days, date)).toEqual({
				date,
				available: false,
				reason: 'closed',
				note: 'Closed for Thanksgiving',
				slots: [],
			})
		}
		expect(dayOn(days, '2026-11-25').available).toBe(true)
		expect(dayOn(days, '2026-11-29').available).toBe(true)
		expect(
			checkPickupSlot(thanksgiving, [], noUsage, at('2026-11-23', '08:00'), at('2026-11-27', '09:00').toISOString()),
		).toEqual({ ok: false, reason: 'closed' })
	})

	it('special hours replace the weekly hours for their date, even on a closed weekday; a closure still wins', () => {
		const short = dayOn(days, '2026-11-24').slots
		expect(short.map((slot) => slot.time)).toEqual([
			'10:00',
			'10:15',
			'10:30',
			'10:45',
			'11:00',
			'11:15',
			'11:30',
			'11:45',
		])
		expect(dayOn(days, '2026-11-23')).toMatchObject({ available: false, reason: 'closed', slots: [] })
		expect(dayOn(days, '2026-11-23').note).toBeUndefined()
		expect(dayOn(days, '2026-11-30')).toMatchObject({ available: true })
		expect(dayOn(days, '2026-11-30').slots).toHaveLength(8)
	})

	it('split hours give the slots of both parts', () => {
		const split = {
			...bakery,
			specialHours: [
				{ date: '2026-11-25', opensAt: '07:00', closesAt: '07:30' },
				{ date: '2026-11-25', opensAt: '16:00', closesAt: '16:40' },
			],
		}
		const slots = dayOn(pickupDays(split, [], noUsage, at('2026-11-23', '08:00')), '2026-11-25').slots
		expect(slots.map((slot) => slot.time)).toEqual(['07:00', '07:15', '16:00', '16:15'])
	})
})

describe('lead times and the same-day cutoff', () => {
	it('the first slot is at least minLeadMinutes from now', () => {
		const days = pickupDays(bakery, [], noUsage, at('2026-11-24', '09:10'))
		const today = dayOn(days, '2026-11-24')
		expect(today.slots.find((slot) => slot.time === '11:00')).toMatchObject({ available: false, reason: 'too-soon' })
		expect(firstAvailable(days)).toEqual({ date: '2026-11-24', time: '11:15' })
	})

	it('late in the day, today is too soon and tomorrow opens the list', () => {
		const days = pickupDays(bakery, [], noUsage, at('2026-11-24', '16:30'))
		expect(days[0]).toMatchObject({ date: '2026-11-24', available: false, reason: 'too-soon' })
		expect(firstAvailable(days)).toEqual({ date: '2026-11-25', time: '07:00' })
	})

	it('after the same-day cutoff today has no slots; before it, it has', () => {
		const cutoff = { ...bakery, minLeadMinutes: 0, sameDayCutoff: '14:00' }
		expect(firstAvailable(pickupDays(cutoff, [], noUsage, at('2026-11-24', '13:59')))).toEqual({
			date: '2026-11-24',
			time: '14:00',
		})
		const late = pickupDays(cutoff, [], noUsage, at('2026-11-24', '14:00'))
		expect(late[0]).toMatchObject({ date: '2026-11-24', available: false, reason: 'too-soon' })
		expect(late[0]?.slots.every((slot) => slot.reason === 'too-soon')).toBe(true)
		expect(firstAvailable(late)).toEqual({ date: '2026-11-25', time: '07:00' })
		expect(
			checkPickupSlot(cutoff, [], noUsage, at('2026-11-24', '14:00'), at('2026-11-24', '16:00').toISOString()),
		).toEqual({ ok: false, reason: 'too-soon' })
	})

	it('a cart mixing a 48 h cake with a same-day pastry: the first slot is 48 h out', () => {
		const now = at('2026-11-24', '09:00')
		const cake = item('tres-leches-cake', { leadMinutes: 48 * 60 })
		const pastry = item('concha', { quantity: 3 })
		expect(firstAvailable(pickupDays(bakery, [pastry], noUsage, now))).toEqual({ date: '2026-11-24', time: '11:00' })
		const days = pickupDays(bakery, [cake, pastry], noUsage, now)
		expect(days.slice(0, 2).map((day) => day.reason)).toEqual(['too-soon', 'too-soon'])
		expect(firstAvailable(days)).toEqual({ date: '2026-11-26', time: '09:00' })
		expect(checkPickupSlot(bakery, [cake, pastry], noUsage, now, at('2026-11-26', '08:45').toISOString())).toEqual({
			ok: false,
			reason: 'too-soon',
			menuItemId: 'tres-leches-cake',
		})
		expect(checkPickupSlot(bakery, [cake, pastry], noUsage, now, at('2026-11-26', '09:00').toISOString())).toEqual({
			ok: true,
			date: '2026-11-26',
			time: '09:00',
		})
	})
})

describe('capacity', () => {
	const now = at('2026-11-24', '06:00')
	const limited = item('tres-leches-slice', { dailyLimit: 24 })

	it('a daily item limit counts what is sold plus this cart', () => {
		const usage: CapacityUsage = {
			...noUsage,
			quantityByItemDay: new Map([[itemDayKey(limited.menuItemId, '2026-11-25'), 20]]),
		}
		expect(dayOn(pickupDays(bakery, [{ ...limited, quantity: 4 }], usage, now), '2026-11-25').available).toBe(true)
		const over = pickupDays(bakery, [{ ...limited, quantity: 5 }], usage, now)
		expect(dayOn(over, '2026-11-25')).toEqual({ date: '2026-11-25', available: false, reason: 'item-limit', slots: [] })
		expect(dayOn(over, '2026-11-24').available).toBe(true)
		expect(
			checkPickupSlot(bakery, [{ ...limited, quantity: 5 }], usage, now, at('2026-11-25', '10:00').toISOString()),
		).toEqual({
			ok: false,
			reason: 'item-limit',
			menuItemId: 'tres-leches-slice',
			left: 4,
		})
	})

	it('two cart lines of the same item add up against its limit', () => {
		const usage: CapacityUsage = {
			...noUsage,
			quantityByItemDay: new Map([[itemDayKey(limited.menuItemId, '2026-11-25'), 20]]),
		}
		const lines = [{ ...limited, quantity: 2 }, item('concha'), { ...limited, quantity: 3 }]
		expect(dayOn(pickupDays(bakery, lines, usage, now), '2026-11-25').reason).toBe('item-limit')
	})

	it('a slot holding ordersPerSlot orders is fully booked; a day of full slots is fully booked', () => {
		const nine = at('2026-11-25', '09:00').toISOString()
		const usage: CapacityUsage = { ...noUsage, ordersBySlot: new Map([[nine, 6]]) }
		const day = dayOn(pickupDays(bakery, [], usage, now), '2026-11-25')
		expect(day.slots.find((slot) => slot.start === nine)).toMatchObject({ available: false, reason: 'fully-booked' })
		expect(day.slots.filter((slot) => !slot.available)).toHaveLength(1)
		expect(checkPickupSlot(bakery, [], usage, now, nine)).toEqual({ ok: false, reason: 'fully-booked' })
		expect(checkPickupSlot(bakery, [], { ...noUsage, ordersBySlot: new Map([[nine, 5]]) }, now, nine)).toMatchObject({
			ok: true,
		})

		const allFull = new Map(day.slots.map((slot) => [slot.start, 6]))
		expect(dayOn(pickupDays(bakery, [], { ...noUsage, ordersBySlot: allFull }, now), '2026-11-25')).toMatchObject({
			available: false,
			reason: 'fully-booked',
		})
	})

	it('a date whose production an item does not fit is sold out for it, as a daily limit with none left', () => {
		const usage: CapacityUsage = { ...noUsage, productionFull: new Set([itemDayKey('concha', '2026-11-25')]) }
		const days = pickupDays(bakery, [item('coffee'), item('concha')], usage, now)
		expect(dayOn(days, '2026-11-25')).toEqual({ date: '2026-11-25', available: false, reason: 'item-limit', slots: [] })
		expect(dayOn(days, '2026-11-26').available).toBe(true)
		expect(dayOn(pickupDays(bakery, [item('coffee')], usage, now), '2026-11-25').available).toBe(true)
		expect(checkPickupSlot(bakery, [item('concha')], usage, now, at('2026-11-25', '10:00').toISOString())).toEqual({
			ok: false,
			reason: 'item-limit',
			menuItemId: 'concha',
			left: 0,
		})
		expect(itemsAvailability(bakery, [item('concha')], usage, now).get('concha')).toEqual(
			itemAvailability(bakery, item('concha'), usage, now),
		)
	})

	it('the server refuses what is not a slot start', () => {
		for (const start of [at('2026-11-25', '09:05').toISOString(), at('2026-11-25', '18:00').toISOString(), 'soon']) {
			expect(checkPickupSlot(bakery, [], noUsage, now, start)).toEqual({ ok: false, reason: 'not-a-slot' })
		}
	})
})

describe('seasonal windows and itemAvailability', () => {
	const rosca = item('rosca-de-reyes', { availableFrom: '2027-01-02', availableUntil: '2027-01-06' })

	it('a Jan 2–6 window across the year boundary, ordering on Dec 28', () => {
		const now = at('2026-12-28', '10:00')
		const days = pickupDays(bakery, [rosca], noUsage, now)
		expect(days.map((day) => [day.date, day.reason])).toEqual([
			['2026-12-28', 'closed'],
			['2026-12-29', 'outside-window'],
			['2026-12-30', 'outside-window'],
			['2026-12-31', 'outside-window'],
			['2027-01-01', 'outside-window'],
			['2027-01-02', null],
			['2027-01-03', null],
			['2027-01-04', 'closed'],
			['2027-01-05', null],
			['2027-01-06', null],
			['2027-01-07', 'outside-window'],
			['2027-01-08', 'outside-window'],
			['2027-01-09', 'outside-window'],
			['2027-01-10', 'outside-window'],
		])
		expect(itemAvailability(bakery, rosca, noUsage, now)).toEqual({ available: true, firstDate: '2027-01-02' })
		expect(checkPickupSlot(bakery, [rosca], noUsage, now, at('2026-12-31', '10:00').toISOString())).toEqual({
			ok: false,
			reason: 'outside-window',
			menuItemId: 'rosca-de-reyes',
		})
	})

	it('before the window is in the horizon the item is outside its window', () => {
		expect(itemAvailability(bakery, rosca, noUsage, at('2026-12-10', '10:00'))).toEqual({
			available: false,
			reason: 'outside-window',
		})
	})

	it('an item at its daily limit on every day of the horizon is sold out for the horizon', () => {
		const now = at('2026-11-24', '06:00')
		const limited = item('tres-leches-slice', { dailyLimit: 24, quantity: 3 })
		const soldOut = new Map<string, number>()
		for (let offset = 0; offset < 14; offset++)
			soldOut.set(itemDayKey(limited.menuItemId, addLocalDays('2026-11-24', offset)), 24)
		expect(itemAvailability(bakery, limited, { ...noUsage, quantityByItemDay: soldOut }, now)).toEqual({
			available: false,
			reason: 'sold-out-in-horizon',
		})
		soldOut.set(itemDayKey(limited.menuItemId, '2026-12-05'), 23)
		expect(itemAvailability(bakery, limited, { ...noUsage, quantityByItemDay: soldOut }, now)).toEqual({
			available: true,
			firstDate: '2026-12-05',
		})
	})
})

describe('property: no slot offered as available breaks a rule', () => {
	/** mulberry32: a small seeded generator, so every run checks the same schedules. */
	function seeded(seed: number) {
		let state = seed >>> 0
		const next = () => {
			state = (state + 0x6d2b79f5) >>> 0
			let t = state
			t = Math.imul(t ^ (t >>> 15), t | 1)
			t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
			return ((t ^ (t >>> 14)) >>> 0) / 4294967296
		}
		const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
		const pick = <T>(values: readonly T[]) => values[int(0, values.length - 1)] as T
		const chance = (p: number) => next() < p
		return { int, pick, chance }
	}
	const zones = ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata']
	const pad = (value: number) => String(value).padStart(2, '0')

	function randomCase(seed: number) {
		const { int, pick, chance } = seeded(seed)
		const time = (fromHour: number, toHour: number) => `${pad(int(fromHour, toHour))}:${pad(int(0, 11) * 5)}`
		const hours = (): DayHours => {
			if (chance(0.1)) return { opensAt: '00:00', closesAt: pick(['03:00', '04:00']) }
			if (chance(0.1)) return { opensAt: time(18, 22), closesAt: '24:00' }
			return { opensAt: time(5, 11), closesAt: time(12, 23) }
		}
		// Around the change days of 2026–2027 more often than not.
		const base = pick(['2026-10-30', '2026-11-20', '2027-03-12', '2027-11-05', '2026-12-27', '2027-04-01'])
		const timeZone = pick(zones)
		const now = new Date(instantAt(addLocalDays(base, int(0, 4)), time(0, 23), timeZone).getTime() + int(0, 59) * 1000)
		const today = localDateOf(now, timeZone)
		const someDate = () => addLocalDays(today, int(-2, 20))
		const schedule: PickupSchedule = {
			changeLockHours: 24,
			timeZone,
			slotMinutes: pick([10, 15, 20, 30, 60]),
			ordersPerSlot: int(1, 6),
			minLeadMinutes: pick([0, 30, 120, 600]),
			sameDayCutoff: chance(0.4) ? time(8, 18) : null,
			horizonDays: int(1, 21),
			weeklyHours: [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
				Array.from({ length: pick([0, 1, 1, 1, 2]) }, () => ({ weekday, ...hours() })),
			),
			closures: Array.from({ length: int(0, 2) }, () => {
				const startDate = someDate()
				return { startDate, endDate: addLocalDays(startDate, int(0, 3)), note: `closure ${startDate}` }
			}),
			specialHours: Array.from({ length: int(0, 3) }, () => ({ date: someDate(), ...hours() })),
		}
		const items = Array.from({ length: int(0, 3) }, (_, index) => {
			const from = chance(0.3) ? someDate() : null
			return item(`item-${pick(['a', 'b', 'c'])}${index % 2}`, {
				quantity: int(1, 5),
				leadMinutes: chance(0.4) ? pick([60, 240, 1440, 2880]) : null,
				dailyLimit: chance(0.5) ? int(1, 12) : null,
				availableFrom: from,
				availableUntil: chance(0.3) ? addLocalDays(from ?? today, int(0, 6)) : null,
			})
		})
		// Usage on the slots and item days this schedule really has.
		const slots = pickupDays(schedule, [], noUsage, now).flatMap((day) => day.slots)
		const ordersBySlot = new Map(slots.filter(() => chance(0.3)).map((slot) => [slot.start, int(0, 7)]))
		const quantityByItemDay = new Map<string, number>()
		for (const { menuItemId } of items) {
			for (let offset = 0; offset < 21; offset++) {
				if (chance(0.4)) quantityByItemDay.set(itemDayKey(menuItemId, addLocalDays(today, offset)), int(0, 12))
			}
		}
		// Some pickup dates an item's production no longer fits (decision 090).
		const productionFull = new Set<string>()
		for (const { menuItemId } of items) {
			for (let offset = 0; offset < 21; offset++) {
				if (chance(0.1)) productionFull.add(itemDayKey(menuItemId, addLocalDays(today, offset)))
			}
		}
		const hoursCache = new Map<string, [number, number]>()
		return { schedule, items, usage: { ordersBySlot, quantityByItemDay, productionFull }, now, today, hoursCache }
	}

	/** Every rule, written again from the words, for one slot the engine offered. */
	function violations(input: ReturnType<typeof randomCase>, date: string, start: string, crossCheck: boolean) {
		const { schedule, items, usage, now, today } = input
		const { timeZone } = schedule
		const found: string[] = []
		const instant = new Date(start)
		if (crossCheck) {
			// wallTimeOf's fast path (Intl) against date-fns + TZDate, and the day the slot belongs to.
			const local = new TZDate(instant.getTime(), timeZone)
			if (format(local, 'yyyy-MM-dd') !== date) found.push('the slot is not on its day')
			if (format(local, 'HH:mm') !== wallTimeOf(instant, timeZone)) found.push('wallTimeOf disagrees with TZDate')
			if (localDateOf(instant, timeZone) !== date) found.push('localDateOf disagrees with TZDate')
		}
		if (date < today || date > addLocalDays(today, schedule.horizonDays - 1)) found.push('outside the horizon')
		if (schedule.closures.some((closure) => closure.startDate <= date && date <= closure.endDate)) {
			found.push('on a closed date')
		}
		const special = schedule.specialHours.filter((entry) => entry.date === date)
		const hours = special.length > 0 ? special : schedule.weeklyHours.filter((h) => h.weekday === weekdayOf(date))
		const slotMs = schedule.slotMinutes * 60_000
		const inHours = hours.some(({ opensAt, closesAt }) => {
			const key = `${date} ${opensAt} ${closesAt}`
			const [opens, closes] = input.hoursCache.get(key) ?? [
				instantAt(date, opensAt, timeZone).getTime(),
				instantAt(date, closesAt, timeZone).getTime(),
			]
			input.hoursCache.set(key, [opens, closes])
			const sinceOpening = instant.getTime() - opens
			return sinceOpening >= 0 && sinceOpening % slotMs === 0 && instant.getTime() + slotMs <= closes
		})
		if (!inHours) found.push('not a slot of the opening hours')
		const lead = Math.max(schedule.minLeadMinutes, ...items.map((entry) => entry.leadMinutes ?? 0))
		if (instant.getTime() < now.getTime() + lead * 60_000) found.push('inside a lead time')
		if (date === today && schedule.sameDayCutoff !== null && wallTimeOf(now, timeZone) >= schedule.sameDayCutoff) {
			found.push('same day after the cutoff')
		}
		for (const entry of items) {
			if ((entry.availableFrom ?? date) > date || (entry.availableUntil ?? date) < date) found.push('outside a window')
			if (entry.dailyLimit !== null) {
				const inCart = items
					.filter((other) => other.menuItemId === entry.menuItemId)
					.reduce((n, e) => n + e.quantity, 0)
				const used = usage.quantityByItemDay.get(itemDayKey(entry.menuItemId, date)) ?? 0
				if (used + inCart > entry.dailyLimit) found.push('over a daily limit')
			}
			if (usage.productionFull.has(itemDayKey(entry.menuItemId, date))) found.push('its production is full')
		}
		if ((usage.ordersBySlot.get(start) ?? 0) >= schedule.ordersPerSlot) found.push('slot full')
		return found
	}

	it('over 250 seeded random schedules, carts, usages and nows', { timeout: 30_000 }, () => {
		let offered = 0
		let refused = 0
		for (let seed = 1; seed <= 250; seed++) {
			const input = randomCase(seed)
			const days = pickupDays(input.schedule, input.items, input.usage, input.now)
			expect(days).toHaveLength(input.schedule.horizonDays)
			for (const day of days) {
				expect(day.available, `seed ${seed} ${day.date}`).toBe(day.slots.some((slot) => slot.available))
				expect(day.reason === null, `seed ${seed} ${day.date}: a reason exactly when unavailable`).toBe(day.available)
				for (const [index, slot] of day.slots.entries()) {
					if (slot.available) {
						offered++
						const crossCheck = index % 8 === 0 || index === day.slots.length - 1
						expect(violations(input, day.date, slot.start, crossCheck), `seed ${seed} ${slot.start}`).toEqual([])
					} else refused++
				}
				// The server's check agrees with the list (the first offered and the first refused slot of each day).
				for (const slot of [day.slots.find((s) => s.available), day.slots.find((s) => !s.available)]) {
					if (!slot) continue
					const check = checkPickupSlot(input.schedule, input.items, input.usage, input.now, slot.start)
					expect(check, `seed ${seed} ${slot.start}`).toEqual(
						slot.available
							? { ok: true, date: day.date, time: slot.time }
							: expect.objectContaining({ ok: false, reason: slot.reason }),
					)
				}
			}
		}
		// The generator must exercise both sides.
		expect(offered).toBeGreaterThan(1000)
		expect(refused).toBeGreaterThan(1000)
	})

	it("the menu's batch answer equals itemAvailability for each item, over the same 250 cases", () => {
		let available = 0
		for (let seed = 1; seed <= 250; seed++) {
			const { schedule, items: cart, usage, now } = randomCase(seed)
			// The menu asks once per item (the generator may repeat an id with other rules).
			const items = cart.filter(
				(entry, index) => cart.findIndex((other) => other.menuItemId === entry.menuItemId) === index,
			)
			const batch = itemsAvailability(schedule, items, usage, now)
			for (const entry of items) {
				const alone = itemAvailability(schedule, entry, usage, now)
				expect(batch.get(entry.menuItemId), `seed ${seed} ${entry.menuItemId}`).toEqual(alone)
				if (alone.available) available++
			}
		}
		expect(available).toBeGreaterThan(50)
	})
})
