import {
	getFormProps,
	getInputProps,
	getSelectProps,
	useForm,
	type DefaultValue,
	type FieldMetadata,
	type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, StatusRegion } from '~/components/admin/admin-ui'
import { CheckboxField } from '~/components/admin/checkbox-field'
import { buttonClass } from '~/components/ui/button-classes'
import { FieldErrors, FormErrors, SelectField, TextareaField, TextField } from '~/components/ui/forms'
import { adminReply, readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import type { ClubFrequency } from '~/domain/club/cadence'
import {
	createOwnerClubPlan,
	ownerClub,
	updateOwnerClubPlan,
	type ClubPlanRefusal,
	type SaveClubPlanOutcome,
} from '~/domain/club/owner-club.server'
import { clubPlanSchema, MAX_BOX_LINES, type ClubPlanInput } from '~/domain/club/plan-form'
import { optionProblemMessage } from '~/domain/menu/item-options'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { formatPickupDate, formatPickupDateLong, formatWallTime } from '~/domain/pickup/pickup-display'
import { weekdayNames } from '~/domain/pickup/pickup-schedule-schemas'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formReply } from '~/utils/form-reply.server'
import { formatPrice } from '~/utils/money'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Bread club')

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const { plans, variants } = await ownerClub()
	return data({ adminName: admin.name, plans, variants }, { headers: adminResponseHeaders })
}

const NEW_PLAN_FORM = 'new-club-plan'
const planFormId = (id: string) => `club-plan-${id}`

/** What the owner reads when the menu refuses a plan, beside the row or the price it is about. */
function refusalErrors(refusals: readonly ClubPlanRefusal[]) {
	const errors: Record<string, string[]> = {}
	for (const refusal of refusals) {
		const [field, message] =
			refusal.reason === 'cadence-locked'
				? [
						'frequency',
						'This plan has members: its pickup day, how often and when changes close stay as they are (their Stripe billing follows them). Make a new plan for a new schedule.',
					]
				: refusal.reason === 'over-menu-price'
					? [
							'price',
							`The box’s items cost ${formatPrice(refusal.menuCents)} at today’s menu prices: this price is ${formatPrice(refusal.overByCents)} more. A club box never costs more than buying its items.`,
						]
					: [
							`lines[${refusal.row}].variant`,
							refusal.reason === 'off-menu'
								? 'This item is no longer on the menu.'
								: refusal.reason === 'not-orderable'
									? `${refusal.name} is not sold online.`
									: refusal.reason === 'prepared-food'
										? `${refusal.name} is prepared food (taxable): a club box holds bakery items only, which carry no sales tax.`
										: 'problem' in refusal
											? optionProblemMessage(refusal.name, refusal.problem)
											: '',
						]
		errors[field] = [...(errors[field] ?? []), message]
	}
	return errors
}

/** Create a plan or change one (decision 093). Owner only. */
export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply
	if (intent !== 'create' && intent !== 'update') refuseAdminAction()
	const planId = intent === 'update' ? String(form.get('id') ?? '') : null
	if (intent === 'update' && !planId) refuseAdminAction('Missing row')
	const formId = planId ? planFormId(planId) : NEW_PLAN_FORM
	const submission = parseWithZod(form, { schema: clubPlanSchema })
	const reply = { headers: adminResponseHeaders }
	if (submission.status !== 'success') return formReply(submission, reply, { formId })
	const input: ClubPlanInput = submission.value
	const saved: SaveClubPlanOutcome = planId
		? await updateOwnerClubPlan(planId, input)
		: await createOwnerClubPlan(input)
	if (saved === 'missing') return adminReply({ message: 'That plan is gone.' })
	if (!saved.ok) return formReply(submission, { ...reply, fieldErrors: refusalErrors(saved.refusals) }, { formId })
	if (planId) return formReply(submission, reply, { formId, message: `${input.name} saved.` })
	return formReply(submission, { ...reply, resetForm: true }, { formId, message: `${input.name} created.` })
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
type PlanFormFields = z.input<typeof clubPlanSchema>
type Plan = LoaderData['plans'][number]

