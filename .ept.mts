import { startEmbeddedPostgres } from './server/embedded-postgres.ts'
import pg from 'pg'
const t0 = performance.now()
const db = await startEmbeddedPostgres('/tmp/ep-test')
console.log('started', db.created, Math.round(performance.now() - t0), 'ms', db.serverUrl)
const c = new pg.Client(db.serverUrl + '/postgres'); await c.connect(); console.log((await c.query('select version()')).rows[0]); await c.end()
await db.stop(); console.log('stopped')
