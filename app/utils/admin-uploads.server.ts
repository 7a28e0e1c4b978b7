import { parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'
import { MAX_ADMIN_IMAGE_BYTES, MAX_ADMIN_REQUEST_BYTES, uploadProblemMessages } from '~/utils/upload-rules'
import { parseFormWithUploads, type ParsedForm } from './uploads.server'

/** Streams an owner's form with its one `image` file field, within the admin size limits. */
export function readAdminImageForm(request: Request) {
	return parseFormWithUploads(request, {
		fileFields: ['image'],
		maxFileBytes: MAX_ADMIN_IMAGE_BYTES,
		maxRequestBytes: MAX_ADMIN_REQUEST_BYTES,
	})
}

/**
 * Validates an admin image form. A body that could not be read to the end (too large, two files,
 * malformed) comes back as `problem`: the reply to send, with the message on the image field or
 * the form, and its status. `imageAttached` says whether the browser must be asked to pick the
 * file again (a page reload cannot keep it).
 */
export function submitAdminImageForm<Schema extends z.ZodTypeAny>(parsed: ParsedForm, schema: Schema) {
	const submission = parseWithZod(parsed.formData, { schema })
	if (parsed.problem) {
		const { field, message } = uploadProblemMessages[parsed.problem]
		const result = field
			? submission.reply({ fieldErrors: { [field]: [message] } })
			: submission.reply({ formErrors: [message] })
		return {
			submission,
			imageAttached: false,
			problem: { result, status: parsed.problem === 'malformed' ? 400 : 413 },
		} as const
	}
	const image = parsed.formData.get('image')
	return { submission, imageAttached: image instanceof File && image.size > 0, problem: null } as const
}
