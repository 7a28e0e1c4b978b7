import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading } from '~/components/admin/admin-ui'
import { findOutboxMail } from '~/domain/mail/models/mail-outbox.server'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { requireOutboxAdmin } from '~/domain/admin-auth/admin-actions.server'
import { mailOrigin } from '~/domain/mail/mailer.server'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Outbox mail')

/** An absolute URL on this machine under any name (localhost, 127.0.0.1, [::1]) and port. */
const LOOPBACK_ORIGIN = String.raw`https?://(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?`

/**
 * The mail's HTML for display here only: its images point at the site's own paths instead of the origin it was
 * written with (APP_URL, or `http://localhost:<port>` in development, maybe another port by now), so they load
 * from whichever name the owner browses the admin at (the page's CSP allows images from itself alone).
 * The mail as sent keeps its absolute URLs.
 */
function previewHtml(html: string) {
	const origins = [LOOPBACK_ORIGIN, mailOrigin().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')].join('|')
	const imageUrl = new RegExp(`(<img\\b[^>]*?\\ssrc=")(?:${origins})(/[^"]*")`, 'gi')
	return html.replace(imageUrl, '$1$2')
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const admin = await requireOutboxAdmin(request)
	const mail = await findOutboxMail(params.mailId ?? '')
	if (!mail) throw new Response('Not Found', { status: 404, headers: adminResponseHeaders })
	return data(
		{ adminName: admin.name, mail: { ...mail, html: previewHtml(mail.html) } },
		{ headers: adminResponseHeaders },
	)
}

/**
 * The mail in a frame as tall as the mail, so it reads from top to bottom with the page and no inner scrollbar
 * hides its button. The frame runs no script, submits no form and cannot navigate this page (`sandbox` without
 * `allow-scripts`); `allow-same-origin` lets this page measure it, and lets its images count as this site's.
 * Until JavaScript runs (or without it) the frame has a tall fixed height.
 */
function MailPreview({ title, html }: { title: string; html: string }) {
	const frame = useRef<HTMLIFrameElement>(null)
	const [height, setHeight] = useState<number | null>(null)
	useEffect(() => {
		const iframe = frame.current
		if (!iframe) return
		const fit = () => {
			const mail = iframe.contentDocument
			// Not the blank page a frame holds before its srcdoc, nor a srcdoc not parsed yet.
			if (mail?.URL !== 'about:srcdoc' || !mail.documentElement) return
			setHeight(Math.ceil(mail.documentElement.getBoundingClientRect().height))
		}
		// The mail's height follows the frame's width (the window, a phone turned); its images load with it.
		const resized = new ResizeObserver(fit)
		resized.observe(iframe)
		iframe.addEventListener('load', fit)
		fit()
		return () => {
			resized.disconnect()
			iframe.removeEventListener('load', fit)
		}
	}, [html])
	return (
		<iframe
			ref={frame}
			title={title}
			srcDoc={html}
			sandbox="allow-same-origin"
			style={height === null ? undefined : { height: `${height}px` }}
			className="mt-3 h-[60rem] w-full rounded-xl bg-white ring-1 ring-dough"
		/>
	)
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
				<MailPreview title={`Preview of ${mail.subject}`} html={mail.html} />
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
