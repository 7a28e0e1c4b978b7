import { TZDate } from '@date-fns/tz'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'

/** No text between 21:00 and 08:00 at the bakery (docs/decisions/069-text-messages.md). */
const QUIET_HOURS_START = 21
const QUIET_HOURS_END = 8

/**
 * When a text about a pickup may go out: now, unless it is quiet hours at the bakery; then at the next 08:00
 * local time, except when the pickup itself comes before that 08:00 (a customer collecting at 07:30 still hears
 * that the order is ready). Daylight saving time is the bakery's clock, so 08:00 is 08:00 on both sides of a change.
 */
export function textSendTime(now: Date, pickupAt?: Date | null): Date {
	const local = new TZDate(now.getTime(), BAKERY_TIME_ZONE)
	const hour = local.getHours()
	if (hour >= QUIET_HOURS_END && hour < QUIET_HOURS_START) return now

	const dayOffset = hour >= QUIET_HOURS_START ? 1 : 0
	const quietHoursEnd = new Date(
		new TZDate(
			local.getFullYear(),
			local.getMonth(),
			local.getDate() + dayOffset,
			QUIET_HOURS_END,
			0,
			BAKERY_TIME_ZONE,
		).getTime(),
	)
	if (pickupAt && pickupAt.getTime() < quietHoursEnd.getTime()) return now
	return quietHoursEnd
}

/** Whether it is quiet hours at the bakery now: nothing that wakes a customer goes out (a waitlist's offer waits too). */
export function isQuietHours(now: Date) {
	return textSendTime(now).getTime() !== now.getTime()
}
