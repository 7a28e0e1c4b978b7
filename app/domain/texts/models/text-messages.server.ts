/**
 * The texts' rows (decision 074): one per event, queued with its job in the transaction of the change that causes it,
 * then taken, sent and recorded by the worker through conditional updates, so two workers never both send one.
 */
import { fromPrisma } from 'pg-boss'
import type { Prisma } from '~/generated/prisma/client'
import type { TextChannel, TextStatus } from '~/generated/prisma/enums'
import { prisma } from '~/utils/db.server'
import { isLocale, type Locale } from '~/utils/i18n'
import { normalizePhoneNumber } from '../phone-number'
import { textSendTime } from '../quiet-hours'
import { isRequestedText, oneOffOf, textKey, type TextJob } from '../text-jobs'
import { insertTextJob } from '../text-queue.server'
import { channelForText } from './text-consent.server'

/** Who a job's text is for: the order's or cake request's phone, language and pickup. */
async function recipient(tx: Prisma.TransactionClient, job: TextJob) {
	if ('purchaseId' in job) {
		const purchase = await tx.giftCardPurchase.findUnique({
			where: { id: job.purchaseId },
			select: { recipientPhone: true, locale: true },
		})
		return purchase && { phone: purchase.recipientPhone, locale: purchase.locale, pickupAt: null }
	}
	if ('orderId' in job) {
		const order = await tx.order.findUnique({
			where: { id: job.orderId },
			select: { customerPhone: true, locale: true, pickupAt: true },
		})
		return order && { phone: order.customerPhone, locale: order.locale, pickupAt: order.pickupAt }
	}
	const request = await tx.customCakeRequest.findUnique({
		where: { id: job.requestId },
		select: { phone: true, locale: true, pickupAt: true },
	})
	return request && { phone: request.phone, locale: request.locale, pickupAt: request.pickupAt }
}

export interface EnqueueTextOptions {
	/** The earliest the text may go (a reminder's time); quiet hours may delay it further. Default: now. */
	startAfter?: Date
	/** The clock (tests). */
	now?: Date
}

/**
 * Queues the event's text with the caller's transaction when its customer's number has a standing consent (no row
 * otherwise: most customers never opt in), or when the customer asked for this very text (a phone order's payment
 * link, a waitlist's offer: by SMS unless their consent names another channel, and at once, quiet hours or not). Resolves to whether a text was queued (false: no consent, or the event was
 * already queued). It goes at `startAfter`, or at the end of quiet hours unless the pickup is sooner (decision 069).
 */
export async function enqueueText(tx: Prisma.TransactionClient, job: TextJob, options: EnqueueTextOptions = {}) {
	const to = await recipient(tx, job)
	const phone = to?.phone ? normalizePhoneNumber(to.phone) : null
	if (!to || !phone) return false
	const channel = await channelForText(phone, oneOffOf(job, 'SMS'), tx)
	if (!channel) return false
	const key = textKey(job)
	const at = options.startAfter ?? options.now ?? new Date()
	// A text the customer asked for goes at once: they are on the phone waiting for it (quiet hours are for the rest).
	const sendAfter = isRequestedText(job) ? at : textSendTime(at, to.pickupAt)
	const [row] = await tx.$queryRaw<Array<{ id: string }>>`
		INSERT INTO "TextMessage" ("id", "key", "kind", "orderId", "cakeRequestId", "to", "channel", "locale", "sendAfter", "updatedAt")
		VALUES (gen_random_uuid()::text, ${key}, ${job.kind}, ${'orderId' in job ? job.orderId : null},
			${'requestId' in job ? job.requestId : null}, ${phone}, ${channel}::"TextChannel",
			${isLocale(to.locale) ? to.locale : 'en'}, ${sendAfter}, now())
		ON CONFLICT ("key") DO NOTHING
		RETURNING "id"`
	if (!row) return false
	await insertTextJob(fromPrisma(tx), key, { textId: row.id, job }, sendAfter)
	return true
}

export interface ClaimedText {
	id: string
	kind: string
	to: string
	channel: TextChannel
	locale: Locale
	body: string
	attempts: number
	/** The start of an earlier attempt that never recorded its outcome (its process died mid-send), or null. */
	interruptedAttemptAt: Date | null
}

/**
 * Takes a text for one attempt: a queued one, or one whose attempt started before `staleBefore` and never finished.
 * One statement with the row locked, so of two workers exactly one gets it. Null: sent, skipped, failed, or another
 * worker's attempt is under way.
 */
