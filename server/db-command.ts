/**
 * `npm run db:migrate | db:seed | db:reset`: the Prisma CLI against DATABASE_URL, or, when it is
 * unset (development), against the embedded database that `npm run dev` uses, started for the
 * command (or shared with a running dev server) and stopped afterwards.
 * `npm run db:restore -- <backup>` restores a nightly backup (a key from `db:restore -- --list`, or a
 * downloaded file) into that database, which must be empty (README "Backups and the restore drill").
 */
import 'dotenv/config'
import path from 'node:path'
import { EnvError, getEnv } from '../app/utils/env.server'
import { ensureDatabase, startDevDatabase } from './dev-database'
import { startEmbeddedPostgres } from './embedded-postgres'
import { runPrisma } from './prisma-cli'

const commands: Record<string, string[][]> = {
	migrate: [['migrate', 'dev']],
	seed: [['db', 'seed']],
	// Prisma 7's reset no longer seeds by itself.
	reset: [
		['migrate', 'reset', '--force'],
		['db', 'seed'],
	],
}

const RESTORE_USAGE = 'Usage: npm run db:restore -- <backup key or file> | --list'

/** Without DATABASE_URL the drill restores beside the dev database, never over it. */
const EMBEDDED_RESTORE_DATABASE = 'bakery_restore'

async function restore([source]: string[]) {
	const { listBackups, restoreBackup } = await import('../app/domain/backups/restore.server')
	if (!source) throw new Error(RESTORE_USAGE)
	if (source === '--list') {
		const backups = await listBackups()
		console.log(backups.length > 0 ? backups.join('\n') : 'No backups yet.')
		return
	}
	const env = getEnv()
	const cluster = env.DATABASE_URL ? undefined : await startEmbeddedPostgres(path.resolve(env.EMBEDDED_DATABASE_DIR))
	try {
		if (cluster) await ensureDatabase(cluster.serverUrl, EMBEDDED_RESTORE_DATABASE)
		const target = env.DATABASE_URL ?? `${cluster!.serverUrl}/${EMBEDDED_RESTORE_DATABASE}`
		const started = Date.now()
		const summary = await restoreBackup(source, target)
		const rows = Object.values(summary.rowCounts).reduce((total, count) => total + count, 0)
		const tables = Object.keys(summary.rowCounts).length
		const seconds = Math.round((Date.now() - started) / 100) / 10
		console.log(`Restored ${source}: ${summary.migrations} migrations, ${tables} tables, ${rows} rows in ${seconds} s`)
		if (cluster) console.log(`into the embedded cluster's database ${EMBEDDED_RESTORE_DATABASE} (${target}).`)
	} finally {
		await cluster?.stop()
	}
}

async function main() {
	const [name, ...extraArgs] = process.argv.slice(2)
	if (name === 'restore') return restore(extraArgs)
	const steps = name ? commands[name] : undefined
	if (!steps)
		throw new Error(`Usage: tsx server/db-command.ts ${[...Object.keys(commands), 'restore'].join('|')} [options]`)
	const env = getEnv()
	const database = env.DATABASE_URL
		? { databaseUrl: env.DATABASE_URL, stop: async () => {} }
		: await startDevDatabase(path.resolve(env.EMBEDDED_DATABASE_DIR), { seed: false })
	try {
		for (const [index, args] of steps.entries()) {
			await runPrisma(index === 0 ? [...args, ...extraArgs] : args, database.databaseUrl, { stdio: 'inherit' })
		}
	} finally {
		await database.stop()
	}
}

main().catch((error: unknown) => {
	console.error(error instanceof EnvError || error instanceof Error ? error.message : error)
	process.exit(1)
})
