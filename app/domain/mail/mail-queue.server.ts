/**
 * The durable mail queue (decision 034): pg-boss on the site's own Postgres, in its own
 * `pgboss` schema. Every mail is a `mail` job whose id is derived from its key (`mailKey`), inserted
 * in the transaction of the change that causes it (`enqueueMail` in app/domain/mail/models/mail-jobs.server.ts),
 * so a crash between the two loses nothing and a second insert for the same event is a no-op. Jobs
 * that fail for good move to the `mail-dead` queue, which nothing works: the dashboard lists them and
 * "Retry" moves one back.
 */
import crypto from 'node:crypto'
import { PgBoss, type Db, type JobWithMetadata } from 'pg-boss'
import { mailKey, type MailJob, type MailKind } from './mail-jobs'
import { getEnv } from '~/utils/env.server'

export const MAIL_QUEUE = 'mail'
export const MAIL_DEAD_QUEUE = 'mail-dead'
const SCHEMA = 'pgboss'

/** After the first attempt fails: about 1 min, 5 min, 30 min and 2 h, then the dead-letter queue. */
export const MAIL_RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60] as const

/** A send that has not finished after this long (the process died mid-send) is tried again. */
const MAIL_EXPIRE_SECONDS = 120
/** How long a dead mail stays listed on the dashboard. */
const DEAD_MAIL_RETENTION_SECONDS = 30 * 24 * 60 * 60

declare global {
	// One queue client per process (the Remix build, the server and dev reloads share it).
	var __mailQueue: Promise<PgBoss> | undefined
}

export interface MailQueueOptions {
	/** Retry delays after each failed attempt (tests shorten them); their count is the number of retries. */
	retryDelaysSeconds?: readonly number[]
}

function createBoss(databaseUrl: string) {
	const boss = new PgBoss({
		connectionString: databaseUrl,
		schema: SCHEMA,
		max: 3,
		application_name: 'bakery-mail',
		// Turns the housekeeping schedules (app/domain/housekeeping/scheduled-work.server.ts) into one job per occurrence,
		// whichever processes run it.
		schedule: true,
	})
	boss.on('error', (error) => console.error(`Mail queue error: ${queueErrorText(error)}`))
	return boss
}

/**
 * One line per error: the message only (pg's error object prints its whole client, connection settings
 * and all), and the queue when pg-boss names one. A worker's errors arrive as plain objects, not Errors.
 */
export function queueErrorText(error: unknown): string {
	if (typeof error !== 'object' || error === null) return String(error)
	const { message, queue } = error as { message?: unknown; queue?: unknown }
	const text = typeof message === 'string' && message ? message : JSON.stringify(error)
	return typeof queue === 'string' ? `${text} (queue ${queue})` : text
}

/** Creates or updates the two queues with the retry schedule. */
async function ensureQueues(boss: PgBoss, retryDelays: readonly number[]) {
	const dead = { retentionSeconds: DEAD_MAIL_RETENTION_SECONDS }
	if (await boss.getQueue(MAIL_DEAD_QUEUE)) await boss.updateQueue(MAIL_DEAD_QUEUE, dead)
	else await boss.createQueue(MAIL_DEAD_QUEUE, dead)
	const mail = {
		retryLimit: retryDelays.length,
		// The worker sets each retry's delay (retryMailLater); this one applies after a crash mid-send.
		retryDelay: retryDelays[0] ?? 0,
		retryBackoff: false,
		expireInSeconds: MAIL_EXPIRE_SECONDS,
	}
	if (await boss.getQueue(MAIL_QUEUE)) await boss.updateQueue(MAIL_QUEUE, mail)
	else await boss.createQueue(MAIL_QUEUE, { ...mail, deadLetter: MAIL_DEAD_QUEUE })
}

/**
 * The process's started queue client: installs or migrates the `pgboss` schema and the queues on first
 * use (the server calls it at boot, so the first request that enqueues finds everything in place).
 */
