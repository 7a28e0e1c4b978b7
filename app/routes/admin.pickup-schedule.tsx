import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { CheckboxField } from '~/components/admin/checkbox-field'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { FormErrors, SelectField, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import {
	addPickupClosure,
	deletePickupClosure,
	deleteSpecialHours,
	getAdminPickupSchedule,
	getPickupSettings,
	replaceWeeklyHours,
	savePickupSettings,
	setSpecialHours,
} from '~/domain/pickup/models/pickup-schedule.server'
import { adminReply, readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { adminMeta, adminResponseHeaders, CONFIRMED_FIELD } from '~/utils/admin-route'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { formReply } from '~/utils/form-reply.server'
import { translationColumn } from '~/domain/content/localized-content'
import { translator } from '~/utils/i18n.server'
import { useT } from '~/utils/i18n-react'
import { closureNoticeText, formatPickupDate, specialHoursNoticeText } from '~/domain/pickup/pickup-display'
import { localDateOf } from '~/domain/pickup/pickup-schedule'
import {
	closureSchema,
	leadUnits,
	PAST_DATE_MESSAGE,
	pickupSettingsSchema,
	slotLengthChoices,
	specialHoursSchema,
	weekdayNames,
	weekdaysMondayFirst,
	weeklyHoursSchema,
} from '~/domain/pickup/pickup-schedule-schemas'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Pickup schedule')

const DELETE_CLOSURE_QUESTION = 'Are you sure you want to delete this closure?'
const DELETE_SPECIAL_HOURS_QUESTION = 'Are you sure you want to delete these special hours?'

/** The bakery's today: closures that ended before it and special hours before it are not listed. */
async function bakeryToday() {
	const { timeZone } = await getPickupSettings()
	return localDateOf(new Date(), timeZone)
}

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request)
	const schedule = await getAdminPickupSchedule(await bakeryToday())
	return data({ adminName: admin.name, schedule }, { headers: adminResponseHeaders })
}

type ScheduleForm = 'hours' | 'settings' | 'closure' | 'special-hours'

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request)
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply
	const headers = adminResponseHeaders

	if (intent === 'hours') {
		const submission = parseWithZod(form, { schema: weeklyHoursSchema })
		if (submission.status !== 'success') return formReply(submission, { headers }, { form: 'hours' as ScheduleForm })
		await replaceWeeklyHours(
			submission.value.days.flatMap(({ weekday, open, opensAt, closesAt }) =>
				open && opensAt && closesAt ? [{ weekday, opensAt, closesAt }] : [],
			),
		)
		return formReply(submission, { headers }, { form: 'hours' as ScheduleForm, message: 'Opening hours saved.' })
	}

	if (intent === 'settings') {
		const submission = parseWithZod(form, { schema: pickupSettingsSchema })
		if (submission.status !== 'success') return formReply(submission, { headers }, { form: 'settings' as ScheduleForm })
		const { slotMinutes, ordersPerSlot, leadAmount, leadUnit, sameDayCutoff, horizonDays } = submission.value
		await savePickupSettings({
			slotMinutes,
			ordersPerSlot,
			minLeadMinutes: leadUnit === 'hours' ? leadAmount * 60 : leadAmount,
			sameDayCutoff: sameDayCutoff ?? null,
			horizonDays,
		})
		return formReply(submission, { headers }, { form: 'settings' as ScheduleForm, message: 'Ordering settings saved.' })
	}

	if (intent === 'closure') {
		const submission = parseWithZod(form, { schema: closureSchema })
		if (submission.status !== 'success') return formReply(submission, { headers }, { form: 'closure' as ScheduleForm })
		if (submission.value.endDate < (await bakeryToday())) {
			return formReply(
				submission,
				{ headers, fieldErrors: { endDate: [PAST_DATE_MESSAGE] } },
				{
					form: 'closure' as ScheduleForm,
				},
			)
		}
		const { startDate, endDate, note, noteEs, notePtBr } = submission.value
		await addPickupClosure({
			startDate,
			endDate,
			note,
			noteEs: translationColumn(noteEs),
			notePtBr: translationColumn(notePtBr),
		})
		return formReply(
			submission,
			{ headers, resetForm: true },
			{
				form: 'closure' as ScheduleForm,
				message: `Closure added: ${closureNoticeText(startDate, endDate, note, translator('en'))}.`,
			},
		)
	}

	if (intent === 'special-hours') {
		const submission = parseWithZod(form, { schema: specialHoursSchema })
		if (submission.status !== 'success') {
			return formReply(submission, { headers }, { form: 'special-hours' as ScheduleForm })
		}
		if (submission.value.date < (await bakeryToday())) {
			return formReply(
				submission,
				{ headers, fieldErrors: { date: [PAST_DATE_MESSAGE] } },
				{
					form: 'special-hours' as ScheduleForm,
				},
			)
		}
		const { date, opensAt, closesAt } = submission.value
		await setSpecialHours({ date, opensAt, closesAt })
		return formReply(
			submission,
			{ headers, resetForm: true },
			{
				form: 'special-hours' as ScheduleForm,
				message: `Saved: ${specialHoursNoticeText(date, opensAt, closesAt, translator('en'))}.`,
			},
		)
	}

	const id = String(form.get('id') ?? '')
	if (!id) refuseAdminAction('Missing row')
	if (intent === 'delete-closure' || intent === 'delete-special-hours') {
		// Without JavaScript the first press only asks (the confirm dialog needs a script).
		if (form.get(CONFIRMED_FIELD) !== 'yes') return adminReply({ confirm: id })
		if (intent === 'delete-closure') {
			const deleted = await deletePickupClosure(id)
			return adminReply({ message: deleted ? 'The closure was deleted.' : 'That closure had already been deleted.' })
		}
		const deleted = await deleteSpecialHours(id)
		return adminReply({
			message: deleted
				? `The special hours for ${formatPickupDate(id)} were deleted.`
				: 'Those special hours had already been deleted.',
		})
	}
	refuseAdminAction()
}

