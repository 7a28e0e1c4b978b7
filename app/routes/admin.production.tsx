import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { buttonClass } from '~/components/ui/button-classes'
import { FormErrors, TextField } from '~/components/ui/forms'
import { adminReply, readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import {
	deleteResource,
	listItemsWithProduction,
	listResources,
	saveResource,
} from '~/domain/production/models/production.server'
import {
	minutesByWeekdayOf,
	resourceSchema,
	WEEKDAY_FIELDS,
	WEEKDAY_LABELS,
} from '~/domain/production/production-schemas'
import { adminMeta, adminResponseHeaders, CONFIRMED_FIELD } from '~/utils/admin-route'
import { formReply } from '~/utils/form-reply.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Production')

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const [resources, items] = await Promise.all([listResources(), listItemsWithProduction()])
	return data({ adminName: admin.name, resources, items }, { headers: adminResponseHeaders })
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply
	const headers = adminResponseHeaders
	if (intent === 'save') {
		const id = String(form.get('id') ?? '') || undefined
		const formId = id ? `resource-${id}` : 'add-resource'
		const submission = parseWithZod(form, { schema: resourceSchema })
		if (submission.status !== 'success') return formReply(submission, { headers }, { formId, message: undefined })
		const { name, startsAt } = submission.value
		const outcome = await saveResource({ name, startsAt, minutesByWeekday: minutesByWeekdayOf(submission.value) }, id)
		if (outcome === 'duplicate')
			return formReply(
				submission,
				{ headers, fieldErrors: { name: [`There is already a resource named ${name}.`] } },
				{ formId, message: undefined },
			)
		if (outcome === 'missing') return adminReply({ message: 'That resource had been deleted.' })
		return formReply(submission, { headers, resetForm: !id }, { formId, message: `${name} is saved.` })
	}
	if (intent === 'delete') {
		const id = String(form.get('id') ?? '')
		if (!id) refuseAdminAction('Missing row')
		if (form.get(CONFIRMED_FIELD) !== 'yes') return adminReply({ confirm: id })
		const deleted = await deleteResource(id)
		if (deleted === 'in-use')
			return adminReply({ message: 'Steps still use that resource: move or delete them on their items first.' })
		return adminReply({ message: deleted ? 'The resource was deleted.' : 'That resource had already been deleted.' })
	}
	refuseAdminAction()
}

type Resource = ReturnType<typeof useLoaderData<typeof loader>>['resources'][number]

export default function AdminProduction() {
	const { adminName, resources, items } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const confirming = actionData && 'confirm' in actionData ? actionData.confirm : undefined
	const resultFor = (formId: string) =>
		actionData && 'result' in actionData && actionData.formId === formId ? actionData.result : undefined
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Production">
				<p className="flex flex-wrap gap-4">
					<Link to="/admin/bake-sheet" className="font-semibold underline underline-offset-4">
						Bake sheet
					</Link>
					<Link to="/admin/closing-counts" className="font-semibold underline underline-offset-4">
						Closing counts
					</Link>
				</p>
			</AdminHeading>
			<p className="-mt-2 mb-6 max-w-3xl text-cocoa/80">
				Resources are what production steps take time on: an oven, a mixer, the decorating bench. Give each the minutes
				it can work on each day of the week (0 on a day it is not used); the pickup schedule’s closures give it none.
				Each item’s steps and recipe are on its own page below.
			</p>
			<StatusRegion message={actionData && 'message' in actionData ? actionData.message : undefined} />
			<section aria-labelledby="resources-heading">
				<h2 id="resources-heading" className="mb-4 font-display text-2xl font-bold">
					Resources
				</h2>
				{resources.length === 0 ? <p className="mb-4 text-lg">No resources yet. Add the first below.</p> : null}
				<ul className="grid gap-4">
					{resources.map((resource) => (
						<li key={resource.id} className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
							<ResourceForm resource={resource} lastResult={resultFor(`resource-${resource.id}`)} />
							<div className="mt-3 flex flex-wrap items-center gap-3">
								<p className="text-sm">
									{resource.stepCount === 1 ? '1 step uses it.' : `${resource.stepCount} steps use it.`}
								</p>
								<DeleteForm id={resource.id} question={`Delete ${resource.name}?`}>
									Delete <VisuallyHidden>{resource.name}</VisuallyHidden>
								</DeleteForm>
							</div>
							{confirming === resource.id ? (
								<ConfirmDeletePanel id={resource.id} question={`Delete ${resource.name}?`} />
							) : null}
						</li>
					))}
				</ul>
				<div className="mt-6 rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
					<h3 className="font-display text-xl font-bold">Add a resource</h3>
					<ResourceForm lastResult={resultFor('add-resource')} />
				</div>
			</section>
			<section aria-labelledby="items-heading" className="mt-10">
				<h2 id="items-heading" className="mb-4 font-display text-2xl font-bold">
					Items: steps and recipes
				</h2>
				<ul className="grid gap-2 sm:grid-cols-2">
					{items.map((item) => (
						<li key={item.id}>
							<Link to={`/admin/production/items/${item.id}`} className="font-semibold underline underline-offset-4">
								{item.name}
							</Link>{' '}
							<span className="text-sm">
								({item.steps === 1 ? '1 step' : `${item.steps} steps`},{' '}
								{item.ingredients === 1 ? '1 ingredient' : `${item.ingredients} ingredients`})
							</span>
						</li>
					))}
				</ul>
			</section>
		</AdminFrame>
	)
}

function ResourceForm({ resource, lastResult }: { resource?: Resource; lastResult?: SubmissionResult<string[]> }) {
	const formId = resource ? `resource-${resource.id}` : 'add-resource'
	const [form, fields] = useForm({
		id: formId,
		lastResult,
		constraint: getZodConstraint(resourceSchema),
		defaultValue: resource
			? {
					name: resource.name,
					startsAt: resource.startsAt,
					...Object.fromEntries(
						WEEKDAY_FIELDS.map((day, index) => [day, String(resource.minutesByWeekday[index] ?? 0)]),
					),
				}
			: { startsAt: '05:00', ...Object.fromEntries(WEEKDAY_FIELDS.map((day) => [day, '0'])) },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: resourceSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} className="mt-2">
			<input type="hidden" name="intent" value="save" />
			{resource ? <input type="hidden" name="id" value={resource.id} /> : null}
			<FormErrors id={form.errorId} errors={form.errors} />
			<div className="grid max-w-xl gap-x-4 sm:grid-cols-2">
				<TextField meta={fields.name} label="Name" hint="e.g. Oven 1" autoComplete="off" />
				<TextField meta={fields.startsAt} label="Its day starts at" hint="24-hour time, e.g. 05:00" type="time" />
			</div>
			<fieldset className="mt-2">
				<legend className="font-semibold">Minutes it can work</legend>
				<div className="grid grid-cols-2 gap-x-4 sm:grid-cols-4 lg:grid-cols-7">
					{WEEKDAY_FIELDS.map((day, index) => (
						<TextField
							key={day}
							meta={fields[day]}
							label={WEEKDAY_LABELS[index]}
							type="number"
							min={0}
							max={1440}
							inputMode="numeric"
						/>
					))}
				</div>
			</fieldset>
			<button type="submit" className={`${buttonClass} mt-2`}>
				{resource ? (
					<>
						Save <VisuallyHidden>{resource.name}</VisuallyHidden>
					</>
				) : (
					'Add resource'
				)}
			</button>
		</Form>
	)
}