export async function claimText(id: string, staleBefore: Date): Promise<ClaimedText | null> {
	const [row] = await prisma.$queryRaw<
		Array<
			Omit<ClaimedText, 'locale' | 'interruptedAttemptAt'> & {
				locale: string
				previousStatus: TextStatus
				previousAttemptAt: Date | null
			}
		>
	>`
		WITH previous AS (
			SELECT "id", "status", "attemptStartedAt" FROM "TextMessage" WHERE "id" = ${id} FOR UPDATE
		)
		UPDATE "TextMessage" AS text
		SET "status" = 'SENDING', "attempts" = text."attempts" + 1, "attemptStartedAt" = now(), "updatedAt" = now()
		FROM previous
		WHERE text."id" = previous."id"
			AND (previous."status" = 'QUEUED'
				OR (previous."status" = 'SENDING' AND previous."attemptStartedAt" < ${staleBefore}))
		RETURNING text."id", text."kind", text."to", text."channel", text."locale", text."body", text."attempts",
			previous."status" AS "previousStatus", previous."attemptStartedAt" AS "previousAttemptAt"`
	if (!row) return null
	const { previousStatus, previousAttemptAt, locale, ...text } = row
	return {
		...text,
		locale: isLocale(locale) ? locale : 'en',
		interruptedAttemptAt: previousStatus === 'SENDING' ? previousAttemptAt : null,
	}
}

/** Each update below applies only to the attempt that holds the text (its status SENDING and its attempt count). */
function held(text: Pick<ClaimedText, 'id' | 'attempts'>) {
	return { id: text.id, status: 'SENDING' as const, attempts: text.attempts }
}

/** The words and channel of this attempt, kept before the provider is asked: a retry sends the same words. */
export async function recordTextBody(text: ClaimedText, body: string, channel: TextChannel) {
	await prisma.textMessage.updateMany({ where: held(text), data: { body, channel } })
}

export async function markTextSent(
	text: ClaimedText,
	outcome: { transport: 'twilio' | 'outbox'; providerSid: string | null },
) {
	await prisma.textMessage.updateMany({
		where: held(text),
		data: { status: 'SENT', sentAt: new Date(), lastError: null, ...outcome },
	})
}

export async function markTextSkipped(text: ClaimedText, reason: string, transport?: 'disabled') {
	await prisma.textMessage.updateMany({ where: held(text), data: { status: 'SKIPPED', reason, transport } })
}

export async function markTextFailed(text: ClaimedText, error: string) {
	await prisma.textMessage.updateMany({
		where: held(text),
		data: { status: 'FAILED', reason: error, lastError: error, transport: 'twilio' },
	})
}

/** A failed attempt that will be tried again. */
export async function markTextRetrying(text: ClaimedText, error: string) {
	await prisma.textMessage.updateMany({ where: held(text), data: { status: 'QUEUED', lastError: error } })
}

/** The event's text, when one was queued (staff see whether a phone order's link went by text). */
export function findTextForEvent(job: TextJob) {
	return prisma.textMessage.findUnique({ where: { key: textKey(job) }, select: { to: true, status: true } })
}

/** The newest texts first, for the owner's Outbox. */
export function listTexts(take = 100) {
	return prisma.textMessage.findMany({
		select: {
			id: true,
			kind: true,
			to: true,
			channel: true,
			locale: true,
			body: true,
			status: true,
			reason: true,
			transport: true,
			attempts: true,
			lastError: true,
			sendAfter: true,
			sentAt: true,
			createdAt: true,
		},
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take,
	})
}

/**
 * A deleted account's texts (decision 067): the rows about its orders and cake requests go (a job still waiting finds
 * no row and sends nothing), and so does the consent of each of its numbers (the phones as typed).
 */
export async function forgetCustomerTexts(
	tx: Prisma.TransactionClient,
	about: { orderIds: readonly string[]; cakeRequestIds: readonly string[]; phones: readonly string[] },
) {
	await tx.textMessage.deleteMany({
		where: { OR: [{ orderId: { in: [...about.orderIds] } }, { cakeRequestId: { in: [...about.cakeRequestIds] } }] },
	})
	const numbers = about.phones.flatMap((phone) => normalizePhoneNumber(phone) ?? [])
	if (numbers.length > 0) await tx.textConsent.deleteMany({ where: { phone: { in: numbers } } })
}

/**
 * What the bakery holds of a customer's texts (their data download, decision 067): the consent of each of their
 * numbers with the words they agreed to, and the texts sent about their orders and cake requests, oldest first.
 */
export async function customerTextRecords(about: {
	orderIds: readonly string[]
	cakeRequestIds: readonly string[]
	phones: readonly (string | null)[]
}) {
	const numbers = [...new Set(about.phones.flatMap((phone) => (phone ? (normalizePhoneNumber(phone) ?? []) : [])))]
	const [consents, messages] = await Promise.all([
		prisma.textConsent.findMany({
			where: { phone: { in: numbers } },
			orderBy: { phone: 'asc' },
			select: {
				phone: true,
				channel: true,
				wording: true,
				version: true,
				source: true,
				grantedAt: true,
				withdrawnAt: true,
				withdrawnBy: true,
			},
		}),
		prisma.textMessage.findMany({
			where: {
				OR: [{ orderId: { in: [...about.orderIds] } }, { cakeRequestId: { in: [...about.cakeRequestIds] } }],
			},
			orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
			select: { kind: true, to: true, channel: true, body: true, status: true, sentAt: true, createdAt: true },
		}),
	])
	return { consents, messages }
}
