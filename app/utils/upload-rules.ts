import type { UploadRejection } from '~/utils/images.server'
import type { UploadProblem } from '~/utils/uploads.server'

/** Owners upload straight from a phone or camera: a larger limit than the public form's 5 MB. */
export const MAX_ADMIN_IMAGE_BYTES = 10 * 1024 * 1024
/** The whole admin form: the image plus a few text fields. */
export const MAX_ADMIN_REQUEST_BYTES = MAX_ADMIN_IMAGE_BYTES + 256 * 1024

/** What a browser may declare for an image we accept; the server checks the bytes themselves. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const

export const imageMessages = {
	required: 'Please choose an image file.',
	tooLarge: 'The image is larger than 10 MB. Please choose a smaller one.',
	notAnImage: 'This file is not an image we can use. Please choose a JPEG, PNG, WebP, AVIF or GIF image.',
	heic: 'This is a HEIC photo, which we can’t open. Please export it as JPEG or PNG and try again.',
}

export const imageRejectionMessages: Record<UploadRejection, string> = {
	'not-an-image': imageMessages.notAnImage,
	heic: imageMessages.heic,
	'too-many-pixels': 'This image has too many pixels for us to process. Please choose a smaller version of it.',
	unreadable: 'We couldn’t read this image; it may be damaged. Please choose another one.',
	'too-slow': 'We couldn’t process this image in time. Please choose a smaller one.',
}

/** Why a multipart body could not be read to the end, as a message next to the image field or the form. */
export const uploadProblemMessages: Record<UploadProblem, { field?: 'image'; message: string }> = {
	'file-too-large': { field: 'image', message: imageMessages.tooLarge },
	'request-too-large': { field: 'image', message: imageMessages.tooLarge },
	'too-many-files': { field: 'image', message: 'Please choose just one image.' },
	malformed: { message: 'We couldn’t read the form. Please try sending it again.' },
}

/** The checks the browser can make before sending (size and declared type); the server repeats them. */
export function imageFileProblem(file: File) {
	if (file.size > MAX_ADMIN_IMAGE_BYTES) return imageMessages.tooLarge
	if (/^image\/hei[cf]/.test(file.type)) return imageMessages.heic
	// Browsers send '' or application/octet-stream for a type they don't know: the server sniffs those.
	const declared = file.type === 'application/octet-stream' ? '' : file.type
	if (declared !== '' && !(acceptedImageTypes as readonly string[]).includes(declared)) return imageMessages.notAnImage
	return undefined
}
