/**
 * A local server speaking the slice of Twilio's REST API the bakery uses (decision 074): create a Message
 * (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To/From/Body, HTTP Basic auth with the account
 * SID and auth token) and list them (GET, filtered by To, From and DateSent>), answering JSON shaped as Twilio's.
 * Every accepted message is recorded; `failNext` makes the next requests answer a provider error (429, 500, or a
 * permanent one such as 21610 "unsubscribed recipient") for the retry tests. The official `twilio` package talks to
 * it through TWILIO_API_URL (app/domain/texts/text-provider.server.ts). `GET /__messages` lists what it received,
 * for tests in another process (the e2e run's server is started by tests/e2e/serve-production.ts).
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StandInMessage {
	sid: string
	accountSid: string
	to: string
	from: string
	body: string
	createdAt: Date
}

/** A scripted answer: Twilio's HTTP status, its error code and message. */
export interface StandInFailure {
	status: number
	code: number
	message: string
}

export const TWILIO_FAILURES = {
	tooManyRequests: { status: 429, code: 20429, message: 'Too Many Requests' },
	serverError: { status: 500, code: 20500, message: 'Internal Server Error' },
	invalidNumber: { status: 400, code: 21211, message: "The 'To' number is not a valid phone number." },
	unsubscribed: { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
} satisfies Record<string, StandInFailure>

export interface TwilioStandInOptions {
	accountSid?: string
	authToken?: string
	port?: number
}

const API_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/

/** Twilio's dates are RFC 2822 ("Sat, 28 Nov 2026 10:24:48 +0000"). */
function twilioDate(date: Date) {
	return date.toUTCString().replace('GMT', '+0000')
}

function messageJson(message: StandInMessage) {
	return {
		sid: message.sid,
		account_sid: message.accountSid,
		to: message.to,
		from: message.from,
		body: message.body,
		status: 'queued',
		direction: 'outbound-api',
		api_version: '2010-04-01',
		num_segments: '1',
		num_media: '0',
		price: null,
		price_unit: 'USD',
		error_code: null,
		error_message: null,
		messaging_service_sid: null,
		date_created: twilioDate(message.createdAt),
		date_updated: twilioDate(message.createdAt),
		date_sent: twilioDate(message.createdAt),
		uri: `/2010-04-01/Accounts/${message.accountSid}/Messages/${message.sid}.json`,
		subresource_uris: { media: `/2010-04-01/Accounts/${message.accountSid}/Messages/${message.sid}/Media.json` },
	}
}

export async function startTwilioStandIn(options: TwilioStandInOptions = {}) {
	const accountSid = options.accountSid ?? 'AC00000000000000000000000000000000'
	const authToken = options.authToken ?? 'stand-in-auth-token'
	const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
	const messages: StandInMessage[] = []
	const failures: StandInFailure[] = []
	let requestCount = 0
	const waiters: Array<() => void> = []

	function answer(res: http.ServerResponse, status: number, body: unknown) {
		res.writeHead(status, { 'Content-Type': 'application/json' })
		res.end(JSON.stringify(body))
	}

	function error(res: http.ServerResponse, failure: StandInFailure) {
		answer(res, failure.status, {
			code: failure.code,
			message: failure.message,
			more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
			status: failure.status,
		})
	}

	const server = http.createServer((req, res) => {
		let raw = ''
		req.setEncoding('utf8')
		req.on('data', (chunk: string) => (raw += chunk))
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://localhost')
			if (req.method === 'GET' && url.pathname === '/__messages') {
				return answer(res, 200, messages.map(messageJson))
			}
			const match = API_PATH.exec(url.pathname)
			if (!match) return error(res, { status: 404, code: 20404, message: 'The requested resource was not found' })
			requestCount += 1
			if (match[1] !== accountSid || req.headers.authorization !== expectedAuth) {
				return error(res, { status: 401, code: 20003, message: 'Authentication Error - invalid username' })
			}
			if (req.method === 'GET') {
				const to = url.searchParams.get('To')
				const from = url.searchParams.get('From')
				const after = url.searchParams.get('DateSent>')
				const found = messages.filter(
					(message) =>
						(!to || message.to === to) &&
						(!from || message.from === from) &&
						// Twilio compares at a second's precision.
						(!after || Math.floor(message.createdAt.getTime() / 1000) >= Date.parse(after) / 1000),
				)
				return answer(res, 200, {
					messages: [...found].reverse().map(messageJson),
					page: 0,
					page_size: 50,
					start: 0,
					end: Math.max(found.length - 1, 0),
					first_page_uri: url.pathname,
					next_page_uri: null,
					previous_page_uri: null,
					uri: url.pathname,
				})
			}
			if (req.method !== 'POST') return error(res, { status: 405, code: 20004, message: 'Method not allowed' })
			const failure = failures.shift()
			if (failure) return error(res, failure)
			const params = new URLSearchParams(raw)
			const to = params.get('To') ?? ''
			const from = params.get('From') ?? ''
			const body = params.get('Body') ?? ''
			if (!to) return error(res, { status: 400, code: 21604, message: "A 'To' phone number is required." })
			if (!from) return error(res, { status: 400, code: 21603, message: "A 'From' phone number is required." })
			if (!body) return error(res, { status: 400, code: 21602, message: 'Message body is required.' })
			if (!/^(whatsapp:)?\+[1-9]\d{6,14}$/.test(to)) return error(res, TWILIO_FAILURES.invalidNumber)
			const message: StandInMessage = {
				sid: `SM${crypto.randomBytes(16).toString('hex')}`,
				accountSid,
				to,
				from,
				body,
				createdAt: new Date(),
			}
			messages.push(message)
			answer(res, 201, messageJson(message))
			for (const wake of waiters.splice(0)) wake()
		})
	})
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	const baseUrl = `http://127.0.0.1:${port}`

	return {
		port,
		baseUrl,
		accountSid,
		authToken,
		/** Every message accepted, oldest first. */
		messages,
		/** How many API requests arrived (a refused one counts too). */
		requests: () => requestCount,
		/** The next requests to the Messages API answer these errors, in turn. */
		failNext(...next: StandInFailure[]) {
			failures.push(...next)
		},
		/** Resolves once at least `count` messages were accepted (rejects after `timeoutMs`). */
		async waitFor(count: number, timeoutMs = 10_000) {
			const deadline = Date.now() + timeoutMs
			while (messages.length < count) {
				if (Date.now() > deadline) throw new Error(`Expected ${count} texts, the stand-in has ${messages.length}`)
				await new Promise<void>((resolve) => {
					waiters.push(resolve)
					setTimeout(resolve, 100)
				})
			}
			return messages.slice(0, count)
		},
		reset() {
			messages.length = 0
			failures.length = 0
			requestCount = 0
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export type TwilioStandIn = Awaited<ReturnType<typeof startTwilioStandIn>>
