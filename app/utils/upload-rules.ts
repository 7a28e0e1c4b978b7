import { z } from 'zod'
import type { Uploader, UploadRejection } from '~/utils/images.server'
import type { UploadProblem } from '~/utils/uploads.server'

// The browser loads this module (the forms' schemas check a chosen file before it is sent): nothing
// server-only here (decision 020). The server half is app/utils/uploads.server.ts.

/** What a browser may declare for an image we accept; the server checks the bytes themselves. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const

/** Said (as plain text, in the page's language) to a client sending more uploads at once than the server takes. */
export const UPLOADS_AT_ONCE_MESSAGE = 'common.uploadsAtOnce'

/** Why an upload that arrived whole was not saved (the image itself, the processing line, storage or the database). */
export type UploadFailure = UploadRejection | 'busy' | 'storage' | 'database'

interface UploadPolicyWords {
	/** What the form calls the file. */
	noun: 'photo' | 'image'
	/** Said above the form when its record (not the file) could not be saved. */
	saveFailed: string
	/** Said above the form when the processing line is full (only the public uploader has a limit: decision 023). */
	busy: string
}

function uploadPolicy(uploader: Uploader, maxMegabytes: number, { noun, saveFailed, busy }: UploadPolicyWords) {
	const maxFileBytes = maxMegabytes * 1024 * 1024
	const aNoun = `a${noun === 'image' ? 'n' : ''} ${noun}`
	const smallerVersion = `Please choose a smaller version; a screenshot of the ${noun} works too.`
	const notAnImage = `This file is not ${aNoun} we can use. Please choose a JPEG, PNG, WebP, AVIF or GIF image.`
	const heic = 'This is a HEIC photo, which we can’t open. Please choose a JPEG or PNG version of it.'
	const tooLarge = `The ${noun} is larger than ${maxMegabytes} MB. Please choose a smaller one.`
	const problems: Record<UploadProblem, { field?: 'image'; message: string }> = {
		'file-too-large': { field: 'image', message: tooLarge },
		'request-too-large': { field: 'image', message: tooLarge },
		'too-many-files': { field: 'image', message: `Please choose just one ${noun}.` },
		malformed: { message: 'We couldn’t read the form. Please try sending it again.' },
	}
	const failures: Record<UploadFailure, string> = {
		'not-an-image': notAnImage,
		heic,
		'too-many-pixels': `This ${noun} has too many pixels for us to process. ${smallerVersion}`,
		unreadable: `We couldn’t read this ${noun}; it may be damaged. Please choose another one.`,
		'too-slow': `We couldn’t process this ${noun} in time. ${smallerVersion}`,
		busy,
		storage: `We couldn’t save your ${noun} just now. Please try again in a moment.`,
		database: saveFailed,
	}
	return {
		uploader,
		maxFileBytes,
		/** The whole form: the file plus a few text fields. */
		maxRequestBytes: maxFileBytes + 256 * 1024,
		messages: {
			required: `Please choose ${aNoun} file.`,
			tooLarge,
			notAnImage,
			heic,
			/** Under the file field. */
			hint: `A JPEG, PNG, WebP, AVIF or GIF image up to ${maxMegabytes} MB.`,
			/** Under the file field after an error, without JavaScript: the browser has forgotten the file. */
			chooseAgain: `Please choose your ${noun} again: browsers can’t keep a file when the page reloads.`,
		},
		/** Why a body could not be read to the end: a message next to the file field or above the form. */
		problems,
		/** Why a file that arrived whole was not saved: the image itself (said next to the file field), or the line, storage or database. */
		failures,
	}
}

export type UploadPolicy = ReturnType<typeof uploadPolicy>

const publicPhotoPolicy = uploadPolicy('public', 5, {
	noun: 'photo',
	saveFailed: 'We couldn’t save your request just now. Please try again in a moment.',
	busy: 'We’re busy processing other photos. Please try sending your request again in a minute.',
})

/**
 * The public custom-cake form: a customer's photo, 5 MB, the public processing line (decision 023).
 * Its words are message keys (app/locales/<language>/requests.json, English as the policy above
 * writes it): the form shows them in the page's language, and the server answers in it.
 */
export const publicPhotoUpload: UploadPolicy = {
	...publicPhotoPolicy,
	messages: {
		required: 'requests.photoRequired',
		tooLarge: 'requests.photoTooLarge',
		notAnImage: 'requests.photoNotAnImage',
		heic: 'requests.photoHeic',
		hint: 'requests.photoHint',
		chooseAgain: 'requests.photoChooseAgain',
	},
	problems: {
		'file-too-large': { field: 'image', message: 'requests.photoTooLarge' },
		'request-too-large': { field: 'image', message: 'requests.photoTooLarge' },
		'too-many-files': { field: 'image', message: 'requests.photoJustOne' },
		malformed: { message: 'requests.formUnreadable' },
	},
	failures: {
		'not-an-image': 'requests.photoNotAnImage',
		heic: 'requests.photoHeic',
		'too-many-pixels': 'requests.photoTooManyPixels',
		unreadable: 'requests.photoUnreadable',
		'too-slow': 'requests.photoTooSlow',
		busy: 'requests.photoBusy',
		storage: 'requests.photoStorage',
		database: 'requests.requestSaveFailed',
	},
}

/** The admin screens: the owner uploads straight from a phone or camera, hence 10 MB. */
export const ownerImageUpload = uploadPolicy('owner', 10, {
	noun: 'image',
	saveFailed: 'We couldn’t save your changes just now. Please try again in a moment.',
	busy: 'We’re busy processing other images. Please try again in a minute.',
})

/** Failures that are about the file itself: said next to the file field rather than above the form. */
export function isImageRejection(failure: UploadFailure): failure is UploadRejection {
	return failure !== 'busy' && failure !== 'storage' && failure !== 'database'
}

/** The checks the browser can make before sending (size and declared type); the server repeats them. */
function imageFileProblem(file: File, policy: UploadPolicy) {
	if (file.size > policy.maxFileBytes) return policy.messages.tooLarge
	if (/^image\/hei[cf]/.test(file.type)) return policy.messages.heic
	// Browsers send '' or application/octet-stream for a type they don't know: the server sniffs those.
	const declared = file.type === 'application/octet-stream' ? '' : file.type
	if (declared !== '' && !(acceptedImageTypes as readonly string[]).includes(declared))
		return policy.messages.notAnImage
	return undefined
}

/** The file field of a form's schema (add `.optional()` where choosing a file is optional). */
export function imageFileField(policy: UploadPolicy) {
	return z.instanceof(File, { message: policy.messages.required }).superRefine((file, ctx) => {
		const problem = imageFileProblem(file, policy)
		if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem })
	})
}