const frequencyWords: Record<ClubFrequency, string> = { WEEKLY: 'Every week', EVERY_TWO_WEEKS: 'Every two weeks' }
const statusWords: Record<Plan['members'][number]['status'], string> = {
	ACTIVE: 'Active',
	PAST_DUE: 'Payment failing',
	CHECKOUT: 'Paying',
	CANCELLED: 'Left',
}

/** 'Saturday, changes close Wednesday 8:00 PM'. */
function scheduleWords(plan: Pick<Plan, 'pickupWeekday' | 'cutoffDaysBefore' | 'cutoffTime'>) {
	const cutoffDay = weekdayNames[(((plan.pickupWeekday - plan.cutoffDaysBefore) % 7) + 7) % 7]
	return `${weekdayNames[plan.pickupWeekday]}, changes close ${cutoffDay} ${formatWallTime(plan.cutoffTime)}`
}

export default function AdminClub() {
	const { adminName, plans, variants } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const message = actionData && 'message' in actionData ? actionData.message : null
	/** The reply of the form that was sent, for that form only. */
	const resultFor = (formId: string) =>
		navigation.state === 'idle' && actionData && 'formId' in actionData && actionData.formId === formId
			? actionData.result
			: undefined
	const variantName = new Map(variants.map((variant) => [variant.value, variant.name]))
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Bread club">
				<p>Boxes customers subscribe to and pick up every week or two; each box becomes a paid order at its cutoff.</p>
			</AdminHeading>
			<StatusRegion message={typeof message === 'string' ? message : null} />
			<section aria-labelledby="plans-heading" className="mb-10">
				<h2 id="plans-heading" className="font-display text-2xl font-bold">
					Plans
				</h2>
				{plans.length === 0 ? <p className="mt-2">No plans yet.</p> : null}
				<ul className="mt-3 space-y-4">
					{plans.map((plan) => (
						<li key={plan.id} className="rounded-2xl bg-white p-4 shadow ring-1 ring-dough">
							<div className="flex flex-wrap items-baseline justify-between gap-3">
								<h3 className="font-display text-xl font-bold">{plan.name}</h3>
								<p className="font-semibold">{plan.active ? 'Taking members' : 'Closed to new members'}</p>
							</div>
							<p>
								{frequencyWords[plan.frequency]}: {scheduleWords(plan)} · pickup {formatWallTime(plan.windowStart)} to{' '}
								{formatWallTime(plan.windowEnd)} · {formatPrice(plan.priceCents)} a box
							</p>
							<ul className="mt-1 list-inside list-disc">
								{plan.lines.map((line) => (
									<li key={line.variant}>
										{line.quantity} × {variantName.get(line.variant) ?? 'an item no longer offered'}
									</li>
								))}
							</ul>
							<dl className="mt-3 grid max-w-xl grid-cols-2 gap-4">
								<div>
									<dt className="text-sm text-cocoa/80">Members</dt>
									<dd className="text-xl font-bold">
										{plan.liveMembers} of {plan.maxSubscribers}
									</dd>
								</div>
								<div>
									<dt className="text-sm text-cocoa/80">Boxes on {formatPickupDateLong(plan.nextBoxDate)}</dt>
									<dd className="text-xl font-bold">{plan.expectedBoxes}</dd>
								</div>
							</dl>
							<Members plan={plan} />
							<details className="mt-3" open={resultFor(planFormId(plan.id))?.status === 'error'}>
								<summary className="cursor-pointer font-semibold">
									Edit<span className="sr-only"> {plan.name}</span>
								</summary>
								<PlanForm
									formId={planFormId(plan.id)}
									plan={plan}
									lastResult={resultFor(planFormId(plan.id))}
									variants={variants}
								/>
							</details>
						</li>
					))}
				</ul>
			</section>
			<section aria-labelledby="new-plan-heading" className="max-w-3xl">
				<h2 id="new-plan-heading" className="font-display text-2xl font-bold">
					New plan
				</h2>
				<PlanForm formId={NEW_PLAN_FORM} lastResult={resultFor(NEW_PLAN_FORM)} variants={variants} />
			</section>
		</AdminFrame>
	)
}

