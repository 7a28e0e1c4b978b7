/**
 * A real SMTP server in-process (npm `smtp-server`) on a random port: it keeps every message it accepts
 * (envelope and raw MIME) and can refuse the next attempts with a temporary error, as a provider that
 * is down does.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
	from: string
	recipients: string[]
	raw: string
	/** Header name (lower case) → values, unfolded and decoded. */
	headers: Map<string, string[]>
	body: string
}

export interface LocalSmtp {
	url: string
	received: ReceivedMail[]
	/** Attempts (MAIL FROM commands) seen, accepted or refused. */
	attempts: number
	/** When each attempt came (Date.now()). */
	attemptTimes: number[]
	/** Refuse the next `count` attempts with a 421 (Infinity: until told otherwise). */
	refuseNext(count: number): void
	/** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
	waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
	stop(): Promise<void>
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) back to text; adjacent words join without the space. */
function decodeWords(value: string) {
	return value
		.replace(/(\?=)\s+(=\?)/g, '$1$2')
		.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) => {
			if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8')
			const bytes = text.replaceAll('_', ' ').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`)
			return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
		})
}

function parseMail(raw: string) {
	const split = raw.search(/\r?\n\r?\n/)
	const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
	const headers = new Map<string, string[]>()
	for (const line of head.split(/\r?\n/)) {
		const colon = line.indexOf(':')
		const name = line.slice(0, colon).toLowerCase()
		headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())])
	}
	return { headers, body: raw.slice(split).trim() }
}

/** On `port` (0: a free one), on 127.0.0.1; `onMail` sees each message as it is accepted. */
export async function startLocalSmtp({
	port: wanted = 0,
	onMail,
}: { port?: number; onMail?: (mail: ReceivedMail) => void } = {}): Promise<LocalSmtp> {
	let refusals = 0
	const state = { attempts: 0 }
	const attemptTimes: number[] = []
	const received: ReceivedMail[] = []
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onMailFrom(_address, _session, callback) {
			state.attempts += 1
			attemptTimes.push(Date.now())
			if (refusals > 0) {
				refusals -= 1
				return callback(Object.assign(new Error('Service busy, try again later'), { responseCode: 421 }))
			}
			callback()
		},
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				const raw = Buffer.concat(chunks).toString('utf8')
				const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
				const mail = { from, recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, ...parseMail(raw) }
				received.push(mail)
				onMail?.(mail)
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve))
	const { port } = server.server.address() as AddressInfo
	return {
		url: `smtp://127.0.0.1:${port}`,
		received,
		attemptTimes,
		get attempts() {
			return state.attempts
		},
		refuseNext(count) {
			refusals = count
		},
		async waitFor(count, timeoutMs = 15_000) {
			const deadline = Date.now() + timeoutMs
			while (received.length < count) {
				if (Date.now() > deadline) throw new Error(`Expected ${count} mails, got ${received.length}`)
				await new Promise((resolve) => setTimeout(resolve, 50))
			}
			return received
		},
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
