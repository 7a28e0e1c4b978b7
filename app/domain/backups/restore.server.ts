/**
 * The restore drill's side (`npm run db:restore`, decision 059): which backups there are, and a backup back
 * into an empty database. No Prisma client: the command runs before the target has a schema.
 */
import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { getBackupStore, isValidBackupKey } from '~/utils/backup-storage.server'
import { restoreDatabase, type RestoreSummary } from './models/database-dump.server'

export { RestoreRefused } from './models/database-dump.server'

/** The complete backups in the store, newest first (the restore drill picks one). */
export async function listBackups() {
	return (await getBackupStore().list()).sort().reverse()
}

/**
 * Restores a backup (a key of the backup store, or a downloaded file) into the empty database at `targetUrl`.
 * Throws RestoreRefused when the target has tables.
 */
export async function restoreBackup(source: string, targetUrl: string): Promise<RestoreSummary> {
	const compressed = isValidBackupKey(source) ? await getBackupStore().download(source) : createReadStream(source)
	if (!compressed) throw new Error(`No backup ${source} in ${getBackupStore().location}`)
	return restoreDatabase(
		targetUrl,
		pipeline(compressed, createGunzip(), () => {}),
	)
}
