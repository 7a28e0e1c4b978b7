import { prisma } from '~/utils/db.server'
import {
	defaultPickupSettings,
	isLocalDate,
	itemDayKey,
	localDateOf,
	type CapacityUsage,
	type LocalDate,
	type PickupItemRules,
	type PickupSchedule,
	type PickupSettings,
} from '~/utils/pickup-schedule'

/**
 * A Postgres DATE as Prisma returns it (midnight UTC of that calendar date) → 'YYYY-MM-DD'. The
 * value carries no zone: it is the stored calendar date, read in UTC so it is never shifted.
 */
export function dateFromColumn(date: Date): LocalDate {
	return date.toISOString().slice(0, 10)
}

/** 'YYYY-MM-DD' → the value Prisma writes to a Postgres DATE column (midnight UTC of that date). */
export function dateColumn(date: LocalDate): Date {
	if (!isLocalDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`)
	return new Date(`${date}T00:00:00.000Z`)
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
	return row ?? { ...defaultPickupSettings }
}

/**
 * The whole pickup schedule at `now`: settings (or the defaults), weekly hours, and the closures and
 * special hours that end on or after today in the bakery's zone (earlier ones no longer matter).
 */
export async function getPickupSchedule(now: Date): Promise<PickupSchedule> {
	const settings = await getPickupSettings()
	const { weeklyHours, closures, specialHours } = await readScheduleFrom(localDateOf(now, settings.timeZone))
	return { ...settings, weeklyHours, closures: closures.map(({ id: _id, ...closure }) => closure), specialHours }
}

/** Weekly hours, and the closures (with their ids) and special hours that end on or after `from`, soonest first. */
async function readScheduleFrom(from: LocalDate) {
	const fromColumn = dateColumn(from)
	const [weeklyHours, closures, specialHours] = await Promise.all([
		prisma.openingHours.findMany({ orderBy: { weekday: 'asc' } }),
		prisma.pickupClosure.findMany({
			where: { endDate: { gte: fromColumn } },
			orderBy: [{ startDate: 'asc' }, { endDate: 'asc' }, { id: 'asc' }],
			select: { id: true, startDate: true, endDate: true, note: true },
		}),
		prisma.specialHours.findMany({ where: { date: { gte: fromColumn } }, orderBy: { date: 'asc' } }),
	])
	return {
		weeklyHours: weeklyHours.map(({ weekday, opensAt, closesAt }) => ({ weekday, opensAt, closesAt })),
		closures: closures.map((closure) => ({
			id: closure.id,
			startDate: dateFromColumn(closure.startDate),
			endDate: dateFromColumn(closure.endDate),
			note: closure.note,
		})),
		specialHours: specialHours.map(({ date, opensAt, closesAt }) => ({
			date: dateFromColumn(date),
			opensAt,
			closesAt,
		})),
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
				SELECT COALESCE((SELECT "timeZone" FROM "PickupSettings" WHERE "id" = 1), ${defaultPickupSettings.timeZone}) AS tz
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
			items.map((item) => [itemDayKey(item.menuItemId, dateFromColumn(item.pickupDate)), item.quantity]),
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
				availableFrom: row.availableFrom ? dateFromColumn(row.availableFrom) : null,
				availableUntil: row.availableUntil ? dateFromColumn(row.availableUntil) : null,
			},
		]
	})
}

// ——— The owner's "Pickup schedule" screen (admin.pickup-schedule.tsx) ———

export interface AdminPickupSchedule {
	settings: PickupSettings
	weeklyHours: Array<{ weekday: number; opensAt: string; closesAt: string }>
	/** Closures that end on or after `from`, soonest first. */
	closures: Array<{ id: string; startDate: LocalDate; endDate: LocalDate; note: string }>
	/** Special hours on or after `from`, soonest first. */
	specialHours: Array<{ date: LocalDate; opensAt: string; closesAt: string }>
}

/** Everything the schedule screen shows, from the bakery date `from` (today) on. */
export async function getAdminPickupSchedule(from: LocalDate): Promise<AdminPickupSchedule> {
	const [settings, schedule] = await Promise.all([getPickupSettings(), readScheduleFrom(from)])
	return { settings, ...schedule }
}

/**
 * Replaces the whole week in one transaction: a weekday missing from `days` is closed. A reader
 * never sees a half-written week (Postgres shows a transaction's changes only once it commits).
 */
export async function replaceWeeklyHours(days: ReadonlyArray<{ weekday: number; opensAt: string; closesAt: string }>) {
	await prisma.$transaction([
		prisma.openingHours.deleteMany(),
		prisma.openingHours.createMany({
			data: days.map(({ weekday, opensAt, closesAt }) => ({ weekday, opensAt, closesAt })),
		}),
	])
}

/** The ordering settings (slot length, orders per slot, earliest pickup, same-day cutoff, horizon); the zone stays. */
export async function savePickupSettings(settings: Omit<PickupSettings, 'timeZone'>) {
	await prisma.pickupSettings.upsert({ where: { id: 1 }, create: { id: 1, ...settings }, update: settings })
}

export async function addPickupClosure(closure: { startDate: LocalDate; endDate: LocalDate; note: string }) {
	const row = await prisma.pickupClosure.create({
		data: { startDate: dateColumn(closure.startDate), endDate: dateColumn(closure.endDate), note: closure.note },
		select: { id: true },
	})
	return row.id
}

/** False when it was already gone. */
export async function deletePickupClosure(id: string) {
	const { count } = await prisma.pickupClosure.deleteMany({ where: { id } })
	return count > 0
}

/** Sets (or replaces) the hours for one date. */
export async function setSpecialHours(day: { date: LocalDate; opensAt: string; closesAt: string }) {
	const date = dateColumn(day.date)
	const hours = { opensAt: day.opensAt, closesAt: day.closesAt }
	await prisma.specialHours.upsert({ where: { date }, create: { date, ...hours }, update: hours })
}

/** False when it was already gone (or `date` is not a date). */
export async function deleteSpecialHours(date: string) {
	if (!isLocalDate(date)) return false
	const { count } = await prisma.specialHours.deleteMany({ where: { date: dateColumn(date) } })
	return count > 0
}
