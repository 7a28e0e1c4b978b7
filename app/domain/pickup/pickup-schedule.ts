import { TZDate } from '@date-fns/tz'
// One module each: the package index re-exports ~250 modules, which took Node most of the server's start-up.
import { addDays } from 'date-fns/addDays'
import { addMinutes } from 'date-fns/addMinutes'
import { format } from 'date-fns/format'
import { isValid } from 'date-fns/isValid'
import { BAKERY_TIME_ZONE } from './bakery-time'

/**
 * When a customer can collect an order: the pickup days and slots of the ordering horizon, computed in the
 * bakery's time zone from the owner's schedule, the cart's item rules and what is already held or sold.
 * Pure and browser-safe (the checkout shows these slots; the server validates the chosen one with
 * `checkPickupSlot`). Every instant is an ISO string in UTC; every date and wall time is the bakery's.
 * Time zone arithmetic is date-fns + @date-fns/tz only (docs/decisions/028-pickup-times.md).
 */

/** 'HH:MM' 24-hour wall-clock time in the bakery's zone. */
export type WallTime = string
/** 'YYYY-MM-DD' calendar date in the bakery's zone. */
export type LocalDate = string
export interface PickupSettings {
	/** IANA, default 'America/Los_Angeles'. */
	timeZone: string
	/** Default 15. */
	slotMinutes: number
	/** Default 6. */
	ordersPerSlot: number
	/** Earliest pickup from now, default 120. */
	minLeadMinutes: number
	/** No same-day orders after this time, e.g. '14:00'. */
	sameDayCutoff: WallTime | null
	/** How far ahead customers may order, default 14. */
	horizonDays: number
	/** Customers may change or cancel a paid order until this many hours before its pickup, default 24 (decision 064). */
	changeLockHours: number
}
/** `closesAt` may be '24:00' (midnight at the end of the day); hours never run past midnight. */
export interface DayHours {
	opensAt: WallTime
	closesAt: WallTime
}
export interface PickupSchedule extends PickupSettings {
	/** weekday 0 = Sunday … 6 = Saturday; a weekday without an entry is closed. */
	weeklyHours: ReadonlyArray<DayHours & { weekday: number }>
	/** Inclusive date ranges with a public note, e.g. 'Closed for Thanksgiving'. */
	closures: ReadonlyArray<{ startDate: LocalDate; endDate: LocalDate; note: string }>
	/** Hours that replace the weekly hours on one date. */
	specialHours: ReadonlyArray<DayHours & { date: LocalDate }>
}
export interface PickupItemRules {
	menuItemId: string
	/** In this cart. */
	quantity: number
	/** E.g. 2880 for 48 h. */
	leadMinutes: number | null
	/** Per pickup day, across all orders. */
	dailyLimit: number | null
	/** Seasonal preorder window (inclusive), pickup dates only. */
	availableFrom: LocalDate | null
	availableUntil: LocalDate | null
}
/** What is already held or sold: orders per slot start (ISO instant) and quantity per `${menuItemId}|${LocalDate}`. */
export interface CapacityUsage {
	ordersBySlot: ReadonlyMap<string, number>
	quantityByItemDay: ReadonlyMap<string, number>
	/**
	 * `${menuItemId}|${LocalDate}` of the pickup dates whose production these items do not fit (a resource's minutes
	 * that day are taken, decision 090): the item is sold out for that date, as with its daily limit.
	 */
	productionFull?: ReadonlySet<string>
}

export const defaultPickupSettings: PickupSettings = {
	timeZone: BAKERY_TIME_ZONE,
	slotMinutes: 15,
	ordersPerSlot: 6,
	minLeadMinutes: 120,
	sameDayCutoff: null,
	horizonDays: 14,
	changeLockHours: 24,
}

export type DayReason = 'closed' | 'too-soon' | 'fully-booked' | 'item-limit' | 'outside-window'
type SlotReason = 'too-soon' | 'fully-booked'

interface PickupSlot {
	/** ISO instant in UTC, e.g. '2026-11-24T15:00:00.000Z': the key of `CapacityUsage.ordersBySlot`. */
	start: string
	time: WallTime
	available: boolean
	reason: SlotReason | null
}
export interface PickupDay {
	date: LocalDate
	available: boolean
	reason: DayReason | null
	/** The closure's public note when the day is closed by one. */
	note?: string
	/** Empty when the day is closed or the cart rules it out (item limit, outside an item's window). */
	slots: PickupSlot[]
}

