import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, useActionData, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { PrintButton } from '~/components/admin/print-button'
import { AdminHeading, secondaryButtonClass, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { PickupDateForm } from '~/components/admin/pickup-day-nav'
import { adminReply, readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { ownerDay } from '~/domain/pickup/owner-day.server'
import { addLocalDays } from '~/domain/pickup/pickup-schedule'
import { formatPickupDate, formatPickupDateLong } from '~/domain/pickup/pickup-display'
import { batchRows } from '~/domain/production/bake-sheet-display'
import { getBakeSheet } from '~/domain/production/index.server'
import { setCounterOverride } from '~/domain/production/models/production.server'
import { formatQuantity } from '~/domain/production/production-plan'
import { counterOverrideSchema } from '~/domain/production/production-schemas'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import printHref from '~/styles/prep-list-print.css?url'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Bake sheet')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: printHref, media: 'print' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'staff')
	const day = await ownerDay(new URL(request.url).searchParams.get('date'))
	const sheet = await getBakeSheet(day.date, day.timeZone)
	const servedDates = [...new Set([day.date, ...sheet.steps.map((step) => step.forDate)])].sort()
	return data(
		{
			adminName: admin.name,
			adminRole: admin.role,
			date: day.date,
			today: day.today,
			tomorrow: day.tomorrow,
			closed: sheet.closed,
			steps: sheet.steps,
			resources: sheet.resources.map(({ resourceId, name, capacityMinutes, usedMinutes, closed }) => ({
				resourceId,
				name,
				capacityMinutes,
				usedMinutes,
				closed,
			})),
			batches: batchRows(sheet, day.date, day.timeZone),
			ingredients: sheet.ingredients.map((need) => ({ name: need.name, quantity: formatQuantity(need.quantity) })),
			counter: sheet.counter,
			cakes: sheet.cakes.map((cake) => ({
				id: cake.id,
				name: cake.name,
				type: cake.type,
				size: cake.size,
				message: cake.message,
				pickupAt: cake.pickupAt,
			})),
			// The pickup days whose orders change this sheet: the board's live feed is followed for each.
			servedDates: servedDates.length > 1 ? servedDates : [day.date, addLocalDays(day.date, 1)],
		},
		{ headers: adminResponseHeaders },
	)
}

/** The owner's counter quantity for an item on the sheet's date; empty goes back to the forecast. */
export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const { date } = await ownerDay(new URL(request.url).searchParams.get('date'))
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply
	if (intent !== 'counter') refuseAdminAction()
	const submission = parseWithZod(form, { schema: counterOverrideSchema })
	if (submission.status !== 'success') {
		const menuItemId = String(form.get('menuItemId') ?? '')
		const problem = Object.values(submission.error ?? {}).flat()[0] ?? 'Please enter a whole number.'
		const typed = String(form.get('quantity') ?? '')
		return data({ message: problem, menuItemId, typed }, { status: 400, headers: adminResponseHeaders })
	}
	const { menuItemId, quantity } = submission.value
	const saved = await setCounterOverride(menuItemId, date, quantity ?? null, admin.email)
	if (!saved) return adminReply({ message: 'That item is no longer on the menu.' })
	return adminReply({
		message: quantity === undefined ? 'Back to the forecast.' : `Counter quantity set to ${quantity}.`,
	})
}

/** Reloads the sheet when the board hears of an order for a day it serves (decision 070's stream). */
function useLiveSheet(servedDates: readonly string[]) {
	const revalidator = useRevalidator()
	const revalidate = useRef(revalidator.revalidate)
	revalidate.current = revalidator.revalidate
	const [live, setLive] = useState(false)
	const key = servedDates.join(',')
	useEffect(() => {
		const sources = key.split(',').map((served) => {
			const source = new EventSource(`/admin/board/events?date=${served}`)
			source.addEventListener('open', () => setLive(true))
			source.addEventListener('board', () => revalidate.current())
			return source
		})
		return () => sources.forEach((source) => source.close())
	}, [key])
	return live
}

const linkClass = 'font-semibold underline underline-offset-4'

