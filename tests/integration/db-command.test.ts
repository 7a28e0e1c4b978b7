/**
 * `npm run db:seed`, `db:reset` (and `db:migrate`) with no DATABASE_URL: the README's zero-config
 * promise. They work on the embedded database `npm run dev` uses, also while a dev server holds it.
 */
import { execFile } from 'node:child_process'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from '../../server/embedded-postgres'

const run = promisify(execFile)
let tempDir: string

beforeAll(async () => {
	tempDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-db-command-'))
	// As root, initdb runs as the postgres user (server/embedded-postgres.ts), which must reach the folder.
	await chmod(tempDir, 0o755)
})

afterAll(async () => {
	await rm(tempDir, { recursive: true, force: true })
})

/** A newcomer's shell: no DATABASE_URL, no .env; the embedded database and uploads in a temp folder. */
function dbCommand(command: 'seed' | 'reset', databaseDir: string) {
	const env: NodeJS.ProcessEnv = {
		PATH: process.env.PATH,
		HOME: process.env.HOME,
		NODE_ENV: 'development',
		EMBEDDED_DATABASE_DIR: databaseDir,
		STORAGE_DIR: path.join(tempDir, 'uploads'),
		DOTENV_CONFIG_PATH: path.join(tempDir, 'no.env'),
		DOTENV_CONFIG_QUIET: 'true',
	}
	return run('npm', ['run', '--silent', `db:${command}`], { env, timeout: 120_000 })
}

async function count(serverUrl: string, sql: string) {
	const client = new pg.Client({ connectionString: `${serverUrl}/bakery` })
	await client.connect()
	try {
		return Number((await client.query<{ count: string }>(sql)).rows[0]!.count)
	} finally {
		await client.end()
	}
}

describe('db:seed and db:reset without DATABASE_URL', () => {
	it('seed creates, migrates and fills the embedded database; reset starts it over', { timeout: 240_000 }, async () => {
		const databaseDir = path.join(tempDir, 'postgres')
		await dbCommand('seed', databaseDir)
		// Nothing left running: the command stopped the cluster it started.
		const cluster = await startEmbeddedPostgres(databaseDir)
		try {
			expect(await count(cluster.serverUrl, 'SELECT count(*) FROM "MenuItem"')).toBeGreaterThan(0)
			await count(
				cluster.serverUrl,
				`INSERT INTO "Review" (id, name, comment, rating, "updatedAt") VALUES ('extra', 'Extra', 'Added by hand', 5, now()) RETURNING 1 AS count`,
			)
			const reviews = await count(cluster.serverUrl, 'SELECT count(*) FROM "Review"')

			// While a dev server holds the cluster (here: this process), the command shares it instead of stopping it.
			await dbCommand('reset', databaseDir)
			expect(await count(cluster.serverUrl, 'SELECT count(*) FROM "Review"')).toBe(reviews - 1)
			expect(await count(cluster.serverUrl, `SELECT count(*) FROM "Review" WHERE id = 'extra'`)).toBe(0)
		} finally {
			await cluster.stop()
		}
	})
})
