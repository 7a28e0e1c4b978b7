import { getFormProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading } from '~/components/admin/admin-ui'
import { CheckboxField } from '~/components/admin/checkbox-field'
import { RadioGroupField } from '~/components/admin/radio-group-field'
import { buttonClass } from '~/components/ui/button-classes'
import { FieldErrors, FormErrors, FormStatus, TextField } from '~/components/ui/forms'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { loadCartMenu } from '~/domain/menu/menu-page.server'
import { optionProblemMessage, type OptionGroupView } from '~/domain/menu/item-options'
import type { LineRefusal } from '~/domain/orders/checkout.server'
import { orderNumber } from '~/domain/orders/models/order.server'
import { findEnteredPhoneOrder } from '~/domain/orders/models/phone-orders.server'
import { MAX_ALLERGY_NOTE_LENGTH, MAX_CUSTOMER_NOTE_LENGTH, phoneOrderSchema } from '~/domain/orders/phone-order'
import { enterPhoneOrder, type PhoneOrderRefusal } from '~/domain/orders/phone-orders.server'
import { MAX_QUANTITY_PER_LINE } from '~/domain/orders/cart'
import { paymentMode } from '~/domain/payments/index.server'
import { getPayAtPickupAllowed, loadCartPickup } from '~/domain/pickup/index.server'
import { findTextForEvent, textsOffer } from '~/domain/texts/index.server'
import { translator } from '~/utils/i18n.server'
import { formatPickupAt, formatPickupDateLong, formatWallTime } from '~/domain/pickup/pickup-display'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { bodyLimits, bodyProblems, readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { LANGUAGE_NAMES, LOCALES } from '~/utils/i18n'
import { formatPrice } from '~/utils/money'
import { siteOrigin } from '~/utils/request.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('New phone order')

/**
 * Staff enter an order taken on the phone or at the counter (decision 075): the live menu, the free pickup times
 * the shop offers (today and later), and after entering (`?order=`) the order with its payment link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'staff')
	const now = new Date()
	const enteredId = new URL(request.url).searchParams.get('order')
	const [menu, pickup, payAtPickupAllowed, entered, linkText] = await Promise.all([
		loadCartMenu('en'),
		loadCartPickup([], now),
		getPayAtPickupAllowed(),
		enteredId ? findEnteredPhoneOrder(enteredId) : null,
		enteredId ? findTextForEvent({ kind: 'order-payment-link', orderId: enteredId }) : null,
	])
	const items = Object.entries(menu ?? {}).flatMap(([id, item]) =>
		item.state === 'for-sale' && !item.unavailable
			? [{ id, name: item.name, priceCents: item.priceCents, optionGroups: item.optionGroups ?? [] }]
			: [],
	)
	const days = pickup.days
		.map((day) => ({
			date: day.date,
			slots: day.slots.filter((slot) => slot.available).map((slot) => ({ start: slot.start, time: slot.time })),
		}))
		.filter((day) => day.slots.length > 0)
	return data(
		{
			adminName: admin.name,
			adminRole: admin.role,
			items,
			days,
			timeZone: pickup.schedule.timeZone,
			payAtPickupAllowed,
			linksEnabled: paymentMode() !== 'disabled',
			// The texts' wording as the customer reads it online, for staff to read out in the customer's language.
			textsWording: textsOffer()
				? LOCALES.map((locale) => ({ locale, words: translator(locale)('common.textsOptIn') }))
				: null,
			entered: entered && { ...entered, number: orderNumber(entered.id), linkTextedTo: linkText?.to ?? null },
		},
		{ headers: adminResponseHeaders },
	)
}

/** Staff enter the order: parsed once with the form's schema, then the one domain function; words in English. */
export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request, 'staff')
	const headers = adminResponseHeaders
	const body = await readForm(request, bodyLimits.checkout)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return formReply(null, { formErrors: [message], status, headers })
	}
	const submission = parseWithZod(body.value, { schema: phoneOrderSchema })
	if (submission.status !== 'success') return formReply(submission, { headers })
	const entered = await enterPhoneOrder(submission.value, { staffEmail: admin.email, origin: siteOrigin(request) })
	if (!entered.ok) {
		const { status, error, field } = refusalReply(entered)
		const errors = field ? { fieldErrors: { [field]: [error] } } : { formErrors: [error] }
		return formReply(submission, { status, headers, ...errors })
	}
	throw redirect(`/admin/orders/new?order=${encodeURIComponent(entered.orderId)}`, { headers })
}

