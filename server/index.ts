import 'dotenv/config'
import http, { type Server } from 'node:http'
import { enableCompileCache } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { getEnv, listenAddresses, resetEnv, type Env } from '../app/utils/env.server'
import { markShuttingDown } from '../app/utils/lifecycle.server'
import { closeRateLimitStore } from '../app/utils/rate-limit.server'
import { createApp, serverTimeouts } from './app'
import { loadEnvOrExit } from './load-env'
import { compileCacheDir } from './production-node'
import type * as EntryServerModule from '../app/entry.server'
import type * as DevDatabaseModule from './dev-database'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SHUTDOWN_GRACE_MS = 10_000
// Closing the pool waits for half-open connections; the process exiting closes them anyway.
const CLEANUP_LIMIT_MS = 2_000
// Keep-alive connections with no request after the signal for this long are closed.
const IDLE_DRAIN_MS = 1_000
/**
 * After SIGTERM the listener stays open this long (readiness already answers 503, every answer says
 * `Connection: close`): a connection the kernel took just before the signal, or one the platform's proxy
 * sent before it noticed, is answered rather than reset when the listener closes (decision 040).
 */
const LISTEN_DRAIN_MS = 1_000

async function main() {
	const env = loadEnvOrExit()
	const stopDevDatabase = env.DATABASE_URL ? undefined : await startDevDatabase(env)

	const server = http.createServer(serverTimeouts)
	server.keepAliveTimeout = serverTimeouts.keepAliveTimeout
	// Hot reload shares the site's port (no second port to configure or collide on).
	const viteDevServer = env.NODE_ENV === 'production' ? undefined : await createViteDevServer(server)
	const productionBuild = path.join(rootDir, 'build/server/index.js')
	// The code `npm run build` compiled for the bundle (scripts/build-server.ts); without it the start is only slower.
	if (!viteDevServer) enableCompileCache(compileCacheDir(rootDir))
	const build = viteDevServer
		? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
		: ((await import(productionBuild)) as ServerBuild)
	const app = createApp({ env: getEnv(), clientDir: path.join(rootDir, 'build/client'), build, viteDevServer })

	server.on('request', app)
	let stopBackgroundWork: (() => Promise<void>) | undefined
	const [firstAddress, ...otherAddresses] = listenAddresses(env)
	const extraListeners = otherAddresses.map((address) => listenAlso(server, env.PORT, address))
	server.listen(env.PORT, firstAddress, () => {
		const where = env.HOST
			? `HOST ${env.HOST}`
			: env.NODE_ENV === 'production'
				? 'every interface'
				: 'this computer only'
		console.log(`Bakery site (${env.NODE_ENV}) listening on http://localhost:${env.PORT} (${where})`)
		startBackgroundWork(build).then(
			(stop) => (stopBackgroundWork = stop),
			(error: unknown) => console.error('Background work did not start:', error),
		)
	})
	server.on('error', (error) => {
		console.error(`Server failed to start: ${error.message}`)
		process.exit(1)
	})
	handleShutdown(
		server,
		async () => {
			// Waits for a mail or a housekeeping run in progress (pg-boss stops gracefully); one cut off
			// expires and another process (or this one's next start) does it again.
			await stopBackgroundWork?.()
			await closeRateLimitStore()
			await viteDevServer?.close()
			await globalThis.__prisma?.$disconnect()
		},
		stopDevDatabase,
		extraListeners,
	)
}

/**
 * One more address for the same server (the IPv6 loopback beside 127.0.0.1, so `localhost` works whichever
 * address the system resolves it to). Skipped where the address does not exist (no IPv6 in a container).
 */
function listenAlso(server: Server, port: number, address: string) {
	const listener = net.createServer((socket) => server.emit('connection', socket))
	listener.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT') return
		console.error(`Server failed to listen on ${address}: ${error.message}`)
		process.exit(1)
	})
	listener.listen(port, address)
	return listener
}

/**
 * Vite in middleware mode, with hot reload over the site's own port. Vite exits the process by itself on SIGTERM
 * (and when stdin ends), which cut this server's shutdown short: in-flight requests, the mail queue and the
 * development database (in a process group of its own) were left behind. Those listeners go; the shutdown below
 * closes Vite itself.
 */
