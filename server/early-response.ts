import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'

/**
 * Long enough for a client busy uploading to take in the answer; short, because a browser goes on
 * uploading until the connection closes and only then shows the answer (decision 021).
 */
const LINGER_MS = 2_000

function hasUnreadBody(req: IncomingMessage) {
	const announcesBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
	return announcesBody && !req.complete
}

/**
 * An answer sent before the client finished sending its body (a 413 from a body limit, a 401 on a
 * large post) ends the connection: the unread rest cannot stay in front of the next request.
 *
 * Node closes such a connection the moment the answer is written, and closing a socket with unread
 * bytes makes the kernel send a reset that can wipe the answer from the client before it is read (a
 * browser still uploading shows "connection reset" instead of the 413 page). So the answer carries
 * `Connection: close`, and the rest of the body is read and thrown away ("lingering close") until the
 * body ends, the client hangs up or `lingerMs` pass; only then is the socket closed.
 */
export function closeAfterEarlyResponse({ lingerMs = LINGER_MS } = {}): RequestHandler {
	return (req, res, next) => {
		const writeHead = res.writeHead.bind(res)
		res.writeHead = ((...args: Parameters<ServerResponse['writeHead']>) => {
			if (hasUnreadBody(req)) res.setHeader('Connection', 'close')
			return writeHead(...args)
		}) as typeof res.writeHead
		res.once('finish', () => {
			if (hasUnreadBody(req)) discardRestThenClose(req, lingerMs)
		})
		next()
	}
}

function discardRestThenClose(req: IncomingMessage, lingerMs: number) {
	const socket = req.socket
	if (socket.destroyed) return
	// After a `Connection: close` answer Node half-closes the socket and destroys it once that is done
	// (net.Socket#destroySoon); the rest of this function takes over the destroying.
	socket.off('finish', socket.destroy)
	const close = () => socket.destroy()
	const timer = setTimeout(close, lingerMs)
	socket.once('close', () => clearTimeout(timer))
	socket.once('end', close)
	req.once('end', close)
	// Remix's body stream is still listening: without it the bytes are dropped as they arrive.
	req.removeAllListeners('data')
	req.resume()
}
