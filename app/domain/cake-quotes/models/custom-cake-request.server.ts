import crypto from 'node:crypto'
import type { CakeRequestStatus } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { releaseCakePaymentHoldsIn, releaseSlotIn } from './cake-quote.server'
import { adminRequestFields } from './request-fields.server'
import { isRecordNotFound, isUniqueViolation } from '~/utils/db.server'
import type { Locale } from '~/utils/i18n'
import {
	removeObjectQuietly,
	saveRecord,
	withStoredImage,
	type StoredImageOutcome,
} from '~/domain/content/index.server'
import { enqueueMail } from '~/domain/mail/index.server'

export interface NewCustomCakeRequest {
	name: string
	phone: string
	email: string
	type: string
	size: string
	message: string
	imageKey: string | null
	/** Identifies one submission; a repeat of it (double click, resubmitted page) is not stored twice. */
	submissionToken: string
	/** The language of the page it was sent from (the customer's mails and quote follow it); 'en' when absent. */
	locale?: Locale
}

export type CreateOutcome = { created: true; id: string } | { created: false; duplicateOf: string }

async function findCustomCakeRequestIdByToken(submissionToken: string) {
	const existing = await prisma.customCakeRequest.findUnique({ where: { submissionToken }, select: { id: true } })
	return existing?.id ?? null
}

/**
 * Stores one request and queues the owner's alert and the customer's acknowledgement with it; a second
 * call with the same submission token returns the first request instead.
 */
export async function createCustomCakeRequest(request: NewCustomCakeRequest): Promise<CreateOutcome> {
	try {
		const id = await prisma.$transaction(async (tx) => {
			const { id } = await tx.customCakeRequest.create({ data: request, select: { id: true } })
			await enqueueMail(tx, [
				{ kind: 'cake-request-owner', requestId: id },
				{ kind: 'cake-request-received', requestId: id },
			])
			return id
		})
		return { created: true, id }
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
		const duplicateOf = await findCustomCakeRequestIdByToken(request.submissionToken)
		if (!duplicateOf) throw error
		return { created: false, duplicateOf }
	}
}

export interface CustomCakeSubmission {
	name: string
	phone: string
	email: string
	type: string
	size: string
	message?: string
	image?: File
	/** Issued with the page; absent only when a bot posts without loading it. */
	submissionToken?: string
	/** The language of the page it was sent from. */
	locale?: Locale
}

/** Saved (or already saved), or why not: the route says it in the form's words. */
export type SubmitOutcome = StoredImageOutcome<void>

/**
 * The page's token plus a digest of what was sent: the same form sent twice (double click,
 * resubmitted page) maps to one row, while a different request typed into a page restored from the
 * back button still gets its own.
 */
function submissionIdentity(submission: CustomCakeSubmission, imageBytes: Uint8Array | null) {
	const token = submission.submissionToken ?? crypto.randomUUID()
	const { name, phone, email, type, size, message = '' } = submission
	const hash = crypto.createHash('sha256').update(JSON.stringify([name, phone, email, type, size, message]))
	if (imageBytes) hash.update(imageBytes)
	return `${token}.${hash.digest('base64url').slice(0, 22)}`
}

/**
 * Saves one custom cake request and its optional photo so that both exist or neither does: the
 * photo is checked and re-encoded first (in the public line: decision 023), stored, then the row is
 * written; if the row can't be written the stored photo is removed again.
 */
export async function submitCustomCakeRequest(submission: CustomCakeSubmission): Promise<SubmitOutcome> {
	const imageBytes = submission.image ? new Uint8Array(await submission.image.arrayBuffer()) : null
	const submissionToken = submissionIdentity(submission, imageBytes)
	try {
		if (await findCustomCakeRequestIdByToken(submissionToken)) return { ok: true, value: undefined }
	} catch (error) {
		console.error('Looking up a custom cake request failed:', error)
		return { ok: false, failure: 'database' }
	}

	const { name, phone, email, type, size, message = '', locale } = submission
	const save = async (imageKey: string | null) => {
		const outcome = await createCustomCakeRequest({
			name,
			phone,
			email,
			type,
			size,
			message,
			imageKey,
			submissionToken,
			...(locale ? { locale } : {}),
		})
		// A concurrent copy of this submission won the race: keep its photo, drop ours.
		if (!outcome.created && imageKey) await removeObjectQuietly(imageKey)
	}
	return imageBytes
		? withStoredImage('customCakeImages', imageBytes, 'public', save)
		: saveRecord(() => save(null), null)
}

// --- Admin (requireAdmin is checked by the calling route) ---

/** Every request (or those with one status), newest first, with where its quote stands (the admin list and the CSV export). */
export function listCustomCakeRequests(status?: CakeRequestStatus) {
	return prisma.customCakeRequest.findMany({
		where: status ? { status } : {},
		select: { ...adminRequestFields, status: true, quoteCents: true, paidCents: true, pickupAt: true },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
	})
}

export type AdminCustomCakeRequest = Awaited<ReturnType<typeof listCustomCakeRequests>>[number]

export function countCustomCakeRequestsSince(since: Date) {
	return prisma.customCakeRequest.count({ where: { createdAt: { gte: since } } })
}

/** Deletes the request (giving back a pickup time its quote held) and then its photo; false when it was already gone. */
export async function deleteCustomCakeRequest(id: string): Promise<boolean | 'took-payment'> {
	try {
		const deleted = await prisma.$transaction(async (tx) => {
			// Money received (a deposit, a balance, a stray second deposit) keeps the request: cancel it instead.
			// The foreign key (RESTRICT) refuses the delete too; asking first gives the owner words, not an error.
			if (await tx.cakePayment.count({ where: { requestId: id, paidAt: { not: null } } })) return 'took-payment'
			await releaseSlotIn(tx, id)
			// An unpaid payment's gift card or store credit hold goes back before its record goes (decision 087).
			await releaseCakePaymentHoldsIn(tx, id)
			await tx.cakePayment.deleteMany({ where: { requestId: id } })
			return tx.customCakeRequest.delete({ where: { id }, select: { imageKey: true } })
		})
		if (deleted === 'took-payment') return deleted
		if (deleted.imageKey) await removeObjectQuietly(deleted.imageKey)
		return true
	} catch (error) {
		if (isRecordNotFound(error)) return false
		throw error
	}
}
