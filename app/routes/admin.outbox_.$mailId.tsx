import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading } from '~/components/admin/admin-ui'
import { findOutboxMail } from '~/models/mail-outbox.server'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formatBakeryDateTime } from '~/utils/bakery-time'
import { requireOutboxAdmin } from '~/utils/admin-actions.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Outbox mail')

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireOutboxAdmin(request)
	const mail = await findOutboxMail(params.mailId ?? '')
	if (!mail) throw new Response('Not Found', { status: 404, headers: adminResponseHeaders })
	return data({ adminName: admin.name, mail }, { headers: adminResponseHeaders })
}

export default function AdminOutboxMail() {
	const { adminName, mail } = useLoaderData<typeof loader>()
	return (
		<AdminFrame adminName={adminName}>
			<p className="mb-4">
				<Link to="/admin/outbox" className="font-semibold underline underline-offset-4">
					← All mails
				</Link>
			</p>
			<AdminHeading title={mail.subject}>
				<p>
					To {mail.to.join(', ')} ·{' '}
					<time dateTime={mail.createdAt.toISOString()}>{formatBakeryDateTime(mail.createdAt)}</time>
				</p>
			</AdminHeading>
			<section aria-labelledby="preview-heading">
				<h2 id="preview-heading" className="font-display text-2xl font-bold">
					As the customer sees it
				</h2>
				{/* sandbox="": the mail's HTML runs no script, submits no form and cannot reach this page. */}
				<iframe
					title={`Preview of ${mail.subject}`}
					srcDoc={mail.html}
					sandbox=""
					className="mt-3 h-[36rem] w-full rounded-xl bg-white ring-1 ring-dough"
				/>
			</section>
			<section aria-labelledby="text-heading" className="mt-8">
				<h2 id="text-heading" className="font-display text-2xl font-bold">
					Plain-text version
				</h2>
				<pre className="mt-3 overflow-x-auto whitespace-pre-wrap rounded-xl bg-white p-4 ring-1 ring-dough">
					{mail.text}
				</pre>
			</section>
			<section aria-labelledby="headers-heading" className="mt-8">
				<h2 id="headers-heading" className="font-display text-2xl font-bold">
					Headers
				</h2>
				<dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded-xl bg-white p-4 ring-1 ring-dough">
					{mail.headers.map(([name, value], index) => (
						<div key={`${name}-${index}`} className="contents">
							<dt className="font-semibold">{name}</dt>
							<dd className="break-all">{value}</dd>
						</div>
					))}
				</dl>
				{mail.attachments.length > 0 ? (
					<>
						<h3 className="mt-4 font-semibold">Attachments</h3>
						<ul className="mt-1 list-disc pl-6">
							{mail.attachments.map((attachment) => (
								<li key={attachment.filename}>
									{attachment.filename} ({attachment.contentType}, {attachment.size} bytes)
								</li>
							))}
						</ul>
					</>
				) : null}
			</section>
		</AdminFrame>
	)
}
