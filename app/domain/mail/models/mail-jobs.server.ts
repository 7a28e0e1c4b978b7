/**
 * The mail a change causes, queued in the transaction that makes the change (decision 034):
 * both commit or neither does, and the job's id comes from its key, so the same event never queues twice.
 */
import { fromPrisma } from 'pg-boss'
import type { Prisma } from '~/generated/prisma/client'
import type { MailJob } from '~/domain/mail/mail-jobs'
import { sendMailJobs } from '~/domain/mail/mail-queue.server'

/**
 * Queues the event's mails with the caller's transaction, in one statement; `startAfter` delays them
 * (the review request, a day later). Resolves to how many were new (0: the event was already queued).
 */
export function enqueueMail(
	tx: Prisma.TransactionClient,
	jobs: MailJob | readonly MailJob[],
	options: { startAfter?: Date } = {},
) {
	return sendMailJobs(fromPrisma(tx), Array.isArray(jobs) ? jobs : [jobs as MailJob], options)
}
