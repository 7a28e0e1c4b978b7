/**
 * A server that stops in the middle of sending a mail loses nothing: a stop hands the unfinished send
 * back to the queue, a crash leaves it held until it expires, and either way the next worker (the
 * restarted server, or another process) sends it once, with the same Message-ID.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { MailJob, OutgoingMail } from '~/domain/mail/mail-jobs'
import { startLocalSmtp, type LocalSmtp } from '../mocks/smtp-server'
import { useAdminTestEnv } from './admin-helpers'

let smtp: LocalSmtp
let adminEnv: Awaited<ReturnType<typeof useAdminTestEnv>>

beforeAll(async () => {
	adminEnv = await useAdminTestEnv()
	smtp = await startLocalSmtp()
	Object.assign(process.env, {
		SMTP_URL: smtp.url,
		MAIL_FROM: 'Doce Dulce Bakery <orders@docedulce.example>',
		OWNER_NOTIFY_EMAILS: 'owner-alerts@docedulce.example',
		APP_URL: 'https://docedulce.example',
	})
	;(await import('~/utils/env.server')).resetEnv()
})

afterAll(async () => {
	await (await import('~/domain/mail/mail-queue.server')).stopMailQueue(0)
	await smtp.stop()
	await adminEnv.cleanup()
})

async function compose(job: MailJob): Promise<OutgoingMail | null> {
	const { composeMail } = await import('~/domain/mail/compose.server')
	const { ownerNotifyEmails } = await import('~/utils/env.server')
	return composeMail(job, {
		origin: 'https://docedulce.example',
		ownerEmails: ownerNotifyEmails(),
		reviewUrl: async () => 'https://docedulce.example/review/x',
	})
}

it('a send cut off by a stop is sent by the next worker, once, with the same Message-ID', async () => {
	const { prisma } = await import('~/utils/db.server')
	const { startMailWorker } = await import('~/domain/mail/mail-worker.server')
	const queue = await import('~/domain/mail/mail-queue.server')
	const { createContactMessage } = await import('~/domain/messages/models/contact-message.server')
	// Loaded before the clock starts: the first compose would otherwise also transform the mail
	// templates and the message catalogs, which on a busy host can take seconds of the deadline.
	await import('~/domain/mail/compose.server')
	await import('~/utils/i18n.server').then(({ translator }) => translator('en'))

	// The first server takes the job and never finishes sending it (it is stopped mid-send).
	let sending = false
	const stopFirst = await startMailWorker({
		compose,
		pollingIntervalSeconds: 0.5,
		retryDelaysSeconds: [0, 0],
		transport: {
			kind: 'smtp',
			send: () => {
				sending = true
				return new Promise<void>(() => {})
			},
			close() {},
		},
	})
	const created = await createContactMessage({
		name: 'Tomás',
		email: 'tomas@example.com',
		message: 'Do you make rosca de reyes to order?',
	})
	const key = `contact-message-owner:${created.id}`
	for (const deadline = Date.now() + 10_000; !sending;) {
		if (Date.now() > deadline) throw new Error('the first worker never took the job')
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	await stopFirst()
	const state = async () =>
		(
			await prisma.$queryRaw<Array<{ state: string }>>`
				SELECT state::text FROM pgboss.job WHERE name = 'mail' AND singleton_key = ${key}`
		)[0]?.state
	// Stopped with the send unfinished: the job went back to the queue.
	expect(await state()).toBe('retry')

	// A crash instead leaves the job held by the dead process, as if it were still sending an hour later.
	await prisma.$executeRaw`
		UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 hour'
		WHERE name = 'mail' AND singleton_key = ${key}`
	// The restarted server: the held send has outlived its expiry, so the job runs again.
	const stopSecond = await startMailWorker({ compose, pollingIntervalSeconds: 0.5, retryDelaysSeconds: [0, 0] })
	try {
		await (await queue.getMailQueue()).supervise('mail')
		const [mail] = await smtp.waitFor(1)
		await new Promise((resolve) => setTimeout(resolve, 1_500))
		expect(smtp.received).toHaveLength(1)
		expect(mail!.headers.get('message-id')).toEqual([`<contact-message-owner.${created.id}@docedulce.example>`])
		expect(mail!.recipients).toEqual(['owner-alerts@docedulce.example'])
	} finally {
		await stopSecond()
	}
})
