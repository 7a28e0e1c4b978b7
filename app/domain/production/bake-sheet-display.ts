import { scheduleTimeLabel } from './production-plan'
import type { BakeSheet } from './bake-sheet.server'

/** A scheduled batch as the sheet and its CSV show it: wall times in the bakery's zone, dated when not that day. */
export function batchRows(sheet: BakeSheet, date: string, timeZone: string) {
	return sheet.resources.flatMap((resource) =>
		resource.batches.map((batch) => ({
			resource: resource.name,
			item: batch.item,
			step: batch.stepName,
			batch: batch.batch,
			units: batch.units,
			start: scheduleTimeLabel(batch.startsAt, date, timeZone),
			end: scheduleTimeLabel(batch.endsAt, date, timeZone),
			due: scheduleTimeLabel(batch.due, date, timeZone),
			early: batch.beforeDayStart,
		})),
	)
}
