/**
 * The text worker (decision 074): takes `text` jobs, checks the number's consent again, composes the words in the
 * customer's language and hands them to the provider. Exactly once: a text's row is taken by one attempt at a time
 * (claimText), and an attempt cut off between the provider's answer and our record of it (a crash) is recognised by
 * its age; the next attempt first asks the provider for a text with the same words sent since, and records that one
 * instead of sending again. A 429, 5xx or silence is retried after about 30 s, 2 min, 10 min and 30 min; a refusal
 * for good (an invalid number, 21610 "the number opted out") is recorded and never retried.
 */
import type { Job, PgBoss } from 'pg-boss'
import { queueErrorText } from '~/domain/mail/index.server'
import { composeText } from './compose.server'
import { oneOffOf } from './text-jobs'
import { channelForText, withdrawTextConsent } from './models/text-consent.server'
import {
	claimText,
	markTextFailed,
	markTextRetrying,
	markTextSent,
	markTextSkipped,
	recordTextBody,
	type ClaimedText,
} from './models/text-messages.server'
import {
	textTransportKind,
	TextProviderError,
	twilioProvider,
	type TextProvider,
	type TextTransportKind,
} from './text-provider.server'
import {
	ensureTextQueue,
	getTextQueue,
	TEXT_EXPIRE_SECONDS,
	TEXT_QUEUE,
	TEXT_RETRY_DELAYS_SECONDS,
	type TextJobData,
} from './text-queue.server'

/** Twilio's "the recipient replied STOP to the provider": the number's consent ends here too. */
const TWILIO_UNSUBSCRIBED = 21610

export interface TextWorkerOptions {
	/** The site's origin for links (APP_URL). */
	origin: string
	/** Default: this process's queue client; tests pass a second client to play a second process. */
	boss?: PgBoss
	transport?: TextTransportKind
	provider?: TextProvider
	retryDelaysSeconds?: readonly number[]
	pollingIntervalSeconds?: number
}

let loggedDisabled = false

/** Starts this process's text worker on the queue client; stopping the client (stopMailQueue) stops it. */
export async function startTextWorker({
	origin,
	boss,
	transport = textTransportKind(),
	provider = transport === 'twilio' ? twilioProvider() : undefined,
	retryDelaysSeconds = TEXT_RETRY_DELAYS_SECONDS,
	pollingIntervalSeconds = 2,
}: TextWorkerOptions) {
	const queue = boss ?? (await getTextQueue())
	await ensureTextQueue(queue, retryDelaysSeconds)

	const attempt = async (text: ClaimedText, job: TextJobData['job']) => {
		if (transport === 'disabled') {
			if (!loggedDisabled) {
				loggedDisabled = true
				console.log(`TEXTS_DISABLED=true: texts are not sent (first skipped: ${job.kind}).`)
			}
			return markTextSkipped(text, 'texts-disabled', 'disabled')
		}
		const channel = await channelForText(text.to, oneOffOf(job, text.channel))
		if (!channel) return markTextSkipped(text, 'no-consent')
		const consent = { channel }
		// A retry sends the words the first attempt composed.
		const body = text.body || (await composeText(job, text.locale, origin))
		if (!body) return markTextSkipped(text, 'no-longer-applies')
		await recordTextBody(text, body, consent.channel)
		if (transport === 'outbox' || !provider) return markTextSent(text, { transport: 'outbox', providerSid: null })
		const outgoing = { to: text.to, channel: consent.channel, body }
		const alreadySent = text.interruptedAttemptAt && (await provider.findSent(outgoing, text.interruptedAttemptAt))
		const providerSid = alreadySent || (await provider.send(outgoing))
		await markTextSent(text, { transport: 'twilio', providerSid })
	}

	const deliver = async (job: Job<TextJobData>) => {
		const staleBefore = new Date(Date.now() - TEXT_EXPIRE_SECONDS * 1000)
		const text = await claimText(job.data.textId, staleBefore)
		if (!text) return
		try {
			await attempt(text, job.data.job)
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error)
			if (error instanceof TextProviderError && !error.retry) {
				console.error(`Text ${job.data.job.kind} ${text.id} refused for good: ${message}`)
				await markTextFailed(text, message)
				if (error.code === TWILIO_UNSUBSCRIBED) await withdrawTextConsent(text.to, 'provider')
				return
			}
			const delay = retryDelaysSeconds[job.retryCount]
			if (delay === undefined) {
				console.error(
					`Text ${job.data.job.kind} ${text.id} failed for good after ${job.retryCount + 1} attempts: ${message}`,
				)
				await markTextFailed(text, message)
				return
			}
			console.error(
				`Text ${job.data.job.kind} ${text.id} failed (attempt ${job.retryCount + 1}): ${message} — retrying in ${delay} s.`,
			)
			await markTextRetrying(text, message)
			await queue.fail(TEXT_QUEUE, { id: job.id, retryCount: job.retryCount }, { message })
			await queue.update(TEXT_QUEUE, undefined, { id: job.id, startAfter: delay })
		}
	}

	await queue.work<TextJobData>(TEXT_QUEUE, { batchSize: 5, pollingIntervalSeconds }, async (jobs) => {
		const outcomes = await Promise.allSettled(jobs.map(deliver))
		for (const outcome of outcomes) {
			if (outcome.status === 'rejected')
				console.error(`Recording a text attempt failed: ${queueErrorText(outcome.reason)}`)
		}
	})
}
