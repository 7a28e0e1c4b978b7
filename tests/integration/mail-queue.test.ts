/**
 * The mail pipeline end to end against a real SMTP server in-process: every mail is a job queued in
 * the transaction of its event, once per event, composed by composeMail and sent by the worker with the
 * right headers, retried
 * when the server refuses, and listed on the dashboard (with Retry) once every retry failed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MailJob, OutgoingMail } from '~/domain/mail/mail-jobs'
import { createMenuItem } from '../fixtures/menu'
import { startLocalSmtp, type LocalSmtp } from '../mocks/smtp-server'
import { ADMIN, post, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { openEveryDay, pickupSlot } from './pickup-helpers'

const OWNER = 'owner-alerts@docedulce.example'
const RETRY_DELAYS = [1, 3]
let smtp: LocalSmtp
let adminEnv: Awaited<ReturnType<typeof useAdminTestEnv>>
let stopWorker: () => Promise<void>
let prisma: (typeof import('~/utils/db.server'))['prisma']
let queue: typeof import('~/domain/mail/mail-queue.server')
let mailer: typeof import('~/domain/mail/mailer.server')
let enqueueMail: (typeof import('~/domain/mail/models/mail-jobs.server'))['enqueueMail']
let createContactMessage: (typeof import('~/domain/messages/models/contact-message.server'))['createContactMessage']
let ownerNotifyEmails: (typeof import('~/utils/env.server'))['ownerNotifyEmails']

/** The worker's composer as the server binds it (app/entry.server.tsx), with a stand-in review link. */
async function compose(job: MailJob): Promise<OutgoingMail | null> {
	const { composeMail } = await import('~/domain/mail/compose.server')
	return composeMail(job, {
		origin: 'https://docedulce.example',
		ownerEmails: ownerNotifyEmails(),
		reviewUrl: async (orderId) => `https://docedulce.example/reviews/new?order=${orderId}`,
	})
}

beforeAll(async () => {
	adminEnv = await useAdminTestEnv()
	smtp = await startLocalSmtp()
	delete process.env.STRIPE_SECRET_KEY
	Object.assign(process.env, {
		SMTP_URL: smtp.url,
		MAIL_FROM: 'Doce Dulce Bakery <orders@docedulce.example>',
		OWNER_NOTIFY_EMAILS: OWNER,
		APP_URL: 'https://docedulce.example',
	})
	const env = await import('~/utils/env.server')
	env.resetEnv()
	ownerNotifyEmails = env.ownerNotifyEmails
	prisma = (await import('~/utils/db.server')).prisma
	queue = await import('~/domain/mail/mail-queue.server')
	mailer = await import('~/domain/mail/mailer.server')
	enqueueMail = (await import('~/domain/mail/models/mail-jobs.server')).enqueueMail
	createContactMessage = (await import('~/domain/messages/models/contact-message.server')).createContactMessage
	const { startMailWorker } = await import('~/domain/mail/mail-worker.server')
	// Retries after 1 s and 3 s (production: 1 min, 5 min, 30 min, 2 h); two retries, so three attempts.
	stopWorker = await startMailWorker({ compose, retryDelaysSeconds: RETRY_DELAYS, pollingIntervalSeconds: 0.5 })
	await openEveryDay({ ordersPerSlot: 1000 })
})

afterAll(async () => {
	await stopWorker()
	await smtp.stop()
	await adminEnv.cleanup()
})

beforeEach(() => {
	smtp.received.length = 0
	smtp.refuseNext(0)
})

