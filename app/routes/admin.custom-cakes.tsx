import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formatBakeryDateTime } from '~/utils/bakery-time'
import { AdminHeading, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { ExportCsvButton } from '~/components/admin/export-csv-button'
import {
	deleteCustomCakeRequest,
	listCustomCakeRequests,
	type AdminCustomCakeRequest,
} from '~/models/custom-cake-request.server'
import { deleteAfterConfirming, readAdminForm, refuseAdminAction } from '~/utils/admin-actions.server'
import { requireAdmin } from '~/utils/auth.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Custom Cake Orders')

const DELETE_QUESTION = 'Are you sure you want to delete this request?'
const CSV_PATH = '/admin/custom-cakes.csv'
const CSV_FILENAME = 'custom_cake_orders.csv'

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request)
	return data({ adminName: admin.name, requests: await listCustomCakeRequests() }, { headers: adminResponseHeaders })
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request)
	const { form, id, intent, problemReply } = await readAdminForm(request)
	if (!form) return problemReply
	if (intent !== 'delete') refuseAdminAction()
	return deleteAfterConfirming(form, id, deleteCustomCakeRequest, 'request')
}

export default function AdminCustomCakes() {
	const { adminName, requests } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Custom Cake Orders">
				<ExportCsvButton href={CSV_PATH} filename={CSV_FILENAME} />
			</AdminHeading>
			<StatusRegion message={actionData?.message} />
			{requests.length === 0 ? (
				<p className="text-lg">No submissions found.</p>
			) : (
				<ul className="grid gap-6 md:grid-cols-2">
					{requests.map((request) => (
						<RequestCard key={request.id} request={request} confirming={actionData?.confirm === request.id} />
					))}
				</ul>
			)}
		</AdminFrame>
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
					<dt className="font-semibold">Phone</dt>
					<dd>
						<a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`} className="underline underline-offset-4">
							{request.phone}
						</a>
					</dd>
					<dt className="font-semibold">Email</dt>
					<dd className="break-all">
						<a href={`mailto:${request.email}`} className="underline underline-offset-4">
							{request.email}
						</a>
					</dd>
					<dt className="font-semibold">Type</dt>
					<dd>{request.type}</dd>
					<dt className="font-semibold">Size</dt>
					<dd>{request.size}</dd>
				</dl>
				{request.message ? (
					<div className="mt-3">
						<h3 className="font-semibold">Message</h3>
						<p className="whitespace-pre-line break-words">{request.message}</p>
					</div>
				) : null}
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
