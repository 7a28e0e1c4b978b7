/**
 * The mail a change causes, queued in the transaction that makes the change (decision NEW-mail-queue):
 * both commit or neither does, and the job's id comes from its key, so the same event never queues twice.
 */
import { fromPrisma } from 'pg-boss'
import type { Prisma } from '~/generated/prisma/client'
import type { MailJob } from '~/mail/mail-jobs'
import { sendMailJob } from '~/utils/mail-queue.server'

/** Queues `job` with the caller's transaction; `startAfter` delays it (the review request, a day later). */
export function enqueueMail(tx: Prisma.TransactionClient, job: MailJob, options: { startAfter?: Date } = {}) {
	return sendMailJob(fromPrisma(tx), job, options)
}
