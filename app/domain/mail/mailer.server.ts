/**
 * Where composed mails go (decision 034): SMTP through nodemailer when SMTP_URL is set; the
 * development Outbox (a table the owner reads at /admin/outbox) when it is not and this is not
 * production; nowhere when EMAIL_DISABLED=true. Both real transports build the same message: From is
 * MAIL_FROM, Message-ID is stable per job key (a resend after a crash carries the same id), and every
 * header value that came from a person is one line (nodemailer encodes names; we strip CR/LF first).
 */
import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'
import { getBusiness } from '~/config/business.server'
import { bareAddress, headerText } from './header-safe'
import type { OutgoingMail } from './mail-jobs'
import { saveOutboxMail } from '~/domain/mail/models/mail-outbox.server'
import { getEnv, ownerNotifyEmails, type Env } from '~/utils/env.server'

export type MailTransportKind = 'smtp' | 'outbox' | 'disabled'

export interface MailTransport {
	kind: MailTransportKind
	/** Sends one mail; `key` is the job's key (mailKey). Rejects when the mail was not accepted. */
	send(key: string, mail: OutgoingMail): Promise<void>
	close(): void
}

/** Which transport this environment uses. */
export function mailTransportKind(env: Env = getEnv()): MailTransportKind {
	if (env.EMAIL_DISABLED) return 'disabled'
	if (env.SMTP_URL) return 'smtp'
	// Production without SMTP_URL is refused at start-up (env.server.ts); never an outbox there.
	if (env.NODE_ENV === 'production') return 'disabled'
	return 'outbox'
}

/** The origin links in mails point to: APP_URL, or this machine's server in development. */
export function mailOrigin(env: Env = getEnv()) {
	return env.APP_URL ?? `http://localhost:${env.PORT}`
}

/**
 * Who gets the owner's alerts: OWNER_NOTIFY_EMAILS, else ADMIN_EMAILS. A development copy with neither
 * (the zero-config default) sends them to the bakery's own e-mail, so they show in the Outbox too;
 * production refuses to start without ADMIN_EMAILS.
 */
export function ownerAlertAddresses(env: Env = getEnv()): string[] {
	const configured = ownerNotifyEmails(env)
	if (configured.length > 0 || env.NODE_ENV === 'production') return configured
	return [getBusiness().email]
}

/** MAIL_FROM as an address object; in development the bakery's name and e-mail. */
export function mailFrom(env: Env = getEnv()): Mail.Address {
	const business = getBusiness()
	const value = env.MAIL_FROM ?? `${business.name} <${business.email}>`
	const match = /^(.*?)\s*<([^<>]+)>$/.exec(value)
	if (!match) return { name: '', address: value }
	return { name: headerText(match[1]!.replace(/^"(.*)"$/, '$1'), 120), address: match[2]!.trim() }
}

/** `<order-receipt.abc123@docedulce.example>`: the same key always gets the same Message-ID. */
export function messageIdFor(key: string, env: Env = getEnv()) {
	const domain = new URL(mailOrigin(env)).hostname
	return `<${key.replace(/[^A-Za-z0-9._-]/g, '.')}@${domain}>`
}

/** Only bare, one-line addresses: a display name a customer typed is never put into To or Reply-To. */
function address(value: string) {
	const bare = bareAddress(value)
	if (!bare) throw new Error(`Refusing a malformed address: ${JSON.stringify(value)}`)
	return bare
}

/** The message both transports send. */
export function buildMessage(key: string, mail: OutgoingMail, env: Env = getEnv()): Mail.Options {
	return {
		from: mailFrom(env),
		to: mail.to.map(address),
		replyTo: mail.replyTo ? address(mail.replyTo) : undefined,
		subject: headerText(mail.subject, 200),
		html: mail.html,
		text: mail.text,
		messageId: messageIdFor(key, env),
		headers: { 'Auto-Submitted': 'auto-generated' },
		attachments: mail.attachments?.map(({ filename, content, contentType }) => ({
			filename: headerText(filename, 120),
			content,
			contentType: headerText(contentType, 120),
		})),
	}
}

function smtpTransport(smtpUrl: string, env: Env): MailTransport {
	const transporter = nodemailer.createTransport({
		url: smtpUrl,
		// A few connections reused for every mail (the worker sends a batch at once).
		pool: true,
		maxConnections: 3,
		// A connection the server drops fails the mail at once: the queue's retry schedule decides when to try again.
		maxRequeues: 0,
		connectionTimeout: 10_000,
		greetingTimeout: 10_000,
		socketTimeout: 30_000,
	})
	return {
		kind: 'smtp',
		async send(key, mail) {
			const info = await transporter.sendMail(buildMessage(key, mail, env))
			// A partial delivery (some recipients refused) is a failure: the retry sends to everyone again,
			// and the stable Message-ID lets their mail apps fold the copy.
			if (info.rejected.length > 0) throw new Error(`Recipients refused: ${info.rejected.join(', ')}`)
		},
		close: () => transporter.close(),
	}
}

/** The raw message's headers, unfolded, as the Outbox screen shows them. */
function headerLines(raw: string) {
	const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? ''
	return head
		.replace(/\r?\n[ \t]+/g, ' ')
		.split(/\r?\n/)
		.filter(Boolean)
		.map((line) => {
			const colon = line.indexOf(':')
			return [line.slice(0, colon), line.slice(colon + 1).trim()] as [string, string]
		})
}

function outboxTransport(env: Env): MailTransport {
	// The same MIME message SMTP would carry, kept instead of sent.
	const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
	return {
		kind: 'outbox',
		async send(key, mail) {
			const message = buildMessage(key, mail, env)
			const info = await composer.sendMail(message)
			const raw = info.message.toString('utf8')
			await saveOutboxMail({
				jobKey: key,
				messageId: String(message.messageId),
				from: headerLines(raw).find(([name]) => name.toLowerCase() === 'from')?.[1] ?? '',
				to: message.to as string[],
				replyTo: (message.replyTo as string | undefined) ?? null,
				subject: String(message.subject),
				html: mail.html,
				text: mail.text,
				headers: headerLines(raw),
				attachments: (mail.attachments ?? []).map(({ filename, contentType, content }) => ({
					filename,
					contentType,
					size: Buffer.byteLength(content),
				})),
			})
		},
		close() {},
	}
}

let loggedDisabled = false

function disabledTransport(): MailTransport {
	return {
		kind: 'disabled',
		async send(key) {
			if (loggedDisabled) return
			loggedDisabled = true
			console.log(`EMAIL_DISABLED=true: mails are not sent (first skipped: ${key}).`)
		},
		close() {},
	}
}

/** The transport this environment uses. */
export function createMailTransport(env: Env = getEnv()): MailTransport {
	const kind = mailTransportKind(env)
	if (kind === 'smtp') return smtpTransport(env.SMTP_URL!, env)
	if (kind === 'outbox') return outboxTransport(env)
	return disabledTransport()
}
