import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading } from '~/components/admin/admin-ui'
import { TextsList } from '~/components/admin/texts-list'
import { listOutboxMails } from '~/domain/mail/models/mail-outbox.server'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { requireOutboxAdmin } from '~/domain/admin-auth/admin-actions.server'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { mailTransportKind } from '~/domain/mail/mailer.server'
import { listTexts, textTransportKind } from '~/domain/texts/index.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Outbox')

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireOutboxAdmin(request)
	const transport = mailTransportKind()
	const mails = transport === 'outbox' ? await listOutboxMails() : []
	const texts = await listTexts()
	return data(
		{ adminName: admin.name, transport, mails, textTransport: textTransportKind(), texts },
		{ headers: adminResponseHeaders },
	)
}

export default function AdminOutbox() {
	const { adminName, transport, mails, textTransport, texts } = useLoaderData<typeof loader>()
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Outbox">
				<p>The mails the site would have sent (development only), and every text message.</p>
			</AdminHeading>
			{transport !== 'outbox' ? (
				<p className="text-lg">
					{transport === 'smtp'
						? 'SMTP_URL is set, so mails go to the mail server instead of this outbox.'
						: 'EMAIL_DISABLED=true: mails are not sent or kept.'}
				</p>
			) : mails.length === 0 ? (
				<p className="text-lg">No mails yet. Pay for an order, send a cake request or a message to see one here.</p>
			) : (
				<table className="w-full text-left">
					<caption className="sr-only">Mails, newest first</caption>
					<thead>
						<tr className="border-b border-dough">
							<th scope="col" className="py-2 pr-4">
								Subject
							</th>
							<th scope="col" className="py-2 pr-4">
								To
							</th>
							<th scope="col" className="py-2">
								Sent
							</th>
						</tr>
					</thead>
					<tbody>
						{mails.map((mail) => (
							<tr key={mail.id} className="border-b border-dough align-top">
								<td className="py-2 pr-4">
									<Link to={`/admin/outbox/${mail.id}`} className="font-semibold underline underline-offset-4">
										{mail.subject}
									</Link>
								</td>
								<td className="break-all py-2 pr-4">{mail.to.join(', ')}</td>
								<td className="py-2">
									<time dateTime={mail.createdAt.toISOString()}>{formatBakeryDateTime(mail.createdAt)}</time>
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
			<TextsList transport={textTransport} texts={texts} />
		</AdminFrame>
	)
}
