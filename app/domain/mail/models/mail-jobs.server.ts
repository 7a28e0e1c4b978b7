/**
 * The mail a change causes, queued in the transaction that makes the change (decision 034):
 * both commit or neither does, and the job's id comes from its key, so the same event never queues twice.
 */
import { fromPrisma } from 'pg-boss'
import type { Prisma } from '~/generated/prisma/client'
import type { MailJob } from '~/domain/mail/mail-jobs'
import { cancelMailJobs, sendMailJobs } from '~/domain/mail/mail-queue.server'

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

/** Cancels the mails of these jobs still waiting in the queue, with the caller's transaction (an account's deletion). */
export function cancelMail(tx: Prisma.TransactionClient, jobs: readonly MailJob[]) {
	return cancelMailJobs(fromPrisma(tx), jobs)
}
