import type { MenuCategory } from '~/generated/prisma/enums'
import {
	listMenuCategories,
	listMenuItems,
	localizeMenuItem,
	type PublicMenuItem,
} from '~/domain/menu/models/menu-item.server'
import { hiddenAllergensFrom, isSafeFor, itemAllergensOf, type AllergenKey } from './allergens'
import { isDatabaseUnavailable } from '~/utils/db.server'
import { cachedMenuRead } from './menu-cache.server'
import { categoryFromParam, menuCategories } from './menu-categories'
import { requestLocale, translator } from '~/utils/i18n.server'
import type { Locale, Translate } from '~/utils/i18n'
import { withOutagePolicy } from '~/utils/outage.server'
import { leadTimeLabel, preorderLabel, soldOutInHorizonLabel } from '~/domain/pickup/pickup-display'
import { toJsonText, type JsonText } from '~/utils/json-text'
import type { MenuItemView } from './menu-item-view'
import type { CartMenu, CartMenuItem } from '~/domain/orders/cart-prices'
import { localDateOf, type ItemAvailability } from '~/domain/pickup/pickup-schedule'
import { loadMenuPickup } from '~/domain/pickup/index.server'

function inMenuOrder(categories: MenuCategory[]) {
	const order = menuCategories.map((category) => category.value as MenuCategory)
	return [...categories].sort((a, b) => order.indexOf(a) - order.indexOf(b))
}

interface MenuPickup {
	horizonDays: number
	today: string
	availability: ReadonlyMap<string, ItemAvailability>
}

/**
 * Availability changes with every order, so it is not part of the cached menu: it is read per page view
 * (the schedule, the items' rules and one usage query), shared for a few seconds by concurrent views
 * through the menu cache (cleared by every owner's edit). Unknown during a database outage: then the
 * menu shows without the sold-out words rather than failing (docs/decisions/032-menu-availability.md).
 */
async function menuPickup(key: string, items: readonly { id: string }[]): Promise<MenuPickup | null> {
	if (items.length === 0) return null
	const ids = items.map((item) => item.id)
	try {
		return await cachedMenuRead(`pickup:${key}`, async () => {
			const now = new Date()
			const { schedule, availability } = await loadMenuPickup(ids, now)
			return { horizonDays: schedule.horizonDays, today: localDateOf(now, schedule.timeZone), availability }
		})
	} catch (error) {
		if (isDatabaseUnavailable(error)) return null
		throw error
	}
}

/** An item as the menu shows it, its pickup words in the page's language. */
export function withPickup(item: PublicMenuItem, pickup: MenuPickup | null, locale: Locale): MenuItemView {
	const t = translator(locale)
	const {
		leadMinutes,
		dailyLimit: _dailyLimit,
		availableFrom,
		availableUntil,
		allergens,
		mayContain,
		dietaryLabels,
		allergensListed,
		optionGroups,
		...rest
	} = item
	const view: MenuItemView = {
		...rest,
		allergens: itemAllergensOf({ allergens, mayContain, dietaryLabels, allergensListed }),
	}
	// Only items with options carry them: the menu's loader data stays small (issue 20's budget).
	if (optionGroups.length > 0) view.optionGroups = optionGroups
	const labels: string[] = []
	const seasonal = Boolean(availableFrom || availableUntil)
	const seasonOver = Boolean(pickup && availableUntil && availableUntil < pickup.today)
	const availability = pickup?.availability.get(item.id)
	const blocked = availability && !availability.available ? availability.reason : null

	if (seasonal)
		labels.push(
			seasonOver ? t('shop.pickupOutOfSeason') : (preorderLabel(availableFrom, availableUntil, t, locale) ?? ''),
		)
	if (pickup && blocked && (blocked === 'sold-out-in-horizon' || !seasonal)) {
		labels.push(soldOutInHorizonLabel(pickup.horizonDays, t))
	}
	if (leadMinutes && !blocked) labels.push(leadTimeLabel(leadMinutes, t))

	const result: MenuItemView = view
	if (labels.length > 0) result.pickupLabels = labels
	if (blocked) result.unavailable = unavailableButton(blocked, seasonal, seasonOver, t)
	return result
}

/** The disabled add button of an item no day of the horizon can take. */
function unavailableButton(blocked: string, seasonal: boolean, seasonOver: boolean, t: Translate) {
	if (blocked !== 'outside-window' || !seasonal) return t('shop.soldOut')
	return seasonOver ? t('shop.pickupNotAvailable') : t('shop.pickupNotYetOrderable')
}

/**
 * The menu as a page shows it: in `locale`, with its pickup words. It is derived from two cached reads (the
 * items and their availability) once per pair of them, so every view shares it and it changes exactly when
 * either read does. Frozen, since concurrent requests share it; its JSON text is written once (itemsText).
 */
