/**
 * The site's periodic housekeeping, run once per schedule however many processes run (decision
 * 040). Each task is a pg-boss schedule on the mail queue's client: every process
 * records the schedules (idempotent), pg-boss turns each due occurrence into exactly one job (its
 * cron pass files an occurrence under a singleton key, so two processes cannot both create it), and
 * whichever process works the queue (a web process with MAIL_WORKER=true, or `npm run worker`) takes
 * it. A job cut off by a stop expires and the next occurrence does the work: each task is safe to run
 * again. Delayed mails (the review request a day after pickup) are queue jobs of their own, not schedules.
 */
import type { PgBoss } from 'pg-boss'
import { expireOverdueQuotes, sweepLapsedCakePayments } from '~/domain/cake-quotes/index.server'
import { deleteExpiredSessions } from '~/domain/admin-auth/index.server'
import {
	deleteExpiredCustomerSessions,
	deleteExpiredPasskeyChallenges,
	deleteOldSignInCodes,
} from '~/domain/customers/index.server'
import { sweepAbandonedCheckouts } from '~/domain/orders/index.server'
import { getMailQueue, mailOrigin } from '~/domain/mail/index.server'
import { runBackup } from '~/domain/backups/index.server'
import { enqueueDueReminders } from '~/domain/texts/index.server'
import { sweepLapsedGiftCardPurchases } from '~/domain/wallet/index.server'
import { offerFreedPlaces } from '~/domain/waitlist/index.server'
import { makeDueClubBoxes } from '~/domain/club/index.server'

interface ScheduledTask {
	/** Five-field cron expression, UTC. */
	cron: string
	run: () => Promise<unknown>
	/** Retries of a failed run before the next occurrence (default none: a sweep simply runs again soon). */
	retries?: { limit: number; delaySeconds: number }
	/** A run that has not finished after this long (its process died) no longer blocks the next one. */
	expireSeconds?: number
}

export const scheduledTasks = {
	/** Settles pending checkouts whose expiry webhook never came (app/domain/orders/checkout.server.ts). */
	'checkout-sweep': { cron: '*/2 * * * *', run: () => sweepAbandonedCheckouts() },
	/**
	 * Deletes expired admin and customer sessions, customers' sign-in codes a day past their expiry and passkey
	 * challenges no browser answered.
	 */
	'session-sweep': {
		cron: '17 * * * *',
		run: () =>
			Promise.all([
				deleteExpiredSessions(),
				deleteExpiredCustomerSessions(),
				deleteOldSignInCodes(),
				deleteExpiredPasskeyChallenges(),
			]),
	},
	/** The same for cake deposits and balances (app/domain/cake-quotes/quote-checkout.server.ts). */
	'cake-payment-sweep': { cron: '*/2 * * * *', run: () => sweepLapsedCakePayments() },
	/** The same for gift cards bought online (app/domain/wallet/gift-card-purchase.server.ts, decision 078). */
	'gift-card-sweep': { cron: '*/2 * * * *', run: () => sweepLapsedGiftCardPurchases() },
	/**
	 * Settles the waitlists' offers and offers each freed place to the first in line (decision 091): within a minute of
	 * a place freeing up, whatever freed it (an expiry, a cancellation, a move, the owner's new limit).
	 */
	'waitlist-offers': { cron: '* * * * *', run: () => offerFreedPlaces({ origin: mailOrigin() }) },
	/**
	 * Makes each bread club box whose cutoff has come into a paid order, exactly once, and credits the boxes not made
	 * (decision 093): within a minute of the cutoff.
	 */
	'club-boxes': { cron: '* * * * *', run: () => makeDueClubBoxes() },
	/** Queues the pickup reminder texts due now, each once (decision 074; the owner picks which on /admin/texts). */
	'text-reminders': { cron: '*/5 * * * *', run: () => enqueueDueReminders() },
	/** Ends custom cake quotes past their "valid until" and frees their pickup times (decision 041). */
	'quote-expiry': { cron: '*/5 * * * *', run: () => expireOverdueQuotes() },
	/**
	 * The database's backup to the backup store (decision 059), at 02:30 in Everett in winter (03:30 in summer),
	 * the quietest hour. Retried after about 5, 10 and 20 minutes: a storage hiccup should not cost the night's backup.
	 */
	'nightly-backup': {
		cron: '30 10 * * *',
		run: () => runBackup(),
		retries: { limit: 3, delaySeconds: 5 * 60 },
		expireSeconds: 60 * 60,
	},
} satisfies Record<string, ScheduledTask>

type ScheduledTaskName = keyof typeof scheduledTasks

const taskNames = Object.keys(scheduledTasks) as ScheduledTaskName[]

const TASK_EXPIRE_SECONDS = 10 * 60

/** Creates each task's queue and records its schedule (every process does; both are idempotent). */
async function ensureSchedules(boss: PgBoss) {
	for (const name of taskNames) {
		// `stately`: at most one run waiting and one running, so a slow sweep never overlaps the next.
		const task: ScheduledTask = scheduledTasks[name]
		const queue = {
			retryLimit: task.retries?.limit ?? 0,
			retryDelay: task.retries?.delaySeconds ?? 0,
			retryBackoff: Boolean(task.retries),
			expireInSeconds: task.expireSeconds ?? TASK_EXPIRE_SECONDS,
		}
		if (await boss.getQueue(name)) await boss.updateQueue(name, queue)
		else await boss.createQueue(name, { ...queue, policy: 'stately' })
		await boss.schedule(name, scheduledTasks[name].cron, null, { tz: 'UTC' })
	}
}

/**
 * Records the schedules and, with `work`, takes this process's share of the runs (the processes that
 * send mail also do the housekeeping). Stopping the mail queue (stopMailQueue) stops these workers too.
 */
export async function startScheduledWork({ work }: { work: boolean }) {
	const boss = await getMailQueue()
	await ensureSchedules(boss)
	if (!work) return
	for (const name of taskNames) {
		await boss.work(name, { pollingIntervalSeconds: 10 }, async () => {
			try {
				await scheduledTasks[name].run()
			} catch (error) {
				console.error(`Scheduled ${name} failed: ${error instanceof Error ? error.message : String(error)}`)
				throw error
			}
		})
	}
}
