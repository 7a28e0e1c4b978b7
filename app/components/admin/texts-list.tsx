import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'

/** A text as the owner's screens list it (loader data: dates may arrive as strings). */
export interface ListedText {
	id: string
	kind: string
	to: string
	channel: 'SMS' | 'WHATSAPP'
	locale: string
	body: string
	status: keyof typeof textStatusWords
	reason: string | null
	attempts: number
	lastError: string | null
	createdAt: Date | string
}

const textTransportWords = {
	twilio: 'Texts go through Twilio; each is listed here with what became of it.',
	outbox: 'Development: no Twilio account is set, so texts are kept here instead of being sent.',
	disabled: 'TEXTS_DISABLED=true: texts are recorded as skipped, never sent.',
} as const

const textStatusWords = {
	QUEUED: 'Waiting',
	SENDING: 'Sending',
	SENT: 'Sent',
	FAILED: 'Failed',
	SKIPPED: 'Skipped',
} as const

/** The texts (decision 074), newest first: to whom, what, and what became of each. */
export function TextsList({ transport, texts }: { transport: keyof typeof textTransportWords; texts: ListedText[] }) {
	return (
		<section aria-labelledby="texts-heading" className="mt-12">
			<h2 id="texts-heading" className="font-display text-2xl font-bold">
				Texts
			</h2>
			<p className="mt-2">{textTransportWords[transport]}</p>
			{texts.length === 0 ? (
				<p className="mt-4 text-lg">No texts yet. Opt in to texts at checkout and pay to see one here.</p>
			) : (
				<table className="mt-4 w-full text-left">
					<caption className="sr-only">Texts, newest first</caption>
					<thead>
						<tr className="border-b border-dough">
							<th scope="col" className="py-2 pr-4">
								Message
							</th>
							<th scope="col" className="py-2 pr-4">
								To
							</th>
							<th scope="col" className="py-2 pr-4">
								Status
							</th>
							<th scope="col" className="py-2">
								Queued
							</th>
						</tr>
					</thead>
					<tbody>
						{texts.map((text) => (
							<tr key={text.id} className="border-b border-dough align-top">
								<td className="py-2 pr-4">
									<p className="font-semibold">{text.kind}</p>
									<p className="whitespace-pre-wrap break-words">{text.body || '(written when it is sent)'}</p>
								</td>
								<td className="break-all py-2 pr-4">
									{text.to} ({text.channel === 'WHATSAPP' ? 'WhatsApp' : 'SMS'}, {text.locale})
								</td>
								<td className="py-2 pr-4">
									{textStatusWords[text.status]}
									{text.reason ? `: ${text.reason}` : ''}
									{text.status === 'QUEUED' && text.lastError ? ` (retrying after: ${text.lastError})` : ''}
									{text.attempts > 1 ? `, ${text.attempts} attempts` : ''}
								</td>
								<td className="py-2">
									<time dateTime={new Date(text.createdAt).toISOString()}>
										{formatBakeryDateTime(new Date(text.createdAt))}
									</time>
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</section>
	)
}
