import { getPickupSettings } from '~/domain/pickup/models/pickup-schedule.server'
import { addLocalDays, isLocalDate, localDateOf, type LocalDate } from './pickup-schedule'

export interface OwnerDay {
	/** The date asked for, or today when none (or a malformed one) was. */
	date: LocalDate
	today: LocalDate
	tomorrow: LocalDate
	timeZone: string
}

/** The day an owner's screen shows (`?date=YYYY-MM-DD`), with today and tomorrow at the bakery. */
export async function ownerDay(dateParam: string | null, now = new Date()): Promise<OwnerDay> {
	const { timeZone } = await getPickupSettings()
	const today = localDateOf(now, timeZone)
	const date = dateParam && isLocalDate(dateParam) ? dateParam : today
	return { date, today, tomorrow: addLocalDays(today, 1), timeZone }
}