type Schedule = ReturnType<typeof useLoaderData<typeof loader>>['schedule']
type ActionData = ReturnType<typeof useActionData<typeof action>>

/** The last result of `form` (each form reads only its own), for Conform's lastResult. */
function resultOf(actionData: ActionData, form: ScheduleForm): SubmissionResult<string[]> | undefined {
	return actionData && 'result' in actionData && actionData.form === form ? actionData.result : undefined
}

function useSubmitting(intent: string) {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

export default function AdminPickupSchedule() {
	const { adminName, schedule } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const confirming = actionData && 'confirm' in actionData ? actionData.confirm : undefined
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Pickup schedule" />
			<p className="mb-6 max-w-3xl">
				When customers can collect their orders. The opening hours, closures and special hours are also what visitors
				see on the Home and Contact pages.
			</p>
			<StatusRegion message={actionData && 'message' in actionData ? actionData.message : undefined} />
			<div className="grid gap-8">
				<WeeklyHoursForm schedule={schedule} lastResult={resultOf(actionData, 'hours')} />
				<SettingsForm schedule={schedule} lastResult={resultOf(actionData, 'settings')} />
				<ClosuresSection schedule={schedule} lastResult={resultOf(actionData, 'closure')} confirming={confirming} />
				<SpecialHoursSection
					schedule={schedule}
					lastResult={resultOf(actionData, 'special-hours')}
					confirming={confirming}
				/>
			</div>
		</AdminFrame>
	)
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
	return (
		<section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
			<h2 id={id} className="font-display text-2xl font-bold">
				{title}
			</h2>
			{children}
		</section>
	)
}

/** A stored closing time of '24:00' as a time input can show it: 12:00 AM, read back as midnight. */
const timeInputValue = (time: string) => (time === '24:00' ? '00:00' : time)

const MIDNIGHT_HINT = 'For midnight, enter 12:00 AM.'

