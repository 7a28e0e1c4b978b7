import { spawn } from 'node:child_process'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { createCookie } from '@remix-run/node'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/embedded-postgres'
import { runPrisma } from '../../server/prisma-cli'

/**
 * Faults that need a real server process and a real database server: the database restarting
 * under load, and SIGTERM under load. Each test starts its own production server (and this file its
 * own embedded Postgres) next to the shared e2e server.
 */
test.describe.configure({ timeout: 120_000 })

const serverEntry = path.resolve('server-build/index.js')
let dataDir: string
let database: EmbeddedDatabase
let databaseUrl: string

function freePort() {
	return new Promise<number>((resolve) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

async function startServer() {
	const port = await freePort()
	const child = spawn(process.execPath, [serverEntry], {
		env: {
			PATH: process.env.PATH ?? '',
			NODE_ENV: 'production',
			HOST: '127.0.0.1',
			PORT: String(port),
			APP_URL: `http://127.0.0.1:${port}`,
			DATABASE_URL: databaseUrl,
			STORAGE_DIR: path.join(dataDir, 'uploads'),
			IMAGE_CACHE_DIR: path.join(dataDir, 'cache'),
			LOG_REQUESTS: 'false',
			RATE_LIMIT_MULTIPLIER: '1000',
			PAYMENTS_DISABLED: 'true',
			EMAIL_DISABLED: 'true',
			TEXTS_DISABLED: 'true',
			SESSION_SECRET,
			GOOGLE_CLIENT_ID: 'faults-client',
			GOOGLE_CLIENT_SECRET: 'faults-secret',
			ADMIN_EMAILS: 'owner@example.com',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout!.on('data', (chunk) => (output += chunk))
	child.stderr!.on('data', (chunk) => (output += chunk))
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
	await expect.poll(() => output, { timeout: 20_000 }).toContain('listening on')
	return { child, exited, baseUrl: `http://127.0.0.1:${port}`, output: () => output }
}

const SESSION_SECRET = 'faults-test-session-secret-0123456789abcdef'

/** A correctly signed admin session cookie: reading it needs the database. */
async function sessionCookie() {
	const cookie = createCookie('__bakery_session', { secrets: [SESSION_SECRET] })
	return (await cookie.serialize('a-session-id')).split(';')[0]!
}

interface Outcome {
	status: number | string
	retryAfter?: string | null
	body: string
	startedAt: number
	finishedAt: number
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Outcome> {
	const startedAt = Date.now()
	try {
		const response = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) })
		const retryAfter = response.headers.get('Retry-After')
		return { status: response.status, retryAfter, body: await response.text(), startedAt, finishedAt: Date.now() }
	} catch (error) {
		const cause = (error as { cause?: { code?: string } }).cause
		return { status: cause?.code ?? (error as Error).name, body: '', startedAt, finishedAt: Date.now() }
	}
}

/** `clients` loops requesting `paths` until `stop()`; bounded by `maxSeconds` whatever happens. */
function load(baseUrl: string, paths: string[], clients: number, maxSeconds = 60) {
	const outcomes: Outcome[] = []
	let stopped = false
	const deadline = Date.now() + maxSeconds * 1000
	const loops = Array.from({ length: clients }, async (_, client) => {
		for (let n = client; !stopped && Date.now() < deadline; n++) {
			outcomes.push(await get(`${baseUrl}${paths[n % paths.length]}`))
		}
	})
	return {
		outcomes,
		async stop() {
			stopped = true
			await Promise.all(loops)
		},
	}
}

test.beforeAll(async () => {
	dataDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-faults-'))
	// As root, initdb runs as the `postgres` user, which must reach the data folder.
	await chmod(dataDir, 0o755)
	database = await startEmbeddedPostgres(path.join(dataDir, 'postgres'))
	databaseUrl = `${database.serverUrl}/postgres`
	await runPrisma(['migrate', 'deploy'], databaseUrl)
})

test.afterAll(async () => {
	await database?.stop()
	await rm(dataDir, { recursive: true, force: true })
})

test('database restarted mid-load: friendly 503s during the outage, /healthz 503, then the same process recovers', async () => {
	const server = await startServer()
	try {
		const traffic = load(server.baseUrl, ['/menu', '/shop', '/reviews'], 10)
		await new Promise((resolve) => setTimeout(resolve, 2_000))
		await database.stop()

		// /menu may still answer from the in-process menu cache; reviews always read the database.
		const page = await get(`${server.baseUrl}/reviews`)
		expect(page.status).toBe(503)
		expect(page.retryAfter).toBe('30')
		// Inside the layout, with the page's heading, its note and a way to try again.
		expect(page.body).toContain('<html')
		expect(page.body).toContain('Customer Reviews')
		expect(page.body).toContain('We couldn’t load the reviews right now. Please try again shortly.')
		expect(page.body).toContain('Try again')
		// A page for people: no stack trace, no driver messages.
		expect(page.body).not.toMatch(/\n\s+at |ECONNREFUSED|PrismaClient|Error: /)
		// The owner's screens follow the same policy: reading the session is the first thing that fails.
		const admin = await get(`${server.baseUrl}/admin/orders`, { Cookie: await sessionCookie() })
		expect(admin.status).toBe(503)
		expect(admin.retryAfter).toBe('30')
		expect(admin.body).toContain('Please try again shortly.')
		expect(admin.body).not.toMatch(/\n\s+at |ECONNREFUSED|PrismaClient|Error: /)
		expect((await get(`${server.baseUrl}/healthz`)).status).toBe(503)
		await new Promise((resolve) => setTimeout(resolve, 2_000))

		database = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), { port: database.port })
		await expect.poll(async () => (await get(`${server.baseUrl}/healthz`)).status, { timeout: 30_000 }).toBe(200)
		expect((await get(`${server.baseUrl}/menu`)).status).toBe(200)
		await traffic.stop()

		expect(server.child.exitCode, 'the same process served before, during and after').toBeNull()
		const statuses = new Set(traffic.outcomes.map((outcome) => outcome.status))
		expect([...statuses].sort()).toEqual(expect.arrayContaining([200]))
		for (const status of statuses) expect([200, 503], `status ${status} under a database restart`).toContain(status)
		const failures = traffic.outcomes.filter((outcome) => outcome.status === 503)
		for (const failure of failures) expect(failure.body).not.toMatch(/\n\s+at |PrismaClient/)
		console.log(
			`DB restart under load: ${traffic.outcomes.length} requests, ${failures.length} friendly 503s, the rest 200`,
		)
	} finally {
		if (server.child.exitCode === null) server.child.kill('SIGKILL')
	}
})

test('SIGTERM under load: in-flight requests complete, later ones are answered then refused, exit 0 within 10 s', async () => {
	const server = await startServer()
	try {
		const traffic = load(server.baseUrl, ['/menu', '/', '/shop'], 20, 30)
		await new Promise((resolve) => setTimeout(resolve, 2_000))
		const signalledAt = Date.now()
		server.child.kill('SIGTERM')
		const code = await Promise.race([
			server.exited,
			new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
		])
		const exitedAfterMs = Date.now() - signalledAt
		expect(code).toBe(0)
		expect(exitedAfterMs).toBeLessThan(10_000)
		const refused = await get(`${server.baseUrl}/menu`)
		expect(refused.status).toBe('ECONNREFUSED')
		await traffic.stop()

		const finishedAfterSignal = traffic.outcomes.filter(
			(outcome) => outcome.status === 200 && outcome.finishedAt >= signalledAt,
		)
		// Everything sent before the signal is answered. Sent after it (the platform stops routing here at the
		// signal; this client does not): answered during the second the listener stays open, then refused, or
		// reset if it was still queued in the kernel when the listener closed (never taken by the app). Decision 040.
		const broken = traffic.outcomes.filter((outcome) =>
			outcome.startedAt < signalledAt
				? outcome.status !== 200
				: ![200, 'ECONNREFUSED', 'ECONNRESET'].includes(outcome.status),
		)
		expect(
			broken.map((outcome) => outcome.status),
			'every request sent before the signal answered; no errors after it',
		).toEqual([])
		expect(finishedAfterSignal.length, 'requests in flight at SIGTERM still got their answer').toBeGreaterThan(0)
		console.log(
			`SIGTERM under load: ${traffic.outcomes.length} requests; ${finishedAfterSignal.length} completed after the signal; exit 0 after ${exitedAfterMs} ms`,
		)
	} finally {
		if (server.child.exitCode === null) server.child.kill('SIGKILL')
	}
})
