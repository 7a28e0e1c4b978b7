import type { Allergen, DietaryLabel, MenuCategory, TaxCategory } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'
import { cachedMenuRead, invalidateMenuCache } from '~/domain/menu/menu-cache.server'
import { isRecordNotFound } from '~/utils/db.server'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import { defaultTaxCategory } from '~/domain/menu/menu-categories'
import type { Locale } from '~/utils/i18n'
import { localizeRow } from '~/domain/content/localized-content'
import { removeObjectQuietly, withStoredImage, type StoredImageOutcome } from '~/domain/content/index.server'
import { dateColumn, dateFromColumn } from '~/domain/pickup/index.server'

/** Option groups and their choices in the owner's order (the checkout's SQL reads them the same way). */
const ownerOrder: Array<{ position?: 'asc'; id?: 'asc' }> = [{ position: 'asc' }, { id: 'asc' }]

const publicFields = {
	id: true,
	name: true,
	description: true,
	nameEs: true,
	namePtBr: true,
	descriptionEs: true,
	descriptionPtBr: true,
	priceCents: true,
	category: true,
	imageKey: true,
	imageAlt: true,
	orderable: true,
	soldOut: true,
	leadMinutes: true,
	dailyLimit: true,
	availableFrom: true,
	availableUntil: true,
	allergens: true,
	mayContain: true,
	dietaryLabels: true,
	allergensListed: true,
	optionGroups: {
		select: {
			id: true,
			name: true,
			nameEs: true,
			namePtBr: true,
			kind: true,
			required: true,
			minChoices: true,
			maxChoices: true,
			maxLength: true,
			options: {
				select: { id: true, name: true, nameEs: true, namePtBr: true, priceDeltaCents: true, soldOut: true },
				orderBy: ownerOrder,
			},
		},
		orderBy: ownerOrder,
	},
} as const

/** A menu item's pickup rules; null means no rule. Dates are the bakery's calendar dates. */
export interface MenuItemPickupRules {
	leadMinutes: number | null
	dailyLimit: number | null
	availableFrom: LocalDate | null
	availableUntil: LocalDate | null
}

function withLocalDates<Row extends { availableFrom: Date | null; availableUntil: Date | null }>(row: Row) {
	return {
		...row,
		availableFrom: row.availableFrom ? dateFromColumn(row.availableFrom) : null,
		availableUntil: row.availableUntil ? dateFromColumn(row.availableUntil) : null,
	}
}

function pickupRuleColumns(rules: MenuItemPickupRules) {
	return {
		leadMinutes: rules.leadMinutes,
		dailyLimit: rules.dailyLimit,
		availableFrom: rules.availableFrom ? dateColumn(rules.availableFrom) : null,
		availableUntil: rules.availableUntil ? dateColumn(rules.availableUntil) : null,
	}
}

const menuOrder = [{ sortOrder: 'asc' as const }, { name: 'asc' as const }]

/** Menu items as the public pages show them, in the owner's sort order. */
export function listMenuItems(category?: MenuCategory) {
	return cachedMenuRead(`items:${category ?? 'ALL'}`, () => queryMenuItems(category))
}

async function queryMenuItems(category?: MenuCategory) {
	const rows = await prisma.menuItem.findMany({
		where: category ? { category } : undefined,
		select: publicFields,
		orderBy: menuOrder,
	})
	return rows.map(withLocalDates)
}

type StoredMenuItem = Awaited<ReturnType<typeof listMenuItems>>[number]

/**
 * An item in the visitor's language: its name, description, option groups and choices in `locale` where the
 * owner translated them, English otherwise; the translation columns are left out of the page's data.
 */
export function localizeMenuItem(item: StoredMenuItem, locale: Locale) {
	const { optionGroups, ...rest } = localizeRow(item, ['name', 'description'], locale)
	return {
		...rest,
		optionGroups: optionGroups.map(({ options, ...group }) => ({
			...localizeRow(group, ['name'], locale),
			options: options.map((option) => localizeRow(option, ['name'], locale)),
		})),
	}
}

export type PublicMenuItem = ReturnType<typeof localizeMenuItem>

/** The distinct categories that have at least one item, for the filter buttons. */
export function listMenuCategories() {
	return cachedMenuRead('categories', queryMenuCategories)
}

async function queryMenuCategories() {
	const rows = await prisma.menuItem.findMany({ distinct: ['category'], select: { category: true } })
	return rows.map((row) => row.category)
}

/** Which of these items are taxable prepared food (the checkout's preview of the tax). */
export async function listPreparedFoodIds(menuItemIds: readonly string[]) {
	const rows = await prisma.menuItem.findMany({
		where: { id: { in: [...menuItemIds] }, taxCategory: 'PREPARED_FOOD' },
		select: { id: true },
	})
	return rows.map((row) => row.id)
}

