import crypto from 'node:crypto'
import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { prepareUploadedImage, type UploadRejection } from '~/utils/images.server'

// Other upload forms (admin) share these texts.
export { imageRejectionMessages } from '~/utils/images.server'
import { createObjectKey, deleteObject, putObject } from '~/utils/storage.server'

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
}

export type CreateOutcome = { created: true; id: string } | { created: false; duplicateOf: string }

function isUniqueViolation(error: unknown) {
	return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

export async function findCustomCakeRequestIdByToken(submissionToken: string) {
	const existing = await prisma.customCakeRequest.findUnique({ where: { submissionToken }, select: { id: true } })
	return existing?.id ?? null
}

/** Stores one request; a second call with the same submission token returns the first request instead. */
export async function createCustomCakeRequest(request: NewCustomCakeRequest): Promise<CreateOutcome> {
	try {
		const { id } = await prisma.customCakeRequest.create({ data: request, select: { id: true } })
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
}

export type SubmitOutcome =
	| { ok: true }
	| { ok: false; imageRejection: UploadRejection }
	| { ok: false; formError: string; retryAfterSeconds?: number }

export const storageFailureMessage = 'We couldn’t save your photo just now. Please try again in a moment.'
export const databaseFailureMessage = 'We couldn’t save your request just now. Please try again in a moment.'
/** Too many customers' photos already waiting to be processed (decision 023). */
export const photosBusyMessage =
	'We’re busy processing other photos. Please try sending your request again in a minute.'
const PHOTOS_BUSY_RETRY_AFTER_SECONDS = 60

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

async function removeUpload(key: string) {
	try {
		await deleteObject(key)
	} catch (error) {
		// Nothing references the object: it is safe to delete by hand.
		console.error(`Orphaned upload ${key} could not be removed:`, error)
	}
}

/**
 * Saves one custom cake request and its optional photo so that both exist or neither does: the
 * photo is checked and re-encoded first, stored, then the row is written; if the row can't be
 * written the stored photo is removed again.
 */
export async function submitCustomCakeRequest(submission: CustomCakeSubmission): Promise<SubmitOutcome> {
	const imageBytes = submission.image ? new Uint8Array(await submission.image.arrayBuffer()) : null
	const submissionToken = submissionIdentity(submission, imageBytes)
	try {
		if (await findCustomCakeRequestIdByToken(submissionToken)) return { ok: true }
	} catch (error) {
		console.error('Looking up a custom cake request failed:', error)
		return { ok: false, formError: databaseFailureMessage }
	}

	let imageKey: string | null = null
	if (imageBytes) {
		const prepared = await prepareUploadedImage(imageBytes, 'public')
		if (!prepared.ok && prepared.reason === 'busy') {
			return { ok: false, formError: photosBusyMessage, retryAfterSeconds: PHOTOS_BUSY_RETRY_AFTER_SECONDS }
		}
		if (!prepared.ok) return { ok: false, imageRejection: prepared.reason }
		imageKey = createObjectKey('customCakeImages', prepared.extension)
		try {
			await putObject(imageKey, prepared.bytes, prepared.contentType)
		} catch (error) {
			console.error('Custom cake photo upload failed:', error)
			return { ok: false, formError: storageFailureMessage }
		}
	}

	try {
		const outcome = await createCustomCakeRequest({
			name: submission.name,
			phone: submission.phone,
			email: submission.email,
			type: submission.type,
			size: submission.size,
			message: submission.message ?? '',
			imageKey,
			submissionToken,
		})
		// A concurrent copy of this submission won the race: keep its photo, drop ours.
		if (!outcome.created && imageKey) await removeUpload(imageKey)
		return { ok: true }
	} catch (error) {
		console.error('Saving a custom cake request failed:', error)
		if (imageKey) await removeUpload(imageKey)
		return { ok: false, formError: databaseFailureMessage }
	}
}

// --- Admin (requireAdmin is checked by the calling route) ---

const adminRequestFields = {
	id: true,
	name: true,
	phone: true,
	email: true,
	type: true,
	size: true,
	message: true,
	imageKey: true,
	createdAt: true,
} as const

/** Every request, newest first (the admin list and the CSV export). */
export function listCustomCakeRequests() {
	return prisma.customCakeRequest.findMany({
		select: adminRequestFields,
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
	})
}

export type AdminCustomCakeRequest = Awaited<ReturnType<typeof listCustomCakeRequests>>[number]

export function countCustomCakeRequestsSince(since: Date) {
	return prisma.customCakeRequest.count({ where: { createdAt: { gte: since } } })
}

/** Deletes the request and then its photo; false when it was already gone. */
export async function deleteCustomCakeRequest(id: string) {
	try {
		const { imageKey } = await prisma.customCakeRequest.delete({ where: { id }, select: { imageKey: true } })
		if (imageKey) await removeUpload(imageKey)
		return true
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') return false
		throw error
	}
}
