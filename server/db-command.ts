/**
 * `npm run db:migrate | db:seed | db:reset`: the Prisma CLI against DATABASE_URL, or, when it is
 * unset (development), against the embedded database that `npm run dev` uses, started for the
 * command (or shared with a running dev server) and stopped afterwards.
 */
import 'dotenv/config'
import path from 'node:path'
import { EnvError, getEnv } from '../app/utils/env.server'
import { startDevDatabase } from './dev-database'
import { runPrisma } from './prisma-cli'

const commands: Record<string, string[][]> = {
	migrate: [['migrate', 'dev']],
	seed: [['db', 'seed']],
	// Prisma 7's reset no longer seeds by itself.
	reset: [['migrate', 'reset', '--force'], ['db', 'seed']],
}

async function main() {
	const [name, ...extraArgs] = process.argv.slice(2)
	const steps = name ? commands[name] : undefined
	if (!steps) throw new Error(`Usage: tsx server/db-command.ts ${Object.keys(commands).join('|')} [prisma options]`)
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
