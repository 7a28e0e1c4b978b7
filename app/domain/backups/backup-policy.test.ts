import { describe, expect, it } from 'vitest'
import { backupAttention, backupKey, backupsToDelete, backupTakenAt } from './backup-policy'

const keyAt = (iso: string) => backupKey(new Date(iso), 'ab12')

describe('backup keys', () => {
	it('name the moment the backup was taken, which reads back', () => {
		const key = keyAt('2026-11-27T10:30:05.123Z')
		expect(key).toBe('backups/bakery-20261127T103005123Z-ab12.dump.gz')
		expect(backupTakenAt(key)).toEqual(new Date('2026-11-27T10:30:05.123Z'))
		// Keys written to the second before milliseconds were added still count.
		expect(backupTakenAt('backups/bakery-20261127T103005Z-ab12.dump.gz')).toEqual(new Date('2026-11-27T10:30:05Z'))
		expect(backupTakenAt('backups/notes.txt')).toBeNull()
	})
})

describe('retention: 14 daily and 8 weekly', () => {
	it('keeps the later of two backups started in the same second, whatever their random tails', () => {
		const first = backupKey(new Date('2026-11-28T01:47:29.100Z'), 'ffff')
		const retried = backupKey(new Date('2026-11-28T01:47:29.900Z'), '0000')
		expect(backupsToDelete([first, retried])).toEqual([first])
		expect(backupsToDelete([retried, first])).toEqual([first])
	})

	it('keeps the newest of each of the last 14 days and of each of the last 8 weeks, and deletes the rest', () => {
		// A backup every night for 120 days, and a retried second one on the last night.
		const nights = Array.from({ length: 120 }, (_, day) =>
			keyAt(new Date(Date.UTC(2026, 7, 1 + day, 10, 30)).toISOString()),
		)
		const retried = keyAt('2026-11-28T10:50:00Z')
		const deleted = new Set(backupsToDelete([...nights, retried, 'backups/owner-notes.txt']))
		const kept = [...nights, retried].filter((key) => !deleted.has(key))
		expect(deleted.has('backups/owner-notes.txt')).toBe(false)
		expect(deleted.has(nights.at(-1)!)).toBe(true)
		expect(kept).toContain(retried)
		const keptDays = kept.map((key) => backupTakenAt(key)!.toISOString().slice(0, 10))
		// The last 14 nights (the last one's retry), then one per week (Sundays, the newest of each week) back to 8 weeks.
		expect(keptDays.slice(-14)).toEqual(
			Array.from({ length: 14 }, (_, index) => new Date(Date.UTC(2026, 10, 15 + index)).toISOString().slice(0, 10)),
		)
		const weekly = keptDays.slice(0, -14)
		expect(weekly.every((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0)).toBe(true)
		expect(kept).toHaveLength(14 + weekly.length)
		// 8 weeks: the newest 3 end inside the 14 days (Nov 28, 22 and 15), 5 more reach back to early October.
		expect(weekly.length).toBe(5)
		expect(weekly[0]).toBe('2026-10-11')
	})

	it('deletes nothing while there are fewer backups than the policy keeps', () => {
		expect(backupsToDelete([keyAt('2026-11-26T10:30:00Z'), keyAt('2026-11-27T10:30:00Z')])).toEqual([])
	})
})

describe('when the owner is told to look at the backups', () => {
	const now = new Date('2026-11-27T12:00:00Z')
	const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000)

	it('never: no backup has completed yet', () => {
		expect(backupAttention(null, null, now)).toBe('none-yet')
	})

	it('when the last complete backup is older than 36 hours', () => {
		expect(backupAttention({ finishedAt: hoursAgo(35) }, null, now)).toBeNull()
		expect(backupAttention({ finishedAt: hoursAgo(37) }, null, now)).toBe('too-old')
	})

	it('when the latest attempt failed after the last good one', () => {
		const lastGood = { finishedAt: hoursAgo(25) }
		expect(backupAttention(lastGood, { failed: true, finishedAt: hoursAgo(1) }, now)).toBe('last-run-failed')
		expect(backupAttention(lastGood, { failed: false, finishedAt: hoursAgo(25) }, now)).toBeNull()
	})
})
