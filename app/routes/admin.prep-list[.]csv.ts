import type { LoaderFunctionArgs } from '@remix-run/node'
import { getPrepList } from '~/domain/pickup/models/prep-list.server'
import { adminResponseHeaders } from '~/utils/admin-route'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { formatBakerySpreadsheetTime } from '~/domain/pickup/bakery-time'
import { statusLabels } from '~/domain/cake-quotes/cake-quote'
import { csvDollars, toCsv } from '~/utils/csv.server'
import { ownerDay } from '~/domain/pickup/owner-day.server'
import { PICKUP_BAND_LABELS } from '~/domain/pickup/pickup-display'
import { prepChoicesSummary, prepMessageTexts, prepMessageView } from '~/domain/pickup/prep-list-display'

/**
 * The columns it always had (spreadsheets built on them keep working), then what the printed list shows besides:
 * what to write on each item, and the day's custom cakes with their pickup, customer, status, what is left to
 * collect, what the customer asked and what was agreed.
 */
export const PREP_LIST_CSV_HEADER = [
	'Item',
	PICKUP_BAND_LABELS.morning,
	PICKUP_BAND_LABELS.afternoon,
	'Day total',
	'Choices',
	'To write',
	'Pickup',
	'Customer',
	'Phone',
	'Status',
	'To collect',
	'Asked',
	'Agreed',
] as const

type Column = (typeof PREP_LIST_CSV_HEADER)[number]

/** A record in the header's order; a column a row has nothing for stays empty. */
function record(cells: Partial<Record<Column, string>>) {
	return PREP_LIST_CSV_HEADER.map((column) => cells[column] ?? '')
}

function counts(band: { morning: number; afternoon: number; total: number }) {
	return {
		[PICKUP_BAND_LABELS.morning]: String(band.morning),
		[PICKUP_BAND_LABELS.afternoon]: String(band.afternoon),
		'Day total': String(band.total),
	}
}

/**
 * `/admin/prep-list.csv?date=YYYY-MM-DD`: the prep list of that day (today without a date), as prep-list-<date>.csv:
 * the items (the messages to write on each in one cell, a line each), their totals, then the day's custom cakes.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { date, timeZone } = await ownerDay(new URL(request.url).searchParams.get('date'))
	const { items, totals, cakes } = await getPrepList(date, timeZone)
	const rows = [
		...items.map((row) =>
			record({
				Item: row.name,
				...counts(row),
				Choices: prepChoicesSummary(row.choices),
				'To write': prepMessageTexts(row.messages.map((message) => prepMessageView(message, timeZone))).join('\n'),
			}),
		),
		record({ Item: 'All items', ...counts(totals) }),
		...cakes.map((cake) =>
			record({
				Item: `Custom cake: ${cake.type}, ${cake.size}`,
				...counts({ morning: cake.morning ? 1 : 0, afternoon: cake.morning ? 0 : 1, total: 1 }),
				Pickup: cake.pickupAt ? formatBakerySpreadsheetTime(cake.pickupAt) : '',
				Customer: cake.name,
				Phone: cake.phone,
				Status: statusLabels[cake.status],
				'To collect': csvDollars(Math.max((cake.quoteCents ?? 0) - cake.paidCents, 0)),
				Asked: cake.message,
				Agreed: cake.quoteNotes,
			}),
		),
	]
	return new Response(toCsv(PREP_LIST_CSV_HEADER, rows), {
		headers: {
			...adminResponseHeaders,
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="prep-list-${date}.csv"`,
		},
	})
}
