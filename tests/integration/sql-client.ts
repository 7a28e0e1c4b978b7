import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'

/**
 * A plain `pg` client on the test file's own database, connected for its tests: SQLSTATEs and catalog reads as
 * Postgres gives them, beside Prisma's connections.
 */
export function sqlClientForFile() {
	const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
	beforeAll(() => client.connect())
	afterAll(() => client.end())
	return client
}
