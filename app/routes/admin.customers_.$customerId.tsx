import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading } from '~/components/admin/admin-ui'
import { FormErrors, TextareaField } from '~/components/ui/forms'
import { buttonClass } from '~/components/ui/button-classes'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { ownerCustomer, saveOwnerNote } from '~/domain/customers/owner-customers.server'
import { OWNER_NOTE_MAX_LENGTH, ownerNoteSchema } from '~/domain/customers/owner-note'
import { BAKERY_TIME_ZONE, formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { localDateOf } from '~/domain/pickup/pickup-schedule'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { bodyProblems, readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'
import { LANGUAGE_NAMES, type Locale } from '~/utils/i18n'
import { formatPrice } from '~/utils/money'
import { STORE_CREDIT_INTENT, StoreCreditPanel } from '~/components/admin/store-credit-panel'
import { customerStoreCredit, issueStoreCredit } from '~/domain/wallet/models/store-credit.server'
import { storeCreditSchema } from '~/domain/wallet/wallet-schemas'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Customer')

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const customer = await ownerCustomer(params.customerId ?? '')
	if (!customer) throw new Response('Customer not found', { status: 404, headers: adminResponseHeaders })
	const credit = await customerStoreCredit(customer.id)
	return data({ adminName: admin.name, customer, credit }, { headers: adminResponseHeaders })
}

/** The private note: any allow-listed admin may save it (there are no roles among them, decision 067). */
export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	const headers = adminResponseHeaders
	const body = await readForm(request)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return formReply(null, { formErrors: [message], status, headers }, { saved: false })
	}
	if (body.value.get('intent') === STORE_CREDIT_INTENT)
		return giveStoreCredit(body.value, params.customerId, admin.email)
	const submission = parseWithZod(body.value, { schema: ownerNoteSchema })
	if (submission.status !== 'success') return formReply(submission, { headers }, { saved: false })
	if (!(await saveOwnerNote(params.customerId ?? '', submission.value.note, admin.email))) {
		const formErrors = ['This customer deleted their account meanwhile, so the note was not saved.']
		return formReply(submission, { formErrors, status: 404, headers }, { saved: false })
	}
	return formReply(submission, { headers }, { saved: true })
}

/** The owner credits the customer (a refund as credit, goodwill): the panel's own reply, apart from the note's. */
async function giveStoreCredit(form: FormData, customerId: string | undefined, issuedBy: string) {
	const headers = adminResponseHeaders
	const submission = parseWithZod(form, { schema: storeCreditSchema })
	const refused = { saved: false, creditMessage: null as string | null }
	if (submission.status !== 'success') return formReply(submission, { headers }, refused)
	const { amount, reason, note } = submission.value
	const balance = await issueStoreCredit({ customerId: customerId ?? '', amountCents: amount, reason, note, issuedBy })
	if (balance === null) {
		const formErrors = ['This customer deleted their account meanwhile, so no credit was given.']
		return formReply(submission, { formErrors, status: 404, headers }, refused)
	}
	const creditMessage = `${formatPrice(amount)} credit given. Their balance is now ${formatPrice(balance)}.`
	return formReply(submission, { headers, resetForm: true }, { saved: false, creditMessage })
}

/** 'PICKED_UP' → 'Picked up'. */
function statusWords(status: string) {
	const words = status.toLowerCase().replace(/_/g, ' ')
	return words.charAt(0).toUpperCase() + words.slice(1)
}