export type PickupCheck =
	| { ok: true; date: LocalDate; time: WallTime }
	| {
			ok: false
			/** 'not-a-slot': not a slot start of that day's hours; 'beyond-horizon': later than customers may order. */
			reason: DayReason | 'not-a-slot' | 'beyond-horizon'
			/** The item that rules the slot out (its limit, window or lead time). */
			menuItemId?: string
			/** With 'item-limit': how many of that item are still available that day. */
			left?: number
	  }

export type ItemAvailability =
	{ available: true; firstDate: LocalDate } | { available: false; reason: 'sold-out-in-horizon' | 'outside-window' }

const wallTimePattern = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/
const localDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** 'HH:MM', 00:00–23:59, or '24:00' (the end of the day, for closing times). */
export function isWallTime(value: string): value is WallTime {
	return wallTimePattern.test(value)
}

/** The year, month (1–12) and day of a real calendar date written 'YYYY-MM-DD', or null. */
function dateParts(value: string) {
	const match = localDatePattern.exec(value)
	if (!match) return null
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
	const date = calendarDate(year, month, day)
	const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
	return real ? { year, month, day } : null
}

/** A real calendar date written 'YYYY-MM-DD'. */
export function isLocalDate(value: string): value is LocalDate {
	return dateParts(value) !== null
}