/** A refused order as staff read it: the pickup time's problems belong to its field; nothing was saved. */
function refusalReply(refusal: PhoneOrderRefusal): { status: number; error: string; field?: 'pickupAt' | 'payment' } {
	const pickup = (error: string) => ({ status: 409, error, field: 'pickupAt' as const })
	switch (refusal.reason) {
		case 'pay-at-pickup-off':
			return {
				status: 403,
				error: 'The owner has not allowed pay at pickup: send a payment link instead.',
				field: 'payment',
			}
		case 'ordering-off':
			return { status: 503, error: 'Online payments are switched off, so no payment link can be made.' }
		case 'payment-failed':
			return { status: 502, error: 'The payment page could not be opened. Nothing was saved: try again.' }
		case 'cart-changed':
			return { status: 409, error: refusal.lines.map(lineWords).join(' ') }
		case 'slot-taken':
			return pickup('That pickup time just filled up. Nothing was saved: choose another time.')
		case 'item-limit':
			return pickup(
				`${refusal.item ?? 'An item'} ${refusal.stock === 'sold-out' ? 'is sold out' : 'has fewer left than that'} for that day. Choose another day or lower the quantity.`,
			)
		case 'too-soon':
			return pickup('That time is too soon to have the order ready. Choose a later time.')
		case 'item-needs-notice':
			return pickup(`${refusal.item ?? 'An item'} needs more notice. Choose a later time.`)
		case 'outside-window':
			return pickup(`${refusal.item ?? 'An item'} is not offered on that day. Choose another day.`)
		case 'closed':
			return pickup('The bakery is closed then. Choose another time.')
		case 'pickup-unavailable':
			return pickup('That pickup time is no longer offered. Choose another time.')
		// A phone order carries no code, tip, gift card or credit (decisions 080, 086): none is read, so none is refused.
		case 'promo':
		case 'tip-too-large':
		case 'gift-card':
		case 'wallet-changed':
		case 'wallet-unavailable':
			return { status: 409, error: 'The order could not be priced. Nothing was saved: try again.' }
	}
}

