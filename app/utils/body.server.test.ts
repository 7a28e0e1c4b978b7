import { describe, expect, it } from 'vitest'
import { bodyLimits, bodyProblemResponse, limitBody, readBodyBytes, readForm, readText } from './body.server'

const CHUNK = 1024

/**
 * A chunked upload as the server sees it: no Content-Length, bytes handed out only when read.
 * `pulled()` says how many bytes the reader asked for, `cancelled()` whether it cancelled the source.
 */
function chunkedSource(totalBytes: number, { fill = 0x61, failAfter }: { fill?: number; failAfter?: number } = {}) {
	let pulled = 0
	let cancelled = false
	const stream = new ReadableStream<Uint8Array>(
		{
			pull(controller) {
				if (failAfter !== undefined && pulled >= failAfter) return controller.error(new Error('aborted'))
				if (pulled >= totalBytes) return controller.close()
				const size = Math.min(CHUNK, totalBytes - pulled)
				pulled += size
				controller.enqueue(new Uint8Array(size).fill(fill))
			},
			cancel() {
				cancelled = true
			},
		},
		{ highWaterMark: 0 },
	)
	return { stream, pulled: () => pulled, cancelled: () => cancelled }
}

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
	return new Request('http://localhost/form', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
}

describe('readBodyBytes', () => {
	it('refuses a body whose Content-Length is over the limit without reading any of it', async () => {
		const source = chunkedSource(10 * CHUNK)
		const result = await readBodyBytes(post(source.stream, { 'Content-Length': String(10 * CHUNK) }), 4 * CHUNK)
		expect(result).toEqual({ ok: false, problem: 'too-large' })
		expect(source.pulled()).toBe(0)
	})

	it('stops a chunked body (no Content-Length) one chunk past the limit, without cancelling it', async () => {
		const source = chunkedSource(1024 * CHUNK)
		const result = await readBodyBytes(post(source.stream), 4 * CHUNK + 10)
		expect(result).toEqual({ ok: false, problem: 'too-large' })
		expect(source.pulled()).toBeLessThanOrEqual(4 * CHUNK + 10 + CHUNK)
		// Cancelling Remix's body stream would destroy the socket before the 413 is written.
		expect(source.cancelled()).toBe(false)
	})

	it('accepts a body of exactly the limit, and refuses one byte more', async () => {
		const exact = await readBodyBytes(post(chunkedSource(4 * CHUNK).stream), 4 * CHUNK)
		expect(exact.ok && exact.value.byteLength).toBe(4 * CHUNK)
		expect(await readBodyBytes(post(chunkedSource(4 * CHUNK + 1).stream), 4 * CHUNK)).toEqual({
			ok: false,
			problem: 'too-large',
		})
	})

	it('counts the bytes that arrive, not the Content-Length a client claims', async () => {
		const source = chunkedSource(1024 * CHUNK)
		const result = await readBodyBytes(post(source.stream, { 'Content-Length': '10' }), 4 * CHUNK)
		expect(result).toEqual({ ok: false, problem: 'too-large' })
		expect(source.pulled()).toBeLessThanOrEqual(5 * CHUNK)
	})

	it('reads a missing or empty body as no bytes', async () => {
		expect(await readBodyBytes(post(null), CHUNK)).toEqual({ ok: true, value: new Uint8Array() })
		expect(await readBodyBytes(post(''), CHUNK)).toEqual({ ok: true, value: new Uint8Array() })
	})

	it('reports a body the client broke off as malformed rather than throwing', async () => {
		const source = chunkedSource(10 * CHUNK, { failAfter: 2 * CHUNK })
		expect(await readBodyBytes(post(source.stream), 100 * CHUNK)).toEqual({ ok: false, problem: 'malformed' })
	})
})

describe('readText', () => {
	it('decodes UTF-8 like request.text(), also when a character is split between chunks', async () => {
		const bytes = new TextEncoder().encode('Pão de queijo, ¡qué rico! 🧁')
		const split = bytes.indexOf(0xc3) + 1
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(bytes.slice(0, split))
				controller.enqueue(bytes.slice(split))
				controller.close()
			},
		})
		expect(await readText(post(stream), 1024)).toEqual({ ok: true, value: 'Pão de queijo, ¡qué rico! 🧁' })
	})
})

