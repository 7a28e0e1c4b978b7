import type { SubmissionResult } from '@conform-to/react'
import { action } from '~/routes/custom-cakes'

export interface ActionOutcome {
	status: number
	headers: Headers
	submitted: boolean
	imageAttached: boolean
	result: SubmissionResult<string[]> | undefined
}

export function validFields(overrides: Record<string, string | File> = {}): Record<string, string | File> {
	return {
		submissionToken: crypto.randomUUID(),
		name: 'Gabriela Torres',
		phone: '(425) 555-0142',
		email: 'gabriela.torres@example.com',
		type: 'Tres Leches',
		size: '10-inch',
		message: 'For my parents’ anniversary: white roses and a gold “40”, please.',
		...overrides,
	}
}

/** Posts the form the way a browser does (multipart, file input last) straight to the route's action. */
export async function postCustomCake(
	fields: Record<string, string | File | undefined>,
	{ clientIp = 'test-client', path = '/custom-cakes' }: { clientIp?: string; path?: string } = {},
): Promise<ActionOutcome> {
	const body = new FormData()
	for (const [name, value] of Object.entries(fields))
		if (value !== undefined && name !== 'image') body.append(name, value)
	body.append('image', fields.image ?? new File([], '', { type: 'application/octet-stream' }))
	// Encoded up front so the request carries Content-Length, as browsers send it.
	const encoded = new Response(body)
	const bytes = new Uint8Array(await encoded.arrayBuffer())
	const request = new Request(`http://localhost${path}`, {
		method: 'POST',
		body: bytes,
		headers: { 'Content-Type': encoded.headers.get('Content-Type')!, 'Content-Length': String(bytes.byteLength) },
	})
	return unwrap(await action({ request, context: { clientIp }, params: {} }))
}

/** `data(value, init)` or a plain object, as Remix single fetch sees it. */
export function unwrap(returned: unknown): ActionOutcome {
	const withInit = returned as { type?: string; data?: unknown; init?: ResponseInit | null }
	const isWrapped = withInit?.type === 'DataWithResponseInit'
	const value = (isWrapped ? withInit.data : returned) as Omit<ActionOutcome, 'status' | 'headers'>
	return {
		...value,
		status: isWrapped ? (withInit.init?.status ?? 200) : 200,
		headers: new Headers(isWrapped ? (withInit.init?.headers ?? undefined) : undefined),
	}
}

export function fieldErrors(outcome: ActionOutcome) {
	return outcome.result?.error ?? {}
}
