import { getFormProps, getInputProps, getSelectProps, parse, useForm, type FieldMetadata } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { ContactRows } from '~/components/admin/contact-rows'
import { AdminHeading, dangerButtonClass, secondaryButtonClass, StatusRegion } from '~/components/admin/admin-ui'
import { FieldErrors, FormErrors, TextareaField, TextField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import {
	cancelCakeRequest,
	countCakesOn,
	expireOverdueQuotes,
	findCakeRequestForOwner,
	getCakeQuoteSettings,
	markBalancePaidInShop,
	markCakePickedUp,
	sendQuote,
	withdrawQuote,
	type QuoteOutcome,
} from '~/domain/cake-quotes/models/cake-quote.server'
import { readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import {
	actorText,
	DEFAULT_VALID_HOURS,
	MAX_CAKE_DAYS_BEFORE,
	MAX_CAKE_STEP_MINUTES,
	quoteSchema,
	statusLabels,
} from '~/domain/cake-quotes/cake-quote'
import { listResources } from '~/domain/production/models/production.server'
import { CAKE_REQUEST_MOVES } from '~/domain/cake-quotes/cake-request-states'
import type { CakeRequestStatus } from '~/generated/prisma/enums'
import { canMove } from '~/utils/state-machine'
import { checkQuoteSlot, loadQuoteSlots, type QuoteSlotCheck } from '~/domain/cake-quotes/cake-quote-slots.server'
import { quotePath } from '~/domain/cake-quotes/cake-quote-token.server'
import { formReply } from '~/utils/form-reply.server'
import { formatPrice } from '~/utils/money'
import {
	dayReasonText,
	formatPickupAt,
	formatPickupDate,
	formatPickupDateLong,
	formatWallTime,
	SLOT_TAKEN_MESSAGE,
} from '~/domain/pickup/pickup-display'
import { addLocalDays, isLocalDate, localDateOf, wallTimeOf, type LocalDate } from '~/domain/pickup/pickup-schedule'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Custom cake request')

async function loadRequest(requestId: string | undefined) {
	const found = await findCakeRequestForOwner(requestId ?? '')
	if (!found) throw new Response('Request not found', { status: 404, headers: adminResponseHeaders })
	return found
}

/**
 * The shown day against the owner's cakes-per-day limit (null: no limit); this request's own quote, if it
 * holds that day, does not count against itself.
 */
async function cakeDayOf(
	date: LocalDate,
	cake: { slotHeld: boolean; pickupDate: LocalDate | null },
	limit: number | null,
) {
	if (limit === null) return null
	const own = cake.slotHeld && cake.pickupDate === date ? 1 : 0
	return { booked: (await countCakesOn(date)) - own, limit }
}

/** The intent of "Show day", which submits the quote form as a GET. */
const SHOW_DAY = 'show-day'

/**
 * The quote fields "Show day" carried over (it submits the quote form as a GET): what the owner had typed,
 * and the chosen time when it is one of the day now shown.
 */
const DRAFT_FIELDS = ['price', 'depositKind', 'depositPercent', 'depositAmount', 'notes', 'validUntil'] as const

function quoteDraftOf(searchParams: URLSearchParams, shownSlots: ReadonlyArray<{ start: string; available: boolean }>) {
	if (searchParams.get('intent') !== SHOW_DAY) return null
	const pickupAt = searchParams.get('pickupAt')
	const draft: Partial<Record<(typeof DRAFT_FIELDS)[number] | 'pickupAt', string>> & { production?: ProductionRow[] } =
		Object.fromEntries(
			DRAFT_FIELDS.flatMap((name) => {
				const value = searchParams.get(name)
				return value === null ? [] : [[name, value.slice(0, 2_000)]]
			}),
		)
	if (pickupAt && shownSlots.some((slot) => slot.available && slot.start === pickupAt)) draft.pickupAt = pickupAt
	const production: ProductionRow[] = []
	for (let index = 0; searchParams.has(`production[${index}].resourceId`) && index < 100; index++) {
		const field = (name: keyof ProductionRow) => (searchParams.get(`production[${index}].${name}`) ?? '').slice(0, 40)
		production.push({ resourceId: field('resourceId'), minutes: field('minutes'), daysBefore: field('daysBefore') })
	}
	if (production.length) draft.production = production
	return draft
}

/** One resource's row of the quote's "Production" fieldset, as the form holds it. */
interface ProductionRow {
	resourceId: string
	minutes: string
	daysBefore: string
}

/**
 * The "Production" rows: one per resource, in the owner's order, with what "Show day" carried over, else what the
 * quote states (decision 089).
 */
function productionRows(
	resources: ReadonlyArray<{ id: string }>,
	saved: ReadonlyArray<{ resourceId: string; minutes: number; daysBefore: number }>,
	draft: readonly ProductionRow[] | undefined,
): ProductionRow[] {
	return resources.map((resource) => {
		const typed = draft?.find((row) => row.resourceId === resource.id)
		if (typed) return typed
		const step = saved.find((row) => row.resourceId === resource.id)
		return {
			resourceId: resource.id,
			minutes: step ? String(step.minutes) : '',
			daysBefore: String(step?.daysBefore ?? 0),
		}
	})
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	await expireOverdueQuotes()
	const cake = await loadRequest(params.requestId)
	const { searchParams } = new URL(request.url)
	const date = searchParams.get('date')
	const [slots, settings, resources] = await Promise.all([
		loadQuoteSlots(date, cake.status === 'QUOTED' ? cake.pickupAt : null),
		getCakeQuoteSettings(),
		listResources(),
	])
	const cakeDay = await cakeDayOf(slots.day.date, cake, settings.cakesPerDay)
	const now = new Date()
	const validDefault = new Date(now.getTime() + DEFAULT_VALID_HOURS * 60 * 60 * 1000)
	const validUntil = cake.status === 'QUOTED' && cake.quoteValidUntil ? cake.quoteValidUntil : validDefault
	return data(
		{
			adminName: admin.name,
			cake,
			slots,
			depositPercent: settings.depositPercent,
			validUntilValue: `${localDateOf(validUntil, slots.timeZone)}T${wallTimeOf(validUntil, slots.timeZone)}`,
			draft: quoteDraftOf(searchParams, slots.day.slots),
			resources: resources.map((resource) => ({ id: resource.id, name: resource.name })),
			cakeDay,
			quoteUrl:
				cake.status === 'REQUESTED' || cake.status === 'CANCELLED' ? null : quotePath(cake.id, cake.quoteVersion),
		},
		{ headers: adminResponseHeaders },
	)
}

const refusalWords: Record<Exclude<QuoteOutcome, { ok: true }>['reason'], string> = {
	missing: 'This request was deleted meanwhile.',
	'production-full': 'A production resource is full that day: choose another day or fewer minutes.',
	'wrong-status': 'This request has moved on meanwhile (see its status and history), so nothing was changed.',
	'slot-full': SLOT_TAKEN_MESSAGE,
	'day-full':
		'That day already has as many custom cakes as the quote settings allow — choose another day, or raise the limit on the list page.',
}

/** Why the quote was refused, naming the full resource and its day when production is full (decision 089). */
function refusalText(
	outcome: Exclude<QuoteOutcome, { ok: true }>,
	resources: ReadonlyArray<{ id: string; name: string }>,
) {
	if (outcome.reason !== 'production-full') return refusalWords[outcome.reason]
	const name = resources.find((resource) => resource.id === outcome.resourceId)?.name
	if (!name) return refusalWords['production-full']
	return `${name} is full on ${formatPickupDateLong(outcome.productionDate)}: choose another day or fewer minutes.`
}

const doneWords = {
	withdraw: 'The quote was withdrawn; its link no longer works and the pickup time is free again.',
	cancel: 'The request was cancelled and its pickup time given back. Refund a paid deposit in Stripe.',
	'balance-paid': 'The balance is recorded as paid in the shop.',
	'picked-up': 'The cake is marked as picked up.',
} as const

/** What went out: the pickup, and how long the quote stands (or that it was shortened to the pickup). */
function sentWords(slot: { pickupAt: Date; timeZone: string; validUntil: Date; validShortened: boolean }) {
	const pickup = `The quote was sent to the customer. Pickup ${formatPickupAt(slot.pickupAt, slot.timeZone)}`
	return slot.validShortened
		? `${pickup}. ${VALID_SHORTENED_MESSAGE}`
		: `${pickup}; valid until ${formatBakeryDateTime(slot.validUntil)}.`
}

const VALID_SHORTENED_MESSAGE = '“Valid until” was shortened to the pickup time: a quote can’t stand past its pickup.'

/** Why the chosen pickup or "valid until" cannot be quoted, on the field it concerns. */
function slotRefusalErrors(
	slot: Extract<QuoteSlotCheck, { ok: false }>,
	shownDate: LocalDate,
): Record<string, string[]> {
	switch (slot.reason) {
		case 'closed':
			return { pickupAt: ['The shop is closed then — please choose another pickup time.'] }
		case 'too-soon':
			return { pickupAt: ['That pickup time is too soon — please choose a later one.'] }
		case 'not-a-slot':
			return { pickupAt: ['That is not one of the pickup times — please choose another.'] }
		case 'other-day':
			return {
				pickupAt: [
					`That time is on ${formatPickupDateLong(slot.date)}, not on the day shown (${formatPickupDateLong(shownDate)}): please choose one of its times.`,
				],
			}
		case 'valid-until-unreadable':
			return { validUntil: ['Please enter a date and time.'] }
		case 'valid-until-past':
			return { validUntil: ['Please choose a time in the future.'] }
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const actor = `owner:${admin.email}` as const
	const headers = adminResponseHeaders
	const requestId = params.requestId ?? ''
	const { form, intent, problemReply } = await readAdminBody(request)
	if (!form) return problemReply
	if (intent === 'send-quote') {
		const submission = parseWithZod(form, { schema: quoteSchema })
		if (submission.status !== 'success') return formReply(submission, { headers }, { message: null })
		const { pickupAt, shownDate, validDate, validTime, quoteCents, depositCents, notes, production } = submission.value
		const slot = await checkQuoteSlot(pickupAt, shownDate, { validDate, validTime })
		if (!slot.ok) {
			return formReply(
				submission,
				{ fieldErrors: slotRefusalErrors(slot, shownDate), status: 409, headers },
				{ message: null },
			)
		}
		const [{ cakesPerDay }, resources] = await Promise.all([getCakeQuoteSettings(), listResources()])
		if (production.some((step) => !resources.some((resource) => resource.id === step.resourceId))) {
			const formErrors = ['A production resource was deleted meanwhile: check the production minutes and send again.']
			return formReply(submission, { formErrors, status: 409, headers }, { message: null })
		}
		const outcome = await sendQuote(
			requestId,
			{
				quoteCents,
				depositCents,
				notes,
				pickupAt: slot.pickupAt,
				pickupDate: slot.pickupDate,
				validUntil: slot.validUntil,
				ordersPerSlot: slot.ordersPerSlot,
				cakesPerDay,
				production,
			},
			actor,
		)
		if (!outcome.ok) {
			const onPickup = ['slot-full', 'day-full', 'production-full'].includes(outcome.reason)
			const words = refusalText(outcome, resources)
			const fieldErrors = onPickup ? { pickupAt: [words] } : undefined
			const formErrors = onPickup ? undefined : [words]
			return formReply(submission, { fieldErrors, formErrors, status: 409, headers }, { message: null })
		}
		return formReply(submission, { headers }, { message: sentWords(slot) })
	}
	if (intent === 'cancel' && form.get('confirmed') !== 'yes') {
		return data({ message: null, confirmCancel: true }, { headers })
	}
	const run: Record<keyof typeof doneWords, () => Promise<QuoteOutcome>> = {
		withdraw: () => withdrawQuote(requestId, actor),
		cancel: () => cancelCakeRequest(requestId, actor),
		'balance-paid': () => markBalancePaidInShop(requestId, actor),
		'picked-up': () => markCakePickedUp(requestId, actor),
	}
	if (!(intent in run)) refuseAdminAction()
	const key = intent as keyof typeof doneWords
	const outcome = await run[key]()
	return data(
		{ message: outcome.ok ? doneWords[key] : refusalText(outcome, []) },
		{ status: outcome.ok ? 200 : 409, headers },
	)
}

export default function AdminCustomCakeRequest() {
	const { adminName, cake, quoteUrl, slots } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const message = actionData && 'message' in actionData ? actionData.message : null
	const owed = cake.quoteCents === null ? null : cake.quoteCents - cake.paidCents
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title={`Cake request from ${cake.name}`}>
				<Link to="/admin/custom-cakes" className="font-semibold underline underline-offset-4">
					Back to the requests
				</Link>
			</AdminHeading>
			<StatusRegion message={message} />
			<section aria-labelledby="status-heading" className="mb-6 rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
				<h2 id="status-heading" className="font-display text-xl font-bold">
					Status: {statusLabels[cake.status]}
				</h2>
				{cake.quoteCents !== null && cake.status !== 'REQUESTED' ? (
					<dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
						<dt className="font-semibold">Price</dt>
						<dd>{formatPrice(cake.quoteCents)}</dd>
						<dt className="font-semibold">Deposit</dt>
						<dd>{formatPrice(cake.depositCents)}</dd>
						<dt className="font-semibold">Paid</dt>
						<dd>{formatPrice(cake.paidCents)}</dd>
						<dt className="font-semibold">Owed</dt>
						<dd>{formatPrice(owed)}</dd>
						{cake.pickupAt ? (
							<>
								<dt className="font-semibold">Pickup</dt>
								<dd>{formatPickupAt(cake.pickupAt, slots.timeZone)}</dd>
							</>
						) : null}
						{cake.productionSteps.length > 0 && cake.pickupDate ? (
							<>
								<dt className="font-semibold">Production{cake.slotHeld ? ' held' : ' (not held)'}</dt>
								<dd>
									<ul>
										{cake.productionSteps.map((step) => (
											<li key={step.resourceId}>
												{step.resource.name}: {step.minutes} min on{' '}
												{formatPickupDate(addLocalDays(cake.pickupDate!, -step.daysBefore))}
											</li>
										))}
									</ul>
								</dd>
							</>
						) : null}
						{cake.status === 'QUOTED' && cake.quoteValidUntil ? (
							<>
								<dt className="font-semibold">Valid until</dt>
								<dd>{formatBakeryDateTime(cake.quoteValidUntil)}</dd>
							</>
						) : null}
					</dl>
				) : null}
				{quoteUrl ? (
					<p className="mt-3">
						<a href={quoteUrl} className="font-semibold underline underline-offset-4">
							The customer’s quote page
						</a>{' '}
						(the link in their mail)
					</p>
				) : null}
				<StatusActions
					status={cake.status}
					balanceCents={owed}
					confirmCancel={Boolean(actionData && 'confirmCancel' in actionData)}
				/>
			</section>
			<RequestDetails />
			{canMove(CAKE_REQUEST_MOVES.quote, cake.status) ? <QuoteEditor /> : null}
			<History />
		</AdminFrame>
	)
}

function StatusActions({
	status,
	balanceCents,
	confirmCancel,
}: {
	status: CakeRequestStatus
	balanceCents: number | null
	confirmCancel: boolean
}) {
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle'
	return (
		<div className="mt-4 flex flex-wrap gap-3">
			{(
				[
					['withdraw', 'Withdraw the quote'],
					['balance-paid', `Balance of ${formatPrice(balanceCents)} paid in the shop`],
					['picked-up', 'Mark as picked up'],
				] as const
			).map(([move, label]) =>
				canMove(CAKE_REQUEST_MOVES[move], status) ? (
					<Form method="post" key={move}>
						<button className={secondaryButtonClass} name="intent" value={move} disabled={busy}>
							{label}
						</button>
					</Form>
				) : null,
			)}
			{canMove(CAKE_REQUEST_MOVES.cancel, status) ? (
				<Form method="post" className="flex flex-wrap items-center gap-3">
					{confirmCancel ? (
						<>
							<p role="alert" className="font-semibold">
								Cancel this request? The customer’s link stops working and the pickup time is given back.
							</p>
							<input type="hidden" name="confirmed" value="yes" />
						</>
					) : null}
					<button className={dangerButtonClass} name="intent" value="cancel" disabled={busy}>
						{confirmCancel ? 'Yes, cancel the request' : 'Cancel the request'}
					</button>
				</Form>
			) : null}
		</div>
	)
}

function RequestDetails() {
	const { cake } = useLoaderData<typeof loader>()
	return (
		<section aria-labelledby="request-heading" className="mb-6 rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
			<h2 id="request-heading" className="font-display text-xl font-bold">
				What they asked for
			</h2>
			<p className="text-sm text-cocoa/80">
				Submitted <time dateTime={cake.createdAt.toISOString()}>{formatBakeryDateTime(cake.createdAt)}</time>
			</p>
			<div className="mt-3 flex flex-wrap gap-6">
				<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
					{cake.customerId ? (
						<>
							<dt className="font-semibold">Account</dt>
							<dd>
								<Link to={`/admin/customers/${cake.customerId}`} className="underline underline-offset-4">
									View the customer
								</Link>
							</dd>
						</>
					) : null}
					<ContactRows phone={cake.phone} email={cake.email} />
					<dt className="font-semibold">Type</dt>
					<dd>{cake.type}</dd>
					<dt className="font-semibold">Size</dt>
					<dd>{cake.size}</dd>
				</dl>
				{cake.imageKey ? (
					<a href={`/admin/cake-photos/${cake.imageKey}?w=1280`} target="_blank" rel="noreferrer">
						<img
							src={`/admin/cake-photos/${cake.imageKey}?w=320`}
							alt={`Cake inspiration sent by ${cake.name} (opens full size in a new tab)`}
							width={160}
							height={160}
							className="h-40 w-40 rounded-lg object-cover ring-1 ring-dough"
						/>
					</a>
				) : null}
			</div>
			{cake.message ? <p className="mt-3 whitespace-pre-line break-words">{cake.message}</p> : null}
		</section>
	)
}

/**
 * Conform checks the whole quote on every submit, whichever button sent it, and stops the submit when the
 * check fails. "Show day" is not a send but a GET that loads another day's times with what was typed: its
 * submit goes unchecked (an unset error lets Conform pass it on and report nothing), as without JavaScript.
 * (Conform's own validate requests also submit through a `formNoValidate` button, so the button is told
 * apart by its intent, not by that attribute.)
 */
function validateQuote({
	formData,
	submitter,
}: {
	formData: FormData
	submitter: HTMLButtonElement | HTMLInputElement | null
}) {
	if (submitter?.name === 'intent' && submitter.value === SHOW_DAY) {
		return parse<z.output<typeof quoteSchema>, string[]>(formData, { resolve: () => ({ error: null }) })
	}
	return parseWithZod(formData, { schema: quoteSchema })
}

function QuoteEditor() {
	const { cake, slots, depositPercent, validUntilValue, draft, cakeDay, resources } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send-quote'
	const lastResult = actionData && 'result' in actionData && !actionData.message ? actionData.result : undefined
	const editing = cake.status === 'QUOTED'
	const shownDate = slots.day.date
	const [form, fields] = useForm({
		id: `quote-${cake.id}-${cake.quoteVersion}-${shownDate}`,
		lastResult,
		defaultValue: {
			date: shownDate,
			price: cake.quoteCents === null ? '' : (cake.quoteCents / 100).toFixed(2),
			depositKind: cake.depositCents === null ? 'percent' : 'amount',
			depositPercent: String(depositPercent),
			depositAmount: cake.depositCents === null ? '' : (cake.depositCents / 100).toFixed(2),
			pickupAt: cake.pickupAt && cake.pickupDate === shownDate ? cake.pickupAt.toISOString() : '',
			notes: cake.quoteNotes,
			validUntil: validUntilValue,
			...draft,
			production: productionRows(resources, cake.productionSteps, draft?.production),
		},
		constraint: getZodConstraint(quoteSchema),
		onValidate: validateQuote,
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const dayFull = cakeDay !== null && cakeDay.booked >= cakeDay.limit
	const freeSlots = dayFull ? [] : slots.day.slots
	// A date typed but not shown yet: the times below are another day's, so none can be chosen until it is.
	const typedDate = fields.date.value
	const dayChanged = Boolean(typedDate) && typedDate !== shownDate
	const pickup = dayChanged ? undefined : freeSlots.find((slot) => slot.start === fields.pickupAt.value)
	// Both are bakery wall times written alike ('2026-12-12T10:00'), so they compare as text.
	const validPastPickup = pickup !== undefined && (fields.validUntil.value ?? '') > `${shownDate}T${pickup.time}`
	const dayNoteId = `${form.id}-day-note`
	const validHintId = `${fields.validUntil.id}-hint`
	return (
		<section aria-labelledby="quote-heading" className="mb-6 rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
			<h2 id="quote-heading" className="font-display text-xl font-bold">
				{editing ? 'Change the quote' : 'Write a quote'}
			</h2>
			<p className="mb-3 text-sm text-cocoa/80">
				{editing
					? 'Sending a changed quote mails the customer a new link; the old one stops working.'
					: 'Sending the quote mails the customer a link to see it, pay the deposit or decline.'}
			</p>
			<Form method="post" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				{/* The day whose times this form shows: the server sends the quote only for a time of that day. */}
				<input type="hidden" name="shownDate" value={shownDate} />
				{/* "Show day" submits this form as a GET: the day's times load and what was typed comes back with them. */}
				<div className="mb-4 flex flex-wrap items-end gap-2">
					<div>
						<label htmlFor={fields.date.id} className="block font-semibold">
							Pickup date
						</label>
						<input
							{...getInputProps(fields.date, { type: 'date', ariaAttributes: true })}
							className="mt-1 rounded-lg border border-cocoa/30 bg-white px-3 py-2"
						/>
					</div>
					<button
						type="submit"
						name="intent"
						value={SHOW_DAY}
						formMethod="get"
						formNoValidate
						className={secondaryButtonClass}
					>
						Show day
					</button>
					<p className="basis-full text-sm text-cocoa/80">
						Pickup days from {formatPickupDateLong(slots.firstDate)} to {formatPickupDateLong(slots.lastDate)}.
					</p>
				</div>
				<TextField meta={fields.price} label="Price (dollars)" inputMode="decimal" autoComplete="off" />
				<fieldset className="mb-2">
					<legend className="font-semibold">Deposit</legend>
					<div className="flex flex-wrap items-end gap-4">
						{(
							[
								['percent', 'Percentage of the price'],
								['amount', 'Fixed amount'],
							] as const
						).map(([kind, label]) => (
							<label key={kind} className="flex items-center gap-2">
								<input
									type="radio"
									name={fields.depositKind.name}
									value={kind}
									defaultChecked={fields.depositKind.initialValue === kind}
								/>
								{label}
							</label>
						))}
					</div>
					<FieldErrors id={fields.depositKind.errorId} errors={fields.depositKind.errors} />
					<div className="grid gap-x-4 sm:grid-cols-2">
						<TextField meta={fields.depositPercent} label="Deposit percentage" inputMode="numeric" autoComplete="off" />
						<TextField
							meta={fields.depositAmount}
							label="Deposit amount (dollars)"
							inputMode="decimal"
							autoComplete="off"
						/>
					</div>
				</fieldset>
				<fieldset className="mb-2">
					<legend className="font-semibold">Pickup time on {formatPickupDateLong(shownDate)}</legend>
					{cakeDay ? (
						<p className="text-sm">
							{dayFull
								? `This day already has ${cakeDay.booked} custom cake${cakeDay.booked === 1 ? '' : 's'}, the most the quote settings allow: choose another day above, or raise the limit on the list page.`
								: `${cakeDay.booked} of ${cakeDay.limit} custom cakes booked or quoted this day.`}
						</p>
					) : null}
					<p id={dayNoteId} aria-live="polite" className="text-sm font-semibold">
						{dayChanged
							? `These are the times of ${formatPickupDateLong(shownDate)}: press “Show day” to see the times of ${typedDate && isLocalDate(typedDate) ? formatPickupDateLong(typedDate) : 'the date you chose'}.`
							: null}
					</p>
					{dayFull ? null : freeSlots.length === 0 ? (
						<p className="text-sm">
							No pickup times that day{slots.day.reason ? ` (${dayReasonText(slots.day)})` : ''}: choose another day
							above.
						</p>
					) : (
						<select
							{...getSelectProps(fields.pickupAt, { ariaAttributes: true })}
							aria-label="Pickup time"
							aria-describedby={describedBy(dayChanged ? dayNoteId : null, fields.pickupAt)}
							disabled={dayChanged}
							className="mt-1 block rounded-lg border border-cocoa/30 bg-white px-3 py-2 disabled:opacity-60"
						>
							<option value="">Choose a time</option>
							{freeSlots.map((slot) => (
								<option key={slot.start} value={slot.start} disabled={!slot.available}>
									{formatWallTime(slot.time)}
									{slot.available ? '' : slot.reason === 'fully-booked' ? ' — full' : ' — too soon'}
								</option>
							))}
						</select>
					)}
					<FieldErrors id={fields.pickupAt.errorId} errors={fields.pickupAt.errors} />
				</fieldset>
				<ProductionFields meta={fields.production} />
				<TextareaField meta={fields.notes} label="Notes to the customer" rows={4} />
				<label htmlFor={fields.validUntil.id} className="block font-semibold">
					Valid until
				</label>
				<p id={validHintId} aria-live="polite" className="text-sm text-cocoa/80">
					{validPastPickup
						? `Later than the pickup: the quote will end at the pickup, ${formatPickupAt(pickup.start, slots.timeZone)}.`
						: 'Bakery time. A quote ends at its pickup at the latest.'}
				</p>
				<input
					{...getInputProps(fields.validUntil, { type: 'datetime-local', ariaAttributes: true })}
					aria-describedby={describedBy(validHintId, fields.validUntil)}
					className="mt-1 block rounded-lg border border-cocoa/30 bg-white px-3 py-2"
				/>
				<FieldErrors id={fields.validUntil.errorId} errors={fields.validUntil.errors} />
				<button type="submit" name="intent" value="send-quote" className={`${buttonClass} mt-4`} disabled={sending}>
					{sending ? 'Sending…' : editing ? 'Send the changed quote' : 'Send the quote'}
				</button>
			</Form>
		</section>
	)
}

/**
 * The work the cake needs, per production resource (decision 089): minutes, and on which day before the pickup. The
 * quote holds them on that resource's day with its pickup time; empty minutes, no work on that resource.
 */
function ProductionFields({ meta }: { meta: FieldMetadata<ProductionRow[]> }) {
	const { resources } = useLoaderData<typeof loader>()
	const rows = meta.getFieldList()
	if (resources.length === 0) return null
	return (
		<fieldset className="mb-2">
			<legend className="font-semibold">Production</legend>
			<p className="text-sm text-cocoa/80">
				The minutes this cake needs on each resource, held with the pickup time. Leave empty what it does not use.
			</p>
			<FieldErrors id={meta.errorId} errors={meta.errors} />
			{rows.map((row, index) => {
				const step = row.getFieldset()
				const name = resources.find((resource) => resource.id === step.resourceId.initialValue)?.name
				if (!name) return null
				return (
					<div key={row.key ?? index} className="grid items-start gap-x-4 sm:grid-cols-2">
						<input type="hidden" name={step.resourceId.name} value={step.resourceId.initialValue} />
						<TextField
							meta={step.minutes}
							label={`${name} — minutes`}
							type="number"
							min={1}
							max={MAX_CAKE_STEP_MINUTES}
							inputMode="numeric"
							autoComplete="off"
						/>
						<div className="mb-2">
							<label htmlFor={step.daysBefore.id} className="block font-semibold">
								{name} — days before pickup
							</label>
							<select
								{...getSelectProps(step.daysBefore, { ariaAttributes: true })}
								className="mt-1 block rounded-lg border border-cocoa/30 bg-white px-3 py-2"
							>
								{Array.from({ length: MAX_CAKE_DAYS_BEFORE + 1 }, (_, days) => (
									<option key={days} value={String(days)}>
										{days === 0 ? '0 (the pickup day)' : days === 1 ? '1 (the day before)' : `${days} days before`}
									</option>
								))}
							</select>
							<FieldErrors id={step.daysBefore.errorId} errors={step.daysBefore.errors} />
						</div>
					</div>
				)
			})}
		</fieldset>
	)
}

/** A control's own description first, then its errors while it has some. */
function describedBy(descriptionId: string | null, field: { errorId: string; errors?: string[] }) {
	return [descriptionId, field.errors?.length ? field.errorId : null].filter(Boolean).join(' ') || undefined
}

function History() {
	const { cake } = useLoaderData<typeof loader>()
	return (
		<section aria-labelledby="history-heading" className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
			<h2 id="history-heading" className="font-display text-xl font-bold">
				History
			</h2>
			<ol className="mt-2 list-decimal pl-6">
				<li>
					Requested <time dateTime={cake.createdAt.toISOString()}>{formatBakeryDateTime(cake.createdAt)}</time>
				</li>
				{cake.statusChanges.map((change) => (
					<li key={change.id}>
						{change.fromStatus === change.toStatus ? 'Quote changed' : statusLabels[change.toStatus]}{' '}
						{actorText(change.actor)},{' '}
						<time dateTime={change.createdAt.toISOString()}>{formatBakeryDateTime(change.createdAt)}</time>
					</li>
				))}
			</ol>
			{cake.payments.length ? (
				<>
					<h3 className="mt-4 font-semibold">Payments</h3>
					<ul className="list-disc pl-6">
						{cake.payments.map((payment) => (
							<li key={payment.id}>
								{payment.kind === 'DEPOSIT' ? 'Deposit' : 'Balance'} {formatPrice(payment.amountCents)}{' '}
								{payment.method === 'IN_SHOP' ? 'in the shop' : 'online'}
								{payment.paidAt ? `, ${formatBakeryDateTime(payment.paidAt)}` : ''}
								<WalletPaid payment={payment} />
								{payment.heldChargeCents !== null ? (
									<strong>
										{' '}
										— held: Stripe charged {formatPrice(payment.heldChargeCents)}, not{' '}
										{formatPrice(payment.amountCents - payment.walletCents)}
										{payment.walletCents > 0 ? ' (the rest by gift card or store credit)' : ''}. Check it in Stripe and
										refund it or settle it with the customer.
									</strong>
								) : payment.status === 'NOT_APPLIED' ? (
									' — not needed (already paid): refund it in Stripe'
								) : (
									''
								)}
							</li>
						))}
					</ul>
				</>
			) : null}
		</section>
	)
}

/**
 * What a gift card and store credit paid of a payment (decision 087): spent from the wallet, or only held while
 * the payment is not settled. Nothing when the card paid it all.
 */
function WalletPaid({
	payment,
}: {
	payment: { walletCents: number; giftCardCents: number; storeCreditCents: number; amountCents: number }
}) {
	const parts = [
		payment.giftCardCents > 0 ? `${formatPrice(payment.giftCardCents)} by gift card` : null,
		payment.storeCreditCents > 0 ? `${formatPrice(payment.storeCreditCents)} by store credit` : null,
	].filter(Boolean)
	if (parts.length === 0) return null
	const cardCents = payment.amountCents - payment.walletCents
	return (
		<>
			{' '}
			— {parts.join(' and ')}
			{cardCents > 0 ? `, ${formatPrice(cardCents)} by card` : ', nothing by card'}
		</>
	)
}