describe('readForm', () => {
	it('reads a url-encoded form', async () => {
		const result = await readForm(post(new URLSearchParams({ intent: 'read', id: 'abc 123' })))
		expect(result.ok && Object.fromEntries(result.value)).toEqual({ intent: 'read', id: 'abc 123' })
	})

	it('reads a multipart form', async () => {
		const form = new FormData()
		form.set('returnTo', '/admin/orders')
		const result = await readForm(post(form))
		expect(result.ok && result.value.get('returnTo')).toBe('/admin/orders')
	})

	it('reads an empty url-encoded form as no fields', async () => {
		const result = await readForm(post('', { 'Content-Type': 'application/x-www-form-urlencoded' }))
		expect(result.ok && [...result.value]).toEqual([])
	})

	it.each([
		['multipart with a boundary that never appears', 'multipart/form-data; boundary=abc', 'just some bytes'],
		['multipart cut off inside a part', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-da'],
		['multipart without a boundary', 'multipart/form-data', '--abc\r\n\r\n--abc--'],
		['JSON', 'application/json', '{"intent":"read"}'],
		['no content type', '', 'intent=read'],
	])('reports %s as malformed', async (_label, contentType, body) => {
		const request = post(new TextEncoder().encode(body), contentType ? { 'Content-Type': contentType } : {})
		expect(await readForm(request)).toEqual({ ok: false, problem: 'malformed' })
	})

	it('refuses a form over the limit while it streams in', async () => {
		const source = chunkedSource(1024 * CHUNK)
		const request = post(source.stream, { 'Content-Type': 'application/x-www-form-urlencoded' })
		expect(await readForm(request)).toEqual({ ok: false, problem: 'too-large' })
		expect(source.pulled()).toBeLessThanOrEqual(bodyLimits.form + CHUNK)
	})
})

describe('limitBody', () => {
	it('passes a body within the limit unchanged', async () => {
		const { limited, state } = limitBody(post('name=Ana&message=Oi'), 1024)
		expect(await limited.text()).toBe('name=Ana&message=Oi')
		expect(state.exceeded).toBe(false)
	})

	it('ends the body at the limit, keeps what came before, and leaves the source uncancelled', async () => {
		const source = chunkedSource(1024 * CHUNK)
		const { limited, state } = limitBody(post(source.stream), 2 * CHUNK + 100)
		const passed = new Uint8Array(await limited.arrayBuffer())
		expect(passed.byteLength).toBe(2 * CHUNK + 100)
		expect(state.exceeded).toBe(true)
		expect(source.pulled()).toBe(3 * CHUNK)
		expect(source.cancelled()).toBe(false)
	})

	it('does not flag a body of exactly the limit', async () => {
		const { limited, state } = limitBody(post(chunkedSource(2 * CHUNK).stream), 2 * CHUNK)
		expect((await limited.arrayBuffer()).byteLength).toBe(2 * CHUNK)
		expect(state.exceeded).toBe(false)
	})

	it('pulls nothing until the body is read, and does not cancel the source when the reader gives up', async () => {
		const source = chunkedSource(1024 * CHUNK)
		const { limited } = limitBody(post(source.stream), 100 * CHUNK)
		await new Promise((resolve) => setTimeout(resolve, 10))
		expect(source.pulled()).toBe(0)
		const reader = limited.body!.getReader()
		await reader.read()
		await reader.cancel()
		expect(source.pulled()).toBe(CHUNK)
		expect(source.cancelled()).toBe(false)
	})
})

describe('bodyProblemResponse', () => {
	it('answers too-large with a 413 and malformed with a 400, in plain words, never cached', async () => {
		const tooLarge = bodyProblemResponse('too-large')
		expect(tooLarge.status).toBe(413)
		expect(tooLarge.headers.get('Cache-Control')).toBe('no-store')
		expect(await tooLarge.text()).toMatch(/too large/)
		const malformed = bodyProblemResponse('malformed')
		expect(malformed.status).toBe(400)
		expect(await malformed.text()).toMatch(/couldn’t read/)
	})
})