export default function AdminBakeSheet() {
	const loaded = useLoaderData<typeof loader>()
	const {
		adminName,
		adminRole,
		date,
		today,
		tomorrow,
		closed,
		steps,
		resources,
		batches,
		ingredients,
		counter,
		cakes,
	} = loaded
	const actionData = useActionData<typeof action>()
	const rejected = actionData && 'typed' in actionData ? actionData : undefined
	const live = useLiveSheet(loaded.servedDates)
	return (
		<AdminFrame adminName={adminName} adminRole={adminRole}>
			<div className="bake-sheet-controls">
				<AdminHeading title="Bake sheet">
					<p className="flex flex-wrap gap-4">
						<Link
							to={`/admin/bake-sheet?date=${today}`}
							className={linkClass}
							aria-current={date === today ? 'page' : undefined}
						>
							Today
						</Link>
						<Link
							to={`/admin/bake-sheet?date=${tomorrow}`}
							className={linkClass}
							aria-current={date === tomorrow ? 'page' : undefined}
						>
							Tomorrow
						</Link>
					</p>
				</AdminHeading>
				<div className="mb-6 flex flex-wrap items-end gap-4">
					<PickupDateForm id="bake-date" date={date} label="Production date" />
					<PrintButton />
					<a href={`/admin/bake-sheet.csv?date=${date}`} className={linkClass} download>
						Download CSV
					</a>
					<Link to={`/admin/prep-list?date=${date}`} className={linkClass}>
						Prep list for {formatPickupDate(date)}
					</Link>
					<Link to={`/admin/closing-counts?date=${date}`} className={linkClass}>
						Closing counts
					</Link>
					{live ? (
						<p className="text-sm">Updates by itself when an order comes in.</p>
					) : (
						<Link to={`/admin/bake-sheet?date=${date}`} className={linkClass} reloadDocument>
							Reload
						</Link>
					)}
				</div>
				<StatusRegion message={actionData?.message} />
			</div>
			<div className="bake-sheet">
				<h2 className="mb-4 font-display text-2xl font-bold">To make on {formatPickupDateLong(date)}</h2>
				{closed ? (
					<p className="mb-4 font-semibold text-red-800">The bakery is closed on this day (pickup schedule).</p>
				) : null}
				<section aria-labelledby="batches-heading" className="mb-8">
					<h3 id="batches-heading" className="mb-3 font-display text-xl font-bold">
						Batches
					</h3>
					{steps.length === 0 ? (
						<p>Nothing to make: no paid orders or counter quantities with production steps fall on this day.</p>
					) : (
						<table className="w-full max-w-4xl border-collapse bg-white text-left">
							<caption className="sr-only">Each item’s total and whole batches for this day</caption>
							<thead>
								<tr className="border-b-2 border-cocoa">
									<th scope="col" className="px-3 py-2">
										Item
									</th>
									<th scope="col" className="px-3 py-2">
										Step
									</th>
									<th scope="col" className="px-3 py-2">
										For pickup on
									</th>
									<th scope="col" className="px-3 py-2 text-right">
										Total
									</th>
									<th scope="col" className="px-3 py-2 text-right">
										Batches
									</th>
									<th scope="col" className="px-3 py-2 text-right">
										Minutes
									</th>
								</tr>
							</thead>
							<tbody>
								{steps.map((step) => (
									<tr key={step.stepId} className="border-b border-dough">
										<th scope="row" className="px-3 py-2 font-semibold">
											{step.item}
											{step.optionChoice ? ` (${step.optionChoice})` : ''}
										</th>
										<td className="px-3 py-2">{step.step}</td>
										<td className="px-3 py-2">{formatPickupDate(step.forDate)}</td>
										<td className="px-3 py-2 text-right">{step.quantity}</td>
										<td className="px-3 py-2 text-right">
											{step.batches} × {step.batchSize}
										</td>
										<td className="px-3 py-2 text-right">{step.minutes}</td>
									</tr>
								))}
							</tbody>
						</table>
					)}
				</section>
				<section aria-labelledby="schedule-heading" className="mb-8">
					<h3 id="schedule-heading" className="mb-3 font-display text-xl font-bold">
						Schedule
					</h3>
					{resources.map((resource) => (
						<div key={resource.resourceId} className="mb-4">
							<h4 className="font-semibold">
								{resource.name}: {resource.usedMinutes} of {resource.capacityMinutes} minutes
								{resource.usedMinutes > resource.capacityMinutes ? (
									<span className="text-red-800"> (over by {resource.usedMinutes - resource.capacityMinutes})</span>
								) : null}
							</h4>
							<ul className="list-disc pl-6">
								{batches
									.filter((batch) => batch.resource === resource.name)
									.map((batch) => (
										<li key={`${batch.item}-${batch.step}-${batch.batch}`}>
											{batch.start}–{batch.end}: {batch.item}, {batch.step} batch {batch.batch} ({batch.units}), ready
											by {batch.due}
											{batch.early ? (
												<strong className="text-red-800"> starts before this resource’s day</strong>
											) : null}
										</li>
									))}
							</ul>
						</div>
					))}
				</section>
				<section aria-labelledby="ingredients-heading" className="mb-8">
					<h3 id="ingredients-heading" className="mb-3 font-display text-xl font-bold">
						Ingredients to weigh out
					</h3>
					{ingredients.length === 0 ? (
						<p>No recipes to weigh out for this day.</p>
					) : (
						<table className="max-w-xl border-collapse bg-white text-left">
							<caption className="sr-only">Ingredients summed across items</caption>
							<thead>
								<tr className="border-b-2 border-cocoa">
									<th scope="col" className="px-3 py-2">
										Ingredient
									</th>
									<th scope="col" className="px-3 py-2 text-right">
										Quantity
									</th>
								</tr>
							</thead>
							<tbody>
								{ingredients.map((need) => (
									<tr key={`${need.name}-${need.quantity}`} className="border-b border-dough">
										<th scope="row" className="px-3 py-2 font-normal">
											{need.name}
										</th>
										<td className="px-3 py-2 text-right">{need.quantity}</td>
									</tr>
								))}
							</tbody>
						</table>
					)}
				</section>
				<section aria-labelledby="counter-heading" className="mb-8">
					<h3 id="counter-heading" className="mb-3 font-display text-xl font-bold">
						For the counter on {formatPickupDate(date)}
					</h3>
					<p className="mb-3 max-w-3xl text-sm">
						The forecast is a weighted average of what sold over the counter on the last four same weekdays (closing
						counts; closed days skipped). “Off by” is how far it was from what sold on those days, on average.
					</p>
					{counter.length === 0 ? (
						<p>No closing counts yet to forecast from.</p>
					) : (
						<table className="w-full max-w-4xl border-collapse bg-white text-left">
							<caption className="sr-only">Counter forecast per item, with preorders</caption>
							<thead>
								<tr className="border-b-2 border-cocoa">
									<th scope="col" className="px-3 py-2">
										Item
									</th>
									<th scope="col" className="px-3 py-2 text-right">
										Preordered
									</th>
									<th scope="col" className="px-3 py-2 text-right">
										Forecast
									</th>
									<th scope="col" className="px-3 py-2 text-right">
										Off by
									</th>
									<th scope="col" className="px-3 py-2 text-right">
										Counter
									</th>
									<th scope="col" className="px-3 py-2 text-right">
										To make
									</th>
								</tr>
							</thead>
							<tbody>
								{counter.map((plan) => (
									<tr key={plan.menuItemId} className="border-b border-dough">
										<th scope="row" className="px-3 py-2 font-semibold">
											{plan.name}
										</th>
										<td className="px-3 py-2 text-right">{plan.preordered}</td>
										<td className="px-3 py-2 text-right">{plan.forecast ?? '–'}</td>
										<td className="px-3 py-2 text-right">{plan.recentError === null ? '–' : `±${plan.recentError}`}</td>
										<td className="px-3 py-2 text-right">
											{adminRole === 'owner' ? (
												<CounterOverrideForm
													plan={plan}
													typed={rejected?.menuItemId === plan.menuItemId ? rejected.typed : undefined}
												/>
											) : (
												plan.counter
											)}
										</td>
										<td className="px-3 py-2 text-right font-bold">{plan.preordered + plan.counter}</td>
									</tr>
								))}
							</tbody>
						</table>
					)}
				</section>
				{cakes.length > 0 ? (
					<section aria-labelledby="cakes-heading">
						<h3 id="cakes-heading" className="mb-3 font-display text-xl font-bold">
							Custom cakes collected today and tomorrow
						</h3>
						<ul className="list-disc pl-6">
							{cakes.map((cake) => (
								<li key={cake.id}>
									{cake.type}, {cake.size} for {cake.name}
									{cake.pickupAt ? `, pickup ${formatBakeryDateTime(new Date(cake.pickupAt))}` : ''}
								</li>
							))}
						</ul>
					</section>
				) : null}
			</div>
		</AdminFrame>
	)
}

function CounterOverrideForm({
	plan,
	typed,
}: {
	plan: { menuItemId: string; name: string; counter: number; override: number | null }
	typed?: string
}) {
	const id = `counter-${plan.menuItemId}`
	return (
		<Form method="post" className="flex items-center justify-end gap-2">
			<input type="hidden" name="intent" value="counter" />
			<input type="hidden" name="menuItemId" value={plan.menuItemId} />
			<label htmlFor={id}>
				<VisuallyHidden>Counter quantity for {plan.name}</VisuallyHidden>
			</label>
			<input
				id={id}
				name="quantity"
				inputMode="numeric"
				defaultValue={typed ?? (plan.override === null ? '' : String(plan.override))}
				placeholder={String(plan.counter)}
				key={`${plan.override}-${typed}`}
				className="w-20 rounded-lg border border-cocoa/30 bg-white px-2 py-1 text-right"
			/>
			<button type="submit" className={secondaryButtonClass}>
				Set <VisuallyHidden>{plan.name}</VisuallyHidden>
			</button>
		</Form>
	)
}