function lineWords(line: LineRefusal) {
	switch (line.problem) {
		case 'off-menu':
			return 'An item is no longer on the menu.'
		case 'sold-out':
			return `${line.name} is sold out.`
		case 'not-orderable':
			return `${line.name} is not sold for pickup orders.`
		case 'option':
			return optionProblemMessage(line.name, line.option)
		case 'price-changed':
			return `The price of ${line.name} is now ${formatPrice(line.unitPriceCents)}.`
	}
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function NewPhoneOrder() {
	const { adminName, adminRole, entered } = useLoaderData<typeof loader>()
	return (
		<AdminFrame adminName={adminName} adminRole={adminRole}>
			<AdminHeading title="New phone order">
				<div className="flex flex-wrap gap-4">
					<Link to="/admin/board" className="font-semibold underline underline-offset-4">
						Order board
					</Link>
					<Link to="/admin/orders" className="font-semibold underline underline-offset-4">
						Orders
					</Link>
				</div>
			</AdminHeading>
			{entered ? <EnteredOrder order={entered} /> : null}
			<PhoneOrderForm />
		</AdminFrame>
	)
}

function EnteredOrder({ order }: { order: NonNullable<LoaderData['entered']> }) {
	const { timeZone } = useLoaderData<typeof loader>()
	const pickup = order.pickupAt ? formatPickupAt(order.pickupAt, timeZone) : 'no pickup time'
	const paid = order.paidAt !== null
	return (
		<section aria-labelledby="entered-heading" className="mb-8 rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
			<h2 id="entered-heading" className="font-display text-2xl font-bold">
				Order {order.number} for {order.customerName}
			</h2>
			<p className="mt-1">
				Pickup {pickup} · {formatPrice(order.totalCents)}
			</p>
			<div className="mt-3">
				{order.payAtPickup ? (
					<FormStatus tone="success">
						Confirmed: pay at pickup{paid ? ' (paid)' : ''}. It is on the board under To make; take the payment at the
						counter when handing it over.
					</FormStatus>
				) : paid ? (
					<FormStatus tone="success">Paid: the order is on the board under To make.</FormStatus>
				) : order.status === 'PENDING' && order.paymentUrl ? (
					<div className="space-y-2">
						<FormStatus tone="success">
							Waiting for payment: the pickup time is held while the link is open (30 minutes).{' '}
							{order.customerEmail
								? `The link is being e-mailed to ${order.customerEmail}.`
								: order.linkTextedTo
									? ''
									: 'No e-mail was given: read the link out or send it to the customer.'}
							{order.linkTextedTo ? ` The link is being texted to ${order.linkTextedTo}.` : ''}
						</FormStatus>
						<label htmlFor="payment-link" className="block font-semibold">
							Payment link
						</label>
						<input
							id="payment-link"
							readOnly
							value={order.paymentUrl}
							className="block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2 font-mono text-sm"
						/>
						<a href={order.paymentUrl} className="inline-block font-semibold underline underline-offset-4">
							Open the payment page
						</a>
					</div>
				) : (
					<FormStatus tone="error">
						The payment link was not paid in time and the pickup time was given back. Enter the order again.
					</FormStatus>
				)}
			</div>
		</section>
	)
}

/** One form that works without JavaScript: every menu item is a row with a quantity (0: not ordered). */
function PhoneOrderForm() {
	const { items, days, payAtPickupAllowed, linksEnabled, textsWording, entered } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const submitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: `phone-order-${entered?.id ?? 'new'}`,
		lastResult: actionData?.result,
		defaultValue: { locale: 'en', payment: linksEnabled || !payAtPickupAllowed ? 'link' : 'pay-at-pickup' },
		constraint: getZodConstraint(phoneOrderSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: phoneOrderSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const customer = fields.customer.getFieldset()
	const typed = (form.initialValue ?? {}) as { rows?: TypedRow[] }
	const payments = [
		...(linksEnabled
			? [
					{
						value: 'link',
						label: 'Send a payment link',
						hint: 'The customer pays online (the same secure page as the shop). The time is held for 30 minutes.',
					},
				]
			: []),
		...(payAtPickupAllowed
			? [
					{
						value: 'pay-at-pickup',
						label: 'Pay at pickup',
						hint: 'Confirmed now; take the payment at the counter when handing it over.',
					},
				]
			: []),
	]
	return (
		<Form method="post" {...getFormProps(form)} className="space-y-6">
			<h2 className="sr-only">Enter an order</h2>
			<FormErrors id={form.errorId} errors={form.errors} />
			<fieldset className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
				<legend className="px-1 font-display text-xl font-bold">Customer</legend>
				<div className="grid gap-x-6 md:grid-cols-2">
					<TextField meta={customer.name} label="Name" autoComplete="off" />
					<SelectLanguage meta={fields.locale} />
					<TextField meta={customer.phone} label="Phone" type="tel" autoComplete="off" />
					<TextField meta={customer.email} label="E-mail" type="email" autoComplete="off" />
				</div>
				<p className="mb-4 text-sm text-cocoa/80">A phone number, an e-mail address, or both.</p>
				{textsWording ? (
					<>
						{linksEnabled ? (
							<CheckboxField
								meta={fields.linkByText}
								label="Text the payment link to the customer"
								hint="When the customer asks for it: one text with the link, in their language. It does not sign them up for other texts."
							/>
						) : null}
						<CheckboxField
							meta={fields.textsConsent}
							label="The customer agreed to order texts (read them the wording)"
							hint={
								<>
									Confirmed, reminder and ready texts for their orders, as if they had ticked the box online. Read them
									the words in their language:
									{textsWording.map(({ locale, words }) => (
										<span key={locale} lang={locale} className="mt-1 block">
											{LANGUAGE_NAMES[locale]}: “{words}”
										</span>
									))}
								</>
							}
						/>
					</>
				) : null}
			</fieldset>

			<fieldset className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
				<legend className="px-1 font-display text-xl font-bold">Items</legend>
				<p id="rows-hint" className="mb-3 text-sm text-cocoa/80">
					Enter how many of each item; leave the others at 0. Prices and tax are worked out when the order is entered.
				</p>
				<FieldErrors id={fields.rows.errorId} errors={fields.rows.errors} />
				{items.length === 0 ? <p>Nothing on the menu can be ordered right now.</p> : null}
				<ul className="divide-y divide-dough">
					{items.map((item, index) => (
						<MenuRow
							key={item.id}
							item={item}
							index={index}
							typed={typed.rows?.[index]}
							errors={form.allErrors}
							formId={form.id}
						/>
					))}
				</ul>
			</fieldset>

			<fieldset className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
				<legend className="px-1 font-display text-xl font-bold">Pickup and payment</legend>
				<PickupSelect meta={fields.pickupAt} days={days} />
				{payments.length > 0 ? (
					<RadioGroupField meta={fields.payment} legend="Payment" options={payments} />
				) : (
					<p>Payments are switched off and pay at pickup is not allowed: no order can be entered.</p>
				)}
				<FieldErrors id={fields.payment.errorId} errors={fields.payment.errors} />
				<NoteField meta={fields.customerNote} label="Customer’s note (optional)" maxLength={MAX_CUSTOMER_NOTE_LENGTH} />
				<NoteField meta={fields.allergyNote} label="Allergies (optional)" maxLength={MAX_ALLERGY_NOTE_LENGTH} />
			</fieldset>
			<button type="submit" className={buttonClass} disabled={submitting || payments.length === 0}>
				{submitting ? 'Entering…' : 'Enter order'}
			</button>
		</Form>
	)
}

type TypedRow = { quantity?: string; choices?: Array<{ optionIds?: string | string[]; text?: string }> }
type MenuItemRow = LoaderData['items'][number]

function MenuRow({
	item,
	index,
	typed,
	errors,
	formId,
}: {
	item: MenuItemRow
	index: number
	typed: TypedRow | undefined
	errors: Record<string, string[] | undefined>
	formId: string
}) {
	const name = `rows[${index}]`
	const quantityId = `${formId}-row-${index}-quantity`
	const quantityErrors = errors[`${name}.quantity`]
	return (
		<li className="grid gap-3 py-3 md:grid-cols-[minmax(0,1fr)_8rem]">
			<div className="min-w-0">
				<input type="hidden" name={`${name}.id`} value={item.id} />
				<label htmlFor={quantityId} className="font-semibold">
					{item.name} <span className="font-normal">{formatPrice(item.priceCents)}</span>
				</label>
				{item.optionGroups.map((group, groupIndex) => (
					<OptionGroupInput
						key={group.id}
						group={group}
						name={`${name}.choices[${groupIndex}]`}
						id={`${formId}-row-${index}-group-${groupIndex}`}
						typed={typed?.choices?.[groupIndex]}
					/>
				))}
			</div>
			<div>
				<input
					id={quantityId}
					name={`${name}.quantity`}
					type="number"
					inputMode="numeric"
					min={0}
					max={MAX_QUANTITY_PER_LINE}
					defaultValue={typed?.quantity ?? '0'}
					aria-invalid={quantityErrors ? true : undefined}
					aria-describedby={quantityErrors ? `${quantityId}-error` : undefined}
					className="block w-24 rounded-lg border border-cocoa/30 bg-white px-3 py-2 aria-[invalid=true]:border-red-700"
				/>
				<FieldErrors id={`${quantityId}-error`} errors={quantityErrors} />
			</div>
		</li>
	)
}

function OptionGroupInput({
	group,
	name,
	id,
	typed,
}: {
	group: OptionGroupView
	name: string
	id: string
	typed: NonNullable<TypedRow['choices']>[number] | undefined
}) {
	const chosen = new Set([typed?.optionIds ?? []].flat())
	const label = `${group.name}${group.required ? '' : ' (optional)'}`
	const optionLabel = (option: OptionGroupView['options'][number]) =>
		`${option.name}${option.priceDeltaCents ? ` (+${formatPrice(option.priceDeltaCents)})` : ''}${option.soldOut ? ' — sold out' : ''}`
	return (
		<div className="mt-2">
			<input type="hidden" name={`${name}.groupId`} value={group.id} />
			{group.kind === 'SINGLE' ? (
				<>
					<label htmlFor={id} className="block text-sm font-semibold">
						{label}
					</label>
					<select
						id={id}
						name={`${name}.optionIds`}
						defaultValue={[...chosen][0] ?? ''}
						className="mt-1 block w-full max-w-sm rounded-lg border border-cocoa/30 bg-white px-3 py-2"
					>
						<option value="">Choose…</option>
						{group.options.map((option) => (
							<option key={option.id} value={option.id} disabled={option.soldOut}>
								{optionLabel(option)}
							</option>
						))}
					</select>
				</>
			) : group.kind === 'MULTIPLE' ? (
				<fieldset>
					<legend className="text-sm font-semibold">{label}</legend>
					<div className="flex flex-wrap gap-x-4">
						{group.options.map((option) => (
							<label key={option.id} className="flex items-center gap-2">
								<input
									type="checkbox"
									name={`${name}.optionIds`}
									value={option.id}
									disabled={option.soldOut}
									defaultChecked={chosen.has(option.id)}
									className="h-5 w-5 accent-cinnamon"
								/>
								{optionLabel(option)}
							</label>
						))}
					</div>
				</fieldset>
			) : (
				<>
					<label htmlFor={id} className="block text-sm font-semibold">
						{label}
					</label>
					<input
						id={id}
						name={`${name}.text`}
						maxLength={group.maxLength}
						defaultValue={typed?.text ?? ''}
						className="mt-1 block w-full max-w-sm rounded-lg border border-cocoa/30 bg-white px-3 py-2"
					/>
				</>
			)}
		</div>
	)
}

type Field = ReturnType<typeof useForm<Record<string, unknown>>>[1][string]

function SelectLanguage({ meta }: { meta: Field }) {
	const props = getSelectProps(meta as Parameters<typeof getSelectProps>[0], { ariaAttributes: true })
	return (
		<div className="mb-2">
			<label htmlFor={meta.id} className="block font-semibold">
				Language for the customer’s mails and payment page
			</label>
			<select
				{...props}
				key={props.key}
				className="mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2"
			>
				{LOCALES.map((locale) => (
					<option key={locale} value={locale}>
						{LANGUAGE_NAMES[locale]}
					</option>
				))}
			</select>
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</div>
	)
}

function PickupSelect({ meta, days }: { meta: Field; days: LoaderData['days'] }) {
	const props = getSelectProps(meta as Parameters<typeof getSelectProps>[0], { ariaAttributes: true })
	return (
		<div className="mb-4">
			<label htmlFor={meta.id} className="block font-semibold">
				Pickup time
			</label>
			<p id={`${meta.id}-hint`} className="text-sm text-cocoa/80">
				The free times the shop offers. Items that need more notice or sell out are checked when the order is entered.
			</p>
			<select
				{...props}
				key={props.key}
				aria-describedby={[`${meta.id}-hint`, props['aria-describedby']].filter(Boolean).join(' ')}
				className="mt-1 block w-full max-w-md rounded-lg border border-cocoa/30 bg-white px-3 py-2 aria-[invalid=true]:border-red-700"
			>
				<option value="">Choose a time…</option>
				{days.map((day) => (
					<optgroup key={day.date} label={formatPickupDateLong(day.date)}>
						{day.slots.map((slot) => (
							<option key={slot.start} value={slot.start}>
								{formatPickupDateLong(day.date)}, {formatWallTime(slot.time)}
							</option>
						))}
					</optgroup>
				))}
			</select>
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</div>
	)
}

function NoteField({ meta, label, maxLength }: { meta: Field; label: string; maxLength: number }) {
	const props = getTextareaProps(meta as Parameters<typeof getTextareaProps>[0], { ariaAttributes: true })
	return (
		<div className="mt-4">
			<label htmlFor={meta.id} className="block font-semibold">
				{label}
			</label>
			<textarea
				{...props}
				key={props.key}
				maxLength={maxLength}
				rows={2}
				className="mt-1 block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2"
			/>
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</div>
	)
}
