import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminCard } from '~/components/admin/admin-card'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, TextField } from '~/components/ui/forms'
import { adminReply, readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { addStaffSchema } from '~/domain/admin-auth/staff-schema'
import {
	addStaff,
	listStaff,
	removeStaff,
	type AddStaffOutcome,
	type StaffEntry,
} from '~/domain/admin-auth/staff.server'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { CONFIRMED_FIELD, adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formReply } from '~/utils/form-reply.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Staff')

const REMOVE_QUESTION = 'Remove this person from the staff? They lose access on their next click.'

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	return data({ adminName: admin.name, staff: await listStaff() }, { headers: adminResponseHeaders })
}

const refusals: Record<Exclude<AddStaffOutcome, 'added'>, (email: string) => string> = {
	owner: (email) => `${email} is an owner (ADMIN_EMAILS) and can already use every screen.`,
	'in-environment': (email) => `${email} is already staff through STAFF_EMAILS.`,
	duplicate: (email) => `${email} is already on the staff list.`,
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply
	const headers = adminResponseHeaders
	if (intent === 'add') {
		const submission = parseWithZod(form, { schema: addStaffSchema })
		if (submission.status !== 'success') return formReply(submission, { headers }, { message: undefined })
		const { email } = submission.value
		const outcome = await addStaff(email, admin.email)
		if (outcome !== 'added') {
			return formReply(
				submission,
				{ headers, fieldErrors: { email: [refusals[outcome](email)] } },
				{ message: undefined },
			)
		}
		const message = `${email} is now staff: they can sign in with Google and use the board, today’s orders and the prep list.`
		return formReply(submission, { headers, resetForm: true }, { message })
	}
	if (intent === 'remove') {
		const id = String(form.get('id') ?? '')
		if (!id) refuseAdminAction('Missing row')
		if (form.get(CONFIRMED_FIELD) !== 'yes') return adminReply({ confirm: id })
		const removed = await removeStaff(id)
		return adminReply({ message: removed ? `${removed} is no longer staff.` : 'That person had already been removed.' })
	}
	refuseAdminAction()
}

type ActionData = ReturnType<typeof useActionData<typeof action>>

export default function AdminStaff() {
	const { adminName, staff } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const confirming = actionData && 'confirm' in actionData ? actionData.confirm : undefined
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Staff">
				<p>{staff.length === 1 ? '1 staff member' : `${staff.length} staff members`}</p>
			</AdminHeading>
			<p className="-mt-2 mb-6 max-w-3xl text-cocoa/80">
				Staff sign in with Google like you do. They see the board, today’s and tomorrow’s orders and the prep list, and
				mark orders ready and picked up; not the menu, prices, schedule, refunds, settings, exports or customers.
			</p>
			<StatusRegion message={actionData?.message} />
			<AddStaffForm actionData={actionData && 'result' in actionData ? actionData : undefined} />
			<section aria-labelledby="staff-list-heading" className="mt-10">
				<h2 id="staff-list-heading" className="mb-4 font-display text-2xl font-bold">
					Who is staff
				</h2>
				{staff.length === 0 ? (
					<p className="text-lg">No staff yet. Add someone above.</p>
				) : (
					<ul className="grid gap-4">
						{staff.map((entry) => (
							<StaffCard
								key={entry.email}
								entry={entry}
								confirming={entry.source === 'screen' && confirming === entry.id}
							/>
						))}
					</ul>
				)}
			</section>
		</AdminFrame>
	)
}

function AddStaffForm({ actionData }: { actionData?: Extract<ActionData, { result: unknown }> }) {
	const navigation = useNavigation()
	const adding = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add'
	const [form, fields] = useForm({
		id: 'add-staff',
		lastResult: actionData?.result,
		constraint: getZodConstraint(addStaffSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: addStaffSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<section aria-labelledby="add-staff-heading" className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
			<h2 id="add-staff-heading" className="font-display text-2xl font-bold">
				Add a staff member
			</h2>
			<Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl">
				<input type="hidden" name="intent" value="add" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<TextField
					meta={fields.email}
					label="Their Google e-mail"
					hint="The address they sign in to Google with, e.g. sam@gmail.com."
					type="email"
					autoComplete="off"
				/>
				<button type="submit" className={`${buttonClass} mt-2`} disabled={adding}>
					{adding ? 'Adding...' : 'Add staff member'}
				</button>
			</Form>
		</section>
	)
}

function StaffCard({ entry, confirming }: { entry: StaffEntry; confirming: boolean }) {
	const headingId = `staff-${entry.email.replace(/[^a-z0-9]/g, '-')}`
	return (
		<AdminCard
			headingId={headingId}
			heading={<span className="break-all">{entry.email}</span>}
			details={
				<p className="text-sm text-cocoa/80">
					{entry.source === 'screen' ? (
						<>
							Added by {entry.addedBy} ·{' '}
							<time dateTime={entry.addedAt.toISOString()}>{formatBakeryDateTime(entry.addedAt)}</time>
						</>
					) : (
						'From STAFF_EMAILS: remove them there (a redeploy or fly secrets set).'
					)}
				</p>
			}
			aside={
				entry.source === 'screen' ? (
					<DeleteForm id={entry.id} question={REMOVE_QUESTION} intent="remove" busyLabel="Removing...">
						Remove <VisuallyHidden>{entry.email}</VisuallyHidden>
					</DeleteForm>
				) : (
					<span className="rounded-full bg-dough px-3 py-1 text-sm font-semibold text-cocoa">from STAFF_EMAILS</span>
				)
			}
		>
			{confirming && entry.source === 'screen' ? (
				<ConfirmDeletePanel id={entry.id} question={REMOVE_QUESTION} intent="remove" confirmLabel="Yes, remove" />
			) : null}
		</AdminCard>
	)
}