function Members({ plan }: { plan: Plan }) {
	if (plan.members.length === 0) return <p className="mt-3">No members yet.</p>
	return (
		<table className="mt-3 w-full text-left text-sm">
			<caption className="text-left font-semibold">Members of {plan.name}</caption>
			<thead>
				<tr>
					<th scope="col">Name</th>
					<th scope="col">E-mail</th>
					<th scope="col">Status</th>
					<th scope="col">Pickup time</th>
					<th scope="col">Joined</th>
					<th scope="col">Paused until</th>
				</tr>
			</thead>
			<tbody>
				{plan.members.map((member) => (
					<tr key={member.id}>
						<td>{member.name || '—'}</td>
						<td className="break-all">{member.email}</td>
						<td>{statusWords[member.status]}</td>
						<td>{formatWallTime(member.pickupTime)}</td>
						<td>{formatBakeryDateTime(member.createdAt)}</td>
						<td>{member.pausedUntil ? formatPickupDate(member.pausedUntil) : '—'}</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}

const frequencyOptions = Object.entries(frequencyWords).map(([value, label]) => ({ value, label }))
const weekdayOptions = weekdayNames.map((label, index) => ({ value: String(index), label }))
const cutoffDayOptions = [1, 2, 3, 4, 5, 6].map((days) => ({
	value: String(days),
	label: days === 1 ? '1 day before' : `${days} days before`,
}))

/** A plan's fields as the form shows them: a new plan's sensible start, or the plan as saved. */
function formValues(plan?: Plan): DefaultValue<PlanFormFields> {
	const lines = plan?.lines ?? []
	const rows = [...lines, ...Array.from({ length: MAX_BOX_LINES - lines.length }, () => ({ variant: '' }))]
	if (!plan) {
		return {
			lines: rows,
			frequency: 'WEEKLY',
			pickupWeekday: '6',
			windowStart: '09:00',
			windowEnd: '11:00',
			cutoffDaysBefore: '3',
			cutoffTime: '20:00',
			active: true,
		}
	}
	return {
		name: plan.name,
		nameEs: plan.nameEs ?? '',
		namePtBr: plan.namePtBr ?? '',
		description: plan.description,
		descriptionEs: plan.descriptionEs ?? '',
		descriptionPtBr: plan.descriptionPtBr ?? '',
		lines: rows,
		frequency: plan.frequency,
		pickupWeekday: String(plan.pickupWeekday),
		windowStart: plan.windowStart,
		windowEnd: plan.windowEnd,
		price: formatPrice(plan.priceCents),
		maxSubscribers: plan.maxSubscribers,
		cutoffDaysBefore: String(plan.cutoffDaysBefore),
		cutoffTime: plan.cutoffTime,
		active: plan.active,
	}
}

/** The plan form, new or editing one: every row of the box is there, so it works without JavaScript. */
function PlanForm({
	formId,
	plan,
	lastResult,
	variants,
}: {
	formId: string
	plan?: Plan
	lastResult: SubmissionResult<string[]> | undefined
	variants: LoaderData['variants']
}) {
	const [form, fields] = useForm<PlanFormFields, ClubPlanInput>({
		id: formId,
		lastResult,
		defaultValue: formValues(plan),
		constraint: getZodConstraint(clubPlanSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: clubPlanSchema }),
		shouldValidate: 'onBlur',
	})
	const rows = fields.lines.getFieldList()
	return (
		<Form method="post" {...getFormProps(form)} className="mt-3 space-y-2">
			<input type="hidden" name="intent" value={plan ? 'update' : 'create'} />
			{plan ? <input type="hidden" name="id" value={plan.id} /> : null}
			<TextField meta={fields.name} label="Name" maxLength={80} />
			<TextareaField meta={fields.description} label="Description" maxLength={500} rows={2} />
			<fieldset className="space-y-2">
				<legend className="font-semibold">In Spanish and Portuguese (empty: the English)</legend>
				<TextField meta={fields.nameEs} label="Name in Spanish" maxLength={80} lang="es" />
				<TextareaField meta={fields.descriptionEs} label="Description in Spanish" maxLength={500} rows={2} lang="es" />
				<TextField meta={fields.namePtBr} label="Name in Portuguese" maxLength={80} lang="pt-BR" />
				<TextareaField
					meta={fields.descriptionPtBr}
					label="Description in Portuguese"
					maxLength={500}
					rows={2}
					lang="pt-BR"
				/>
			</fieldset>
			<fieldset>
				<legend className="font-semibold">The box</legend>
				<p className="text-sm text-cocoa/80">
					Up to {MAX_BOX_LINES} bakery items sold online; leave the rows you do not need empty.
				</p>
				<FieldErrors id={fields.lines.errorId} errors={fields.lines.errors} />
				{rows.map((row, index) => (
					<BoxRow key={row.key ?? index} meta={row} number={index + 1} variants={variants} />
				))}
			</fieldset>
			<div className="grid gap-x-4 sm:grid-cols-2">
				<SelectField meta={fields.frequency} label="How often" options={frequencyOptions} />
				<SelectField meta={fields.pickupWeekday} label="Pickup day" options={weekdayOptions} />
				<TextField meta={fields.windowStart} label="First pickup time" type="time" />
				<TextField meta={fields.windowEnd} label="Last pickup time" type="time" />
				<SelectField meta={fields.cutoffDaysBefore} label="Changes close" options={cutoffDayOptions} />
				<TextField
					meta={fields.cutoffTime}
					label="Changes close at"
					type="time"
					hint="The box is made and charged then."
				/>
				<TextField
					meta={fields.price}
					label="Price of a box"
					inputMode="decimal"
					hint="At most what its items cost on the menu, e.g. 24.00."
				/>
				<TextField meta={fields.maxSubscribers} label="Most members" type="number" />
			</div>
			<CheckboxField
				meta={fields.active}
				label="Taking new members"
				hint="Turning this off keeps the members the plan has."
			/>
			<FormErrors id={form.errorId} errors={form.errors} />
			<button type="submit" className={buttonClass}>
				{plan ? (
					<>
						Save<span className="sr-only"> {plan.name}</span>
					</>
				) : (
					'Create plan'
				)}
			</button>
		</Form>
	)
}

/** One row of the box: an item with its options, and how many. */
function BoxRow({
	meta,
	number,
	variants,
}: {
	meta: FieldMetadata<NonNullable<PlanFormFields['lines']>[number]>
	number: number
	variants: LoaderData['variants']
}) {
	const { variant, quantity } = meta.getFieldset()
	const current = typeof variant.initialValue === 'string' ? variant.initialValue : ''
	const offered = !current || variants.some((entry) => entry.value === current)
	return (
		<div className="grid items-start gap-x-4 sm:grid-cols-[1fr_8rem]">
			<div className="mb-2">
				<label htmlFor={variant.id} className="block text-sm font-semibold">
					Item {number}
				</label>
				<select
					{...getSelectProps(variant, { ariaAttributes: true })}
					key={variant.key}
					className="mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2"
				>
					<option value="">—</option>
					{offered ? null : <option value={current}>An item no longer offered</option>}
					{variants.map((entry) => (
						<option key={entry.value} value={entry.value}>
							{entry.name} — {formatPrice(entry.unitPriceCents)}
						</option>
					))}
				</select>
				<FieldErrors id={variant.errorId} errors={variant.errors} />
			</div>
			<div className="mb-2">
				<label htmlFor={quantity.id} className="block text-sm font-semibold">
					How many of item {number}
				</label>
				<input
					{...getInputProps(quantity, { type: 'number', ariaAttributes: true })}
					key={quantity.key}
					className="mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2"
				/>
				<FieldErrors id={quantity.errorId} errors={quantity.errors} />
			</div>
		</div>
	)
}
