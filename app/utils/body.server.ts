/**
 * The one way the server reads a request body. Every reader stops at a byte limit while the bytes
 * stream in, whether or not the client sent Content-Length (a chunked body has none), so no request
 * makes the process hold more than its route allows. Limits are sized per route (docs/security.md).
 */

/** What each kind of route legitimately receives, with room to spare. */
export const bodyLimits = {
	/** A plain form: a contact message (2,000 characters), an admin list action, sign-in, the test payment page. */
	form: 32 * 1024,
	/** The checkout JSON: item ids, quantities and the customer (a 50-line cart is about 3 KB). */
	checkout: 16 * 1024,
	/** A Stripe event: a checkout session object is a few KB; Stripe's largest events stay far below this. */
	webhook: 512 * 1024,
} as const

export type BodyProblem = 'too-large' | 'malformed'
export type BodyResult<T> = { ok: true; value: T } | { ok: false; problem: BodyProblem }

/**
 * Wraps the body so that at most `maxBytes` pass, then ends it early. Ending (rather than erroring)
 * keeps the bytes already let through readable, so a streaming parser still yields the fields before
 * the cut. The source is never cancelled: cancelling would destroy the socket before the 413 is sent;
 * the answer carries `Connection: close` instead (see `bodyProblemResponse`).
 */
export function limitBody(request: Request, maxBytes: number) {
	const state = { exceeded: false }
	if (!request.body) return { limited: request, state }
	const reader = request.body.getReader()
	let received = 0
	const body = new ReadableStream<Uint8Array>({
		async pull(controller) {
			const { done, value } = await reader.read()
			if (done) return controller.close()
			const room = maxBytes - received
			if (value.byteLength <= room) {
				received += value.byteLength
				return controller.enqueue(value)
			}
			state.exceeded = true
			if (room > 0) controller.enqueue(value.subarray(0, room))
			received = maxBytes
			reader.releaseLock()
			controller.close()
		},
	})
	const limited = new Request(request.url, {
		method: request.method,
		headers: request.headers,
		body,
		duplex: 'half',
	} as RequestInit)
	return { limited, state }
}

function declaredLength(request: Request) {
	const value = request.headers.get('content-length')
	return value === null ? null : Number(value)
}

/** The raw bytes, or 'too-large' as soon as more than `maxBytes` have arrived (or were announced). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<BodyResult<Uint8Array<ArrayBuffer>>> {
	const announced = declaredLength(request)
	if (announced !== null && announced > maxBytes) return { ok: false, problem: 'too-large' }
	if (!request.body) return { ok: true, value: new Uint8Array() }
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let received = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		received += value.byteLength
		if (received > maxBytes) {
			reader.releaseLock()
			return { ok: false, problem: 'too-large' }
		}
		chunks.push(value)
	}
	const bytes = new Uint8Array(received)
	let offset = 0
	for (const chunk of chunks) {
		bytes.set(chunk, offset)
		offset += chunk.byteLength
	}
	return { ok: true, value: bytes }
}

export async function readText(request: Request, maxBytes: number): Promise<BodyResult<string>> {
	const bytes = await readBodyBytes(request, maxBytes)
	return bytes.ok ? { ok: true, value: new TextDecoder().decode(bytes.value) } : bytes
}

export async function readJson(request: Request, maxBytes: number): Promise<BodyResult<unknown>> {
	const text = await readText(request, maxBytes)
	if (!text.ok) return text
	try {
		return { ok: true, value: JSON.parse(text.value) as unknown }
	} catch {
		return { ok: false, problem: 'malformed' }
	}
}

/** A url-encoded or multipart form without files worth keeping (upload forms use uploads.server.ts). */
export async function readForm(request: Request, maxBytes: number = bodyLimits.form): Promise<BodyResult<FormData>> {
	const contentType = request.headers.get('content-type') ?? ''
	const bytes = await readBodyBytes(request, maxBytes)
	if (!bytes.ok) return bytes
	try {
		const formData = await new Response(bytes.value, { headers: { 'Content-Type': contentType } }).formData()
		return { ok: true, value: formData }
	} catch {
		return { ok: false, problem: 'malformed' }
	}
}

export const bodyProblemMessages: Record<BodyProblem, string> = {
	'too-large': 'What you sent is too large for this page. Please shorten it and try again.',
	malformed: 'We couldn’t read what was sent. Please try again.',
}

/**
 * A plain-text 413 or 400 for routes with no page to show the problem on. The connection is closed
 * after a 413: the rest of an oversized body is never read.
 */
export function bodyProblemResponse(problem: BodyProblem) {
	return new Response(bodyProblemMessages[problem], {
		status: problem === 'too-large' ? 413 : 400,
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'no-store',
			...(problem === 'too-large' ? { Connection: 'close' } : {}),
		},
	})
}
