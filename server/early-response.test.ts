import http from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { createReadableStreamFromReadable } from '@remix-run/node'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { bodyProblemResponse, readBodyBytes } from '../app/utils/body.server'
import { closeAfterEarlyResponse } from './early-response'

const LIMIT = 32 * 1024
let server: http.Server | undefined

afterEach(() => {
	server?.closeAllConnections()
	server?.close()
	server = undefined
})

/** A server that reads bodies the way the site does (Remix's body stream, a streaming limit) and answers 413 early. */
async function startServer(lingerMs?: number) {
	const app = express()
	app.use(closeAfterEarlyResponse({ lingerMs }))
	app.post('/', async (req, res) => {
		const request = new Request('http://localhost/', {
			method: 'POST',
			headers: req.headers as Record<string, string>,
			body: createReadableStreamFromReadable(req),
			duplex: 'half',
		} as RequestInit)
		const body = await readBodyBytes(request, LIMIT)
		const answer = body.ok ? new Response(`read ${body.value.byteLength} bytes`) : bodyProblemResponse(body.problem)
		res
			.status(answer.status)
			.type('text/plain')
			.send(await answer.text())
	})
	server = http.createServer(app)
	await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
	return (server.address() as AddressInfo).port
}

const frame = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 0x61), Buffer.from('\r\n')])

/**
 * Sends `megabytes` of chunked body as fast as the connection takes it, like a browser uploading a photo,
 * and only reads the answer after `readAfterMs` (a browser reads it once its upload is done or fails).
 */
async function upload(port: number, { megabytes, readAfterMs }: { megabytes: number; readAfterMs: number }) {
	const socket = net.connect(port, '127.0.0.1')
	socket.pause()
	socket.on('error', () => {})
	const started = Date.now()
	socket.write('POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n')
	for (let i = 0; i < megabytes * 16; i++) socket.write(frame)
	await new Promise((resolve) => setTimeout(resolve, readAfterMs))
	let answer = ''
	socket.on('data', (data: Buffer) => (answer += data.toString('latin1')))
	socket.resume()
	await new Promise((resolve) => (socket.destroyed ? resolve(null) : socket.once('close', resolve)))
	return { answer, seconds: (Date.now() - started) / 1000 }
}

describe('an answer sent before the body has arrived', () => {
	it('reaches a client that reads it only after uploading, and the connection is closed', async () => {
		const port = await startServer()
		const { answer } = await upload(port, { megabytes: 8, readAfterMs: 500 })
		expect(answer).toMatch(/^HTTP\/1\.1 413 /)
		expect(answer).toMatch(/\r\nconnection: close\r\n/i)
		expect(answer).toContain('too large')
	})

	it('cuts off a client that goes on sending after the answer once the linger is over', async () => {
		const port = await startServer(300)
		const { answer, seconds } = await upload(port, { megabytes: 64, readAfterMs: 0 })
		expect(answer).toMatch(/^HTTP\/1\.1 413 /)
		expect(seconds).toBeLessThan(5)
	})
})

describe('a body read to the end', () => {
	it('keeps the connection open for the next request', async () => {
		const port = await startServer()
		const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
		const sockets = new Set<net.Socket>()
		const post = () =>
			new Promise<{ status?: number; connection?: string; text: string }>((resolve, reject) => {
				const request = http.request({ port, host: '127.0.0.1', method: 'POST', agent }, (response) => {
					let text = ''
					response.on('data', (data: Buffer) => (text += data.toString()))
					response.on('end', () =>
						resolve({ status: response.statusCode, connection: response.headers.connection, text }),
					)
				})
				request.on('socket', (socket) => sockets.add(socket))
				request.on('error', reject)
				request.end('name=Ana&message=Oi')
			})
		expect(await post()).toEqual({ status: 200, connection: 'keep-alive', text: 'read 19 bytes' })
		expect(await post()).toEqual({ status: 200, connection: 'keep-alive', text: 'read 19 bytes' })
		expect(sockets.size).toBe(1)
		agent.destroy()
	})
})
