/**
 * The one way the server reads a request body. Every reader stops at a byte limit while the bytes
 * stream in, whether or not the client sent Content-Length (a chunked body has none), so no request
 * makes the process hold more than its route allows. Limits are sized per route (decision 021).
 *
 * None of them cancels the request body: cancelling Remix's body stream destroys the socket before the
 * answer is written. The unread rest is left to the server, which closes the connection after the
 * answer (server/early-response.ts).
 */

/**
 * What each kind of route legitimately receives, with room to spare. Upload forms keep their limits
 * beside their size messages (the upload policies of utils/upload-rules.ts) and stream through
 * uploads.server.ts.
 */
export const bodyLimits = {
	/** A plain form: a contact message (2,000 characters, 18 KB percent-encoded at worst), an admin action, sign-in. */
	form: 32 * 1024,
	/**
	 * The checkout form: item ids, quantities, chosen options and the customer. A full 30-line cart without
	 * options is about 6 KB; with several option groups and a message on every line it stays under 40 KB.
	 */
	checkout: 64 * 1024,
	/** A Stripe event: a checkout session object is a few KB; Stripe's largest events stay far below this. */
	webhook: 512 * 1024,
} as const

/** 'too-large': over the route's limit. 'malformed': not what the route reads, or the client broke off mid-body. */
export type BodyProblem = 'too-large' | 'malformed'
export type BodyResult<T> = { ok: true; value: T } | { ok: false; problem: BodyProblem }

/** How to answer each problem: routes with their own response shape use these, the others `bodyProblemResponse`. */
export const bodyProblems: Record<BodyProblem, { status: 413 | 400; message: string }> = {
	'too-large': { status: 413, message: 'What you sent is too large for this page. Please shorten it and try again.' },
	malformed: { status: 400, message: 'We couldn’t read what was sent. Please try again.' },
}

/**
 * Wraps the body so that at most `maxBytes` pass, then ends it early. Ending (rather than erroring)
 * keeps the bytes already let through readable, so a streaming parser still yields the fields before
 * the cut; `state.exceeded` tells the caller the body was cut.
 */
export function limitBody(request: Request, maxBytes: number) {
	const state = { exceeded: false }
	if (!request.body) return { limited: request, state }
	const reader = request.body.getReader()
	let received = 0
	const body = new ReadableStream<Uint8Array>(
		{
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
			// No `cancel`: a consumer that stops early (a parser after an oversized part) leaves the source alone.
		},
		// Read only when the consumer asks: nothing is pulled ahead of the parser.
		{ highWaterMark: 0 },
	)
	const limited = new Request(request.url, {
		method: request.method,
		headers: request.headers,
		signal: request.signal,
		body,
		duplex: 'half',
	} as RequestInit)
	return { limited, state }
}

function announcedLength(request: Request) {
	const value = request.headers.get('content-length')
	return value === null ? null : Number(value)
}

/** The raw bytes, or 'too-large' as soon as more than `maxBytes` have arrived (or were announced). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<BodyResult<Uint8Array<ArrayBuffer>>> {
	const announced = announcedLength(request)
	if (announced !== null && announced > maxBytes) return { ok: false, problem: 'too-large' }
	if (!request.body) return { ok: true, value: new Uint8Array() }
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let received = 0
	try {
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			received += value.byteLength
			if (received > maxBytes) return { ok: false, problem: 'too-large' }
			chunks.push(value)
		}
	} catch {
		// The client broke off (or the connection was cut by a server timeout) before the body ended.
		return { ok: false, problem: 'malformed' }
	} finally {
		reader.releaseLock()
	}
	const bytes = new Uint8Array(received)
	let offset = 0
	for (const chunk of chunks) {
		bytes.set(chunk, offset)
		offset += chunk.byteLength
	}
	return { ok: true, value: bytes }
}

/** The body as UTF-8 text, exactly as `request.text()` decodes it (a BOM is dropped, bad bytes become U+FFFD). */
export async function readText(request: Request, maxBytes: number): Promise<BodyResult<string>> {
	const bytes = await readBodyBytes(request, maxBytes)
	return bytes.ok ? { ok: true, value: new TextDecoder().decode(bytes.value) } : bytes
}

/**
 * A url-encoded or multipart form without files worth keeping (upload forms use uploads.server.ts).
 * Any other content type, or a multipart body that does not parse, is 'malformed'.
 */
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

/** A plain-text 413 or 400 for routes with no page of their own to show the problem on. */
export function bodyProblemResponse(problem: BodyProblem) {
	const { status, message } = bodyProblems[problem]
	return new Response(message, {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}
