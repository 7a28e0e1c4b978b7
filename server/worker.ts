/**
 * `npm run worker`: the mail worker and the housekeeping schedules (app/domain/housekeeping/scheduled-work.server.ts)
 * alone, for a deployment that runs them apart from the web processes (set MAIL_WORKER=false on the web
 * machines). It needs DATABASE_URL (no embedded database) and, in
 * production, runs the app code of the built site (build/server), as `npm start` does.
 */
import 'dotenv/config'
import { enableCompileCache } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import type * as EntryServerModule from '../app/entry.server'
import { loadEnvOrExit } from './load-env'
import { compileCacheDir } from './production-node'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function entryModule(production: boolean) {
	if (production) {
		enableCompileCache(compileCacheDir(rootDir))
		const build = (await import(path.join(rootDir, 'build/server/index.js'))) as ServerBuild
		return build.entry.module as unknown as typeof EntryServerModule
	}
	// A computed path keeps the app's source out of the production bundle (tsx runs it in development).
	return (await import(pathToFileURL(path.join(rootDir, 'app/entry.server.tsx')).href)) as typeof EntryServerModule
}

async function main() {
	const env = loadEnvOrExit()
	if (!env.DATABASE_URL) {
		console.error('Invalid environment: DATABASE_URL is missing (the mail worker needs the site’s Postgres)')
		process.exit(1)
	}
	const stop = await (await entryModule(env.NODE_ENV === 'production')).startMailWorkerAlone()
	console.log(`Mail worker (${env.NODE_ENV}) running`)
	let stopping = false
	const shutdown = (signal: string) => {
		if (stopping) return
		stopping = true
		console.log(`${signal} received: finishing the mail being sent…`)
		stop().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error('Error during shutdown', error)
				process.exit(1)
			},
		)
	}
	process.on('SIGTERM', () => shutdown('SIGTERM'))
	process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
	console.error(error)
	process.exit(1)
})
