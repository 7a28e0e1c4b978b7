import {
	getFormProps,
	useForm,
	type DefaultValue,
	type FieldMetadata,
	type FormMetadata,
	type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { z, ZodTypeAny } from 'zod'
import { CheckboxField } from '~/components/admin/checkbox-field'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { TranslationFields } from '~/components/admin/translation-fields'
import { FormErrors, SelectField, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import {
	addPickupClosure,
	deletePickupClosure,
	deleteSpecialHours,
	getAdminPickupSchedule,
	getPayAtPickupAllowed,
	getPickupSettings,
	replaceWeeklyHours,
	savePayAtPickupAllowed,
	savePickupSettings,
	setSpecialHours,
} from '~/domain/pickup/models/pickup-schedule.server'
import { adminReply, readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { adminMeta, adminResponseHeaders, CONFIRMED_FIELD } from '~/utils/admin-route'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { formReply, type FormReplyOptions } from '~/utils/form-reply.server'
import { translationColumn } from '~/domain/content/localized-content'
import { translator } from '~/utils/i18n.server'
import { useT } from '~/utils/i18n-react'
import { closureNoticeText, formatPickupDate, specialHoursNoticeText } from '~/domain/pickup/pickup-display'
import { localDateOf } from '~/domain/pickup/pickup-schedule'
import {
	closureSchema,
	leadUnits,
	PAST_DATE_MESSAGE,
	phoneOrderSettingsSchema,
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
	const admin = await requireAdmin(request, 'owner')
	const [schedule, payAtPickupAllowed] = await Promise.all([
		getAdminPickupSchedule(await bakeryToday()),
		getPayAtPickupAllowed(),
	])
	return data({ adminName: admin.name, schedule, payAtPickupAllowed }, { headers: adminResponseHeaders })
}

const SCHEDULE_FORMS = ['hours', 'settings', 'phone-orders', 'closure', 'special-hours'] as const
type ScheduleForm = (typeof SCHEDULE_FORMS)[number]
const isScheduleForm = (intent: string): intent is ScheduleForm =>
	(SCHEDULE_FORMS as readonly string[]).includes(intent)

/** Every answer of the four forms: which form it is for (each reads only its own), and what was saved. */
function scheduleReply(
	form: ScheduleForm,
	submission: Parameters<typeof formReply>[0],
	errors: Pick<FormReplyOptions, 'fieldErrors' | 'resetForm'> = {},
	message: string | null = null,
) {
	return formReply(submission, { headers: adminResponseHeaders, ...errors }, { form, message })
}

type Reply = (
	...args: Parameters<typeof scheduleReply> extends [ScheduleForm, ...infer Rest] ? Rest : never
) => ReturnType<typeof scheduleReply>

/** A date that ended before the bakery's today is refused on its field (closures and special hours). */
async function pastDateErrors(field: string, date: string) {
	return date < (await bakeryToday()) ? { fieldErrors: { [field]: [PAST_DATE_MESSAGE] } } : undefined
}

/** Each of the page's four forms: parse once, save, and say what was saved (or keep what was typed). */
const saveScheduleForm: Record<ScheduleForm, (form: FormData, reply: Reply) => Promise<ReturnType<Reply>>> = {
	async hours(form, reply) {
		const submission = parseWithZod(form, { schema: weeklyHoursSchema })
		if (submission.status !== 'success') return reply(submission)
		await replaceWeeklyHours(
			submission.value.days.flatMap(({ weekday, open, opensAt, closesAt }) =>
				open && opensAt && closesAt ? [{ weekday, opensAt, closesAt }] : [],
			),
		)
		return reply(submission, {}, 'Opening hours saved.')
	},
	async settings(form, reply) {
		const submission = parseWithZod(form, { schema: pickupSettingsSchema })
		if (submission.status !== 'success') return reply(submission)
		const { slotMinutes, ordersPerSlot, leadAmount, leadUnit, sameDayCutoff, horizonDays, changeLockHours } =
			submission.value
		await savePickupSettings({
			slotMinutes,
			ordersPerSlot,
			minLeadMinutes: leadUnit === 'hours' ? leadAmount * 60 : leadAmount,
			sameDayCutoff: sameDayCutoff ?? null,
			horizonDays,
			changeLockHours,
		})
		return reply(submission, {}, 'Ordering settings saved.')
	},
	async 'phone-orders'(form, reply) {
		const submission = parseWithZod(form, { schema: phoneOrderSettingsSchema })
		if (submission.status !== 'success') return reply(submission)
		const allowed = submission.value.payAtPickupAllowed === true
		await savePayAtPickupAllowed(allowed)
		return reply(
			submission,
			{},
			allowed ? 'Staff may now take phone orders to be paid at pickup.' : 'Phone orders are now paid by link only.',
		)
	},
	async closure(form, reply) {
		const submission = parseWithZod(form, { schema: closureSchema })
		if (submission.status !== 'success') return reply(submission)
		const { startDate, endDate, note, noteEs, notePtBr } = submission.value
		const past = await pastDateErrors('endDate', endDate)
		if (past) return reply(submission, past)
		await addPickupClosure({
			startDate,
			endDate,
			note,
			noteEs: translationColumn(noteEs),
			notePtBr: translationColumn(notePtBr),
		})
		const added = closureNoticeText(startDate, endDate, note, translator('en'))
		return reply(submission, { resetForm: true }, `Closure added: ${added}.`)
	},
	async 'special-hours'(form, reply) {
		const submission = parseWithZod(form, { schema: specialHoursSchema })
		if (submission.status !== 'success') return reply(submission)
		const { date, opensAt, closesAt } = submission.value
		const past = await pastDateErrors('date', date)
		if (past) return reply(submission, past)
		await setSpecialHours({ date, opensAt, closesAt })
		const saved = specialHoursNoticeText(date, opensAt, closesAt, translator('en'))
		return reply(submission, { resetForm: true }, `Saved: ${saved}.`)
	},
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return problemReply

	if (isScheduleForm(intent)) {
		return saveScheduleForm[intent](form, (...args) => scheduleReply(intent, ...args))
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

/** What each section of the page gets: the schedule, its form's last result, the entry whose deletion asks first. */
interface SectionProps {
	schedule: Schedule
	lastResult?: SubmissionResult<string[]>
	confirming?: string
}

/** The last result of `form` (each form reads only its own), for Conform's lastResult. */
function resultOf(actionData: ActionData, form: ScheduleForm): SubmissionResult<string[]> | undefined {
	return actionData && 'result' in actionData && actionData.form === form ? actionData.result : undefined
}

function useSubmitting(intent: string) {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

export default function AdminPickupSchedule() {
	const { adminName, schedule, payAtPickupAllowed } = useLoaderData<typeof loader>()
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
				<PhoneOrderSettingsForm allowed={payAtPickupAllowed} lastResult={resultOf(actionData, 'phone-orders')} />
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

/** A form of this page with Conform: its schema checks it in the browser and the action, its last result shown. */
function useScheduleForm<Schema extends ZodTypeAny>(
	id: string,
	schema: Schema,
	lastResult: SubmissionResult<string[]> | undefined,
	options: { defaultValue?: DefaultValue<z.input<Schema>>; validateOnSubmit?: boolean } = {},
) {
	return useForm<z.input<Schema>, z.output<Schema>>({
		id,
		lastResult,
		constraint: getZodConstraint(schema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: options.validateOnSubmit ? 'onSubmit' : 'onBlur',
		shouldRevalidate: 'onInput',
		defaultValue: options.defaultValue,
	})
}

/** One of the page's forms in its panel: its intent, its errors, its fields and a submit button that says it is busy. */
function FormPanel<Schema extends Record<string, unknown>>({
	id,
	title,
	intro,
	form,
	intent,
	submit,
	wide = false,
	after,
	children,
}: {
	id: string
	title: string
	intro?: ReactNode
	form: FormMetadata<Schema, string[]>
	intent: ScheduleForm
	submit: { idle: string; busy: string }
	/** Narrower forms keep their fields to a readable width. */
	wide?: boolean
	/** What the panel lists below the form. */
	after?: ReactNode
	children: ReactNode
}) {
	const saving = useSubmitting(intent)
	return (
		<Panel id={id} title={title}>
			{intro ? <p className="mt-1 text-sm text-cocoa/80">{intro}</p> : null}
			<Form method="post" {...getFormProps(form)} className={wide ? 'mt-4' : 'mt-4 max-w-2xl'}>
				<input type="hidden" name="intent" value={intent} />
				<FormErrors id={form.errorId} errors={form.errors} />
				{children}
				<button type="submit" className={`${buttonClass} mt-4`} disabled={saving}>
					{saving ? submit.busy : submit.idle}
				</button>
			</Form>
			{after}
		</Panel>
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

function WeeklyHoursForm({ schedule, lastResult }: SectionProps) {
	const byWeekday = new Map(schedule.weeklyHours.map((day) => [day.weekday, day]))
	const [form, fields] = useScheduleForm('weekly-hours', weeklyHoursSchema, lastResult, {
		validateOnSubmit: true,
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
		<FormPanel
			id="weekly-hours-heading"
			title="Weekly opening hours"
			intro={<>Times are in the bakery’s time zone. {MIDNIGHT_HINT}</>}
			form={form}
			intent="hours"
			submit={{ idle: 'Save opening hours', busy: 'Saving...' }}
			wide
		>
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
		</FormPanel>
	)
}

function SettingsForm({ schedule, lastResult }: SectionProps) {
	const { settings } = schedule
	const inHours = settings.minLeadMinutes > 0 && settings.minLeadMinutes % 60 === 0
	const [form, fields] = useScheduleForm('pickup-settings', pickupSettingsSchema, lastResult, {
		defaultValue: {
			slotMinutes: String(settings.slotMinutes),
			ordersPerSlot: String(settings.ordersPerSlot),
			leadAmount: String(inHours ? settings.minLeadMinutes / 60 : settings.minLeadMinutes),
			leadUnit: inHours ? 'hours' : 'minutes',
			sameDayCutoff: settings.sameDayCutoff ?? '',
			horizonDays: String(settings.horizonDays),
			changeLockHours: String(settings.changeLockHours),
		},
	})
	return (
		<FormPanel
			id="pickup-settings-heading"
			title="Ordering settings"
			form={form}
			intent="settings"
			submit={{ idle: 'Save settings', busy: 'Saving...' }}
		>
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
				<TextField
					meta={fields.changeLockHours}
					type="number"
					min={0}
					max={336}
					step={1}
					label="Changes and cancellations close (hours before pickup)"
					hint="Customers may move or cancel a paid order until then; you can still move it after. 0 to 336."
				/>
			</div>
			<p className="mt-2">
				<span className="font-semibold">Time zone:</span> {settings.timeZone}
			</p>
		</FormPanel>
	)
}

function PhoneOrderSettingsForm({
	allowed,
	lastResult,
}: {
	allowed: boolean
	lastResult?: SubmissionResult<string[]>
}) {
	const [form, fields] = useScheduleForm('phone-order-settings', phoneOrderSettingsSchema, lastResult, {
		defaultValue: { payAtPickupAllowed: allowed },
	})
	return (
		<FormPanel
			id="phone-order-settings-heading"
			title="Phone orders"
			intro={
				<>
					Staff enter orders taken on the phone or at the counter and send the customer a payment link. You can also let
					them confirm an order to be paid at pickup: it holds its pickup time and is baked whether or not the customer
					comes.
				</>
			}
			form={form}
			intent="phone-orders"
			submit={{ idle: 'Save', busy: 'Saving...' }}
		>
			<CheckboxField meta={fields.payAtPickupAllowed} label="Allow pay at pickup for phone orders" />
		</FormPanel>
	)
}

function ClosuresSection({ schedule, lastResult, confirming }: SectionProps) {
	const t = useT()
	const [form, fields] = useScheduleForm('add-closure', closureSchema, lastResult)
	return (
		<FormPanel
			id="closures-heading"
			title="Closures"
			intro={<>No pickups on these days. Visitors see the note on the Home and Contact pages until the closure ends.</>}
			form={form}
			intent="closure"
			submit={{ idle: 'Add closure', busy: 'Adding...' }}
			after={
				<UpcomingList
					title="Upcoming closures"
					empty="No closures ahead."
					intent="delete-closure"
					question={DELETE_CLOSURE_QUESTION}
					confirming={confirming}
					entries={schedule.closures.map((closure) => {
						const text = closureNoticeText(closure.startDate, closure.endDate, closure.note, t)
						return {
							id: closure.id,
							label: `closure: ${text}`,
							content: (
								<div>
									<p>{text}</p>
									<p className="text-sm text-cocoa/80">
										Spanish: <TranslatedNote note={closure.noteEs} lang="es" />
										<br />
										Portuguese: <TranslatedNote note={closure.notePtBr} lang="pt-BR" />
									</p>
								</div>
							),
						}
					})}
				/>
			}
		>
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
			<TranslationFields
				what="Note"
				es={fields.noteEs}
				ptBr={fields.notePtBr}
				hint="Optional: empty shows the English note."
			/>
		</FormPanel>
	)
}

/** A closure's translated note, or that the English shows instead. */
function TranslatedNote({ note, lang }: { note: string | null; lang: string }) {
	return note ? <span lang={lang}>{note}</span> : <>not translated (the English note shows)</>
}

function SpecialHoursSection({ schedule, lastResult, confirming }: SectionProps) {
	const t = useT()
	const [form, fields] = useScheduleForm('special-hours', specialHoursSchema, lastResult)
	return (
		<FormPanel
			id="special-hours-heading"
			title="Special hours"
			intro={
				<>Hours for one date that replace the weekly hours, e.g. closing early on Christmas Eve. {MIDNIGHT_HINT}</>
			}
			form={form}
			intent="special-hours"
			submit={{ idle: 'Save special hours', busy: 'Saving...' }}
			after={
				<UpcomingList
					title="Upcoming special hours"
					empty="No special hours ahead."
					intent="delete-special-hours"
					question={DELETE_SPECIAL_HOURS_QUESTION}
					confirming={confirming}
					entries={schedule.specialHours.map((day) => {
						const text = specialHoursNoticeText(day.date, day.opensAt, day.closesAt, t)
						return { id: day.date, label: text, content: <p>{text}</p> }
					})}
				/>
			}
		>
			<div className="grid gap-x-6 sm:grid-cols-3">
				<TextField meta={fields.date} type="date" label="Date" />
				<TextField meta={fields.opensAt} type="time" label="Opens" />
				<TextField meta={fields.closesAt} type="time" label="Closes" />
			</div>
		</FormPanel>
	)
}

/** Closures or special hours ahead, each with its Delete (which asks first, with or without JavaScript). */
function UpcomingList({
	title,
	empty,
	intent,
	question,
	confirming,
	entries,
}: {
	title: string
	empty: string
	intent: string
	question: string
	/** The entry whose deletion asks for confirmation without JavaScript. */
	confirming?: string
	/** `label`: what the Delete button deletes, for screen readers. */
	entries: Array<{ id: string; label: string; content: ReactNode }>
}) {
	return (
		<>
			<h3 className="mt-8 font-display text-xl font-bold">{title}</h3>
			{entries.length === 0 ? (
				<p className="mt-2">{empty}</p>
			) : (
				<ul className="mt-2 grid gap-3">
					{entries.map(({ id, label, content }) => (
						<li key={id} className="rounded-lg border border-cocoa/20 p-3">
							<div className="flex flex-wrap items-center justify-between gap-3">
								{content}
								<DeleteForm id={id} intent={intent} question={question}>
									Delete <VisuallyHidden>{label}</VisuallyHidden>
								</DeleteForm>
							</div>
							{confirming === id ? <ConfirmDeletePanel id={id} intent={intent} question={question} /> : null}
						</li>
					))}
				</ul>
			)}
		</>
	)
}
