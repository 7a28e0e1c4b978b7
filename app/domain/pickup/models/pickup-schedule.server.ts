import { Prisma } from '~/generated/prisma/client'
import type { MenuCategory, TaxCategory } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'
import type { OptionGroupView } from '~/domain/menu/item-options'
import type { Locale } from '~/utils/i18n'
import { localizeRow } from '~/domain/content/localized-content'
import {
	defaultPickupSettings,
	isLocalDate,
	itemDayKey,
	type CapacityUsage,
	type LocalDate,
	type PickupItemRules,
	type PickupSchedule,
	type PickupSettings,
} from '~/domain/pickup/pickup-schedule'
import { invalidateMenuCache } from '~/domain/menu/index.server'

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
			changeLockHours: true,
		},
	})
	return row ?? { ...defaultPickupSettings }
}

/**
 * The whole pickup schedule at `now`: settings (or the defaults), weekly hours, and the closures and
 * special hours that end on or after today in the bakery's zone (earlier ones no longer matter).
 */
export async function getPickupSchedule(now: Date, locale: Locale = 'en'): Promise<PickupSchedule> {
	return scheduleOf(await readSchedule({ from: null, now }), locale)
}

/** The owner's translations of a name (null: not translated). */
interface NameTranslations {
	nameEs: string | null
	namePtBr: string | null
}

/** A menu item as the checkout prices it and checks its pickup. */
export interface CheckoutMenuItem extends NameTranslations {
	id: string
	name: string
	priceCents: number
	orderable: boolean
	soldOut: boolean
	taxCategory: TaxCategory
	/** The menu's section (a promo code may be limited to some, decision 080). */
	category: MenuCategory
	/** Its option groups and choices, in the owner's order (as the menu shows them), with their translations. */
	optionGroups: Array<
		OptionGroupView & NameTranslations & { options: Array<OptionGroupView['options'][number] & NameTranslations> }
	>
	pickupRules: Omit<PickupItemRules, 'quantity'>
}

/**
 * What the checkout decides with, in one round trip: the schedule at `now` (as `getPickupSchedule`) and
 * the cart's menu items with their prices, state and pickup rules (unknown ids are left out).
 */
export async function getCheckoutRules(menuItemIds: readonly string[], now: Date, locale: Locale = 'en') {
	const row = await readSchedule<{ menuItems: CheckoutMenuItem[] }>(
		{ from: null, now },
		Prisma.sql`,
			COALESCE((SELECT json_agg(json_build_object('id', m."id", 'name', m."name",
				'nameEs', m."nameEs", 'namePtBr', m."namePtBr", 'priceCents', m."priceCents",
				'orderable', m."orderable", 'soldOut', m."soldOut", 'taxCategory', m."taxCategory",
				'category', m."category", 'optionGroups', ${optionGroupsJson}, 'pickupRules', json_build_object('menuItemId', m."id",
				'leadMinutes', m."leadMinutes", 'dailyLimit', m."dailyLimit", 'availableFrom', m."availableFrom",
				'availableUntil', m."availableUntil")))
				FROM "MenuItem" m WHERE m."id" = ANY(${[...menuItemIds]}::text[])), '[]') AS "menuItems"`,
	)
	return { schedule: scheduleOf(row, locale), menuItems: row.menuItems }
}

/** The option groups of menu item `m`, with their choices, as `OptionGroupView[]` (owner's order: position, then id). */
const optionGroupsJson = Prisma.sql`COALESCE((SELECT json_agg(json_build_object('id', g."id", 'name', g."name",
	'nameEs', g."nameEs", 'namePtBr', g."namePtBr", 'kind', g."kind", 'required', g."required", 'minChoices', g."minChoices", 'maxChoices', g."maxChoices",
	'maxLength', g."maxLength", 'options', COALESCE((SELECT json_agg(json_build_object('id', o."id", 'name', o."name",
		'nameEs', o."nameEs", 'namePtBr', o."namePtBr", 'priceDeltaCents', o."priceDeltaCents", 'soldOut', o."soldOut") ORDER BY o."position", o."id")
		FROM "MenuOption" o WHERE o."groupId" = g."id"), '[]')) ORDER BY g."position", g."id")
	FROM "MenuOptionGroup" g WHERE g."menuItemId" = m."id"), '[]')`

