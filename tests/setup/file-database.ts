import { afterAll, inject } from 'vitest'
import { createDatabase, databaseUrl, dropDatabase, uniqueDatabaseName } from './database-server'

// Every test file gets its own database, copied from the migrated template: no shared state.
const serverUrl = inject('databaseServerUrl')
const name = uniqueDatabaseName('bakery_test')
await createDatabase(serverUrl, name, inject('templateDatabase'))
process.env.DATABASE_URL = databaseUrl(serverUrl, name)

afterAll(async () => {
	// The mail queue's client (started by the first enqueue) holds its own connections.
	const mailQueue = await globalThis.__mailQueue?.catch(() => undefined)
	await mailQueue?.stop({ graceful: false })
	globalThis.__mailQueue = undefined
	await globalThis.__prisma?.$disconnect()
	globalThis.__prisma = undefined
	// The rate limits' pool (app/utils/rate-limit.server.ts) too.
	await globalThis.__rateLimitPool?.end()
	globalThis.__rateLimitPool = undefined
	await dropDatabase(serverUrl, name)
})
