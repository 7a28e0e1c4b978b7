/**
 * Mail queue benchmark (not a test; issue 15's targets):
 * - the enqueue cost inside an event's transaction: the two jobs of a paid order (`enqueueMail` with both, in one
 *   Prisma interactive transaction), p95 ≤ 5 ms; and the whole payment fulfilment with them
 *   (`applyCheckoutEvent`), for comparison;
 * - 1,000 queued mails drained by one worker (`startMailWorker`) into a local SMTP server (smtp-server).
 *
 *   npm run bench:mail
 *
 * In-process against a fresh migrated database on DATABASE_URL's server (else an embedded Postgres), dropped
 * at the end. BENCH_MAILS changes the number of mails (default 1,000).
 */
import { runPrisma } from '../server/prisma-cli'
import { startLocalSmtp } from '../tests/mocks/smtp-server'
import { createBenchDatabase, summary } from './in-process'

const MAILS = Number(process.env.BENCH_MAILS ?? 1_000)
const PAYMENTS = 300

const database = await createBenchDatabase('mail')
const smtp = await startLocalSmtp()
Object.assign(process.env, {
	DATABASE_URL: database.url,
	SMTP_URL: smtp.url,
	MAIL_FROM: 'Doce Dulce Bakery <orders@docedulce.example>',
	OWNER_NOTIFY_EMAILS: 'owner@docedulce.example',
})
let passed = false
try {
	await runPrisma(['migrate', 'deploy'], database.url)
	const { prisma } = await import('~/utils/db.server')
	const { enqueueMail } = await import('~/domain/mail/models/mail-jobs.server')
	const { applyCheckoutEvent } = await import('~/domain/orders/models/order.server')
	const { getMailQueue, stopMailQueue } = await import('~/domain/mail/mail-queue.server')
	const { startMailWorker } = await import('~/domain/mail/mail-worker.server')
	await getMailQueue()

	// 1. Two enqueues inside a transaction, as a payment does.
	const enqueueSamples: number[] = []
	for (let index = 0; index < MAILS / 2; index += 1) {
		const orderId = `bench-order-${index}`
		await prisma.$transaction(async (tx) => {
			const startedAt = performance.now()
			await enqueueMail(tx, [
				{ kind: 'order-paid-owner', orderId },
				{ kind: 'order-receipt', orderId },
			])
			enqueueSamples.push(performance.now() - startedAt)
		})
	}
	const enqueueOk = summary('enqueue the 2 mails of a payment, inside its transaction', enqueueSamples, 5)

	// 2. The whole fulfilment of a payment (claim the event, mark paid, queue 2 mails), for comparison.
	const fulfilSamples: number[] = []
	for (let index = 0; index < PAYMENTS; index += 1) {
		const sessionId = `bench_cs_${index}`
		await prisma.order.create({
			data: {
				customerName: 'Bench',
				customerEmail: 'bench@example.com',
				totalCents: 500,
				providerSessionId: sessionId,
			},
		})
		const startedAt = performance.now()
		await applyCheckoutEvent({
			eventId: `bench-evt-${index}`,
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId,
		})
		fulfilSamples.push(performance.now() - startedAt)
	}
	summary('applyCheckoutEvent (paid) with its 2 mails', fulfilSamples)
	// Only the first part's mails are drained below.
	await prisma.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE data->>'orderId' NOT LIKE 'bench-order-%'`)

	// 3. Drain the queued mails with one worker into the local SMTP server.
	const compose = async (job: { kind: string; orderId?: string }) => ({
		to: job.kind === 'order-receipt' ? ['customer@example.com'] : ['owner@docedulce.example'],
		subject: `${job.kind} ${job.orderId}`,
		html: `<p>Order ${job.orderId}</p>`.repeat(40),
		text: `Order ${job.orderId}\n`.repeat(40),
	})
	const drainStart = performance.now()
	const stop = await startMailWorker({ compose, pollingIntervalSeconds: 0.5 })
	await smtp.waitFor(MAILS, 600_000)
	const seconds = (performance.now() - drainStart) / 1000
	console.log(
		`drain ${MAILS} queued mails, one worker: ${seconds.toFixed(1)} s (${(MAILS / seconds).toFixed(0)} mails/s)`,
	)
	await stop()
	await stopMailQueue()
	await prisma.$disconnect()
	passed = enqueueOk
} finally {
	await smtp.stop()
	await database.drop()
}
process.exit(passed ? 0 : 1)