/** The schedule with each closure's note in `locale` (English where the owner left it untranslated). */
function scheduleOf({ settings, weeklyHours, closures, specialHours }: ScheduleRow, locale: Locale): PickupSchedule {
	return {
		...(settings ?? defaultPickupSettings),
		weeklyHours,
		closures: closures.map(({ id: _id, ...closure }) => localizeRow(closure, ['note'], locale)),
		specialHours,
	}
}

/** A closure with its note in English and the owner's translations (null: not translated). */
export interface StoredClosure {
	id: string
	startDate: LocalDate
	endDate: LocalDate
	note: string
	noteEs: string | null
	notePtBr: string | null
}

interface ScheduleRow {
	settings: PickupSettings | null
	weeklyHours: Array<{ weekday: number; opensAt: string; closesAt: string }>
	closures: StoredClosure[]
	specialHours: Array<{ date: LocalDate; opensAt: string; closesAt: string }>
}

/**
 * The settings (or the defaults), the weekly hours, and the closures (with their ids) and special hours
 * that end on or after `from` (null: today in the bakery's zone at `now`), soonest first. One query: the
 * checkout reads it on every order, so the schedule costs one round trip, not four.
 */
async function readSchedule<Also extends object = object>(
	{ from, now }: { from: LocalDate | null; now: Date },
	/** More columns for the same round trip (`, <expression> AS "name"`). */
	alsoSelect: Prisma.Sql = Prisma.empty,
) {
	const [row] = await prisma.$queryRaw<[ScheduleRow & Also]>`
		WITH settings AS (
			SELECT "timeZone", "slotMinutes", "ordersPerSlot", "minLeadMinutes", "sameDayCutoff", "horizonDays",
				"changeLockHours"
			FROM "PickupSettings" WHERE "id" = 1
		), since AS (
			SELECT COALESCE(${from}::date, (${now}::timestamptz AT TIME ZONE
				COALESCE((SELECT "timeZone" FROM settings), ${defaultPickupSettings.timeZone}))::date) AS "date"
		)
		SELECT
			(SELECT row_to_json(settings) FROM settings) AS "settings",
			COALESCE((SELECT json_agg(json_build_object('weekday', h."weekday", 'opensAt', h."opensAt", 'closesAt', h."closesAt")
				ORDER BY h."weekday", h."opensAt") FROM "OpeningHours" h), '[]') AS "weeklyHours",
			COALESCE((SELECT json_agg(json_build_object('id', c."id", 'startDate', c."startDate", 'endDate', c."endDate", 'note', c."note",
				'noteEs', c."noteEs", 'notePtBr', c."notePtBr")
				ORDER BY c."startDate", c."endDate", c."id") FROM "PickupClosure" c, since WHERE c."endDate" >= since."date"), '[]') AS "closures",
			COALESCE((SELECT json_agg(json_build_object('date', d."date", 'opensAt', d."opensAt", 'closesAt', d."closesAt")
				ORDER BY d."date") FROM "SpecialHours" d, since WHERE d."date" >= since."date"), '[]') AS "specialHours"
			${alsoSelect}`
	return row
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

/** What a menu item's pickup rules are read from (select these, then `pickupRulesOf`). */
export const pickupRuleFields = {
	id: true,
	leadMinutes: true,
	dailyLimit: true,
	availableFrom: true,
	availableUntil: true,
} as const

type PickupRuleRow = {
	id: string
	leadMinutes: number | null
	dailyLimit: number | null
	availableFrom: Date | null
	availableUntil: Date | null
}

export function pickupRulesOf(row: PickupRuleRow): Omit<PickupItemRules, 'quantity'> {
	return {
		menuItemId: row.id,
		leadMinutes: row.leadMinutes,
		dailyLimit: row.dailyLimit,
		availableFrom: row.availableFrom ? dateFromColumn(row.availableFrom) : null,
		availableUntil: row.availableUntil ? dateFromColumn(row.availableUntil) : null,
	}
}

/** Each item's pickup rules (lead time, daily limit, preorder window), in the order of `menuItemIds`; unknown ids are left out. */
export async function getItemPickupRules(
	menuItemIds: readonly string[],
): Promise<Array<Omit<PickupItemRules, 'quantity'>>> {
	if (menuItemIds.length === 0) return []
	const rows = await prisma.menuItem.findMany({ where: { id: { in: [...menuItemIds] } }, select: pickupRuleFields })
	const byId = new Map(rows.map((row) => [row.id, row]))
	return [...new Set(menuItemIds)].flatMap((id) => {
		const row = byId.get(id)
		return row ? [pickupRulesOf(row)] : []
	})
}

// ——— The owner's "Pickup schedule" screen (admin.pickup-schedule.tsx) ———

export interface AdminPickupSchedule {
	settings: PickupSettings
	weeklyHours: Array<{ weekday: number; opensAt: string; closesAt: string }>
	/** Closures that end on or after `from`, soonest first, with their notes' translations. */
	closures: StoredClosure[]
	/** Special hours on or after `from`, soonest first. */
	specialHours: Array<{ date: LocalDate; opensAt: string; closesAt: string }>
}

/** Everything the schedule screen shows, from the bakery date `from` (today) on. */
export async function getAdminPickupSchedule(from: LocalDate): Promise<AdminPickupSchedule> {
	const { settings, weeklyHours, closures, specialHours } = await readSchedule({ from, now: new Date() })
	return { settings: settings ?? { ...defaultPickupSettings }, weeklyHours, closures, specialHours }
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
	invalidateMenuCache()
}

/** The ordering settings (slot length, orders per slot, earliest pickup, same-day cutoff, horizon); the zone stays. */
export async function savePickupSettings(settings: Omit<PickupSettings, 'timeZone'>) {
	await prisma.pickupSettings.upsert({ where: { id: 1 }, create: { id: 1, ...settings }, update: settings })
	invalidateMenuCache()
}

/** Whether staff may confirm a phone order to be paid at the counter (decision 075; off until the owner allows it). */
export async function getPayAtPickupAllowed() {
	const row = await prisma.pickupSettings.findUnique({ where: { id: 1 }, select: { payAtPickupAllowed: true } })
	return row?.payAtPickupAllowed ?? false
}

export async function savePayAtPickupAllowed(allowed: boolean) {
	await prisma.pickupSettings.upsert({
		where: { id: 1 },
		create: { id: 1, payAtPickupAllowed: allowed },
		update: { payAtPickupAllowed: allowed },
	})
}

export async function addPickupClosure(closure: {
	startDate: LocalDate
	endDate: LocalDate
	note: string
	noteEs?: string | null
	notePtBr?: string | null
}) {
	const row = await prisma.pickupClosure.create({
		data: {
			startDate: dateColumn(closure.startDate),
			endDate: dateColumn(closure.endDate),
			note: closure.note,
			noteEs: closure.noteEs ?? null,
			notePtBr: closure.notePtBr ?? null,
		},
		select: { id: true },
	})
	invalidateMenuCache()
	return row.id
}

/** False when it was already gone. */
export async function deletePickupClosure(id: string) {
	const { count } = await prisma.pickupClosure.deleteMany({ where: { id } })
	invalidateMenuCache()
	return count > 0
}

/** Sets (or replaces) the hours for one date. */
export async function setSpecialHours(day: { date: LocalDate; opensAt: string; closesAt: string }) {
	const date = dateColumn(day.date)
	const hours = { opensAt: day.opensAt, closesAt: day.closesAt }
	await prisma.specialHours.upsert({ where: { date }, create: { date, ...hours }, update: hours })
	invalidateMenuCache()
}

/** False when it was already gone (or `date` is not a date). */
export async function deleteSpecialHours(date: string) {
	if (!isLocalDate(date)) return false
	const { count } = await prisma.specialHours.deleteMany({ where: { date: dateColumn(date) } })
	invalidateMenuCache()
	return count > 0
}
