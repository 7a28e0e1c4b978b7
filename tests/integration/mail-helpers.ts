import type { MailJob } from '~/domain/mail/mail-jobs'

/** Empties both mail queues (the tests' own fixtures start from none). */
export async function clearMailQueues() {
	const { getMailQueue, MAIL_QUEUE, MAIL_DEAD_QUEUE } = await import('~/domain/mail/mail-queue.server')
	const boss = await getMailQueue()
	await boss.deleteAllJobs(MAIL_QUEUE)
	await boss.deleteAllJobs(MAIL_DEAD_QUEUE)
}

/**
 * A mail every attempt failed for, as the worker leaves it: failed with no retry left, so pg-boss moves
 * it to the dead-letter queue. Resolves to its id there (what the dashboard's Retry posts).
 */
export async function failMailForGood(job: MailJob, message = 'connect ECONNREFUSED 127.0.0.1:587') {
	const { getMailQueue, MAIL_QUEUE, MAIL_DEAD_QUEUE } = await import('~/domain/mail/mail-queue.server')
	const boss = await getMailQueue()
	const id = await boss.send(MAIL_QUEUE, job, { retryLimit: 0, startAfter: 3_600 })
	await boss.fail(MAIL_QUEUE, id!, { message })
	const dead = await boss.findJobs(MAIL_DEAD_QUEUE, { queued: true })
	const copy = dead.find((candidate) => candidate.sourceId === id)
	if (!copy) throw new Error('The failed mail did not reach the dead-letter queue')
	return copy.id
}
