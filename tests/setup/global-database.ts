import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../../server/embedded-postgres'
import { runPrisma } from '../../server/prisma-cli'
import { PgBoss } from 'pg-boss'
import { createDatabase, databaseUrl, dropDatabase, serverUrlOf, uniqueDatabaseName } from './database-server'

declare module 'vitest' {
	export interface ProvidedContext {
		databaseServerUrl: string
		templateDatabase: string
	}
}

/**
 * One migrated template database per run (with the mail queue's schema), on DATABASE_URL's server when set, else on an
 * embedded Postgres. Each test file then gets its own copy (tests/setup/file-database.ts).
 */
export default async function setup(project: TestProject) {
	const embedded = process.env.DATABASE_URL
		? undefined
		: await startEmbeddedPostgres(path.resolve('.data/test-postgres'))
	const serverUrl = embedded?.serverUrl ?? serverUrlOf(process.env.DATABASE_URL!)
	const template = uniqueDatabaseName('bakery_template')
	await createDatabase(serverUrl, template)
	await runPrisma(['migrate', 'deploy'], databaseUrl(serverUrl, template))
	// The mail queue's schema (pg-boss, app/domain/mail/mail-queue.server.ts), as the server installs it at boot.
	const boss = await new PgBoss({ connectionString: databaseUrl(serverUrl, template), schema: 'pgboss' }).start()
	await boss.stop({ graceful: false })
	project.provide('databaseServerUrl', serverUrl)
	project.provide('templateDatabase', template)
	return async () => {
		await dropDatabase(serverUrl, template)
		await embedded?.stop()
	}
}
