import { onShutdown } from './lifecycle.server'

/**
 * A server-sent events response (decision 070): `setup` gets `send` and returns its cleanup, run when the
 * browser goes away. `Cache-Control: no-transform` keeps the Express compression from buffering the stream
 * (the compression middleware leaves such responses alone); a comment line every `heartbeatMs` keeps proxies
 * from closing an idle connection and lets a dead one be noticed; `retry` tells the browser to come back soon. A
 * stream ends when the server shuts down, so the browser reconnects to another machine instead of holding this one.
 */
export interface ServerSentEvent {
	event?: string
	data: string
}

const RETRY_MS = 2_000
const HEARTBEAT_MS = 20_000

export function eventStream(
	signal: AbortSignal,
	setup: (send: (event: ServerSentEvent) => void) => () => void,
	{ heartbeatMs = HEARTBEAT_MS }: { heartbeatMs?: number } = {},
) {
	const encoder = new TextEncoder()
	let close = () => {}
	const stream = new ReadableStream<Uint8Array>({
		start(controller) {
			let closed = false
			const write = (text: string) => {
				if (!closed) controller.enqueue(encoder.encode(text))
			}
			const send = ({ event, data }: ServerSentEvent) => {
				const lines = data.split('\n').map((line) => `data: ${line}\n`)
				write(`${event ? `event: ${event}\n` : ''}${lines.join('')}\n`)
			}
			write(`retry: ${RETRY_MS}\n\n`)
			const heartbeat = setInterval(() => write(': keep-alive\n\n'), heartbeatMs)
			const cleanup = setup(send)
			let stopHearingShutdown = () => {}
			close = () => {
				if (closed) return
				closed = true
				clearInterval(heartbeat)
				stopHearingShutdown()
				cleanup()
				try {
					controller.close()
				} catch {
					// Already closed by the browser going away.
				}
			}
			if (signal.aborted) return close()
			signal.addEventListener('abort', close, { once: true })
			stopHearingShutdown = onShutdown(close)
		},
		cancel() {
			close()
		},
	})
	return new Response(stream, {
		headers: {
			'Content-Type': 'text/event-stream; charset=utf-8',
			'Cache-Control': 'private, no-store, no-transform',
			'X-Accel-Buffering': 'no',
		},
	})
}
