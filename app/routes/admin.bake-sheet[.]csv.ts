import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { ownerDay } from '~/domain/pickup/owner-day.server'
import { batchRows } from '~/domain/production/bake-sheet-display'
import { getBakeSheet } from '~/domain/production/index.server'
import { formatQuantity } from '~/domain/production/production-plan'
import { adminResponseHeaders } from '~/utils/admin-route'
import { toCsv } from '~/utils/csv.server'

/** One table for a spreadsheet: a `Section` column says whether a row is a batch, an ingredient or a counter line. */
export const BAKE_SHEET_CSV_HEADER = [
	'Section',
	'Resource',
	'Item',
	'Step',
	'Batch',
	'Units',
	'Start',
	'End',
	'Ready by',
	'Ingredient',
	'Quantity',
	'Preordered',
	'Forecast',
	'Counter',
] as const

type Column = (typeof BAKE_SHEET_CSV_HEADER)[number]

function record(cells: Partial<Record<Column, string | number>>) {
	return BAKE_SHEET_CSV_HEADER.map((column) => String(cells[column] ?? ''))
}

/** `/admin/bake-sheet.csv?date=YYYY-MM-DD`: the day's schedule, ingredients and counter plan, as bake-sheet-<date>.csv. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request, 'staff')
	const { date, timeZone } = await ownerDay(new URL(request.url).searchParams.get('date'))
	const sheet = await getBakeSheet(date, timeZone)
	const rows = [
		...batchRows(sheet, date, timeZone).map((batch) =>
			record({
				Section: 'Batch',
				Resource: batch.resource,
				Item: batch.item,
				Step: batch.step,
				Batch: batch.batch,
				Units: batch.units,
				Start: batch.start,
				End: batch.end,
				'Ready by': batch.due,
			}),
		),
		...sheet.ingredients.map((need) =>
			record({ Section: 'Ingredient', Ingredient: need.name, Quantity: formatQuantity(need.quantity) }),
		),
		...sheet.counter.map((plan) =>
			record({
				Section: 'Counter',
				Item: plan.name,
				Preordered: plan.preordered,
				Forecast: plan.forecast ?? '',
				Counter: plan.counter,
			}),
		),
	]
	return new Response(toCsv(BAKE_SHEET_CSV_HEADER, rows), {
		headers: {
			...adminResponseHeaders,
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="bake-sheet-${date}.csv"`,
		},
	})
}
