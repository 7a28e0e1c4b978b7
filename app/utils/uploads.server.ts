import {
	isMultipartRequest,
	MaxFileSizeExceededError,
	MultipartParseError,
	parseMultipartRequest,
} from '@mjackson/multipart-parser'
import { parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'
import { limitBody } from './body.server'
import { formReply, type FormReplyOptions } from './form-reply.server'
import { IMAGE_WORK_BUSY_RETRY_AFTER_SECONDS, inspectUploadedImage } from './images.server'
import { isImageRejection, type UploadFailure, type UploadPolicy } from './upload-rules'

/** Why parsing stopped early. Fields that came after that point in the body are missing. */
export type UploadProblem = 'file-too-large' | 'request-too-large' | 'too-many-files' | 'malformed'

export interface ParsedForm {
	formData: FormData
	problem?: UploadProblem
}

interface ParseFormOptions {
	/** File inputs to keep (one file each); any other file part is skipped. */
	fileFields: ReadonlyArray<string>
	/** Per part, enforced while the bytes stream in. */
	maxFileBytes: number
	/** The whole body, enforced while it streams in (chunked bodies have no Content-Length to trust). */
	maxRequestBytes: number
}

function problemOf(error: unknown, bodyCut: boolean): UploadProblem | undefined {
	if (error instanceof MaxFileSizeExceededError) return 'file-too-large'
	if (bodyCut) return 'request-too-large'
	if (error instanceof MultipartParseError) return 'malformed'
	return undefined
}

/**
 * Streams a form post into FormData without ever holding more than the limits in memory. Unlike
 * `request.formData()` it stops at the first part over the limit and still returns the fields
 * read before it, so a page can show "photo too large" next to everything the person typed
 * (put file inputs last in the form).
 */
async function parseFormWithUploads(request: Request, options: ParseFormOptions): Promise<ParsedForm> {
	// Not refused up front by Content-Length: the fields before the oversized part are still worth reading.
	const { limited, state } = limitBody(request, options.maxRequestBytes)
	if (!isMultipartRequest(limited)) {
		try {
			const formData = await limited.formData()
			// A cut url-encoded body would end in half a value: keep none of it.
			return state.exceeded ? { formData: new FormData(), problem: 'request-too-large' } : { formData }
		} catch (error) {
			return { formData: new FormData(), problem: problemOf(error, state.exceeded) ?? 'malformed' }
		}
	}

	const formData = new FormData()
	const filesSeen = new Set<string>()
	try {
		for await (const part of parseMultipartRequest(limited, { maxFileSize: options.maxFileBytes })) {
			const name = part.name
			if (!name) continue
			if (!part.isFile) {
				formData.append(name, part.text)
				continue
			}
			if (!options.fileFields.includes(name)) continue
			if (filesSeen.has(name)) return { formData, problem: 'too-many-files' }
			filesSeen.add(name)
			// The parser's chunks (never shared memory) become the File without another copy.
			formData.append(name, new File(part.content as BlobPart[], part.filename ?? '', { type: part.mediaType ?? '' }))
		}
	} catch (error) {
		const problem = problemOf(error, state.exceeded)
		if (!problem) throw error
		return { formData, problem }
	}
	return state.exceeded ? { formData, problem: 'request-too-large' } : { formData }
}

/** Streams a form with its one `image` file field within the policy's limits (put the file input last). */
export function readImageForm(request: Request, policy: UploadPolicy) {
	return parseFormWithUploads(request, {
		fileFields: ['image'],
		maxFileBytes: policy.maxFileBytes,
		maxRequestBytes: policy.maxRequestBytes,
	})
}

/** How to answer an upload that arrived whole but was not saved (a model's `failure`), in the policy's words. */
export function uploadFailureReply(failure: UploadFailure, policy: UploadPolicy): FormReplyOptions {
	const message = policy.failures[failure]
	if (isImageRejection(failure)) return { fieldErrors: { image: [message] }, status: 400 }
	if (failure === 'busy') {
		return {
			formErrors: [message],
			status: 503,
			headers: { 'Retry-After': String(IMAGE_WORK_BUSY_RETRY_AFTER_SECONDS) },
		}
	}
	return { formErrors: [message], status: 503 }
}

/** Why a form can't be saved as sent: a body cut short, or invalid fields (with a bad image found in the same round). */
async function refusalOf(parsed: ParsedForm, image: File | null, imageError: boolean, policy: UploadPolicy) {
	if (parsed.problem) {
		const { field, message } = policy.problems[parsed.problem]
		const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }
		return { ...errors, status: parsed.problem === 'malformed' ? 400 : 413 } satisfies FormReplyOptions
	}
	const rejection =
		image && !imageError ? await inspectUploadedImage(new Uint8Array(await image.arrayBuffer()), policy.uploader) : null
	if (rejection) return uploadFailureReply(rejection, policy)
	return { status: 400 } satisfies FormReplyOptions
}

/**
 * Validates a form read by `readImageForm` with its schema. `value` is what to save, or null with the
 * `refusal` to answer (a body that could not be read to the end, invalid fields, a bad image reported
 * in the same round as the other fields). `reply` answers through `formReply` with `headers` and adds
 * `imageAttached`: the form came back with errors while its file was fine, so a browser without
 * JavaScript (which forgets the file on reload) must ask for it again.
 */
export async function checkImageForm<Schema extends z.ZodTypeAny>(
	parsed: ParsedForm,
	schema: Schema,
	policy: UploadPolicy,
	headers?: HeadersInit,
) {
	const submission = parseWithZod(parsed.formData, { schema })
	const chosen = parsed.formData.get('image')
	// After a problem the file (if any) was cut off: nothing arrived whole.
	const image = !parsed.problem && chosen instanceof File && chosen.size > 0 ? chosen : null

	const fieldErrors = submission.status === 'success' ? undefined : submission.error
	function reply<Extra extends object>(options: FormReplyOptions, extra: Extra) {
		const failed = Boolean(options.formErrors?.length || options.fieldErrors) || submission.status !== 'success'
		const imageError = Boolean(options.fieldErrors?.image?.length || fieldErrors?.image?.length)
		const imageAttached = image !== null && failed && !options.resetForm && !imageError
		const allHeaders = new Headers(headers)
		for (const [name, value] of new Headers(options.headers)) allHeaders.set(name, value)
		return formReply(submission, { ...options, headers: allHeaders }, { ...extra, imageAttached })
	}

	if (submission.status === 'success' && !parsed.problem) {
		return { submission, reply, value: submission.value as z.output<Schema>, refusal: null }
	}
	const refusal = await refusalOf(parsed, image, Boolean(fieldErrors?.image?.length), policy)
	return { submission, reply, value: null, refusal }
}
