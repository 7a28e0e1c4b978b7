/**
 * The durable text queue (decision 074): the `text` queue on the mail queue's pg-boss client (one client per
 * process, decision 034). A text's job is inserted in the transaction of the change that causes it, beside the
 * text's row, with an id derived from its key, so the same event never queues twice. Retries after a provider's
 * 429, 5xx or silence wait about 30 s, 2 min, 10 min and 30 min; a refusal for good is not retried.
 */
import type { Db, PgBoss } from 'pg-boss'
import type { TextJob } from './text-jobs'
import { getMailQueue, queueJobId } from '~/domain/mail/index.server'

export const TEXT_QUEUE = 'text'

/** After the first attempt fails: about 30 s, 2 min, 10 min and 30 min (a ready text is no use hours later). */
export const TEXT_RETRY_DELAYS_SECONDS = [30, 2 * 60, 10 * 60, 30 * 60] as const

/**
 * A send that has not finished after this long (its process died) is taken again. The provider's own timeout is
 * 10 s, so an attempt this old is over; the next one first asks the provider whether it went (text-worker.server.ts).
 */
export const TEXT_EXPIRE_SECONDS = 60

/** What a job carries: its text's row and the event. */
export interface TextJobData {
	textId: string
	job: TextJob
}

const ensured = new WeakMap<PgBoss, Promise<void>>()

/** Creates or updates the text queue on this client (once per client). */
export function ensureTextQueue(boss: PgBoss, retryDelays: readonly number[] = TEXT_RETRY_DELAYS_SECONDS) {
	let ready = ensured.get(boss)
	if (!ready) {
		ready = (async () => {
			const queue = {
				retryLimit: retryDelays.length,
				// The worker sets each retry's delay; this one applies after a crash mid-send.
				retryDelay: retryDelays[0] ?? 0,
				retryBackoff: false,
				expireInSeconds: TEXT_EXPIRE_SECONDS,
			}
			if (await boss.getQueue(TEXT_QUEUE)) await boss.updateQueue(TEXT_QUEUE, queue)
			else await boss.createQueue(TEXT_QUEUE, queue)
		})()
		ready.catch(() => ensured.delete(boss))
		ensured.set(boss, ready)
	}
	return ready
}

/** This process's queue client with the text queue in place. */
export async function getTextQueue() {
	const boss = await getMailQueue()
	await ensureTextQueue(boss)
	return boss
}

/** The job id of a key: the same event always maps to the same job. */
function textJobId(key: string) {
	return queueJobId(TEXT_QUEUE, key)
}

/** Inserts a text's job through `db` (the caller's transaction), to start at `startAfter`. */
export async function insertTextJob(db: Db, key: string, data: TextJobData, startAfter: Date) {
	const boss = await getTextQueue()
	await boss.insert(
		TEXT_QUEUE,
		[{ id: textJobId(key), singletonKey: key, data, startAfter: startAfter.toISOString() }],
		{
			db,
		},
	)
}