// --- Admin (requireAdmin is checked by the calling route) ---

const adminFields = { ...publicFields, sortOrder: true, taxCategory: true, updatedAt: true } as const

/** Every item with what the owner edits, in the public menu's order. */
export async function listMenuItemsForAdmin() {
	const rows = await prisma.menuItem.findMany({ select: adminFields, orderBy: menuOrder })
	return rows.map(withLocalDates)
}

export type AdminMenuItem = Awaited<ReturnType<typeof listMenuItemsForAdmin>>[number]

export async function findMenuItemForAdmin(id: string) {
	const row = await prisma.menuItem.findUnique({ where: { id }, select: adminFields })
	return row ? withLocalDates(row) : null
}

/** What the owner says about an item's allergens (the CHECKs of the migration refuse contradictions). */
interface MenuItemAllergens {
	allergens: Allergen[]
	mayContain: Allergen[]
	dietaryLabels: DietaryLabel[]
	allergensListed: boolean
}

export interface MenuItemDetails extends MenuItemPickupRules, MenuItemAllergens {
	name: string
	description: string
	priceCents: number
	category: MenuCategory
	imageAlt: string
	/** Sales tax (decision 039). Left out: a new item takes its category's default, an edit keeps the current one. */
	taxCategory?: TaxCategory
}

/** A new item with its photo (both saved or neither), placed at the end of the menu. */
export function createMenuItemWithImage(
	{ leadMinutes, dailyLimit, availableFrom, availableUntil, ...details }: MenuItemDetails & { orderable: boolean },
	image: File,
) {
	const rules = pickupRuleColumns({ leadMinutes, dailyLimit, availableFrom, availableUntil })
	return withStoredImage('menuImages', image, 'owner', async (imageKey) => {
		const last = await prisma.menuItem.aggregate({ _max: { sortOrder: true } })
		const sortOrder = (last._max.sortOrder ?? 0) + 1
		return prisma.menuItem.create({
			data: {
				...details,
				taxCategory: details.taxCategory ?? defaultTaxCategory(details.category),
				...rules,
				imageKey,
				sortOrder,
			},
			select: { id: true, name: true },
		})
	}).finally(invalidateMenuCache)
}

export interface MenuItemChanges extends MenuItemDetails {
	/** The owner's translations (null: the English is shown). */
	nameEs: string | null
	namePtBr: string | null
	descriptionEs: string | null
	descriptionPtBr: string | null
	orderable: boolean
	soldOut: boolean
	sortOrder: number
}

export type MenuItemUpdateOutcome = StoredImageOutcome<'updated' | 'missing'>

/**
 * Saves the owner's edits. A replacement photo is stored under a new key first (keys are
 * write-once); the old photo is deleted only after the row points at the new one.
 */
export async function updateMenuItem(
	id: string,
	changes: MenuItemChanges,
	image?: File,
): Promise<MenuItemUpdateOutcome> {
	const current = await prisma.menuItem.findUnique({ where: { id }, select: { imageKey: true } })
	if (!current) return { ok: true, value: 'missing' }
	const { leadMinutes, dailyLimit, availableFrom, availableUntil, ...rest } = changes
	const data = { ...rest, ...pickupRuleColumns({ leadMinutes, dailyLimit, availableFrom, availableUntil }) }
	if (!image) {
		const { count } = await prisma.menuItem.updateMany({ where: { id }, data })
		invalidateMenuCache()
		return { ok: true, value: count > 0 ? 'updated' : 'missing' }
	}
	const outcome = await withStoredImage('menuImages', image, 'owner', async (imageKey) => {
		const { count } = await prisma.menuItem.updateMany({ where: { id }, data: { ...data, imageKey } })
		if (count === 0) throw new MenuItemGoneError(id)
		return 'updated' as const
	})
	invalidateMenuCache()
	if (outcome.ok && current.imageKey) await removeObjectQuietly(current.imageKey)
	return outcome
}

class MenuItemGoneError extends Error {
	constructor(id: string) {
		super(`Menu item ${id} was deleted while its photo was being replaced`)
	}
}

export async function setMenuItemSoldOut(id: string, soldOut: boolean) {
	const { count } = await prisma.menuItem.updateMany({ where: { id }, data: { soldOut } })
	invalidateMenuCache()
	return count > 0
}

/** Removes the item and its photo. Past orders keep their snapshot of the name and price. */
export async function deleteMenuItem(id: string) {
	try {
		const { imageKey } = await prisma.menuItem.delete({ where: { id }, select: { imageKey: true } })
		invalidateMenuCache()
		if (imageKey) await removeObjectQuietly(imageKey)
		return true
	} catch (error) {
		if (isRecordNotFound(error)) return false
		throw error
	}
}
