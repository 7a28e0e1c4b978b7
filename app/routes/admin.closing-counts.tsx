import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, StatusRegion } from '~/components/admin/admin-ui'
import { PickupDateForm } from '~/components/admin/pickup-day-nav'
import { buttonClass } from '~/components/ui/button-classes'
import { readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { ownerDay } from '~/domain/pickup/owner-day.server'
import { formatPickupDateLong } from '~/domain/pickup/pickup-display'
import {
	getClosingCountSheet,
	saveClosingCounts,
	type ClosingCountInput,
} from '~/domain/production/models/production.server'
import { readClosingCount } from '~/domain/production/production-schemas'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Closing counts')

/** Counts are for today or a past day: tomorrow's counter has not closed yet. */
async function countDay(request: Request) {
	const day = await ownerDay(new URL(request.url).searchParams.get('date'))
	return { ...day, date: day.date > day.today ? day.today : day.date }
}

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'staff')
	const day = await countDay(request)
	const items = await getClosingCountSheet(day.date)
	return data(
		{ adminName: admin.name, adminRole: admin.role, date: day.date, today: day.today, items },
		{ headers: adminResponseHeaders },
	)
}

type Typed = Record<string, { made: string; left: string }>

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request, 'staff')
	const day = await countDay(request)
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply
	if (intent !== 'save') refuseAdminAction()
	const itemIds = form.getAll('item').map(String).slice(0, 500)
	const typed: Typed = {}
	const errors: Record<string, string> = {}
	const counts: ClosingCountInput[] = []
	for (const menuItemId of itemIds) {
		const made = String(form.get(`made-${menuItemId}`) ?? '')
		const left = String(form.get(`left-${menuItemId}`) ?? '')
		typed[menuItemId] = { made, left }
		const count = readClosingCount(made, left)
		if (count.kind === 'error') errors[`${count.field}-${menuItemId}`] = count.message
		if (count.kind === 'count') counts.push({ menuItemId, made: count.made, leftOver: count.leftOver })
	}
	if (Object.keys(errors).length > 0) {
		return data(
			{ message: 'Nothing was saved: please correct the counts marked below.', errors, typed },
			{ status: 400, headers: adminResponseHeaders },
		)
	}
	const saved = await saveClosingCounts(day.date, counts, admin.email)
	return data(
		{ message: saved === 1 ? 'Saved the count of 1 item.' : `Saved the counts of ${saved} items.`, errors, typed },
		{ headers: adminResponseHeaders },
	)
}

export default function AdminClosingCounts() {
	const { adminName, adminRole, date, today, items } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const errors = actionData && 'errors' in actionData ? actionData.errors : {}
	const typed = actionData && 'typed' in actionData && Object.keys(actionData.errors).length > 0 ? actionData.typed : {}
	const saving = useNavigation().state === 'submitting'
	return (
		<AdminFrame adminName={adminName} adminRole={adminRole}>
			<AdminHeading title="Closing counts">
				<Link to={`/admin/bake-sheet?date=${date}`} className="font-semibold underline underline-offset-4">
					Bake sheet
				</Link>
			</AdminHeading>
			<p className="-mt-2 mb-4 max-w-3xl text-cocoa/80">
				At closing, for each item: how many were made for the counter (not preorders) and how many are left over. Leave
				an item empty if it was not on the counter. The bake sheet’s forecast learns from these.
			</p>
			<div className="mb-6">
				<PickupDateForm id="count-date" date={date} label="Day counted" />
			</div>
			<StatusRegion message={actionData?.message} />
			<h2 className="mb-4 font-display text-2xl font-bold">
				{date === today ? 'Today, ' : ''}
				{formatPickupDateLong(date)}
			</h2>
			<Form method="post" className="max-w-2xl">
				<input type="hidden" name="intent" value="save" />
				<table className="w-full border-collapse bg-white text-left">
					<caption className="sr-only">Made for the counter and left over, per item</caption>
					<thead>
						<tr className="border-b-2 border-cocoa">
							<th scope="col" className="px-3 py-2">
								Item
							</th>
							<th scope="col" className="px-3 py-2">
								Made
							</th>
							<th scope="col" className="px-3 py-2">
								Left over
							</th>
						</tr>
					</thead>
					<tbody>
						{items.map((item) => {
							const typedRow = typed[item.id]
							const madeError = errors[`made-${item.id}`]
							const leftError = errors[`left-${item.id}`]
							return (
								<tr key={item.id} className="border-b border-dough align-top">
									<th scope="row" className="px-3 py-2 font-semibold">
										<input type="hidden" name="item" value={item.id} />
										{item.name}
									</th>
									<td className="px-3 py-2">
										<CountInput
											name={`made-${item.id}`}
											label={`${item.name}: made`}
											value={typedRow?.made ?? (item.count ? String(item.count.made) : '')}
											error={madeError}
										/>
									</td>
									<td className="px-3 py-2">
										<CountInput
											name={`left-${item.id}`}
											label={`${item.name}: left over`}
											value={typedRow?.left ?? (item.count ? String(item.count.leftOver) : '')}
											error={leftError}
										/>
									</td>
								</tr>
							)
						})}
					</tbody>
				</table>
				<button type="submit" className={`${buttonClass} mt-4`} disabled={saving}>
					{saving ? 'Saving...' : 'Save counts'}
				</button>
			</Form>
		</AdminFrame>
	)
}

function CountInput({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
	return (
		<>
			<label htmlFor={name} className="sr-only">
				{label}
			</label>
			<input
				id={name}
				name={name}
				inputMode="numeric"
				pattern="[0-9]*"
				defaultValue={value}
				key={`${name}-${value}`}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${name}-error` : undefined}
				className="w-24 rounded-lg border border-cocoa/30 bg-white px-3 py-2 text-lg"
			/>
			{error ? (
				<p id={`${name}-error`} className="text-sm text-red-800">
					{error}
				</p>
			) : null}
		</>
	)
}
