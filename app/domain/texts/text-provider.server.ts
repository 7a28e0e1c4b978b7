/**
 * Where texts go (decision 074): Twilio's REST API through the official `twilio` package when TWILIO_ACCOUNT_SID is
 * set; the development Outbox (the text's own row, shown at /admin/outbox) when it is not and this is not production;
 * nowhere with TEXTS_DISABLED=true. TWILIO_API_URL points the client at a Twilio-protocol stand-in (tests only:
 * production accepts one on this machine alone, env.server.ts).
 */
import twilio from 'twilio'
import type { TextChannel } from '~/generated/prisma/enums'
import { getEnv, type Env } from '~/utils/env.server'

export type TextTransportKind = 'twilio' | 'outbox' | 'disabled'

export function textTransportKind(env: Env = getEnv()): TextTransportKind {
	if (env.TEXTS_DISABLED) return 'disabled'
	if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) return 'twilio'
	// Production without Twilio settings is refused at start-up (env.server.ts); never an outbox there.
	if (env.NODE_ENV === 'production') return 'disabled'
	return 'outbox'
}

/**
 * What the opt-in offers: nothing with texts turned off (no box to tick); WhatsApp beside SMS where a WhatsApp sender
 * is configured (development's Outbox always offers it).
 */
export function textsOffer(env: Env = getEnv()): TextsOffer | null {
	const kind = textTransportKind(env)
	if (kind === 'disabled') return null
	return { whatsApp: kind === 'outbox' || Boolean(env.TWILIO_WHATSAPP_FROM) }
}

export interface TextsOffer {
	whatsApp: boolean
}

/** A text as the provider takes it. */
interface OutgoingText {
	to: string
	channel: TextChannel
	body: string
}

/** Why the provider refused: `retry` for 429, 5xx and network failures; otherwise the refusal is final. */
export class TextProviderError extends Error {
	override name = 'TextProviderError'
	constructor(
		message: string,
		readonly retry: boolean,
		/** Twilio's error code (21610: the number replied STOP to the provider). */
		readonly code: number | null,
	) {
		super(message)
	}
}

export interface TextProvider {
	/** Sends one text; resolves to the provider's message id. Rejects with a TextProviderError. */
	send(text: OutgoingText): Promise<string>
	/**
	 * The id of a text with this body already sent to this number since `since` (an attempt cut off between the
	 * provider's answer and our record of it), or null.
	 */
	findSent(text: OutgoingText, since: Date): Promise<string | null>
}

/** `whatsapp:+1…` for WhatsApp, the bare number for SMS, as Twilio addresses them. */
function address(number: string, channel: TextChannel) {
	return channel === 'WHATSAPP' ? `whatsapp:${number}` : number
}

/** Twilio's SDK, its requests sent to `apiUrl`'s origin instead of *.twilio.com (a stand-in). */
function standInRequestClient(apiUrl: string) {
	const origin = new URL(apiUrl)
	const client = new twilio.RequestClient({ timeout: 10_000 })
	const request = client.request.bind(client)
	client.request = (options) => {
		const uri = new URL(options.uri)
		uri.protocol = origin.protocol
		uri.host = origin.host
		return request({ ...options, uri: uri.href })
	}
	return client
}

function providerError(error: unknown): TextProviderError {
	if (error instanceof TextProviderError) return error
	const { status, code, message } = error as { status?: unknown; code?: unknown; message?: unknown }
	const text = typeof message === 'string' ? message : String(error)
	if (typeof status === 'number') {
		const twilioCode = typeof code === 'number' ? code : null
		return new TextProviderError(
			`Twilio ${status}${twilioCode ? ` (${twilioCode})` : ''}: ${text}`,
			status === 429 || status >= 500,
			twilioCode,
		)
	}
	// No HTTP answer at all (refused, reset, timed out): the provider may come back.
	return new TextProviderError(`Twilio unreachable: ${text}`, true, null)
}

export function twilioProvider(env: Env = getEnv()): TextProvider {
	const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_WHATSAPP_FROM, TWILIO_API_URL } = env
	if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM) throw new Error('Twilio is not configured')
	const client = twilio(TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, {
		...(TWILIO_API_URL ? { httpClient: standInRequestClient(TWILIO_API_URL) } : {}),
		timeout: 10_000,
	})
	const from = (channel: TextChannel) => {
		if (channel === 'WHATSAPP' && !TWILIO_WHATSAPP_FROM) {
			throw new TextProviderError('No WhatsApp sender (TWILIO_WHATSAPP_FROM) is configured', false, null)
		}
		return address(channel === 'WHATSAPP' ? TWILIO_WHATSAPP_FROM! : TWILIO_FROM, channel)
	}
	return {
		async send(text) {
			try {
				const message = await client.messages.create({
					to: address(text.to, text.channel),
					from: from(text.channel),
					body: text.body,
				})
				return message.sid
			} catch (error) {
				throw providerError(error)
			}
		},
		async findSent(text, since) {
			try {
				const messages = await client.messages.list({
					to: address(text.to, text.channel),
					from: from(text.channel),
					// Twilio filters at a second's precision.
					dateSentAfter: new Date(Math.floor(since.getTime() / 1000) * 1000),
					pageSize: 50,
					limit: 50,
				})
				return messages.find((message) => message.body === text.body)?.sid ?? null
			} catch (error) {
				throw providerError(error)
			}
		},
	}
}
