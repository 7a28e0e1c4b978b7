/**
 * The bread club's public page, /club (decision 093): each plan taking members in the visitor's language, with its box
 * named as the menu names its items, the first box a member joining now would get and when its changes close, and
 * whether a seat is left (never how many). The route picks the words.
 */
import { isDatabaseUnavailable } from '~/utils/db.server'
import type { Locale } from '~/utils/i18n'
import { pickLocalized } from '~/domain/content/localized-content'
import { cachedMenuRead, loadCartMenu } from '~/domain/menu/index.server'
import { lineName, priceChoices } from '~/domain/menu/item-options'
import type { CartMenu } from '~/domain/orders/cart-prices'
import { getPickupSchedule } from '~/domain/pickup/index.server'
import { cutoffOf, firstPickupDate, windowSlots } from './cadence'
import { clubBoxLines } from './club.server'
import { hasActiveClubPlan } from './models/club-page.server'
import { listActiveClubPlans } from './models/plans.server'
import { ignoringSoldOut } from './plan-form'

/** A box's lines named in the page's language, with their choices; an item no longer on the menu is left out. */
function boxLines(lines: unknown, menu: CartMenu | null) {
	return clubBoxLines(lines).flatMap((line) => {
		const item = menu && Object.hasOwn(menu, line.menuItemId) ? menu[line.menuItemId] : undefined
		if (!item) return []
		const priced =
			item.state === 'for-sale' ? priceChoices(0, ignoringSoldOut(item.optionGroups ?? []), line.choices) : null
		return [{ name: lineName(item.name, priced?.ok ? priced.options : []), quantity: line.quantity }]
	})
}

/** The plans a visitor may join, in the owner's order. */
export async function clubPlansPage(locale: Locale, now = new Date()) {
	const [plans, menu, schedule] = await Promise.all([
		listActiveClubPlans(now),
		loadCartMenu(locale),
		getPickupSchedule(now),
	])
	return plans.map((plan) => {
		const firstBox = firstPickupDate(plan, now)
		return {
			id: plan.id,
			name: pickLocalized(plan, 'name', locale),
			description: pickLocalized(plan, 'description', locale),
			box: boxLines(plan.lines, menu),
			frequency: plan.frequency,
			pickupWeekday: plan.pickupWeekday,
			windowStart: plan.windowStart,
			windowEnd: plan.windowEnd,
			priceCents: plan.priceCents,
			full: plan.liveMembers >= plan.maxSubscribers,
			firstBox,
			changesCloseAt: cutoffOf(plan, firstBox),
			pickupTimes: windowSlots(plan, schedule.slotMinutes),
		}
	})
}

/**
 * Whether the menu links to /club: read with the menu's own cache (a few seconds), and left out during a database
 * outage rather than failing the menu.
 */
export async function clubTakesMembers() {
	try {
		return await cachedMenuRead('club:open', hasActiveClubPlan)
	} catch (error) {
		if (isDatabaseUnavailable(error)) return false
		throw error
	}
}