async function menuView(locale: Locale, category?: MenuCategory): Promise<readonly MenuItemView[]> {
	const stored = await listMenuItems(category)
	const pickup = await menuPickup(category ?? 'ALL', stored)
	const byPickup = views.get(stored) ?? new WeakMap<object, Map<Locale, readonly MenuItemView[]>>()
	views.set(stored, byPickup)
	const byLocale = byPickup.get(pickup ?? stored) ?? new Map<Locale, readonly MenuItemView[]>()
	byPickup.set(pickup ?? stored, byLocale)
	let view = byLocale.get(locale)
	if (!view) {
		view = deepFreeze(stored.map((item) => withPickup(localizeMenuItem(item, locale), pickup, locale)))
		byLocale.set(locale, view)
	}
	return view
}

const views = new WeakMap<object, WeakMap<object, Map<Locale, readonly MenuItemView[]>>>()
const viewTexts = new WeakMap<readonly MenuItemView[], JsonText<MenuItemView[]>>()

/** The items as the page receives them: one JSON string (utils/json-text.ts), written once per shared view. */
function itemsText(items: readonly MenuItemView[]): JsonText<MenuItemView[]> {
	let text = viewTexts.get(items)
	if (text === undefined) {
		text = toJsonText(items as MenuItemView[])
		if (Object.isFrozen(items)) viewTexts.set(items, text)
	}
	return text
}

function deepFreeze<T>(value: T): T {
	if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
		for (const inner of Object.values(value)) deepFreeze(inner)
		Object.freeze(value)
	}
	return value
}

/**
 * The ?hide= allergen filter, applied in memory to the cached menu (after the availability read, which is
 * shared by every filter): only the items shown are sent, with how many were left out. The page cache keys
 * on the whole URL, so a filtered page is never served for another filter (docs/decisions/037-allergens.md).
 */
function withoutHidden(items: readonly MenuItemView[], hidden: readonly AllergenKey[]) {
	if (hidden.length === 0) return { items, hiddenCount: 0 }
	const shown = items.filter((item) => isSafeFor(item.allergens, hidden))
	return { items: shown, hiddenCount: items.length - shown.length }
}

/**
 * Loader data for a filterable menu page (/shop, /menu): ?category= works without JavaScript. Both
 * menu loaders follow the outage policy (the route exports `outageHeaders` as its `headers`).
 */
export function loadFilterableMenu(request: Request) {
	const { searchParams } = new URL(request.url)
	const param = searchParams.get('category')
	const activeCategory = categoryFromParam(param) ?? null
	const hidden = hiddenAllergensFrom(searchParams)
	// An unknown category matches nothing (and says so) rather than silently showing everything.
	const matchesNothing = Boolean(param) && !activeCategory
	const locale = requestLocale(request)
	return withOutagePolicy(async () => {
		const [all, categories] = await Promise.all([
			matchesNothing ? Promise.resolve([]) : menuView(locale, activeCategory ?? undefined),
			listMenuCategories(),
		])
		const { items, hiddenCount } = withoutHidden(all, hidden)
		return {
			items: itemsText(items),
			categories: inMenuOrder(categories),
			activeCategory,
			hidden,
			hiddenCount,
		}
	})
}

/** Loader data for one category's page (/cakes…), with the same ?hide= allergen filter. */
export function loadCategoryMenu(category: MenuCategory, request: Request) {
	const hidden = hiddenAllergensFrom(new URL(request.url).searchParams)
	const locale = requestLocale(request)
	return withOutagePolicy(async () => {
		const { items: shown, hiddenCount } = withoutHidden(await menuView(locale, category), hidden)
		return { items: itemsText(shown), hidden, hiddenCount }
	})
}

/**
 * For the cart and the checkout: the menu as the cart prices it now, in `locale` (app/domain/orders/cart-prices.ts), from
 * the same cached reads as the menu pages: each item's name, price and options, sold out or not sold online, and
 * the words for an item no pickup day of the horizon can take ('Sold out for the next 14 days'). Null when the
 * database is unavailable: then no price is shown (decision 051).
 */
export async function loadCartMenu(locale: Locale): Promise<CartMenu | null> {
	let items: readonly MenuItemView[]
	try {
		items = await menuView(locale)
	} catch (error) {
		if (isDatabaseUnavailable(error)) return null
		throw error
	}
	return Object.fromEntries(items.map((item) => [item.id, cartMenuItem(item)]))
}

function cartMenuItem({ name, priceCents, orderable, soldOut, optionGroups, pickupLabels, unavailable }: MenuItemView) {
	if (!orderable) return { state: 'not-online', name } satisfies CartMenuItem
	if (soldOut) return { state: 'sold-out', name } satisfies CartMenuItem
	const item: CartMenuItem = { state: 'for-sale', name, priceCents }
	if (optionGroups) item.optionGroups = optionGroups
	// A blocked item's last label says why: 'Sold out for the next 14 days', or its preorder window.
	if (unavailable) item.unavailable = pickupLabels?.at(-1) ?? unavailable
	return item
}
