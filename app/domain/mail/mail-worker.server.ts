/**
 * The mail worker (decision 034): takes `mail` jobs in small batches, composes each mail from
 * the records it names and hands it to the transport. A failed attempt is retried after about 1 min,
 * 5 min, 30 min and 2 h; after the last, pg-boss moves the job to the dead-letter queue the dashboard
 * lists. At-least-once: a send cut off by a crash expires and runs again with the same Message-ID.
 */
import type { Job } from 'pg-boss'
import { mailKey, type MailJob, type OutgoingMail } from './mail-jobs'
import { createMailTransport, type MailTransport } from './mailer.server'
import {
	getMailQueue,
	MAIL_QUEUE,
	MAIL_RETRY_DELAYS_SECONDS,
	stopMailQueue,
	type MailFailure,
} from './mail-queue.server'

/** Mails sent at once by one worker (the SMTP transport pools its connections). */
const BATCH_SIZE = 10

/** Builds a job's mail from the database; null when its record is gone (the job completes without a mail). */
export type MailComposer = (job: MailJob) => Promise<OutgoingMail | null>

export interface MailWorkerOptions {
	compose: MailComposer
	transport?: MailTransport
	/** Tests shorten these; production uses MAIL_RETRY_DELAYS_SECONDS. */
	retryDelaysSeconds?: readonly number[]
	/** How often an idle worker looks for due jobs. */
	pollingIntervalSeconds?: number
}

/** Starts the queue and its worker in this process; resolves to what stops both (waiting for a send in progress). */
export async function startMailWorker({
	compose,
	transport = createMailTransport(),
	retryDelaysSeconds = MAIL_RETRY_DELAYS_SECONDS,
	pollingIntervalSeconds = 2,
}: MailWorkerOptions) {
	const boss = await getMailQueue({ retryDelaysSeconds })
	const deliver = async (job: Job<MailJob>) => {
		let mail: OutgoingMail | null = null
		try {
			mail = await compose(job.data)
			if (mail) await transport.send(mailKey(job.data), mail)
		} catch (error) {
			const failure: MailFailure = {
				message: error instanceof Error ? error.message : String(error),
				...(mail ? { to: mail.to, subject: mail.subject } : {}),
			}
			// Failed here rather than thrown, so this attempt's delay is set as it goes back to the queue.
			await boss.fail(MAIL_QUEUE, { id: job.id, retryCount: job.retryCount }, failure)
			const delay = retryDelaysSeconds[job.retryCount]
			const last = delay === undefined
			console.error(
				`Mail ${mailKey(job.data)} failed (attempt ${job.retryCount + 1}): ${failure.message}` +
					(last ? ' — failed for good; listed on the dashboard.' : ` — retrying in ${delay} s.`),
			)
			if (!last) await boss.update(MAIL_QUEUE, undefined, { id: job.id, startAfter: delay })
		}
	}
	// Up to BATCH_SIZE mails at once over the pooled SMTP connections; while batches come back full the
	// worker fetches again at once (a backlog drains without waiting for the next poll).
	await boss.work<MailJob>(
		MAIL_QUEUE,
		{ batchSize: BATCH_SIZE, burstWhenBatchFull: true, pollingIntervalSeconds },
		async (jobs) => {
			// One mail's bookkeeping failing (the database gone) never fails the others of the batch, which
			// would send them again: that job stays active, expires and is tried again.
			const outcomes = await Promise.allSettled(jobs.map(deliver))
			for (const outcome of outcomes) {
				if (outcome.status === 'rejected') console.error('Recording a mail attempt failed:', outcome.reason)
			}
		},
	)
	return async () => {
		await stopMailQueue()
		transport.close()
	}
}
