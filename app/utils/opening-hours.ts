import type { OpeningHours } from '~/config/business'

/*
 * Only the server builds the hours visitors see (app/utils/visitor-hours.server.ts), so this stays out of
 * the pages' browser bundle (the Home page's JavaScript budget, tests/e2e/budgets.spec.ts).
 */

const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

const daysFromSunday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** Monday-first position of a weekday (0 = Sunday … 6 = Saturday). */
const mondayFirst = (weekday: number) => (weekday + 6) % 7

/** Consecutive runs of Monday-first positions, as people read them: 'Tue–Fri', 'Mon, Wed'. */
function daysLabel(weekdays: readonly number[]) {
	const positions = weekdays.map(mondayFirst).sort((a, b) => a - b)
	const runs: number[][] = []
	for (const position of positions) {
		const run = runs.at(-1)
		if (run && run.at(-1) === position - 1) run.push(position)
		else runs.push([position])
	}
	const short = (position: number) => weekDays[position]!.slice(0, 3)
	return runs.map((run) => (run.length === 1 ? short(run[0]!) : `${short(run[0]!)}–${short(run.at(-1)!)}`)).join(', ')
}

/**
 * The weekly hours as the owner stores them (weekday 0 = Sunday; a weekday without a row is closed) →
 * days with the same hours grouped, Monday first: Tue–Fri 07:00–18:00, Sat 08:00–17:00, Sun 08:00–14:00.
 */
export function openingHoursFromWeekly(
	rows: ReadonlyArray<{ weekday: number; opensAt: string; closesAt: string }>,
): OpeningHours[] {
	const groups = new Map<string, { opens: string; closes: string; weekdays: number[] }>()
	for (const row of [...rows].sort((a, b) => mondayFirst(a.weekday) - mondayFirst(b.weekday))) {
		const key = `${row.opensAt}-${row.closesAt}`
		const group = groups.get(key) ?? { opens: row.opensAt, closes: row.closesAt, weekdays: [] }
		group.weekdays.push(row.weekday)
		groups.set(key, group)
	}
	return [...groups.values()].map(({ opens, closes, weekdays }) => ({
		days: weekdays.map((weekday) => daysFromSunday[weekday]!),
		opens,
		closes,
		label: daysLabel(weekdays),
	}))
}
