/**
 * A small local stand-in for Fly's proxy in front of several machines (benchmarks only): each request
 * goes to the next upstream in turn, over kept-alive connections, and the client's answer streams back.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export async function startRoundRobinProxy(upstreams: string[]) {
	const targets = upstreams.map((upstream) => {
		const url = new URL(upstream)
		return { host: url.hostname, port: Number(url.port), agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) }
	})
	let next = 0
	let closed = false
	// A kept-alive upstream socket the server closed as idle (its 5 s keep-alive) fails at once: a GET is
	// sent once more, as Fly's proxy retries, rather than counted as a 502.
	const forward = (req: http.IncomingMessage, res: http.ServerResponse, retried = false) => {
		const target = targets[next++ % targets.length]!
		const upstream = http.request(
			{
				host: target.host,
				port: target.port,
				method: req.method,
				path: req.url,
				headers: req.headers,
				agent: target.agent,
			},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers)
				answer.pipe(res)
			},
		)
		upstream.on('error', (error) => {
			if (!retried && req.method === 'GET' && !res.headersSent) return forward(req, res, true)
			if (!closed) console.error(`Proxy: ${req.method} ${req.url} failed upstream: ${error.message}`)
			if (!res.headersSent) res.writeHead(502)
			res.end()
		})
		if (req.method === 'GET') upstream.end()
		else req.pipe(upstream)
	}
	const server = http.createServer((req, res) => forward(req, res))
	server.keepAliveTimeout = 5_000
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: async () => {
			closed = true
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
			for (const target of targets) target.agent.destroy()
		},
	}
}
