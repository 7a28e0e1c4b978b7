import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { AdminHeading, secondaryButtonClass, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import {
	deleteContactMessage,
	listContactMessages,
	setContactMessageRead,
	type AdminContactMessage,
} from '~/domain/messages/models/contact-message.server'
import {
	adminReply,
	deleteAfterConfirming,
	readAdminForm,
	refuseAdminAction,
} from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Messages')

const DELETE_QUESTION = 'Are you sure you want to delete this message?'

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'owner')
	return data({ adminName: admin.name, messages: await listContactMessages() }, { headers: adminResponseHeaders })
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'owner')
	const { form, id, intent, problemReply } = await readAdminForm(request)
	if (!form) return problemReply
	if (intent === 'read' || intent === 'unread') {
		const found = await setContactMessageRead(id, intent === 'read')
		return adminReply({ message: found ? `Marked as ${intent}.` : 'That message no longer exists.' })
	}
	if (intent === 'delete') return deleteAfterConfirming(form, id, deleteContactMessage, 'message')
	refuseAdminAction()
}

export default function AdminMessages() {
	const { adminName, messages } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const unread = messages.filter((message) => !message.readAt).length
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Messages">
				<p>{unread === 1 ? '1 unread message' : `${unread} unread messages`}</p>
			</AdminHeading>
			<StatusRegion message={actionData?.message} />
			{messages.length === 0 ? (
				<p className="text-lg">No messages yet. Messages sent from the Contact page appear here.</p>
			) : (
				<ul className="grid gap-4">
					{messages.map((message) => (
						<MessageCard key={message.id} message={message} confirming={actionData?.confirm === message.id} />
					))}
				</ul>
			)}
		</AdminFrame>
	)
}

function MessageCard({ message, confirming }: { message: AdminContactMessage; confirming: boolean }) {
	const navigation = useNavigation()
	const pendingIntent = navigation.formData?.get('id') === message.id ? navigation.formData.get('intent') : null
	const read = pendingIntent === 'read' ? true : pendingIntent === 'unread' ? false : Boolean(message.readAt)
	const headingId = `message-${message.id}`
	return (
		<li>
			<article
				aria-labelledby={headingId}
				className={`rounded-2xl p-5 shadow-md ring-1 ${read ? 'bg-white ring-dough' : 'bg-amber-50 ring-mango'}`}
			>
				<div className="flex flex-wrap items-start justify-between gap-3">
					<div>
						<h2 id={headingId} className="font-display text-xl font-bold">
							{message.name}
						</h2>
						<p className="break-all">
							<a href={`mailto:${message.email}`} className="underline underline-offset-4">
								{message.email}
							</a>
						</p>
						<p className="text-sm text-cocoa/80">
							Sent <time dateTime={message.createdAt.toISOString()}>{formatBakeryDateTime(message.createdAt)}</time>
						</p>
					</div>
					{read ? null : (
						<span className="rounded-full bg-cocoa px-3 py-1 text-sm font-semibold text-cream">Unread</span>
					)}
				</div>
				<p className="mt-3 whitespace-pre-line break-words">{message.message}</p>
				<div className="mt-4 flex flex-wrap gap-2">
					<Form method="post">
						<input type="hidden" name="id" value={message.id} />
						<button type="submit" name="intent" value={read ? 'unread' : 'read'} className={secondaryButtonClass}>
							{read ? 'Mark as unread' : 'Mark as read'}
							<VisuallyHidden>: message from {message.name}</VisuallyHidden>
						</button>
					</Form>
					<DeleteForm id={message.id} question={DELETE_QUESTION}>
						Delete <VisuallyHidden>message from {message.name}</VisuallyHidden>
					</DeleteForm>
				</div>
				{confirming ? <ConfirmDeletePanel id={message.id} question={DELETE_QUESTION} /> : null}
			</article>
		</li>
	)
}
