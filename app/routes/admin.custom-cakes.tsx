import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { TextareaField, TextField } from '~/components/ui/forms'
import type { CakeRequestStatus } from '~/generated/prisma/enums'
import {
	expireOverdueQuotes,
	getCakeQuoteSettings,
	saveCakeQuoteSettings,
} from '~/domain/cake-quotes/models/cake-quote.server'
import { quoteSettingsSchema, statusLabels } from '~/domain/cake-quotes/cake-quote'
import { formatPrice } from '~/utils/money'
import { StatusFilterForm } from '~/components/admin/status-filter'
import { AdminFrame } from '~/components/admin/admin-frame'
import { ContactRows } from '~/components/admin/contact-rows'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { AdminHeading, secondaryButtonClass, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { ExportCsvButton } from '~/components/admin/export-csv-button'
import {
	deleteCustomCakeRequest,
	listCustomCakeRequests,
	type AdminCustomCakeRequest,
} from '~/domain/cake-quotes/models/custom-cake-request.server'
import {
	adminReply,
	deleteAfterConfirming,
	readAdminBody,
	refuseAdminAction,
} from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Custom Cake Orders')

const DELETE_QUESTION = 'Are you sure you want to delete this request?'
const CSV_PATH = '/admin/custom-cakes.csv'
const CSV_FILENAME = 'custom_cake_orders.csv'

const statuses = Object.keys(statusLabels) as CakeRequestStatus[]

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	await expireOverdueQuotes()
	const asked = new URL(request.url).searchParams.get('status')
	const status = statuses.find((candidate) => candidate === asked)
	const [requests, settings] = await Promise.all([listCustomCakeRequests(status), getCakeQuoteSettings()])
	return data({ adminName: admin.name, requests, status: status ?? '', settings }, { headers: adminResponseHeaders })
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { form, intent, problemReply } = await readAdminBody(request)
	if (!form) return problemReply
	if (intent === 'quote-settings') {
		const submission = parseWithZod(form, { schema: quoteSettingsSchema })
		if (submission.status !== 'success') {
			return data(
				{ message: undefined, confirm: undefined, settingsResult: submission.reply() },
				{ status: 400, headers: adminResponseHeaders },
			)
		}
		await saveCakeQuoteSettings({
			depositPercent: submission.value.depositPercent,
			cancellationPolicy: submission.value.cancellationPolicy ?? '',
			cakesPerDay: submission.value.cakesPerDay ?? null,
		})
		return adminReply({ message: 'The quote settings were saved.' })
	}
	if (intent !== 'delete') refuseAdminAction()
	const id = String(form.get('id') ?? '')
	if (!id) refuseAdminAction('Missing row')
	return deleteAfterConfirming(form, id, deleteCustomCakeRequest, 'request', {
		'took-payment':
			'This request has taken a payment, so it was kept. Cancel it on its page instead (refund in Stripe).',
	})
}

export default function AdminCustomCakes() {
	const { adminName, requests, status } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Custom Cake Orders">
				<ExportCsvButton href={CSV_PATH} filename={CSV_FILENAME} />
			</AdminHeading>
			<StatusRegion message={actionData?.message} />
			<StatusFilterForm
				id="status-filter"
				label="Show"
				everything="Every request"
				current={status}
				options={statuses.map((value) => ({ value, label: statusLabels[value] }))}
				className="mb-6"
			/>
			{requests.length === 0 ? (
				<p className="text-lg">{status ? 'No requests with this status.' : 'No submissions found.'}</p>
			) : (
				<ul className="grid gap-6 md:grid-cols-2">
					{requests.map((request) => (
						<RequestCard key={request.id} request={request} confirming={actionData?.confirm === request.id} />
					))}
				</ul>
			)}
			<QuoteSettingsForm
				settingsResult={actionData && 'settingsResult' in actionData ? actionData.settingsResult : undefined}
			/>
		</AdminFrame>
	)
}