function WeeklyHoursForm({ schedule, lastResult }: { schedule: Schedule; lastResult?: SubmissionResult<string[]> }) {
	const saving = useSubmitting('hours')
	const byWeekday = new Map(schedule.weeklyHours.map((day) => [day.weekday, day]))
	const [form, fields] = useForm({
		id: 'weekly-hours',
		lastResult,
		constraint: getZodConstraint(weeklyHoursSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: weeklyHoursSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		defaultValue: {
			days: weekdayNames.map((_, weekday) => {
				const day = byWeekday.get(weekday)
				return day
					? { weekday: String(weekday), open: true, opensAt: day.opensAt, closesAt: timeInputValue(day.closesAt) }
					: { weekday: String(weekday), open: false, opensAt: '', closesAt: '' }
			}),
		},
	})
	const days = fields.days.getFieldList()
	return (
		<Panel id="weekly-hours-heading" title="Weekly opening hours">
			<p className="mt-1 text-sm text-cocoa/80">Times are in the bakery’s time zone. {MIDNIGHT_HINT}</p>
			<Form method="post" {...getFormProps(form)} className="mt-4">
				<input type="hidden" name="intent" value="hours" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<div className="grid gap-4 md:grid-cols-2">
					{weekdaysMondayFirst.map((weekday) => {
						const day = days[weekday]!.getFieldset()
						return (
							<fieldset key={weekday} className="rounded-lg border border-cocoa/30 p-4">
								<legend className="px-1 font-display text-lg font-bold">{weekdayNames[weekday]}</legend>
								<input type="hidden" name={day.weekday.name} value={weekday} />
								<CheckboxField
									meta={day.open as FieldMetadata<boolean | undefined>}
									label={`Open on ${weekdayNames[weekday]}`}
								/>
								<div className="grid grid-cols-2 gap-3">
									<TextField
										meta={day.opensAt}
										type="time"
										label={
											<>
												Opens<VisuallyHidden> on {weekdayNames[weekday]}</VisuallyHidden>
											</>
										}
									/>
									<TextField
										meta={day.closesAt}
										type="time"
										label={
											<>
												Closes<VisuallyHidden> on {weekdayNames[weekday]}</VisuallyHidden>
											</>
										}
									/>
								</div>
							</fieldset>
						)
					})}
				</div>
				<button type="submit" className={`${buttonClass} mt-4`} disabled={saving}>
					{saving ? 'Saving...' : 'Save opening hours'}
				</button>
			</Form>
		</Panel>
	)
}

function SettingsForm({ schedule, lastResult }: { schedule: Schedule; lastResult?: SubmissionResult<string[]> }) {
	const saving = useSubmitting('settings')
	const { settings } = schedule
	const inHours = settings.minLeadMinutes > 0 && settings.minLeadMinutes % 60 === 0
	const [form, fields] = useForm({
		id: 'pickup-settings',
		lastResult,
		constraint: getZodConstraint(pickupSettingsSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: pickupSettingsSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		defaultValue: {
			slotMinutes: String(settings.slotMinutes),
			ordersPerSlot: String(settings.ordersPerSlot),
			leadAmount: String(inHours ? settings.minLeadMinutes / 60 : settings.minLeadMinutes),
			leadUnit: inHours ? 'hours' : 'minutes',
			sameDayCutoff: settings.sameDayCutoff ?? '',
			horizonDays: String(settings.horizonDays),
		},
	})
	return (
		<Panel id="pickup-settings-heading" title="Ordering settings">
			<Form method="post" {...getFormProps(form)} className="mt-4 max-w-2xl">
				<input type="hidden" name="intent" value="settings" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<div className="grid gap-x-6 sm:grid-cols-2">
					<SelectField
						meta={fields.slotMinutes}
						label="Slot length"
						hint="How long each pickup time lasts."
						options={slotLengthChoices.map((minutes) => ({ value: minutes, label: `${minutes} minutes` }))}
					/>
					<TextField
						meta={fields.ordersPerSlot}
						type="number"
						min={1}
						max={100}
						step={1}
						label="Orders per slot"
						hint="From 1 to 100."
					/>
					<TextField
						meta={fields.leadAmount}
						type="number"
						min={0}
						step={1}
						label="Earliest pickup from now"
						hint="How long you need for an order placed now."
					/>
					<SelectField
						meta={fields.leadUnit}
						label="Unit of the earliest pickup"
						options={leadUnits.map((unit) => ({ value: unit, label: unit === 'hours' ? 'Hours' : 'Minutes' }))}
					/>
					<TextField
						meta={fields.sameDayCutoff}
						type="time"
						label="Same-day cutoff (optional)"
						hint="No orders for pickup the same day after this time. Leave empty for none."
					/>
					<TextField
						meta={fields.horizonDays}
						type="number"
						min={1}
						max={60}
						step={1}
						label="How far ahead customers may order (days)"
						hint="From 1 to 60 days."
					/>
				</div>
				<p className="mt-2">
					<span className="font-semibold">Time zone:</span> {settings.timeZone}
				</p>
				<button type="submit" className={`${buttonClass} mt-4`} disabled={saving}>
					{saving ? 'Saving...' : 'Save settings'}
				</button>
			</Form>
		</Panel>
	)
}

function ClosuresSection({
	schedule,
	lastResult,
	confirming,
}: {
	schedule: Schedule
	lastResult?: SubmissionResult<string[]>
	confirming?: string
}) {
	const saving = useSubmitting('closure')
	const t = useT()
	const [form, fields] = useForm({
		id: 'add-closure',
		lastResult,
		constraint: getZodConstraint(closureSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: closureSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<Panel id="closures-heading" title="Closures">
			<p className="mt-1 text-sm text-cocoa/80">
				No pickups on these days. Visitors see the note on the Home and Contact pages until the closure ends.
			</p>
			<Form method="post" {...getFormProps(form)} className="mt-4 max-w-2xl">
				<input type="hidden" name="intent" value="closure" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<div className="grid gap-x-6 sm:grid-cols-2">
					<TextField meta={fields.startDate} type="date" label="First closed day" />
					<TextField meta={fields.endDate} type="date" label="Last closed day" hint="The same day for one day." />
				</div>
				<TextField
					meta={fields.note}
					label="Note for visitors"
					hint="For example: Closed for Thanksgiving"
					autoComplete="off"
				/>
				<div className="grid gap-x-6 sm:grid-cols-2">
					<TextField
						meta={fields.noteEs}
						label="Note in Spanish"
						hint="Optional: empty shows the English note."
						autoComplete="off"
						lang="es"
					/>
					<TextField
						meta={fields.notePtBr}
						label="Note in Portuguese"
						hint="Optional: empty shows the English note."
						autoComplete="off"
						lang="pt-BR"
					/>
				</div>
				<button type="submit" className={`${buttonClass} mt-2`} disabled={saving}>
					{saving ? 'Adding...' : 'Add closure'}
				</button>
			</Form>
			<h3 className="mt-8 font-display text-xl font-bold">Upcoming closures</h3>
			{schedule.closures.length === 0 ? (
				<p className="mt-2">No closures ahead.</p>
			) : (
				<ul className="mt-2 grid gap-3">
					{schedule.closures.map((closure) => {
						const text = closureNoticeText(closure.startDate, closure.endDate, closure.note, t)
						return (
							<li key={closure.id} className="rounded-lg border border-cocoa/20 p-3">
								<div className="flex flex-wrap items-center justify-between gap-3">
									<div>
										<p>{text}</p>
										<p className="text-sm text-cocoa/80">
											Spanish: <TranslatedNote note={closure.noteEs} lang="es" />
											<br />
											Portuguese: <TranslatedNote note={closure.notePtBr} lang="pt-BR" />
										</p>
									</div>
									<DeleteForm id={closure.id} intent="delete-closure" question={DELETE_CLOSURE_QUESTION}>
										Delete <VisuallyHidden>closure: {text}</VisuallyHidden>
									</DeleteForm>
								</div>
								{confirming === closure.id ? (
									<ConfirmDeletePanel id={closure.id} intent="delete-closure" question={DELETE_CLOSURE_QUESTION} />
								) : null}
							</li>
						)
					})}
				</ul>
			)}
		</Panel>
	)
}

/** A closure's translated note, or that the English shows instead. */
function TranslatedNote({ note, lang }: { note: string | null; lang: string }) {
	return note ? <span lang={lang}>{note}</span> : <>not translated (the English note shows)</>
}

function SpecialHoursSection({
	schedule,
	lastResult,
	confirming,
}: {
	schedule: Schedule
	lastResult?: SubmissionResult<string[]>
	confirming?: string
}) {
	const saving = useSubmitting('special-hours')
	const t = useT()
	const [form, fields] = useForm({
		id: 'special-hours',
		lastResult,
		constraint: getZodConstraint(specialHoursSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: specialHoursSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<Panel id="special-hours-heading" title="Special hours">
			<p className="mt-1 text-sm text-cocoa/80">
				Hours for one date that replace the weekly hours, e.g. closing early on Christmas Eve. {MIDNIGHT_HINT}
			</p>
			<Form method="post" {...getFormProps(form)} className="mt-4 max-w-2xl">
				<input type="hidden" name="intent" value="special-hours" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<div className="grid gap-x-6 sm:grid-cols-3">
					<TextField meta={fields.date} type="date" label="Date" />
					<TextField meta={fields.opensAt} type="time" label="Opens" />
					<TextField meta={fields.closesAt} type="time" label="Closes" />
				</div>
				<button type="submit" className={`${buttonClass} mt-2`} disabled={saving}>
					{saving ? 'Saving...' : 'Save special hours'}
				</button>
			</Form>
			<h3 className="mt-8 font-display text-xl font-bold">Upcoming special hours</h3>
			{schedule.specialHours.length === 0 ? (
				<p className="mt-2">No special hours ahead.</p>
			) : (
				<ul className="mt-2 grid gap-3">
					{schedule.specialHours.map((day) => {
						const text = specialHoursNoticeText(day.date, day.opensAt, day.closesAt, t)
						return (
							<li key={day.date} className="rounded-lg border border-cocoa/20 p-3">
								<div className="flex flex-wrap items-center justify-between gap-3">
									<p>{text}</p>
									<DeleteForm id={day.date} intent="delete-special-hours" question={DELETE_SPECIAL_HOURS_QUESTION}>
										Delete <VisuallyHidden>{text}</VisuallyHidden>
									</DeleteForm>
								</div>
								{confirming === day.date ? (
									<ConfirmDeletePanel
										id={day.date}
										intent="delete-special-hours"
										question={DELETE_SPECIAL_HOURS_QUESTION}
									/>
								) : null}
							</li>
						)
					})}
				</ul>
			)}
		</Panel>
	)
}
