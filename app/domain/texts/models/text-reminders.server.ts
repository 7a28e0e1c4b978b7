/**
 * The pickup reminders (decision 074): the owner's setting (the evening before at 18:00 and/or two hours before;
 * default: the evening before) and the paid orders whose reminder is due, each queued once by its key.
 */
import { prisma } from '~/utils/db.server'
import { BAKERY_TIME_ZONE } from '~/domain/pickup/bakery-time'
import { enqueueText } from './text-messages.server'

export interface TextSettings {
	remindEveningBefore: boolean
	remindHoursBefore: boolean
}

const DEFAULT_TEXT_SETTINGS: TextSettings = { remindEveningBefore: true, remindHoursBefore: false }

export async function getTextSettings(): Promise<TextSettings> {
	const row = await prisma.textSettings.findUnique({
		where: { id: 1 },
		select: { remindEveningBefore: true, remindHoursBefore: true },
	})
	return row ?? DEFAULT_TEXT_SETTINGS
}

export async function saveTextSettings(settings: TextSettings) {
	await prisma.textSettings.upsert({ where: { id: 1 }, create: { id: 1, ...settings }, update: settings })
}

/**
 * Orders due a reminder at `now`, paid before it was due and not yet collected:
 * - evening: from 18:00 the day before the pickup date until quiet hours (21:00);
 * - soon: from two hours before the pickup until half an hour before it.
 */
function ordersDue(kind: 'evening' | 'soon', now: Date) {
	return kind === 'evening'
		? prisma.$queryRaw<Array<{ id: string }>>`
			SELECT "id" FROM "Order"
			WHERE "status" IN ('PAID', 'READY') AND "pickupAt" > ${now}
				AND "pickupDate" BETWEEN (${now}::timestamptz AT TIME ZONE ${BAKERY_TIME_ZONE})::date
					AND (${now}::timestamptz AT TIME ZONE ${BAKERY_TIME_ZONE})::date + 1
				AND ${now} >= ((("pickupDate" - 1) + time '18:00') AT TIME ZONE ${BAKERY_TIME_ZONE})
				AND ${now} < ((("pickupDate" - 1) + time '21:00') AT TIME ZONE ${BAKERY_TIME_ZONE})
				AND "paidAt" < ((("pickupDate" - 1) + time '18:00') AT TIME ZONE ${BAKERY_TIME_ZONE})`
		: prisma.$queryRaw<Array<{ id: string }>>`
			SELECT "id" FROM "Order"
			WHERE "status" IN ('PAID', 'READY')
				AND "pickupAt" > ${now}::timestamptz + interval '30 minutes'
				AND "pickupAt" <= ${now}::timestamptz + interval '2 hours'
				AND "paidAt" < "pickupAt" - interval '2 hours'`
}

/** Queues every reminder due now (the scheduled job runs it every five minutes); resolves to how many were new. */
export async function enqueueDueReminders(now = new Date()) {
	const settings = await getTextSettings()
	let queued = 0
	for (const kind of ['evening', 'soon'] as const) {
		if (!(kind === 'evening' ? settings.remindEveningBefore : settings.remindHoursBefore)) continue
		for (const { id } of await ordersDue(kind, now)) {
			const added = await prisma.$transaction((tx) =>
				enqueueText(
					tx,
					{ kind: kind === 'evening' ? 'order-reminder-evening' : 'order-reminder-soon', orderId: id },
					{ now },
				),
			)
			if (added) queued += 1
		}
	}
	return queued
}
