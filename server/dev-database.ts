import pg from 'pg'
import { startEmbeddedPostgres } from './embedded-postgres'
import { runPrisma } from './prisma-cli'

const DATABASE_NAME = 'bakery'

/**
 * The zero-config database for `npm run dev` and the `db:*` commands: an embedded Postgres with
 * migrations applied and (unless `seed` is false) demo data seeded the first time. Never used in production.
 */
export async function startDevDatabase(
	dataDir: string,
	{ seed = true, stopOnSignal = true }: { seed?: boolean; stopOnSignal?: boolean } = {},
) {
	const startedAt = performance.now()
	const cluster = await startEmbeddedPostgres(dataDir, { stopOnSignal })
	const databaseUrl = `${cluster.serverUrl}/${DATABASE_NAME}`
	const databaseCreated = await ensureDatabase(cluster.serverUrl, DATABASE_NAME)
	await runPrisma(['migrate', 'deploy'], databaseUrl)
	if (databaseCreated && seed) {
		console.log('Seeding demo data (first run)…')
		await runPrisma(['db', 'seed'], databaseUrl)
	}
	const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
	console.log(`Embedded Postgres ready on port ${cluster.port} (${dataDir}) in ${seconds}s`)
	return { databaseUrl, stop: cluster.stop }
}

/** Creates the database when missing; returns true if it did. */
export async function ensureDatabase(serverUrl: string, name: string) {
	const client = new pg.Client({ connectionString: `${serverUrl}/postgres` })
	await client.connect()
	try {
		const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
		if (rowCount) return false
		await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`)
		return true
	} finally {
		await client.end()
	}
}
