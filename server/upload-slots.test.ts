import http from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { closeAfterEarlyResponse } from './early-response'
import { limitConcurrentUploads, UPLOADS_PER_CLIENT } from './upload-slots'

let server: http.Server | undefined
const sockets: net.Socket[] = []

afterEach(() => {
	for (const socket of sockets.splice(0)) socket.destroy()
	server?.closeAllConnections()
	server?.close()
	server = undefined
})

/** Reads each body to its end, as a form route does; the client is named by a header here (the IP on the site). */
async function startServer() {
	const app = express()
	app.use(closeAfterEarlyResponse({ lingerMs: 100 }))
	app.use((req, res, next) => {
		res.locals.clientIp = req.get('x-test-client')
		next()
	})
	app.use(limitConcurrentUploads({ clientOf: (res) => res.locals.clientIp as string }))
	app.post('*', (req, res) => {
		req.resume()
		req.once('end', () => res.type('text/plain').send('read'))
	})
	server = http.createServer(app)
	await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
	return (server.address() as AddressInfo).port
}

/** A 5 MB photo post that has sent its headers and a first kilobyte: its body is still arriving. */
function startUpload(port: number, client: string, path = '/custom-cakes') {
	const socket = net.connect(port, '127.0.0.1')
	socket.on('error', () => {})
	sockets.push(socket)
	let answer = ''
	socket.on('data', (data: Buffer) => (answer += data.toString('utf8')))
	socket.write(
		`POST ${path} HTTP/1.1\r\nHost: localhost\r\nX-Test-Client: ${client}\r\n` +
			`Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n`,
	)
	socket.write(Buffer.alloc(1024, 0x61))
	return { socket, answer: () => answer }
}

async function answerWithin(upload: ReturnType<typeof startUpload>, ms: number) {
	const deadline = Date.now() + ms
	while (!upload.answer().includes('\r\n\r\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
	return upload.answer()
}

describe('limitConcurrentUploads', () => {
	// Issue 35: a client could hold any number of 5 MB bodies in memory before any budget was checked.
	it('answers 429 at once, before reading the body, to one upload too many from the same client', async () => {
		const port = await startServer()
		const held = Array.from({ length: UPLOADS_PER_CLIENT }, () => startUpload(port, '203.0.113.7'))
		await new Promise((resolve) => setTimeout(resolve, 200))
		for (const upload of held) expect(upload.answer()).toBe('')

		const extra = startUpload(port, '203.0.113.7', '/es/custom-cakes')
		const refused = await answerWithin(extra, 2_000)
		expect(refused).toMatch(/^HTTP\/1\.1 429/)
		expect(refused).toContain('Retry-After: 10')
		expect(refused).toContain('Demasiados envíos a la vez')

		// Another client is not affected, and a slot is free again once an upload ends.
		const other = startUpload(port, '198.51.100.4')
		await new Promise((resolve) => setTimeout(resolve, 200))
		expect(other.answer()).toBe('')
		held[0]!.socket.destroy()
		await new Promise((resolve) => setTimeout(resolve, 200))
		const next = startUpload(port, '203.0.113.7')
		await new Promise((resolve) => setTimeout(resolve, 200))
		expect(next.answer()).toBe('')
	})
})
