import { prisma } from '~/utils/db.server'

// --- Shared shapes (issue 14). The same declarations live in app/utils/pickup-schedule.ts (slot
// computation); until the two parts are merged they are declared here too, with the same names. ---

/** 'HH:MM' 24-hour wall-clock time in the bakery's zone. */
export type WallTime = string
/** 'YYYY-MM-DD' calendar date in the bakery's zone. */
export type LocalDate = string
export interface PickupSettings {
	timeZone: string
	slotMinutes: number
	ordersPerSlot: number
	minLeadMinutes: number
	sameDayCutoff: WallTime | null
	horizonDays: number
}
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
	quantity: number
	leadMinutes: number | null
	dailyLimit: number | null
	availableFrom: LocalDate | null
	availableUntil: LocalDate | null
}
/** What is already held or sold: orders per slot start (ISO instant) and quantity per `${menuItemId}|${LocalDate}`. */
export interface CapacityUsage {
	ordersBySlot: ReadonlyMap<string, number>
	quantityByItemDay: ReadonlyMap<string, number>
}

// --- Storage ---

/** The settings when the owner has saved none (the row is optional; the migration's column defaults match). */
export const DEFAULT_PICKUP_SETTINGS: Readonly<PickupSettings> = {
	timeZone: 'America/Los_Angeles',
	slotMinutes: 15,
	ordersPerSlot: 6,
	minLeadMinutes: 120,
	sameDayCutoff: null,
	horizonDays: 14,
}

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * A Postgres DATE as Prisma returns it (midnight UTC of that calendar date) → 'YYYY-MM-DD'. The
 * value carries no zone: it is the stored calendar date, read in UTC so it is never shifted.
 */
export function localDateOf(date: Date): LocalDate {
	return date.toISOString().slice(0, 10)
}

/** 'YYYY-MM-DD' → the value Prisma writes to a Postgres DATE column (midnight UTC of that date). */
export function dateColumn(date: LocalDate): Date {
	if (!LOCAL_DATE.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`)
	const value = new Date(`${date}T00:00:00.000Z`)
	if (Number.isNaN(value.getTime()) || localDateOf(value) !== date) throw new RangeError(`No such date: ${date}`)
	return value
}

export async function getPickupSettings(): Promise<PickupSettings> {
	const row = await prisma.pickupSettings.findUnique({
		where: { id: 1 },
		select: {
			timeZone: true,
			slotMinutes: true,
			ordersPerSlot: true,
			minLeadMinutes: true,
			sameDayCutoff: true,
			horizonDays: true,
		},
	})
	return row ?? { ...DEFAULT_PICKUP_SETTINGS }
}

/**
 * The whole pickup schedule: settings (or the defaults), weekly hours, and the closures and special
 * hours that end on or after `fromDate` (the caller's "today" in the bakery's zone; earlier ones
 * no longer matter).
 */
export async function getPickupSchedule(fromDate: LocalDate): Promise<PickupSchedule> {
	const from = dateColumn(fromDate)
	const [settings, weeklyHours, closures, specialHours] = await Promise.all([
		getPickupSettings(),
		prisma.openingHours.findMany({ orderBy: { weekday: 'asc' } }),
		prisma.pickupClosure.findMany({
			where: { endDate: { gte: from } },
			orderBy: [{ startDate: 'asc' }, { endDate: 'asc' }, { id: 'asc' }],
			select: { startDate: true, endDate: true, note: true },
		}),
		prisma.specialHours.findMany({ where: { date: { gte: from } }, orderBy: { date: 'asc' } }),
	])
	return {
		...settings,
		weeklyHours: weeklyHours.map(({ weekday, opensAt, closesAt }) => ({ weekday, opensAt, closesAt })),
		closures: closures.map((closure) => ({
			startDate: localDateOf(closure.startDate),
			endDate: localDateOf(closure.endDate),
			note: closure.note,
		})),
		specialHours: specialHours.map(({ date, opensAt, closesAt }) => ({ date: localDateOf(date), opensAt, closesAt })),
	}
}

/**
 * What is held for pickup dates `fromDate`…`toDate` (inclusive, bakery dates): orders per slot
 * start (keys are ISO instants, `Date#toISOString()`) and the quantity of each of `menuItemIds`
 * per date (keys `${menuItemId}|${LocalDate}`). Empty counters are left out. The day's bounds are
 * converted to instants by Postgres in the stored time zone.
 */
export async function getCapacityUsage(
	fromDate: LocalDate,
	toDate: LocalDate,
	menuItemIds: readonly string[],
): Promise<CapacityUsage> {
	const from = dateColumn(fromDate)
	const to = dateColumn(toDate)
	const [slots, items] = await Promise.all([
		prisma.$queryRaw<Array<{ slotStart: Date; orders: number }>>`
			WITH zone AS (
				SELECT COALESCE((SELECT "timeZone" FROM "PickupSettings" WHERE "id" = 1), ${DEFAULT_PICKUP_SETTINGS.timeZone}) AS tz
			)
			SELECT "slotStart", "orders"
			FROM "PickupSlotUsage", zone
			WHERE "orders" > 0
				AND "slotStart" >= (${fromDate}::date::timestamp AT TIME ZONE zone.tz)
				AND "slotStart" < ((${toDate}::date + 1)::timestamp AT TIME ZONE zone.tz)`,
		menuItemIds.length === 0
			? Promise.resolve([])
			: prisma.itemDayUsage.findMany({
					where: {
						menuItemId: { in: [...menuItemIds] },
						pickupDate: { gte: from, lte: to },
						quantity: { gt: 0 },
					},
					select: { menuItemId: true, pickupDate: true, quantity: true },
				}),
	])
	return {
		ordersBySlot: new Map(slots.map((slot) => [new Date(slot.slotStart).toISOString(), Number(slot.orders)])),
		quantityByItemDay: new Map(
			items.map((item) => [`${item.menuItemId}|${localDateOf(item.pickupDate)}`, item.quantity]),
		),
	}
}

/** Each item's pickup rules (lead time, daily limit, preorder window), in the order of `menuItemIds`; unknown ids are left out. */
export async function getItemPickupRules(
	menuItemIds: readonly string[],
): Promise<Array<Omit<PickupItemRules, 'quantity'>>> {
	if (menuItemIds.length === 0) return []
	const rows = await prisma.menuItem.findMany({
		where: { id: { in: [...menuItemIds] } },
		select: { id: true, leadMinutes: true, dailyLimit: true, availableFrom: true, availableUntil: true },
	})
	const byId = new Map(rows.map((row) => [row.id, row]))
	return [...new Set(menuItemIds)].flatMap((id) => {
		const row = byId.get(id)
		if (!row) return []
		return [
			{
				menuItemId: row.id,
				leadMinutes: row.leadMinutes,
				dailyLimit: row.dailyLimit,
				availableFrom: row.availableFrom ? localDateOf(row.availableFrom) : null,
				availableUntil: row.availableUntil ? localDateOf(row.availableUntil) : null,
			},
		]
	})
}
