import { getPickupSettings } from '~/domain/pickup/index.server'
import { instantAt, type LocalDate } from '~/domain/pickup/pickup-schedule'
import {
	createPromoCode,
	listPromoCodes,
	listPromoCodeUses,
	setPromoCodeActive,
	updatePromoCodeLimits,
} from './models/promo-codes.server'
import type { NewPromoCode, PromoLimits } from './promo-code-form'

/** The day after a bakery date (its end is the next day's start). */
function nextDay(date: string) {
	const day = new Date(`${date}T12:00:00Z`)
	day.setUTCDate(day.getUTCDate() + 1)
	return day.toISOString().slice(0, 10) as LocalDate
}

/** The window's instants: from the first day's start to the end of the last day, in the bakery's time zone. */
async function windowOf({ startsOn, endsOn }: Pick<PromoLimits, 'startsOn' | 'endsOn'>) {
	const { timeZone } = await getPickupSettings()
	return {
		startsAt: startsOn ? instantAt(startsOn as LocalDate, '00:00', timeZone) : null,
		endsAt: endsOn ? instantAt(nextDay(endsOn), '00:00', timeZone) : null,
	}
}

function limitsData(limits: Omit<PromoLimits, 'id'>) {
	return {
		minimumOrderCents: limits.minimumOrder ?? 0,
		maxUses: limits.maxUses,
		maxUsesPerCustomer: limits.maxUsesPerCustomer,
		firstOrderOnly: limits.firstOrderOnly,
	}
}

/** The owner's new code (decision 080); 'taken' when the code exists already. */
export async function createOwnerPromoCode(input: NewPromoCode) {
	return createPromoCode({
		code: input.code,
		kind: input.kind,
		percentOff: input.kind === 'PERCENT' ? input.percentOff : null,
		amountOffCents: input.kind === 'AMOUNT' ? input.amountOff : null,
		categories: input.categories,
		menuItemIds: input.menuItemIds,
		...limitsData(input),
		...(await windowOf(input)),
	})
}

/** New window and limits for a code; false when it is gone. */
export async function changePromoCodeLimits({ id, ...limits }: PromoLimits) {
	return updatePromoCodeLimits(id, { ...limitsData(limits), ...(await windowOf(limits)) })
}

export { setPromoCodeActive }

/** The owner's screen: every code, and the last uses of each, with the bakery's time zone to show dates in. */
export async function ownerPromoCodes() {
	const [codes, { timeZone }] = await Promise.all([listPromoCodes(), getPickupSettings()])
	const uses = await Promise.all(codes.map((code) => listPromoCodeUses(code.id, 10)))
	return { timeZone, codes: codes.map((code, index) => ({ ...code, uses: uses[index]! })) }
}
