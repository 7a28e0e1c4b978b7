/**
 * The production build (`npm run build`) on a free loopback port with its own seeded database,
 * storage folder, a local mock Stripe and a raised rate limit: what the benchmarks, the soak test
 * and Lighthouse measure. Databases live on DATABASE_URL's server, else on an embedded Postgres.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { cartLineKey } from '../app/domain/orders/cart-line-key'
import { CART_STORAGE_KEY, serializeCart, type CartItem } from '../app/domain/orders/cart'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/embedded-postgres'
import { runPrisma } from '../server/prisma-cli'
import { productionNodeFlags } from '../server/production-node'
import { startMockStripe } from '../tests/mocks/stripe-server'
import { createDatabase, databaseUrl, dropDatabase, serverUrlOf } from '../tests/setup/database-server'

export interface ProductionServer {
	baseUrl: string
	databaseUrl: string
	/** Where the server stores uploads and image variants (local disk). */
	storageDir: string
	imageCacheDir: string
	/** The server process (for RSS sampling and signals). */
	process: ChildProcess
	/**
	 * Starts a fresh server process on the same database, as Fly starts a machine on demand, and returns the
	 * milliseconds from spawning `node` to its first `/readyz` 200, and the CPU time (user + system) it had used by
	 * then (what a busy host does not inflate); the process is stopped again.
	 */
	timeStartUp(): Promise<{ ms: number; cpuMs: number }>
	/** Starts another server process on the same database (a second machine). */
	startAnotherProcess(): Promise<{ baseUrl: string; process: ChildProcess }>
	/** Runs one SQL query against the server's database. */
	query<Row extends pg.QueryResultRow>(sql: string): Promise<Row[]>
	stop(): Promise<void>
}