/** Every job (any state) the queue holds for a key. */
async function jobsFor(key: string) {
	const boss = await queue.getMailQueue()
	return boss.findJobs<MailJob>(queue.MAIL_QUEUE, { key })
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const value = await read()
		if (done(value)) return value
		if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

describe('delivery', () => {
	it('sends the owner’s alert with MAIL_FROM, Reply-To the sender, a stable Message-ID, and no header a name could inject', async () => {
		const message = await createContactMessage({
			name: 'Mallory\r\nBcc: victim@example.com\r\nSubject: Free cake',
			email: 'mallory@example.com',
			message: 'Do you bake tres leches cakes?',
		})
		const [mail] = await smtp.waitFor(1)
		expect(mail!.recipients).toEqual([OWNER])
		expect(mail!.from).toBe('orders@docedulce.example')
		expect(mail!.headers.get('from')).toEqual(['Doce Dulce Bakery <orders@docedulce.example>'])
		expect(mail!.headers.get('to')).toEqual([OWNER])
		expect(mail!.headers.get('reply-to')).toEqual(['mallory@example.com'])
		expect(mail!.headers.get('message-id')).toEqual([`<contact-message-owner.${message.id}@docedulce.example>`])
		// The name's line breaks became spaces inside the one Subject header.
		expect(mail!.headers.get('subject')).toEqual([
			'New message from Mallory Bcc: victim@example.com Subject: Free cake',
		])
		expect(mail!.headers.has('bcc')).toBe(false)
		const [job] = await eventually(
			() => jobsFor(`contact-message-owner:${message.id}`),
			(jobs) => jobs[0]?.state === 'completed',
		)
		expect(job!.data).toEqual({ kind: 'contact-message-owner', messageId: message.id })
	})

	it('completes a job whose record is gone without sending anything', async () => {
		await prisma.$transaction((tx) => enqueueMail(tx, { kind: 'contact-message-owner', messageId: 'deleted-message' }))
		await eventually(
			() => jobsFor('contact-message-owner:deleted-message'),
			(jobs) => jobs[0]?.state === 'completed',
		)
		expect(smtp.received).toHaveLength(0)
	})
})

describe('faults', () => {
	it('retries after the SMTP server refuses twice, and the third attempt delivers one mail', async () => {
		smtp.refuseNext(2)
		const attemptsBefore = smtp.attempts
		const message = await createContactMessage({ name: 'Ana', email: 'ana@example.com', message: 'Hello' })
		await smtp.waitFor(1, 20_000)
		expect(smtp.attempts - attemptsBefore).toBe(3)
		// Each retry waits its own delay from the schedule (the queue's fixed delay is the first one).
		const [first, second, third] = smtp.attemptTimes.slice(attemptsBefore)
		expect(second! - first!).toBeGreaterThanOrEqual(RETRY_DELAYS[0]! * 1000 - 200)
		expect(third! - second!).toBeGreaterThanOrEqual(RETRY_DELAYS[1]! * 1000 - 200)
		await new Promise((resolve) => setTimeout(resolve, 1_500))
		expect(smtp.received).toHaveLength(1)
		const [job] = await jobsFor(`contact-message-owner:${message.id}`)
		expect(job).toMatchObject({ state: 'completed', retryCount: 2 })
	})

	it('lists a mail on the dashboard once every retry failed, and Retry sends it', async () => {
		smtp.refuseNext(Infinity)
		const message = await createContactMessage({ name: 'Bruno', email: 'bruno@example.com', message: 'Hi' })
		const key = `contact-message-owner:${message.id}`
		const dead = await eventually(
			() => queue.listDeadMails(),
			(mails) => mails.some((mail) => mail.key === key),
		)
		const failed = dead.find((mail) => mail.key === key)!
		expect(failed).toMatchObject({
			kind: 'contact-message-owner',
			attempts: 3,
			failure: { to: [OWNER], subject: 'New message from Bruno', message: expect.stringContaining('Service busy') },
		})
		expect(smtp.received).toHaveLength(0)

		const dashboard = await import('~/routes/admin._index')
		const cookie = await sessionCookieFor(ADMIN)
		const page = await run(
			dashboard.loader({
				request: new Request('http://localhost:3000/admin', { headers: { Cookie: cookie } }),
				params: {},
				context: {},
			}),
		)
		expect((page.data as { failedMails: Array<{ key: string }> }).failedMails.map((mail) => mail.key)).toContain(key)

		smtp.refuseNext(0)
		const retried = await run(
			dashboard.action({
				request: post('/admin', { intent: 'retry-mail', id: failed.id }, cookie),
				params: {},
				context: {},
			}),
		)
		expect(retried.status).toBe(200)
		expect(retried.data).toEqual({ message: 'The mail is queued again and will be sent shortly.' })
		const [mail] = await smtp.waitFor(1)
		expect(mail!.headers.get('message-id')).toEqual([`<contact-message-owner.${message.id}@docedulce.example>`])
		expect((await queue.listDeadMails()).some((mail) => mail.key === key)).toBe(false)
		// A second click finds nothing left to retry.
		const again = await run(
			dashboard.action({
				request: post('/admin', { intent: 'retry-mail', id: failed.id }, cookie),
				params: {},
				context: {},
			}),
		)
		expect(again.data).toEqual({ message: 'That mail was already sent again.' })
	})

	it('a refused retry by someone who is not the admin changes nothing', async () => {
		const dashboard = await import('~/routes/admin._index')
		const outcome = await run(
			dashboard.action({
				request: post('/admin', { intent: 'retry-mail', id: crypto.randomUUID() }),
				params: {},
				context: {},
			}),
		)
		expect(outcome.status).toBe(401)
	})
})

describe('one job per event, in the event’s transaction', () => {
	it('the test payment page, /success and a replayed event racing: one receipt and one owner alert', async () => {
		const checkout = await import('./checkout-helpers')
		const payPage = await import('~/routes/test-payment.$sessionId')
		const { applyCheckoutEvent } = await import('~/domain/orders/models/order.server')
		const cake = await createMenuItem({ name: 'Bolo de Fubá', priceCents: 2800 })
		const started = await checkout.startCheckout(
			{
				customer: { name: 'Rosa', email: 'rosa@example.com' },
				items: [{ id: cake.id, quantity: 1 }],
				pickupAt: pickupSlot(),
			},
			{ origin: 'http://localhost:3000' },
		)
		if (!started.ok) throw new Error(started.error)
		const sessionId = new URL(started.url).pathname.split('/').pop()!
		const pay = () => {
			const body = new FormData()
			body.set('intent', 'pay')
			const request = new Request(`http://localhost:3000/test-payment/${sessionId}`, { method: 'POST', body })
			return payPage.action({ request, params: { sessionId }, context: {} })
		}
		const replay = () =>
			applyCheckoutEvent({
				eventId: `evt_replay_${sessionId}`,
				type: 'checkout.session.completed',
				kind: 'paid',
				sessionId,
			})
		await Promise.all([
			pay(),
			checkout.confirmCheckoutSession(sessionId),
			checkout.confirmCheckoutSession(sessionId),
			replay(),
			replay(),
		])

		for (const kind of ['order-receipt', 'order-paid-owner']) {
			expect(await jobsFor(`${kind}:${started.orderId}`)).toHaveLength(1)
		}
		const mails = await smtp.waitFor(2)
		await new Promise((resolve) => setTimeout(resolve, 1_500))
		expect(mails).toHaveLength(2)
		const receipt = mails.find((mail) => mail.recipients.includes('rosa@example.com'))!
		expect(receipt.headers.get('message-id')).toEqual([`<order-receipt.${started.orderId}@docedulce.example>`])
		expect(receipt.headers.get('subject')![0]).toMatch(/^Your Doce Dulce Bakery order #[0-9A-Z]{8} — pickup /)
		expect(receipt.raw).toMatch(/filename=order-[0-9A-Z]{8}\.ics/)
		const alert = mails.find((mail) => mail.recipients.includes(OWNER))!
		expect(alert.headers.get('reply-to')).toEqual(['rosa@example.com'])
	})

	it('the same event queued twice keeps one job', async () => {
		const job: MailJob = { kind: 'order-ready', orderId: 'order-twice' }
		expect(
			await prisma.$transaction((tx) => enqueueMail(tx, job, { startAfter: new Date(Date.now() + 3_600_000) })),
		).toBe(1)
		expect(await prisma.$transaction((tx) => enqueueMail(tx, job))).toBe(0)
		expect(await jobsFor('order-ready:order-twice')).toHaveLength(1)
	})

	it('a transaction that rolls back takes its job with it', async () => {
		const id = `rolled-back-${crypto.randomUUID()}`
		await expect(
			prisma.$transaction(async (tx) => {
				await tx.contactMessage.create({ data: { id, name: 'Rolled', email: 'r@example.com', message: 'x' } })
				await enqueueMail(tx, { kind: 'contact-message-owner', messageId: id })
				throw new Error('the change failed after its mail was queued')
			}),
		).rejects.toThrow('the change failed')
		expect(await prisma.contactMessage.count({ where: { id } })).toBe(0)
		expect(await jobsFor(`contact-message-owner:${id}`)).toHaveLength(0)
	})

	it('the owner’s steps queue "ready" at once and the review request a day after pickup', async () => {
		const { advanceOrder } = await import('~/domain/orders/models/owner-orders.server')
		const order = await prisma.order.create({
			data: {
				customerName: 'Pat',
				customerEmail: 'pat@example.com',
				status: 'PAID',
				paidAt: new Date(),
				totalCents: 700,
			},
		})
		expect(await advanceOrder(order.id, 'ready')).toEqual({ changed: true })
		expect(await advanceOrder(order.id, 'ready')).toEqual({ changed: false, status: 'READY' })
		expect(await jobsFor(`order-ready:${order.id}`)).toHaveLength(1)
		const [ready] = await smtp.waitFor(1)
		expect(ready!.recipients).toEqual(['pat@example.com'])
		expect(ready!.headers.get('subject')).toEqual([
			`Your order #${order.id.slice(-8).toUpperCase()} is ready for pickup`,
		])
		expect(await advanceOrder(order.id, 'picked-up')).toEqual({ changed: true })
		const [review] = await jobsFor(`review-request:${order.id}`)
		const dayLater = Date.now() + 24 * 60 * 60 * 1000
		expect(Math.abs(new Date(review!.startAfter).getTime() - dayLater)).toBeLessThan(60_000)
		expect(review!.state).toBe('created')
	})

	it('a Spanish order’s "ready" mail goes out through the queue and the worker in Spanish', async () => {
		const { advanceOrder } = await import('~/domain/orders/models/owner-orders.server')
		const order = await prisma.order.create({
			data: {
				customerName: 'Lupita',
				customerEmail: 'lupita@example.com',
				status: 'PAID',
				paidAt: new Date(),
				totalCents: 700,
				locale: 'es',
			},
		})
		expect(await advanceOrder(order.id, 'ready')).toEqual({ changed: true })
		const [ready] = await smtp.waitFor(1)
		const number = order.id.slice(-8).toUpperCase()
		expect(ready!.recipients).toEqual(['lupita@example.com'])
		expect(ready!.headers.get('subject')).toEqual([`Tu pedido n.º ${number} está listo para recoger`])
		// The job carries the order's id only: the language came from the stored order.
		const [job] = await jobsFor(`order-ready:${order.id}`)
		expect(job!.data).toEqual({ kind: 'order-ready', orderId: order.id })
		// Quoted-printable, soft line breaks joined: the page language and the Spanish words.
		const raw = ready!.raw.replace(/=\r?\n/g, '')
		expect(raw).toContain('lang=3D"es"')
		expect(raw).toContain('Estamos en 2814 Colby Ave')
	})

	it('a custom cake request queues the owner’s alert and the customer’s acknowledgement', async () => {
		const { createCustomCakeRequest } = await import('~/domain/cake-quotes/models/custom-cake-request.server')
		const outcome = await createCustomCakeRequest({
			name: 'Gabi',
			phone: '(425) 555-0142',
			email: 'gabi@example.com',
			type: 'Tres Leches',
			size: '10-inch',
			message: '',
			imageKey: null,
			submissionToken: crypto.randomUUID(),
		})
		if (!outcome.created) throw new Error('expected a new request')
		expect(await jobsFor(`cake-request-owner:${outcome.id}`)).toHaveLength(1)
		expect(await jobsFor(`cake-request-received:${outcome.id}`)).toHaveLength(1)
	})
})

describe('transports', () => {
	const mail: OutgoingMail = {
		to: ['rosa@example.com'],
		replyTo: 'hello@docedulce.example',
		subject: 'Your order\r\nBcc: x@example.com',
		html: '<p>Thanks</p>',
		text: 'Thanks',
	}

	it('without SMTP_URL outside production, the Outbox keeps one copy per key with its headers', async () => {
		const { parseEnv } = await import('~/utils/env.server')
		const env = parseEnv({ ...process.env, SMTP_URL: '' })
		expect(mailer.mailTransportKind(env)).toBe('outbox')
		const outbox = mailer.createMailTransport(env)
		await outbox.send('order-receipt:outbox-test', mail)
		await outbox.send('order-receipt:outbox-test', { ...mail, text: 'Thanks again' })
		const rows = await prisma.devOutboxMail.findMany({ where: { jobKey: 'order-receipt:outbox-test' } })
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({
			to: ['rosa@example.com'],
			subject: 'Your order Bcc: x@example.com',
			text: 'Thanks again',
		})
		const headers = new Map(rows[0]!.headers as Array<[string, string]>)
		expect(headers.get('Message-ID')).toBe('<order-receipt.outbox-test@docedulce.example>')
		expect(headers.get('Reply-To')).toBe('hello@docedulce.example')
		expect(headers.has('Bcc')).toBe(false)
	})

	it('refuses an address with a display name or a line break instead of sending it', async () => {
		const transport = mailer.createMailTransport()
		await expect(transport.send('k:1', { ...mail, replyTo: 'Eve <eve@example.com>' })).rejects.toThrow(
			'malformed address',
		)
		await expect(transport.send('k:2', { ...mail, to: ['a@example.com\r\nBcc: b@example.com'] })).rejects.toThrow(
			'malformed address',
		)
		expect(smtp.received).toHaveLength(0)
	})

	it('/success promises the mailed receipt only while mail is on; with EMAIL_DISABLED the page is the receipt', async () => {
		const checkout = await import('./checkout-helpers')
		const { applyCheckoutEvent } = await import('~/domain/orders/models/order.server')
		const success = await import('~/routes/success')
		const env = await import('~/utils/env.server')
		const cake = await createMenuItem({ name: 'Quindim', priceCents: 450 })
		const started = await checkout.startCheckout(
			{
				customer: { name: 'Iara', email: 'iara@example.com' },
				items: [{ id: cake.id, quantity: 2 }],
				pickupAt: pickupSlot(),
			},
			{ origin: 'http://localhost:3000' },
		)
		if (!started.ok) throw new Error(started.error)
		const sessionId = new URL(started.url).pathname.split('/').pop()!
		await applyCheckoutEvent({
			eventId: `evt_paid_${sessionId}`,
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId,
		})
		const receiptByEmail = async () => {
			const request = new Request(`http://localhost:3000/success?session_id=${sessionId}`)
			const result = (await success.loader({ request, params: {}, context: {} })) as unknown as {
				data: { order: unknown; receiptByEmail: boolean }
			}
			expect(result.data.order).not.toBeNull()
			return result.data.receiptByEmail
		}
		expect(await receiptByEmail()).toBe(true)
		process.env.EMAIL_DISABLED = 'true'
		env.resetEnv()
		try {
			expect(await receiptByEmail()).toBe(false)
		} finally {
			delete process.env.EMAIL_DISABLED
			env.resetEnv()
		}
	})

	it('EMAIL_DISABLED=true sends nothing and never fails', async () => {
		const { parseEnv } = await import('~/utils/env.server')
		const env = parseEnv({ ...process.env, EMAIL_DISABLED: 'true' })
		const transport = mailer.createMailTransport(env)
		expect(transport.kind).toBe('disabled')
		await expect(transport.send('k:3', mail)).resolves.toBeUndefined()
		expect(smtp.received).toHaveLength(0)
	})
})