export function getMailQueue(options: MailQueueOptions = {}): Promise<PgBoss> {
	globalThis.__mailQueue ??= (async () => {
		const { DATABASE_URL } = getEnv()
		if (!DATABASE_URL) throw new Error('DATABASE_URL is not set: start the server through server/index.ts')
		const boss = createBoss(DATABASE_URL)
		try {
			await boss.start()
			await ensureQueues(boss, options.retryDelaysSeconds ?? MAIL_RETRY_DELAYS_SECONDS)
			return boss
		} catch (error) {
			await boss.stop({ graceful: false }).catch(() => undefined)
			throw error
		}
	})().catch((error: unknown) => {
		globalThis.__mailQueue = undefined
		throw error
	})
	return globalThis.__mailQueue
}

/** Stops the worker (waiting up to `timeoutMs` for a send in progress) and closes the queue's connections. */
export async function stopMailQueue(timeoutMs = 1_500) {
	const started = globalThis.__mailQueue
	globalThis.__mailQueue = undefined
	const boss = await started?.catch(() => undefined)
	await boss?.stop({ graceful: true, timeout: timeoutMs })
}

/** The job id of a key: the same event always maps to the same job, so the queue keeps one. */
export function mailJobId(key: string) {
	return queueJobId(MAIL_QUEUE, key)
}

/** A UUID derived from a queue's name and an event's key (pg-boss job ids are UUIDs). */
export function queueJobId(queue: string, key: string) {
	const bytes = crypto.createHash('sha256').update(`${queue}:${key}`).digest().subarray(0, 16)
	bytes[6] = (bytes[6]! & 0x0f) | 0x50
	bytes[8] = (bytes[8]! & 0x3f) | 0x80
	const hex = bytes.toString('hex')
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Inserts the jobs through `db` (the caller's transaction) in one statement. Resolves to how many were
 * queued: an event whose job already exists adds nothing.
 */
export async function sendMailJobs(db: Db, jobs: readonly MailJob[], { startAfter }: { startAfter?: Date } = {}) {
	const boss = await getMailQueue()
	const rows = jobs.map((job) => {
		const key = mailKey(job)
		return { id: mailJobId(key), singletonKey: key, data: job, startAfter: startAfter?.toISOString() }
	})
	const ids = await boss.insert(MAIL_QUEUE, rows, { db, returnId: true })
	return ids?.length ?? 0
}

/**
 * Cancels these mails if they are still waiting or being retried (a job that was never queued is a no-op), through
 * `db` (the caller's transaction).
 */
export async function cancelMailJobs(db: Db, jobs: readonly MailJob[]) {
	if (jobs.length === 0) return
	const boss = await getMailQueue()
	await boss.cancel(
		MAIL_QUEUE,
		jobs.map((job) => mailJobId(mailKey(job))),
		{ db },
	)
}

/** What the worker records when a mail fails: why, and to whom and what when it got that far. */
export interface MailFailure {
	message: string
	to?: string[]
	subject?: string
}

export interface DeadMail {
	id: string
	kind: MailKind
	key: string
	failure: MailFailure
	failedAt: Date
	attempts: number
}

function isMailFailure(value: unknown): value is MailFailure {
	return typeof value === 'object' && value !== null && typeof (value as MailFailure).message === 'string'
}

/** Mails that failed for good (every retry used), newest first. */
export async function listDeadMails(limit = 50): Promise<DeadMail[]> {
	const boss = await getMailQueue()
	const jobs = (await boss.findJobs<MailJob>(MAIL_DEAD_QUEUE, { queued: true, limit: 1_000 })) as Array<
		JobWithMetadata<MailJob>
	>
	return jobs
		.map((job) => ({
			id: job.id,
			kind: job.data.kind,
			key: mailKey(job.data),
			failure: isMailFailure(job.sourceOutput) ? job.sourceOutput : { message: 'Unknown error' },
			failedAt: job.createdOn,
			attempts: (job.sourceRetryCount ?? 0) + 1,
		}))
		.sort((a, b) => b.failedAt.getTime() - a.failedAt.getTime())
		.slice(0, limit)
}

/** The owner's Retry: the dead mail goes back to the queue with its retries afresh. False when it is no longer there. */
export async function retryDeadMail(id: string) {
	const boss = await getMailQueue()
	return (await boss.redrive(MAIL_DEAD_QUEUE, { ids: [id] })) > 0
}
