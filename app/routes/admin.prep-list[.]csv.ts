import type { LoaderFunctionArgs } from '@remix-run/node'
import { getPrepList } from '~/models/prep-list.server'
import { adminResponseHeaders } from '~/utils/admin-route'
import { requireAdmin } from '~/utils/auth.server'
import { toCsv } from '~/utils/csv.server'
import { ownerDay } from '~/utils/owner-day.server'
import { PICKUP_BAND_LABELS } from '~/utils/pickup-display'
import { prepChoicesSummary } from '~/utils/prep-list-display'

export const PREP_LIST_CSV_HEADER = [
	'Item',
	PICKUP_BAND_LABELS.morning,
	PICKUP_BAND_LABELS.afternoon,
	'Day total',
	'Choices',
] as const

/** `/admin/prep-list.csv?date=YYYY-MM-DD`: the prep list of that day (today without a date), as prep-list-<date>.csv. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	const { date, timeZone } = await ownerDay(new URL(request.url).searchParams.get('date'))
	const { items, totals } = await getPrepList(date, timeZone)
	const rows = [
		...items.map((row) => [
			row.name,
			String(row.morning),
			String(row.afternoon),
			String(row.total),
			prepChoicesSummary(row.choices),
		]),
		['All items', String(totals.morning), String(totals.afternoon), String(totals.total), ''],
	]
	return new Response(toCsv(PREP_LIST_CSV_HEADER, rows), {
		headers: {
			...adminResponseHeaders,
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="prep-list-${date}.csv"`,
		},
	})
}