export function freePort() {
	return new Promise<number>((resolve) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

/**
 * `buildDir` serves another build than this checkout's (its `build/` and `server-build/`), e.g. a baseline
 * to compare with; it must lie inside the repository, where the server's packages resolve.
 */
export async function startProductionServer(
	options: { seed?: boolean; env?: Record<string, string | undefined>; buildDir?: string } = {},
) {
	const serverEntry = path.resolve(options.buildDir ?? '.', 'server-build/index.js')
	if (!existsSync(serverEntry)) throw new Error('No production build: run `npm run build` first.')
	const embedded = process.env.DATABASE_URL ? undefined : await useEmbeddedPostgres()
	const serverUrl = embedded?.serverUrl ?? serverUrlOf(process.env.DATABASE_URL!)
	const name = `bakery_perf_${crypto.randomBytes(4).toString('hex')}`
	await createDatabase(serverUrl, name)
	const ownDatabaseUrl = databaseUrl(serverUrl, name)
	const tempDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-perf-'))
	const storageDir = path.join(tempDir, 'uploads')
	const imageCacheDir = path.join(tempDir, 'cache')
	await runPrisma(['migrate', 'deploy'], ownDatabaseUrl)
	if (options.seed !== false) {
		const previous = process.env.STORAGE_DIR
		process.env.STORAGE_DIR = storageDir
		await runPrisma(['db', 'seed'], ownDatabaseUrl)
		process.env.STORAGE_DIR = previous
	}
	const port = await freePort()
	const webhookSecret = 'whsec_perf'
	const stripe = await startMockStripe({
		port: await freePort(),
		webhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`,
		webhookSecret,
	})
	const env: NodeJS.ProcessEnv = {
		...process.env,
		NODE_ENV: 'production',
		HOST: '127.0.0.1',
		PORT: String(port),
		APP_URL: `http://127.0.0.1:${port}`,
		DATABASE_URL: ownDatabaseUrl,
		STORAGE_DIR: storageDir,
		IMAGE_CACHE_DIR: imageCacheDir,
		RATE_LIMIT_MULTIPLIER: '10000',
		LOG_REQUESTS: 'false',
		STRIPE_SECRET_KEY: 'sk_test_perf',
		STRIPE_WEBHOOK_SECRET: webhookSecret,
		STRIPE_API_HOST: '127.0.0.1',
		STRIPE_API_PORT: String(stripe.port),
		STRIPE_API_PROTOCOL: 'http',
		SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
		GOOGLE_CLIENT_ID: 'perf-client',
		GOOGLE_CLIENT_SECRET: 'perf-secret',
		ADMIN_EMAILS: 'owner@example.com',
		EMAIL_DISABLED: 'true',
		TEXTS_DISABLED: 'true',
		...options.env,
	}
	Object.assign(env, productionAllocator())
	// The production flags (Dockerfile CMD, `npm start`); SERVER_NODE_ARGS adds more, e.g.
	// `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server under load.
	const nodeArgs = [...productionNodeFlags, ...(process.env.SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [])]
	const child = spawn(process.execPath, [...nodeArgs, serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] })
	await waitForListening(child)
	/** One more server process on the same database and storage (another "machine"); stopped with this one. */
	const others: ChildProcess[] = []
	const startAnotherProcess = async () => {
		const otherPort = await freePort()
		const other = spawn(process.execPath, [...nodeArgs, serverEntry], {
			env: { ...env, PORT: String(otherPort), APP_URL: `http://127.0.0.1:${otherPort}` },
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		others.push(other)
		await waitForListening(other)
		return { baseUrl: `http://127.0.0.1:${otherPort}`, process: other }
	}
	const timeStartUp = async () => {
		const otherPort = await freePort()
		const readyz = `http://127.0.0.1:${otherPort}/readyz`
		const startedAt = performance.now()
		const fresh = spawn(process.execPath, [...nodeArgs, serverEntry], {
			env: { ...env, PORT: String(otherPort), APP_URL: `http://127.0.0.1:${otherPort}` },
			stdio: 'ignore',
		})
		try {
			for (;;) {
				if (fresh.exitCode !== null) throw new Error(`The server exited with ${fresh.exitCode} while starting`)
				const ready = await fetch(readyz).then(
					(response) => response.status === 200,
					() => false,
				)
				if (ready) return { ms: performance.now() - startedAt, cpuMs: await cpuMilliseconds(fresh.pid!) }
				if (performance.now() - startedAt > 30_000) throw new Error('/readyz not 200 within 30 s')
				await new Promise((resolve) => setTimeout(resolve, 5))
			}
		} finally {
			if (fresh.exitCode === null) {
				fresh.kill('SIGTERM')
				await new Promise((resolve) => fresh.once('exit', resolve))
			}
		}
	}
	const pool = new pg.Pool({ connectionString: ownDatabaseUrl, max: 2 })
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		databaseUrl: ownDatabaseUrl,
		storageDir,
		imageCacheDir,
		process: child,
		query: async <Row extends pg.QueryResultRow>(sql: string) => (await pool.query<Row>(sql)).rows,
		startAnotherProcess,
		timeStartUp,
		async stop() {
			for (const other of others) {
				if (other.exitCode !== null) continue
				other.kill('SIGTERM')
				await new Promise((resolve) => other.once('exit', resolve))
			}
			if (child.exitCode === null) {
				child.kill('SIGTERM')
				await new Promise((resolve) => child.once('exit', resolve))
			}
			await pool.end()
			await stripe.close()
			await dropDatabase(serverUrl, name).catch(() => {})
			await embedded?.release()
			await rm(tempDir, { recursive: true, force: true })
		},
	} satisfies ProductionServer
}

/**
 * Every server this process starts shares one embedded cluster (a second cluster on the same folder would
 * stop the first): the last one stopped stops it.
 */
let sharedEmbedded: { database: Promise<EmbeddedDatabase>; users: number } | undefined

async function useEmbeddedPostgres() {
	const shared = (sharedEmbedded ??= {
		database: startEmbeddedPostgres(path.resolve('.data/bench-postgres')),
		users: 0,
	})
	shared.users++
	const database = await shared.database
	return {
		serverUrl: database.serverUrl,
		async release() {
			if (--shared.users > 0) return
			sharedEmbedded = undefined
			await database.stop()
		},
	}
}

export interface StoredCart {
	key: string
	value: string
}

/** What the browser stores for a cart of the menu's first two orderable items, one of each (e.g. for `/checkout`). */
export async function storedCartOfTwo(server: ProductionServer): Promise<StoredCart> {
	const rows = await server.query<Pick<CartItem, 'id' | 'name' | 'imageKey' | 'imageAlt' | 'priceCents'>>(
		`SELECT id, name, "imageKey", "imageAlt", "priceCents" FROM "MenuItem" WHERE orderable AND NOT "soldOut" ORDER BY "sortOrder" LIMIT 2`,
	)
	const items: CartItem[] = rows.map((row) => ({
		...row,
		key: cartLineKey(row.id, []),
		quantity: 1,
		choices: [],
		options: [],
	}))
	return { key: CART_STORAGE_KEY, value: serializeCart(items) }
}

function waitForListening(server: ChildProcess) {
	return new Promise<void>((resolve, reject) => {
		let output = ''
		const onData = (chunk: Buffer) => {
			output += chunk.toString()
			if (output.includes('listening on')) resolve()
		}
		server.stdout!.on('data', onData)
		server.stderr!.on('data', onData)
		server.once('exit', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)))
	})
}

/** Resident memory of a process in bytes (Linux /proc), or null elsewhere. */
export async function residentBytes(pid: number | undefined) {
	if (!pid) return null
	try {
		const { readFile } = await import('node:fs/promises')
		const status = await readFile(`/proc/${pid}/status`, 'utf8')
		const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
		return kilobytes ? Number(kilobytes) * 1024 : null
	} catch {
		return null
	}
}

/**
 * Resident memory of a process split by what backs it (Linux /proc smaps_rollup): anonymous memory (heaps —
 * V8's, malloc's, libvips' — and stacks) and mapped files (code, shared libraries); null elsewhere.
 */
export async function memoryOf(pid: number | undefined) {
	if (!pid) return null
	try {
		const { readFile } = await import('node:fs/promises')
		const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8')
		const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0)
		const rss = kilobytes('Rss') * 1024
		const anonymous = kilobytes('Anonymous') * 1024
		return { rss, anonymous, files: rss - anonymous }
	} catch {
		return null
	}
}

