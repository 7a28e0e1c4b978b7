import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { expect, test } from '@playwright/test'

// These tests start their own production servers next to the shared one.
const serverEntry = path.resolve('server-build/index.js')

function freePort() {
	return new Promise<number>((resolve) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

function startServer(env: Record<string, string>) {
	const child = spawn(process.execPath, [serverEntry], {
		env: {
			PATH: process.env.PATH ?? '',
			NODE_ENV: 'production' as const,
			APP_URL: 'http://localhost:3000',
			LOG_REQUESTS: 'false',
			PAYMENTS_DISABLED: 'true',
			EMAIL_DISABLED: 'true',
			TEXTS_DISABLED: 'true',
			SESSION_SECRET: 'lifecycle-test-session-secret-0123456789',
			GOOGLE_CLIENT_ID: 'lifecycle-client',
			GOOGLE_CLIENT_SECRET: 'lifecycle-secret',
			ADMIN_EMAILS: 'owner@example.com',
			STORAGE_DIR: '.data/lifecycle-uploads',
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout!.on('data', (chunk) => (output += chunk))
	child.stderr!.on('data', (chunk) => (output += chunk))
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
	return { child, exited, output: () => output }
}

async function waitForListening(server: { output: () => string }) {
	await expect.poll(server.output, { timeout: 15_000 }).toContain('listening on')
}

/** A production server on a free port whose database at `databasePort` is down (or never answers). */
async function startServerWithDatabaseAt(databasePort: number) {
	const port = await freePort()
	const server = startServer({
		PORT: String(port),
		DATABASE_URL: `postgresql://postgres@127.0.0.1:${databasePort}/bakery`,
	})
	return { ...server, port }
}

/** A raw keep-alive connection; `send` writes one request and resolves with its response (head and body). */
async function openConnection(port: number) {
	const socket = net.connect(port, '127.0.0.1')
	await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
	socket.setEncoding('utf8')
	return {
		send(request: string) {
			return new Promise<string>((resolve, reject) => {
				let received = ''
				const complete = () => {
					const headEnd = received.indexOf('\r\n\r\n')
					const length = /\r\ncontent-length: (\d+)\r\n/i.exec(received)
					return headEnd >= 0 && length && Buffer.byteLength(received.slice(headEnd + 4)) >= Number(length[1])
				}
				const onData = (chunk: string) => {
					received += chunk
					if (complete()) finish()
				}
				const finish = () => {
					socket.off('data', onData).off('error', reject).off('close', finish)
					resolve(received)
				}
				socket.on('data', onData).once('error', reject).once('close', finish)
				socket.write(request)
			})
		},
	}
}

function stop(child: ChildProcess) {
	if (child.exitCode === null) child.kill('SIGKILL')
}

test('a malformed variable stops the server with one line naming it', async () => {
	const server = startServer({ PORT: 'eighty', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x' })
	expect(await server.exited).toBe(1)
	expect(server.output().trim()).toBe('Invalid environment: PORT is invalid: Expected number, received nan')
})

test('production refuses to start without DATABASE_URL (no embedded database there)', async () => {
	const server = startServer({})
	expect(await server.exited).toBe(1)
	expect(server.output()).toContain('DATABASE_URL is invalid: is required in production')
	expect(server.output().trim().split('\n')).toHaveLength(1)
})

test('production refuses to start without APP_URL (links are never built from request headers)', async () => {
	const server = startServer({ APP_URL: '', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x' })
	expect(await server.exited).toBe(1)
	expect(server.output().trim()).toBe(
		'Invalid environment: APP_URL is invalid: is required in production (the public origin, e.g. https://docedulce.example)',
	)
})

test('/healthz answers 503 while the database is down, and pages do not leak a stack trace', async ({ request }) => {
	const server = await startServerWithDatabaseAt(await freePort())
	const port = server.port
	try {
		await waitForListening(server)
		const health = await request.get(`http://localhost:${port}/healthz`)
		expect(health.status()).toBe(503)
		expect(await health.text()).toBe('Database unreachable')
		// Pages that need the database answer a friendly 503 inside the layout, never a stack trace.
		const pages = [
			['/shop', "We couldn't load the shop right now. Please try again shortly."],
			['/menu', 'Unable to load menu right now. Please try again later.'],
			['/cakes', 'Failed to load cakes. Please try again later.'],
		] as const
		for (const [path, message] of pages) {
			const page = await request.get(`http://localhost:${port}${path}`)
			expect(page.status(), path).toBe(503)
			expect(page.headers()['retry-after']).toBe('30')
			const html = await page.text()
			expect(html).toContain(message.replace("'", '&#x27;'))
			expect(html).not.toMatch(/at .*\.js:\d+/)
		}
	} finally {
		stop(server.child)
	}
})

test('a rate-limited post says when to try again (Retry-After), for a page and for a data request', async ({
	request,
}) => {
	// The real budgets (RATE_LIMIT_MULTIPLIER unset): 8 public form posts and 12 checkouts per 10 minutes.
	// The limit is spent before the database is touched, so none is needed.
	const server = await startServerWithDatabaseAt(await freePort())
	try {
		await waitForListening(server)
		const base = `http://localhost:${server.port}`
		const contact = () =>
			request.post(`${base}/contact`, { form: { name: 'Ana', email: 'ana@example.com', message: 'Olá!' } })
		for (let post = 0; post < 8; post++) expect((await contact()).status()).not.toBe(429)
		const limited = await contact()
		expect(limited.status()).toBe(429)
		expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0)
		expect(await limited.text()).toContain('Please try again in')

		const checkout = () =>
			request.post(`${base}/checkout.data`, {
				data: { customer: { name: 'Ana', email: 'ana@example.com' }, items: [{ id: 'x', quantity: 1 }] },
			})
		for (let post = 0; post < 12; post++) expect((await checkout()).status()).not.toBe(429)
		const limitedCheckout = await checkout()
		expect(limitedCheckout.status()).toBe(429)
		expect(Number(limitedCheckout.headers()['retry-after'])).toBeGreaterThan(0)
	} finally {
		stop(server.child)
	}
})

test('SIGTERM lets an in-flight request finish, then exits 0', async ({ request }) => {
	// A "database" that accepts connections and never answers keeps /healthz busy for its 3 s timeout.
	const silentDatabase = net.createServer(() => {}).listen(0, '127.0.0.1')
	await new Promise((resolve) => silentDatabase.once('listening', resolve))
	const databasePort = (silentDatabase.address() as net.AddressInfo).port
	const server = await startServerWithDatabaseAt(databasePort)
	const port = server.port
	try {
		await waitForListening(server)
		const inFlight = request.get(`http://localhost:${port}/healthz`)
		// A proxy's pooled connection: it has served a request and is idle when the signal comes.
		const pooled = await openConnection(port)
		expect(await pooled.send('GET /favicon.svg HTTP/1.1\r\nHost: localhost\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /)
		await new Promise((resolve) => setTimeout(resolve, 500))
		const signalledAt = Date.now()
		server.child.kill('SIGTERM')
		await expect.poll(server.output, { intervals: [25] }).toContain('SIGTERM received')
		// Its next request is answered, not reset: "not ready", and the connection is not kept alive.
		// (A brand-new connection in the listener's last second gets the same answer, but a test on a
		// busy machine cannot be sure to connect within that second: the pooled one has two.)
		const late = await pooled.send('GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n')
		expect(late).toMatch(/^HTTP\/1\.1 503 /)
		expect(late).toMatch(/\r\nconnection: close\r\n/i)
		// Then new connections are refused while the in-flight request is still running.
		await expect
			.poll(
				() =>
					request.get(`http://localhost:${port}/readyz`).then(
						() => 'answered',
						(error: Error) => error.message,
					),
				{ timeout: 3_000 },
			)
			.toMatch(/ECONNREFUSED/)
		const response = await inFlight
		expect(response.status()).toBe(503)
		expect(await server.exited).toBe(0)
		expect(Date.now() - signalledAt).toBeLessThan(10_000)
	} finally {
		stop(server.child)
		silentDatabase.close()
	}
})