async function createViteDevServer(server: Server) {
	const sigterm = process.listeners('SIGTERM')
	const stdinEnd = process.stdin.listeners('end')
	const { createServer } = await import('vite')
	const vite = await createServer({ server: { middlewareMode: true, hmr: { server } } })
	for (const added of process.listeners('SIGTERM')) if (!sigterm.includes(added)) process.off('SIGTERM', added)
	for (const added of process.stdin.listeners('end')) {
		if (!stdinEnd.includes(added)) process.stdin.off('end', added as (...args: unknown[]) => void)
	}
	return vite
}

/** The app's housekeeping and mail worker (app/entry.server.tsx), from the build this server runs. */
async function startBackgroundWork(build: ServerBuild | (() => Promise<ServerBuild>)) {
	const { entry } = typeof build === 'function' ? await build() : build
	return (entry.module as unknown as typeof EntryServerModule).startBackgroundWork()
}

async function startDevDatabase(env: Env) {
	// A computed path keeps the embedded database (a dev dependency) out of the production bundle.
	const devDatabaseModule = pathToFileURL(path.join(rootDir, 'server/dev-database.ts')).href
	const { startDevDatabase } = (await import(devDatabaseModule)) as typeof DevDatabaseModule
	// Stopped last by the shutdown below, once requests and the mail queue have finished.
	const database = await startDevDatabase(path.resolve(rootDir, env.EMBEDDED_DATABASE_DIR), { stopOnSignal: false })
	process.env.DATABASE_URL = database.databaseUrl
	resetEnv()
	return database.stop
}

/** SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the pool and exit 0. */
function handleShutdown(
	server: Server,
	cleanup: () => Promise<void>,
	/** After the cleanup, or its time limit: the development database, which runs in a process group of its own. */
	last?: () => Promise<void>,
	extraListeners: net.Server[] = [],
) {
	let shuttingDown = false
	const unanswered = new Set<http.ServerResponse>()
	// Keep-alive clients are told to reconnect elsewhere once their current response is done.
	server.on('request', (_req, res) => {
		if (shuttingDown) return void res.setHeader('Connection', 'close')
		unanswered.add(res)
		res.once('close', () => unanswered.delete(res))
	})
	const shutdown = (signal: string) => {
		if (shuttingDown) return
		shuttingDown = true
		markShuttingDown()
		console.log(`${signal} received: finishing in-flight requests…`)
		// Requests already being handled close their connection too, rather than idle it out (keep-alive, 5 s).
		for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close')
		const forceExit = setTimeout(() => {
			console.error('Shutdown grace period over; exiting with open connections.')
			process.exit(1)
		}, SHUTDOWN_GRACE_MS)
		forceExit.unref()
		// Stop accepting connections, but not yet http's close(), which also destroys every keep-alive
		// connection that has no request parsed at that instant: a client (or Fly's proxy) whose next
		// request is already on the wire would get a reset. Connections in use get `Connection: close`
		// on their next response instead; the ones still idle after IDLE_DRAIN_MS are closed then.
		// Closed after LISTEN_DRAIN_MS: closing a listener resets the connections still queued in the kernel
		// (requests sent before the platform stopped routing here), and closing on the next turn still lost one
		// now and then under load.
		setTimeout(() => {
			for (const listener of extraListeners) if (listener.listening) listener.close()
			net.Server.prototype.close.call(server, async () => {
				try {
					await Promise.race([cleanup(), new Promise((resolve) => setTimeout(resolve, CLEANUP_LIMIT_MS))])
					await last?.()
					process.exit(0)
				} catch (error) {
					console.error('Error during shutdown', error)
					process.exit(1)
				}
			})
		}, LISTEN_DRAIN_MS)
		setTimeout(() => server.closeIdleConnections(), LISTEN_DRAIN_MS + IDLE_DRAIN_MS).unref()
	}
	process.on('SIGTERM', () => shutdown('SIGTERM'))
	process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
	console.error(error)
	process.exit(1)
})
