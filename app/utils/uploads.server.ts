import {
	isMultipartRequest,
	MaxFileSizeExceededError,
	MultipartParseError,
	parseMultipartRequest,
} from '@mjackson/multipart-parser'
import { limitBody } from './body.server'

/** Why parsing stopped early. Fields that came after that point in the body are missing. */
export type UploadProblem = 'file-too-large' | 'request-too-large' | 'too-many-files' | 'malformed'

export interface ParsedForm {
	formData: FormData
	problem?: UploadProblem
}

export interface ParseFormOptions {
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
export async function parseFormWithUploads(request: Request, options: ParseFormOptions): Promise<ParsedForm> {
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