function parseLocalDate(date: LocalDate) {
	const parts = dateParts(date)
	if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`)
	return parts
}

/**
 * A calendar date as a date-fns value: noon of that date on the system clock, read back with the same clock,
 * so neither the system's nor the bakery's offset can move it to another day (and it costs no time zone lookup).
 */
function calendarDate(year: number, month: number, day: number) {
	return new Date(year, month - 1, day, 12)
}

const calendars = new Map<string, Intl.DateTimeFormat>()

/**
 * The bakery-local calendar date of an instant, through a cached Intl formatter like `wallTimeOf` (every
 * checkout and availability read asks for today's date; date-fns `format` with a TZDate costs ten times more).
 */
export function localDateOf(instant: Date | string | number, timeZone: string): LocalDate {
	let calendar = calendars.get(timeZone)
	if (!calendar) {
		calendar = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
		calendars.set(timeZone, calendar)
	}
	const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
	for (const part of calendar.formatToParts(new Date(instant).getTime())) parts[part.type] = part.value
	return `${parts.year}-${parts.month}-${parts.day}`
}

const wallClocks = new Map<string, Intl.DateTimeFormat>()

/**
 * Pure answers kept for the next computation: the same slots come back for every visitor of the horizon.
 * Bounded: cleared when full.
 */
function memo<T>(limit: number) {
	const kept = new Map<string, T>()
	return (key: string, compute: () => T) => {
		const hit = kept.get(key)
		if (hit !== undefined) return hit
		if (kept.size >= limit) kept.clear()
		const value = compute()
		kept.set(key, value)
		return value
	}
}
const wallTimes = memo<WallTime>(20_000)
const instants = memo<number>(2_000)

/**
 * The bakery-local 'HH:MM' of an instant. The hot path (every slot of the horizon): the platform's time zone
 * database through a cached Intl formatter, the same data @date-fns/tz reads, at a tenth of the cost of
 * date-fns `format`. The property test checks it against TZDate.
 */
export function wallTimeOf(instant: Date | string | number, timeZone: string): WallTime {
	const ms = new Date(instant).getTime()
	return wallTimes(`${timeZone}|${ms}`, () => {
		let clock = wallClocks.get(timeZone)
		if (!clock) {
			clock = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
			wallClocks.set(timeZone, clock)
		}
		return clock.format(ms)
	})
}

/**
 * The instant of a local date and wall time. A time the clocks skip (spring forward, 02:30) moves forward by
 * the gap (03:30); a time that happens twice (fall back, 01:30) is the earlier one (daylight time).
 * '24:00' is midnight at the start of the next day.
 */
export function instantAt(date: LocalDate, time: WallTime, timeZone: string): Date {
	const { year, month, day } = parseLocalDate(date)
	const match = wallTimePattern.exec(time)
	if (!match) throw new RangeError(`Not an HH:MM time: ${time}`)
	const hour = Number(match[1] ?? match[3])
	const minute = Number(match[2] ?? match[4])
	const ms = instants(`${timeZone}|${date}|${time}`, () =>
		new TZDate(year, month - 1, day, hour, minute, timeZone).getTime(),
	)
	if (Number.isNaN(ms)) throw new RangeError(`Not a time zone: ${timeZone}`)
	return new Date(ms)
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
	const { year, month, day } = parseLocalDate(date)
	return calendarDate(year, month, day).getDay()
}

/** The calendar date `days` after `date` (negative: before). */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
	const { year, month, day } = parseLocalDate(date)
	return format(addDays(calendarDate(year, month, day), days), 'yyyy-MM-dd')
}

/** The dates customers may pick up on: `horizonDays` from `today`. */
export function horizonDates(today: LocalDate, horizonDays: number): LocalDate[] {
	return Array.from({ length: horizonDays }, (_, offset) => addLocalDays(today, offset))
}

/** The key of `CapacityUsage.quantityByItemDay`. */
export function itemDayKey(menuItemId: string, date: LocalDate) {
	return `${menuItemId}|${date}`
}

/** One entry per menu item (cart lines of the same item add up; the strictest rule wins). */
function mergeItems(items: ReadonlyArray<PickupItemRules>): PickupItemRules[] {
	const byId = new Map<string, PickupItemRules>()
	for (const item of items) {
		const seen = byId.get(item.menuItemId)
		if (!seen) {
			byId.set(item.menuItemId, { ...item })
			continue
		}
		const stricter = (a: number | null, b: number | null, pick: (x: number, y: number) => number) =>
			a === null ? b : b === null ? a : pick(a, b)
		const later = (a: LocalDate | null, b: LocalDate | null) => (a === null ? b : b === null || a > b ? a : b)
		const earlier = (a: LocalDate | null, b: LocalDate | null) => (a === null ? b : b === null || a < b ? a : b)
		seen.quantity += item.quantity
		seen.leadMinutes = stricter(seen.leadMinutes, item.leadMinutes, Math.max)
		seen.dailyLimit = stricter(seen.dailyLimit, item.dailyLimit, Math.min)
		seen.availableFrom = later(seen.availableFrom, item.availableFrom)
		seen.availableUntil = earlier(seen.availableUntil, item.availableUntil)
	}
	return [...byId.values()]
}

interface Context {
	schedule: PickupSchedule
	items: PickupItemRules[]
	usage: CapacityUsage
	today: LocalDate
	lastDate: LocalDate
	/** Slots starting before this are too soon: now + the larger of minLeadMinutes and every item's lead time. */
	earliest: number
	/** The item whose lead time sets `earliest`, when it is later than the shop's own minimum. */
	leadItemId: string | undefined
	/** The same-day cutoff has passed: today has no pickup. */
	todayCutOff: boolean
}

function contextOf(
	schedule: PickupSchedule,
	items: ReadonlyArray<PickupItemRules>,
	usage: CapacityUsage,
	now: Date,
): Context {
	const merged = mergeItems(items)
	const today = localDateOf(now, schedule.timeZone)
	let leadMinutes = schedule.minLeadMinutes
	let leadItemId: string | undefined
	for (const item of merged) {
		if (item.leadMinutes !== null && item.leadMinutes > leadMinutes) {
			leadMinutes = item.leadMinutes
			leadItemId = item.menuItemId
		}
	}
	const cutoff = schedule.sameDayCutoff
	return {
		schedule,
		items: merged,
		usage,
		today,
		lastDate: addLocalDays(today, schedule.horizonDays - 1),
		earliest: addMinutes(now, leadMinutes).getTime(),
		leadItemId,
		todayCutOff: cutoff !== null && wallTimeOf(now, schedule.timeZone) >= cutoff,
	}
}

/** The hours that apply on a date: the closure wins, then special hours, then the weekly hours. */
function hoursOn(schedule: PickupSchedule, date: LocalDate): { hours: DayHours[]; note?: string } {
	const closure = schedule.closures.find((entry) => entry.startDate <= date && date <= entry.endDate)
	if (closure) return { hours: [], note: closure.note }
	const special = schedule.specialHours.filter((entry) => entry.date === date)
	if (special.length > 0) return { hours: special }
	const weekday = weekdayOf(date)
	return { hours: schedule.weeklyHours.filter((entry) => entry.weekday === weekday) }
}

/**
 * Slot starts of one day: from each opening every slotMinutes of elapsed time, the last one ending by closing.
 * On a change day the hours really are longer or shorter (00:00–04:00 is 5 h on fall back, 3 h on spring forward).
 */
function slotStartsOn(schedule: PickupSchedule, date: LocalDate, hours: ReadonlyArray<DayHours>): Date[] {
	const starts = new Map<number, Date>()
	if (!(schedule.slotMinutes > 0)) return []
	for (const { opensAt, closesAt } of hours) {
		const opens = instantAt(date, opensAt, schedule.timeZone)
		const closes = instantAt(date, closesAt, schedule.timeZone)
		for (let start = opens; addMinutes(start, schedule.slotMinutes) <= closes;) {
			starts.set(start.getTime(), start)
			start = addMinutes(start, schedule.slotMinutes)
		}
	}
	return [...starts.values()].sort((a, b) => a.getTime() - b.getTime())
}

type Blocker = { reason: 'outside-window' | 'item-limit'; menuItemId: string; left?: number }

/** The first cart item that rules a whole date out: outside its window, over its daily limit, or its production full. */
function itemBlocker(context: Context, date: LocalDate): Blocker | undefined {
	for (const item of context.items) {
		const beforeWindow = item.availableFrom !== null && date < item.availableFrom
		const afterWindow = item.availableUntil !== null && date > item.availableUntil
		if (beforeWindow || afterWindow) return { reason: 'outside-window', menuItemId: item.menuItemId }
	}
	for (const item of context.items) {
		if (item.dailyLimit === null) continue
		const used = context.usage.quantityByItemDay.get(itemDayKey(item.menuItemId, date)) ?? 0
		if (used + item.quantity > item.dailyLimit) {
			return { reason: 'item-limit', menuItemId: item.menuItemId, left: Math.max(0, item.dailyLimit - used) }
		}
	}
	for (const item of context.items) {
		if (context.usage.productionFull?.has(itemDayKey(item.menuItemId, date))) {
			return { reason: 'item-limit', menuItemId: item.menuItemId, left: 0 }
		}
	}
	return undefined
}

function slotOf(context: Context, date: LocalDate, start: Date): PickupSlot {
	const key = start.toISOString()
	const tooSoon = start.getTime() < context.earliest || (date === context.today && context.todayCutOff)
	const booked = (context.usage.ordersBySlot.get(key) ?? 0) >= context.schedule.ordersPerSlot
	const reason = tooSoon ? 'too-soon' : booked ? 'fully-booked' : null
	return { start: key, time: wallTimeOf(start, context.schedule.timeZone), available: reason === null, reason }
}

function dayOf(context: Context, date: LocalDate): PickupDay & { blocker?: Blocker } {
	const { hours, note } = hoursOn(context.schedule, date)
	const starts = slotStartsOn(context.schedule, date, hours)
	if (starts.length === 0) {
		return { date, available: false, reason: 'closed', ...(note === undefined ? {} : { note }), slots: [] }
	}
	const blocker = itemBlocker(context, date)
	if (blocker) return { date, available: false, reason: blocker.reason, slots: [], blocker }
	const slots = starts.map((start) => slotOf(context, date, start))
	if (slots.some((slot) => slot.available)) return { date, available: true, reason: null, slots }
	const reason = slots.every((slot) => slot.reason === 'too-soon') ? 'too-soon' : 'fully-booked'
	return { date, available: false, reason, slots }
}

function stripBlocker({ blocker: _blocker, ...day }: PickupDay & { blocker?: Blocker }): PickupDay {
	return day
}

/** Every date from today (in the bakery's zone) for horizonDays, with its slots and why it cannot be chosen. */
export function pickupDays(
	schedule: PickupSchedule,
	items: ReadonlyArray<PickupItemRules>,
	usage: CapacityUsage,
	now: Date,
): PickupDay[] {
	const context = contextOf(schedule, items, usage, now)
	const days: PickupDay[] = []
	for (let offset = 0; offset < schedule.horizonDays; offset++) {
		days.push(stripBlocker(dayOf(context, addLocalDays(context.today, offset))))
	}
	return days
}

/** The server's check of a chosen slot: the same rules as `pickupDays`, with the item and what is left. */
export function checkPickupSlot(
	schedule: PickupSchedule,
	items: ReadonlyArray<PickupItemRules>,
	usage: CapacityUsage,
	now: Date,
	slotStart: string,
): PickupCheck {
	const start = new Date(slotStart)
	if (!isValid(start)) return { ok: false, reason: 'not-a-slot' }
	const context = contextOf(schedule, items, usage, now)
	const date = localDateOf(start, schedule.timeZone)
	if (date < context.today) return { ok: false, reason: 'too-soon' }
	if (date > context.lastDate) return { ok: false, reason: 'beyond-horizon' }
	// The same rules as `dayOf`, for the one chosen slot only (every checkout runs this).
	const starts = slotStartsOn(schedule, date, hoursOn(schedule, date).hours)
	if (starts.length === 0) return { ok: false, reason: 'closed' }
	const blocker = itemBlocker(context, date)
	if (blocker) {
		const { reason, menuItemId, left } = blocker
		return { ok: false, reason, menuItemId, ...(left === undefined ? {} : { left }) }
	}
	const chosen = starts.find((candidate) => candidate.getTime() === start.getTime())
	if (!chosen) return { ok: false, reason: 'not-a-slot' }
	const slot = slotOf(context, date, chosen)
	if (slot.reason === 'too-soon') {
		const byItemLead =
			context.leadItemId !== undefined && start.getTime() >= addMinutes(now, schedule.minLeadMinutes).getTime()
		const cutOff = date === context.today && context.todayCutOff
		return { ok: false, reason: 'too-soon', ...(byItemLead && !cutOff ? { menuItemId: context.leadItemId } : {}) }
	}
	if (slot.reason === 'fully-booked') return { ok: false, reason: 'fully-booked' }
	return { ok: true, date, time: slot.time }
}

/**
 * Whether one of this item (quantity 1, alone in the cart) can be picked up on any date of the horizon, for
 * "Sold out for the next 14 days". 'outside-window': no open day of the horizon lies in its window.
 */
export function itemAvailability(
	schedule: PickupSchedule,
	item: PickupItemRules,
	usage: CapacityUsage,
	now: Date,
): ItemAvailability {
	const days = pickupDays(schedule, [{ ...item, quantity: 1 }], usage, now)
	const first = days.find((day) => day.available)
	if (first) return { available: true, firstDate: first.date }
	const anyInWindow = days.some((day) => day.reason !== 'closed' && day.reason !== 'outside-window')
	return { available: false, reason: anyInWindow ? 'sold-out-in-horizon' : 'outside-window' }
}

/**
 * `itemAvailability` for many items at once (the menu): the horizon's slots and their bookings are computed
 * once, then each item only applies its own lead time, window and daily limit. Same answers as calling
 * `itemAvailability` per item (a unit test holds them equal).
 */
export function itemsAvailability(
	schedule: PickupSchedule,
	items: ReadonlyArray<PickupItemRules>,
	usage: CapacityUsage,
	now: Date,
): Map<string, ItemAvailability> {
	const context = contextOf(schedule, [], usage, now)
	const days = Array.from({ length: schedule.horizonDays }, (_, offset) => {
		const date = addLocalDays(context.today, offset)
		const cutOff = date === context.today && context.todayCutOff
		const starts = slotStartsOn(schedule, date, hoursOn(schedule, date).hours)
		const open = cutOff
			? []
			: starts
					.filter((start) => (usage.ordersBySlot.get(start.toISOString()) ?? 0) < schedule.ordersPerSlot)
					.map((start) => start.getTime())
		return { date, closed: starts.length === 0, open }
	})
	const answers = new Map<string, ItemAvailability>()
	for (const item of items) {
		const earliest = addMinutes(now, Math.max(schedule.minLeadMinutes, item.leadMinutes ?? 0)).getTime()
		let inWindow = false
		let first: LocalDate | undefined
		for (const day of days) {
			if (day.closed) continue
			if (item.availableFrom !== null && day.date < item.availableFrom) continue
			if (item.availableUntil !== null && day.date > item.availableUntil) continue
			inWindow = true
			const used = usage.quantityByItemDay.get(itemDayKey(item.menuItemId, day.date)) ?? 0
			if (item.dailyLimit !== null && used + 1 > item.dailyLimit) continue
			if (usage.productionFull?.has(itemDayKey(item.menuItemId, day.date))) continue
			if (day.open.some((start) => start >= earliest)) {
				first = day.date
				break
			}
		}
		answers.set(
			item.menuItemId,
			first !== undefined
				? { available: true, firstDate: first }
				: { available: false, reason: inWindow ? 'sold-out-in-horizon' : 'outside-window' },
		)
	}
	return answers
}