export default function AdminCustomer() {
	const { adminName, customer, credit } = useLoaderData<typeof loader>()
	const allActionData = useActionData<typeof action>()
	const creditReply = allActionData && 'creditMessage' in allActionData ? allActionData : undefined
	const actionData = creditReply ? undefined : allActionData
	const saving = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: `customer-note-${customer.id}-${customer.ownerNoteAt?.getTime() ?? 0}`,
		lastResult: actionData?.saved ? undefined : actionData?.result,
		defaultValue: { note: customer.ownerNote },
		constraint: getZodConstraint(ownerNoteSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ownerNoteSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const title = customer.name || customer.email
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title={`Customer: ${title}`}>
				<Link to="/admin/customers" className="font-semibold underline underline-offset-4">
					Back to the customers
				</Link>
			</AdminHeading>
			<div className="grid gap-6 lg:grid-cols-2">
				<section aria-labelledby="details-heading" className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
					<h2 id="details-heading" className="font-display text-xl font-bold">
						Details
					</h2>
					<dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
						<dt className="font-semibold">Email</dt>
						<dd className="break-all">
							<a href={`mailto:${customer.email}`} className="underline underline-offset-4">
								{customer.email}
							</a>
						</dd>
						<dt className="font-semibold">Phone</dt>
						<dd>
							{customer.phone ? (
								<a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`} className="underline underline-offset-4">
									{customer.phone}
								</a>
							) : (
								'Not given'
							)}
						</dd>
						<dt className="font-semibold">Language</dt>
						<dd>{LANGUAGE_NAMES[customer.locale as Locale] ?? customer.locale}</dd>
						<dt className="font-semibold">Account since</dt>
						<dd>
							<time dateTime={customer.createdAt.toISOString()}>{formatBakeryDateTime(customer.createdAt)}</time>
						</dd>
						{/* The no-show count goes here once pickups record one (issue 36 leaves it for later). */}
					</dl>
				</section>
				<section aria-labelledby="note-heading" className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
					<h2 id="note-heading" className="font-display text-xl font-bold">
						Private note
					</h2>
					<p className="text-sm text-cocoa/80">Only the bakery sees it; the customer never does.</p>
					<div role="status">
						{actionData?.saved && !saving ? (
							<p className="mt-3 rounded-lg border border-leaf bg-green-50 p-3 text-green-900">Note saved.</p>
						) : null}
					</div>
					<Form method="post" {...getFormProps(form)} className="mt-3">
						<FormErrors id={form.errorId} errors={form.errors} />
						<TextareaField
							meta={fields.note}
							label="Note"
							hint={`For example “nut allergy — always check”. Up to ${OWNER_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`}
							rows={4}
						/>
						<button type="submit" className={`${buttonClass} mt-2`} disabled={saving}>
							{saving ? 'Saving...' : 'Save note'}
						</button>
					</Form>
					{customer.ownerNoteAt ? (
						<p className="mt-2 text-sm text-cocoa/80">
							Last saved by {customer.ownerNoteBy}{' '}
							<time dateTime={customer.ownerNoteAt.toISOString()}>{formatBakeryDateTime(customer.ownerNoteAt)}</time>
						</p>
					) : null}
				</section>
			</div>
			<StoreCreditPanel
				credit={credit}
				result={creditReply?.result}
				message={typeof creditReply?.creditMessage === 'string' ? creditReply.creditMessage : undefined}
			/>
			<section aria-labelledby="orders-heading" className="mt-8">
				<h2 id="orders-heading" className="font-display text-2xl font-bold">
					Orders
				</h2>
				{customer.orders.length === 0 ? (
					<p className="mt-2">No paid orders yet.</p>
				) : (
					<ul className="mt-3 grid gap-2">
						{customer.orders.map((order) => (
							<li key={order.id} className="rounded-xl bg-white p-4 shadow ring-1 ring-dough">
								<p className="font-semibold">
									Order {order.number} · {statusWords(order.status)} · {formatPrice(order.totalCents)}
								</p>
								<p className="text-sm">
									Placed <time dateTime={order.createdAt.toISOString()}>{formatBakeryDateTime(order.createdAt)}</time>
									{order.pickupAt ? (
										<>
											{' · '}pickup{' '}
											<Link
												to={`/admin/orders?date=${localDateOf(order.pickupAt, BAKERY_TIME_ZONE)}`}
												className="underline underline-offset-4"
											>
												<time dateTime={order.pickupAt.toISOString()}>{formatBakeryDateTime(order.pickupAt)}</time>
											</Link>
										</>
									) : null}
								</p>
							</li>
						))}
					</ul>
				)}
			</section>
			<section aria-labelledby="cakes-heading" className="mt-8">
				<h2 id="cakes-heading" className="font-display text-2xl font-bold">
					Cake requests
				</h2>
				{customer.cakeRequests.length === 0 ? (
					<p className="mt-2">No cake requests.</p>
				) : (
					<ul className="mt-3 grid gap-2">
						{customer.cakeRequests.map((cake) => (
							<li key={cake.id} className="rounded-xl bg-white p-4 shadow ring-1 ring-dough">
								<p className="font-semibold">
									<Link to={`/admin/custom-cakes/${cake.id}`} className="underline underline-offset-4">
										{cake.type}, {cake.size}
									</Link>{' '}
									· {statusWords(cake.status)}
									{cake.paidCents > 0 ? <> · {formatPrice(cake.paidCents)} paid</> : null}
								</p>
								<p className="text-sm">
									Requested <time dateTime={cake.createdAt.toISOString()}>{formatBakeryDateTime(cake.createdAt)}</time>
									{cake.pickupAt ? (
										<>
											{' · '}pickup{' '}
											<time dateTime={cake.pickupAt.toISOString()}>{formatBakeryDateTime(cake.pickupAt)}</time>
										</>
									) : null}
								</p>
							</li>
						))}
					</ul>
				)}
			</section>
		</AdminFrame>
	)
}
