import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { PrintButton } from '~/components/admin/print-button'
import { DayTabs, PickupDateForm } from '~/components/admin/pickup-day-nav'
import { AdminHeading, VisuallyHidden } from '~/components/admin/admin-ui'
import { DayCakes } from '~/components/admin/day-cakes'
import { getPrepList } from '~/domain/pickup/models/prep-list.server'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { ownerDay } from '~/domain/pickup/owner-day.server'
import {
	formatPickupDate,
	formatPickupDateLong,
	formatWallTime,
	PICKUP_BAND_LABELS,
} from '~/domain/pickup/pickup-display'
import { wallTimeOf } from '~/domain/pickup/pickup-schedule'
import { prepChoicesLabel, prepMessageTexts, prepMessageView } from '~/domain/pickup/prep-list-display'
import printHref from '~/styles/prep-list-print.css?url'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Prep list')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: printHref, media: 'print' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'staff')
	const day = await ownerDay(new URL(request.url).searchParams.get('date'))
	const { items, totals, cakes, allergies } = await getPrepList(day.date, day.timeZone)
	const rows = items.map(({ messages, ...row }) => ({
		...row,
		messages: messages.map((message) => prepMessageView(message, day.timeZone)),
	}))
	return data(
		{
			adminName: admin.name,
			adminRole: admin.role,
			date: day.date,
			today: day.today,
			tomorrow: day.tomorrow,
			timeZone: day.timeZone,
			items: rows,
			totals,
			cakes,
			allergies: allergies.map(({ pickupAt, ...order }) => ({
				...order,
				pickup: pickupAt ? formatWallTime(wallTimeOf(pickupAt, day.timeZone)) : null,
			})),
		},
		{ headers: adminResponseHeaders },
	)
}

export default function AdminPrepList() {
	const { adminName, adminRole, date, today, tomorrow, timeZone, items, totals, cakes, allergies } =
		useLoaderData<typeof loader>()
	const days = [
		{ date: today, label: 'Today' },
		{ date: tomorrow, label: 'Tomorrow' },
	]
	return (
		<AdminFrame adminName={adminName} adminRole={adminRole}>
			<div className="prep-list-controls">
				<AdminHeading title="Prep list">
					<DayTabs
						label="Prep list days"
						tabs={days.map((day) => ({
							to: `/admin/prep-list?date=${day.date}`,
							label: day.label,
							current: day.date === date,
						}))}
					/>
				</AdminHeading>
				<div className="mb-6 flex flex-wrap items-end gap-4">
					<PickupDateForm id="prep-date" date={date} />
					<PrintButton />
					{adminRole === 'owner' ? (
						<a
							href={`/admin/prep-list.csv?date=${date}`}
							className="font-semibold underline underline-offset-4"
							download
						>
							Download CSV
						</a>
					) : null}
					<Link to={`/admin/orders?date=${date}`} className="font-semibold underline underline-offset-4">
						Orders for {formatPickupDate(date)}
					</Link>
					<Link to={`/admin/bake-sheet?date=${date}`} className="font-semibold underline underline-offset-4">
						Bake sheet for {formatPickupDate(date)}
					</Link>
				</div>
			</div>
			<section aria-labelledby="prep-heading" className="prep-list">
				<h2 id="prep-heading" className="mb-4 font-display text-2xl font-bold">
					To make for {formatPickupDateLong(date)}
				</h2>
				{items.length === 0 ? (
					<p className="text-lg">No paid orders to collect on {formatPickupDate(date)}.</p>
				) : (
					<table className="w-full max-w-3xl border-collapse bg-white text-left">
						<caption className="sr-only">Quantities to make for {formatPickupDate(date)}, by pickup time</caption>
						<thead>
							<tr className="border-b-2 border-cocoa">
								<th scope="col" className="px-3 py-2">
									Item
								</th>
								<th scope="col" className="px-3 py-2 text-right">
									{PICKUP_BAND_LABELS.morning}
								</th>
								<th scope="col" className="px-3 py-2 text-right">
									{PICKUP_BAND_LABELS.afternoon}
								</th>
								<th scope="col" className="px-3 py-2 text-right">
									Day total
								</th>
							</tr>
						</thead>
						<tbody>
							{items.map((row) => (
								<PrepListItemRows key={row.key} row={row} />
							))}
						</tbody>
						<tfoot>
							<tr className="border-t-2 border-cocoa font-bold">
								<th scope="row" className="px-3 py-2">
									All items
								</th>
								<td className="px-3 py-2 text-right">{totals.morning}</td>
								<td className="px-3 py-2 text-right">{totals.afternoon}</td>
								<td className="px-3 py-2 text-right">{totals.total}</td>
							</tr>
						</tfoot>
					</table>
				)}
				{allergies.length > 0 ? (
					<section aria-labelledby="allergies-heading" className="mt-8 max-w-3xl">
						<h3 id="allergies-heading" className="mb-3 font-display text-xl font-bold">
							<span aria-hidden="true">⚠ </span>Allergies ({allergies.length})
						</h3>
						<ul className="space-y-2">
							{allergies.map((order) => (
								<li key={order.orderNumber} className="rounded-lg border-2 border-red-800 bg-red-50 p-3 text-red-900">
									<p className="font-semibold">
										Order {order.orderNumber}
										{order.pickup ? `, pickup ${order.pickup}` : ''} · {order.customerName}
									</p>
									<p className="break-words whitespace-pre-line">
										<strong>Allergies:</strong> {order.allergyNote}
									</p>
									<p className="text-sm">{order.items.map((line) => `${line.quantity} × ${line.name}`).join(', ')}</p>
								</li>
							))}
						</ul>
					</section>
				) : null}
				<DayCakes cakes={cakes} date={date} timeZone={timeZone} headingLevel={3} />
			</section>
		</AdminFrame>
	)
}

type PrepListItem = ReturnType<typeof useLoaderData<typeof loader>>['items'][number]

/** An item's row, then a row for each way it was ordered ('8″', '10″'), then the messages to write on it. */
function PrepListItemRows({ row }: { row: PrepListItem }) {
	return (
		<>
			<tr className="border-b border-dough">
				<th scope="row" className="px-3 py-2 font-semibold">
					{row.name}
				</th>
				<td className="px-3 py-2 text-right">{row.morning}</td>
				<td className="px-3 py-2 text-right">{row.afternoon}</td>
				<td className="px-3 py-2 text-right font-bold">{row.total}</td>
			</tr>
			{row.choices.map((entry) => (
				<tr key={entry.choices} className="border-b border-dough">
					<th scope="row" className="py-1 pl-8 pr-3 font-normal">
						<VisuallyHidden>{row.name}, </VisuallyHidden>
						{prepChoicesLabel(entry.choices)}
					</th>
					<td className="px-3 py-1 text-right">{entry.morning}</td>
					<td className="px-3 py-1 text-right">{entry.afternoon}</td>
					<td className="px-3 py-1 text-right">{entry.total}</td>
				</tr>
			))}
			{row.messages.length > 0 ? (
				<tr className="border-b border-dough">
					<td colSpan={4} className="py-1 pl-8 pr-3">
						<p className="font-semibold">To write on {row.name}:</p>
						<ul className="list-disc pl-5">
							{prepMessageTexts(row.messages).map((text, index) => (
								<li key={index}>{text}</li>
							))}
						</ul>
					</td>
				</tr>
			) : null}
		</>
	)
}