const JEMALLOC_PATHS = ['/usr/local/lib/libjemalloc.so.2', `/usr/lib/${os.machine()}-linux-gnu/libjemalloc.so.2`]

/**
 * The image's allocator (Dockerfile: jemalloc, its MALLOC_CONF) when this host has it (`apt-get install
 * libjemalloc2`), so memory measured here is what the machine sees; BENCH_ALLOCATOR=glibc measures without it.
 */
function productionAllocator(): Record<string, string> {
	const library = JEMALLOC_PATHS.find((candidate) => existsSync(candidate))
	if (process.env.BENCH_ALLOCATOR === 'glibc' || !library) {
		console.log('Allocator: glibc malloc (the image uses jemalloc: `apt-get install libjemalloc2` to match it)')
		return {}
	}
	console.log(`Allocator: jemalloc (${library}), as in the image`)
	return {
		LD_PRELOAD: library,
		MALLOC_CONF: 'background_thread:true,dirty_decay_ms:0,muzzy_decay_ms:0,narenas:2',
	}
}

/** User + system CPU time a process has used so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
export async function cpuMilliseconds(pid: number) {
	const { readFile } = await import('node:fs/promises')
	const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
	// utime and stime are fields 14 and 15 of stat(5), 12 and 13 after the command name.
	return (Number(fields[11]) + Number(fields[12])) * 10
}
