/**
 * The nightly backup (decision 059). A run is recorded before it starts; the dump streams
 * from the database through gzip into the backup store, and the run names its object only after the store
 * has all of it. Then the backups past the retention policy are deleted.
 */
import crypto from 'node:crypto'
import path from 'node:path'
import { pipeline } from 'node:stream'
import { createGzip } from 'node:zlib'
import { getBackupStore } from '~/utils/backup-storage.server'
import { getEnv } from '~/utils/env.server'
import { backupAttention, backupKey, backupsToDelete } from './backup-policy'
import { completeBackupRun, failBackupRun, latestBackupRuns, startBackupRun } from './models/backup-runs.server'
import { dumpDatabase } from './models/database-dump.server'

/** The migrations a dump records with the schema: the deployed image's own (the Dockerfile copies them). */
const MIGRATIONS_DIR = path.resolve('prisma/migrations')

function messageOf(error: unknown) {
	return error instanceof Error ? error.message : String(error)
}

function databaseUrl() {
	const url = getEnv().DATABASE_URL
	if (!url) throw new Error('DATABASE_URL is not set')
	return url
}

/**
 * One attempt: dump, compress, upload, record; then the retention policy. Throws when the backup failed
 * (the queue retries it), after recording the failure the owner sees on the dashboard.
 */
export async function runBackup() {
	const run = await startBackupRun()
	const objectKey = backupKey(run.startedAt, crypto.randomBytes(4).toString('hex'))
	let sizeBytes: number
	try {
		const compressed = pipeline(dumpDatabase(databaseUrl(), { migrationsDir: MIGRATIONS_DIR }), createGzip(), () => {})
		;({ sizeBytes } = await getBackupStore().upload(objectKey, compressed))
		await completeBackupRun(run.id, { objectKey, sizeBytes })
	} catch (error) {
		await failBackupRun(run.id, messageOf(error)).catch(() => {})
		throw error
	}
	// The backup is complete: a failed clean-up must not send the job round again (the next night's retries it).
	const deleted = await deleteExpiredBackups().catch((error: unknown) => {
		console.error(`Backup retention failed: ${messageOf(error)}`)
		return []
	})
	return { objectKey, sizeBytes, deleted }
}

async function deleteExpiredBackups() {
	const store = getBackupStore()
	const expired = backupsToDelete(await store.list())
	for (const key of expired) await store.delete(key)
	return expired
}

/** What the owner's dashboard shows: the last complete backup, and why to look if something is wrong. */
export async function backupStatus(now = new Date()) {
	const { lastGood, lastFinished } = await latestBackupRuns()
	return {
		lastGood: lastGood ? { finishedAt: lastGood.finishedAt, sizeBytes: lastGood.sizeBytes } : null,
		attention: backupAttention(lastGood, lastFinished, now),
		lastError: lastFinished?.failed ? lastFinished.error : null,
	}
}
