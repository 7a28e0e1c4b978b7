import { scheduleTimeLabel } from './production-plan'
import type { BakeSheet } from './bake-sheet.server'

/**
 * A scheduled batch as the sheet and its CSV show it: wall times in the bakery's zone, dated when not that day. Each
 * instant is labelled once: batches share their ends, starts and pickups, and a label is two time zone lookups.
 */
export function batchRows(sheet: BakeSheet, date: string, timeZone: string) {
	const labels = new Map<number, string>()
	const label = (instant: Date) => {
		let text = labels.get(instant.getTime())
		if (text === undefined) {
			text = scheduleTimeLabel(instant, date, timeZone)
			labels.set(instant.getTime(), text)
		}
		return text
	}
	return sheet.resources.flatMap((resource) =>
		resource.batches.map((batch) => ({
			resource: resource.name,
			item: batch.item,
			step: batch.stepName,
			batch: batch.batch,
			units: batch.units,
			start: label(batch.startsAt),
			end: label(batch.endsAt),
			due: label(batch.due),
			early: batch.beforeDayStart,
		})),
	)
}
