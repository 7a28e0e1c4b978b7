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
	const server = http.createServer((req, res) => {
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
		upstream.on('error', () => {
			if (!res.headersSent) res.writeHead(502)
			res.end()
		})
		req.pipe(upstream)
	})
	server.keepAliveTimeout = 5_000
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: async () => {
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
			for (const target of targets) target.agent.destroy()
		},
	}
}
