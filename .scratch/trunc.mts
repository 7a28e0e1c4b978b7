import { createReadStream, writeFileSync } from 'node:fs'
import { buffer } from 'node:stream/consumers'
import { pipeline } from 'node:stream'
import path from 'node:path'
import { createGunzip, createGzip } from 'node:zlib'
import { dumpDatabase, restoreDatabase } from '~/domain/backups/models/database-dump.server'
const whole = await buffer(pipeline(dumpDatabase('postgresql://postgres@127.0.0.1:5432/bk_scratch_mig', { migrationsDir: path.resolve('prisma/migrations') }), createGzip(), () => {}))
console.log('size', whole.length)
writeFileSync('/tmp/t.gz', whole.subarray(0, Math.floor(whole.length * 0.6)))
const s = pipeline(createReadStream('/tmp/t.gz'), createGunzip(), () => {})
await restoreDatabase('postgresql://postgres@127.0.0.1:5432/bk_scratch_empty', s).then(console.log, (e) => console.log('rejected', e.message))
