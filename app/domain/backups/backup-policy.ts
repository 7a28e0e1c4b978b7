/**
 * The backups' rules, pure (decision 059): how a backup is named, which ones are kept, and when the owner is
 * told the backups need attention.
 */

/**
 * A backup's key: `backups/bakery-20261127T103000123Z-k3x9.dump.gz` (its start, UTC to the millisecond, and a random
 * tail). The milliseconds order two backups started in the same second (a retry right after a failure): the
 * retention keeps the newest of a day by this time, and with seconds alone the random tail decided. Keys written to
 * the second (`…T103000Z-…`, before 2026-11-28) still count as backups.
 */
const KEY_PATTERN = /^backups\/bakery-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z-[a-z0-9]+\.dump\.gz$/

export function backupKey(startedAt: Date, randomTail: string) {
	const stamp = startedAt.toISOString().replace(/[-:.]/g, '')
	return `backups/bakery-${stamp}-${randomTail}.dump.gz`
}

/** When the backup named `key` was taken, or null for a key that is not a backup's. */
export function backupTakenAt(key: string): Date | null {
	const match = KEY_PATTERN.exec(key)
	if (!match) return null
	const [year, month, day, hour, minute, second, millisecond = 0] = match
		.slice(1)
		.map((part) => (part === undefined ? undefined : Number(part))) as [
		number,
		number,
		number,
		number,
		number,
		number,
		number | undefined,
	]
	return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond))
}

/** 14 daily and 8 weekly backups: two weeks to notice a mistake day by day, two months week by week. */
const RETENTION = { daily: 14, weekly: 8 } as const

const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/** The Monday (UTC) of the date's week. */
function weekOf(date: Date) {
	const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
	monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7))
	return dayOf(monday)
}

/**
 * The backups to delete: all but the newest of each of the last `daily` days that have one and the newest of
 * each of the last `weekly` weeks that have one. Keys that are not backups' are never touched.
 */
export function backupsToDelete(keys: readonly string[], retention: { daily: number; weekly: number } = RETENTION) {
	const backups = keys
		.map((key) => ({ key, takenAt: backupTakenAt(key) }))
		.filter((backup): backup is { key: string; takenAt: Date } => backup.takenAt !== null)
		.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.key.localeCompare(a.key))
	const keep = new Set<string>()
	for (const [period, limit] of [
		[dayOf, retention.daily],
		[weekOf, retention.weekly],
	] as const) {
		const seen = new Set<string>()
		for (const backup of backups) {
			const name = period(backup.takenAt)
			if (seen.has(name) || seen.size >= limit) continue
			seen.add(name)
			keep.add(backup.key)
		}
	}
	return backups.filter((backup) => !keep.has(backup.key)).map((backup) => backup.key)
}

/** A backup older than this is stale: a nightly run was missed, and the next one should not be trusted to come. */
export const STALE_AFTER_HOURS = 36

export type BackupAttention = 'none-yet' | 'too-old' | 'last-run-failed'

/**
 * Why the owner should look at the backups, or null when all is well: no backup has ever completed, the last
 * complete one is older than STALE_AFTER_HOURS, or the latest attempt failed (its retries may still come).
 */
export function backupAttention(
	lastGood: { finishedAt: Date } | null,
	lastFinished: { failed: boolean; finishedAt: Date } | null,
	now: Date,
): BackupAttention | null {
	if (!lastGood) return 'none-yet'
	if (now.getTime() - lastGood.finishedAt.getTime() > STALE_AFTER_HOURS * 60 * 60 * 1000) return 'too-old'
	if (lastFinished?.failed && lastFinished.finishedAt > lastGood.finishedAt) return 'last-run-failed'
	return null
}