function QuoteSettingsForm({ settingsResult }: { settingsResult?: SubmissionResult<string[]> }) {
	const { settings } = useLoaderData<typeof loader>()
	const [form, fields] = useForm({
		id: 'quote-settings',
		lastResult: settingsResult,
		defaultValue: {
			depositPercent: String(settings.depositPercent),
			cancellationPolicy: settings.cancellationPolicy,
			cakesPerDay: settings.cakesPerDay === null ? '' : String(settings.cakesPerDay),
		},
		constraint: getZodConstraint(quoteSettingsSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteSettingsSchema }),
		shouldValidate: 'onBlur',
	})
	return (
		<section
			aria-labelledby="quote-settings-heading"
			className="mt-8 rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough"
		>
			<h2 id="quote-settings-heading" className="font-display text-xl font-bold">
				Quote settings
			</h2>
			<Form method="post" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="quote-settings" />
				<TextField
					meta={fields.depositPercent}
					label="Default deposit (percent of the price)"
					inputMode="numeric"
					autoComplete="off"
				/>
				<TextField
					meta={fields.cakesPerDay}
					label="Custom cakes per day"
					hint="At most this many cakes quoted or booked for one pickup day. Leave empty for no limit."
					inputMode="numeric"
					autoComplete="off"
				/>
				<TextareaField
					meta={fields.cancellationPolicy}
					label="Cancellation policy"
					hint="Shown on every quote page, above the Pay deposit button."
					rows={5}
				/>
				<button type="submit" className={secondaryButtonClass}>
					Save quote settings
				</button>
			</Form>
		</section>
	)
}

function RequestCard({ request, confirming }: { request: AdminCustomCakeRequest; confirming: boolean }) {
	const headingId = `request-${request.id}`
	return (
		<li>
			<article
				aria-labelledby={headingId}
				className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough"
			>
				<div className="flex items-start gap-4">
					<div className="min-w-0 flex-1">
						<h2 id={headingId} className="font-display text-xl font-bold break-words">
							{request.name}
						</h2>
						<p className="text-sm text-cocoa/80">
							Submitted{' '}
							<time dateTime={request.createdAt.toISOString()}>{formatBakeryDateTime(request.createdAt)}</time>
						</p>
					</div>
					{request.imageKey ? (
						<a
							href={`/admin/cake-photos/${request.imageKey}?w=1280`}
							target="_blank"
							rel="noreferrer"
							className="shrink-0 rounded-lg"
						>
							<img
								src={`/admin/cake-photos/${request.imageKey}?w=320`}
								alt={`Cake inspiration sent by ${request.name} (opens full size in a new tab)`}
								width={96}
								height={96}
								loading="lazy"
								className="h-24 w-24 rounded-lg object-cover ring-1 ring-dough"
							/>
						</a>
					) : null}
				</div>
				<dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
					<ContactRows phone={request.phone} email={request.email} />
					<dt className="font-semibold">Type</dt>
					<dd>{request.type}</dd>
					<dt className="font-semibold">Size</dt>
					<dd>{request.size}</dd>
					<dt className="font-semibold">Status</dt>
					<dd>{statusLabels[request.status]}</dd>
					{request.quoteCents !== null && request.status !== 'REQUESTED' ? (
						<>
							<dt className="font-semibold">Owed</dt>
							<dd>
								{formatPrice(request.quoteCents - request.paidCents)} of {formatPrice(request.quoteCents)}
							</dd>
						</>
					) : null}
				</dl>
				{request.message ? (
					<div className="mt-3">
						<h3 className="font-semibold">Message</h3>
						<p className="whitespace-pre-line break-words">{request.message}</p>
					</div>
				) : null}
				<p className="mt-3">
					<Link to={`/admin/custom-cakes/${request.id}`} className="font-semibold underline underline-offset-4">
						{request.status === 'REQUESTED' ? 'Write a quote' : 'Open the quote'}
						<VisuallyHidden> for {request.name}</VisuallyHidden>
					</Link>
				</p>
				<div className="mt-auto pt-4">
					{confirming ? (
						<ConfirmDeletePanel id={request.id} question={DELETE_QUESTION} />
					) : (
						<DeleteForm id={request.id} question={DELETE_QUESTION}>
							Delete <VisuallyHidden>request from {request.name}</VisuallyHidden>
						</DeleteForm>
					)}
				</div>
			</article>
		</li>
	)
}
