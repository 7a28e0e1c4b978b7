/**
 * The nightly backup and the restore drill end to end (decision 059): a seeded bakery with orders is backed up
 * into the S3 stand-in, restored into a fresh empty database, and every table must come back with the same rows
 * and the same money. A restore never writes over a database that has tables, and a backup cut short restores
 * nothing.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync, gzipSync } from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupStatus, runBackup } from '~/domain/backups/backups.server'
import { restoreBackup, RestoreRefused } from '~/domain/backups/restore.server'
import { getBackupStore } from '~/utils/backup-storage.server'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { runPrisma } from '../../server/prisma-cli'
import { createDatabase, databaseUrl, dropDatabase, serverUrlOf, uniqueDatabaseName } from '../setup/database-server'
import { startLocalS3, type LocalS3 } from '../setup/s3-server'

const run = promisify(execFile)
let s3: LocalS3
let tempDir: string
const serverUrl = serverUrlOf(process.env.DATABASE_URL!)
const restoredNames: string[] = []

async function freshDatabase() {
	const name = uniqueDatabaseName('bakery_restore')
	await createDatabase(serverUrl, name)
	restoredNames.push(name)
	return databaseUrl(serverUrl, name)
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return await run(client)
	} finally {
		await client.end()
	}
}

/**
 * Every table of the app's schema: its row count, a checksum of each money column (`…Cents`) and one of all
 * its rows, each in a stable order.
 */
async function fingerprint(url: string) {
	return withClient(url, async (client) => {
		const { rows: columns } = await client.query<{ table: string; column: string }>(
			`SELECT table_name AS table, column_name AS column FROM information_schema.columns
			WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
		)
		const tables = [...new Set(columns.map((row) => row.table))]
		const result: Record<string, { rows: number; money: Record<string, string>; all: string }> = {}
		for (const table of tables) {
			const moneyColumns = columns.filter((row) => row.table === table && row.column.endsWith('Cents'))
			const { rows } = await client.query<{ count: string; all: string | null }>(
				`SELECT count(*)::text AS count, md5(string_agg(t::text, '|' ORDER BY t::text)) AS all FROM "${table}" t`,
			)
			const money: Record<string, string> = {}
			for (const { column } of moneyColumns) {
				const sum = await client.query<{ total: string | null; digest: string | null }>(
					`SELECT sum("${column}")::text AS total, md5(string_agg(coalesce("${column}"::text, '-'), ',' ORDER BY t::text)) AS digest
					FROM "${table}" t`,
				)
				money[column] = `${sum.rows[0]!.total} ${sum.rows[0]!.digest}`
			}
			result[table] = { rows: Number(rows[0]!.count), money, all: rows[0]!.all ?? '' }
		}
		return result
	})
}

beforeAll(async () => {
	tempDir = await mkdtemp(path.join(os.tmpdir(), 'bakery-backup-'))
	s3 = await startLocalS3('bakery-backups')
	Object.assign(process.env, s3.env, { STORAGE_DIR: path.join(tempDir, 'uploads') })
	resetEnv()
	// The demo bakery (menu, options, reviews, cake requests with their history), then orders with money in them.
	await runPrisma(['db', 'seed'], process.env.DATABASE_URL!)
	// The owner signed in: a leaked backup must not carry the session.
	await prisma.session.create({
		data: {
			id: 'owner-session-id-0123456789',
			data: { email: 'owner@example.com' },
			expiresAt: new Date(Date.now() + 86_400_000),
		},
	})
	// A status change, which the database's trigger writes to the history (the restore must not write it twice).
	const request = await prisma.customCakeRequest.findFirstOrThrow({
		where: { status: 'REQUESTED' },
		select: { id: true },
	})
	await prisma.customCakeRequest.update({ where: { id: request.id }, data: { status: 'CANCELLED' } })
	const item = await prisma.menuItem.findFirstOrThrow({ select: { id: true, name: true, priceCents: true } })
	for (let index = 0; index < 40; index++) {
		await prisma.order.create({
			data: {
				// Text that COPY must escape: tabs, newlines, backslashes and a line that reads like the end of a table.
				customerName: index === 0 ? 'Ana\tMaría\n\\.\nO\\Brien "Ñandú" 🎂' : `Customer ${index}`,
				customerEmail: `customer${index}@example.com`,
				status: index % 3 === 0 ? 'PENDING' : 'PAID',
				totalCents: item.priceCents * (index + 1) + index,
				taxCents: index,
				paidAt: index % 3 === 0 ? null : new Date(Date.UTC(2026, 10, 1 + (index % 20), 15, 30, 0, 123)),
				items: {
					create: [
						{ menuItemId: item.id, name: item.name, unitPriceCents: item.priceCents, quantity: index + 1 },
						{ name: 'Gift note', unitPriceCents: 0, quantity: 1, options: [{ group: 'Note', text: 'Parabéns!' }] },
					],
				},
			},
		})
	}
}, 120_000)

afterAll(async () => {
	for (const name of restoredNames) await dropDatabase(serverUrl, name)
	await s3?.stop()
	await rm(tempDir, { recursive: true, force: true })
})

describe('backup → restore into a fresh database', () => {
	it('brings back every table with the same rows and the same money', async () => {
		const backup = await runBackup()
		expect(backup.objectKey).toMatch(/^backups\/bakery-\d{8}T\d{9}Z-[a-z0-9]+\.dump\.gz$/)
		expect(await getBackupStore().list()).toEqual([backup.objectKey])
		const run = await prisma.backupRun.findFirstOrThrow({ where: { objectKey: backup.objectKey } })
		expect(run).toMatchObject({ status: 'SUCCEEDED', sizeBytes: BigInt(backup.sizeBytes), error: null })
		expect(backup.sizeBytes).toBeGreaterThan(1000)
		const status = await backupStatus()
		expect(status).toMatchObject({ attention: null, lastGood: { sizeBytes: backup.sizeBytes } })

		const original = await fingerprint(process.env.DATABASE_URL!)
		const target = await freshDatabase()
		const summary = await restoreBackup(backup.objectKey, target)
		const restored = await fingerprint(target)

		expect(Object.keys(original).length).toBeGreaterThan(20)
		expect(original.Order!.rows).toBe(40)
		expect(original.OrderItem!.rows).toBe(80)
		expect(original.MenuItem!.rows).toBeGreaterThan(0)
		expect(original.CustomCakeStatusChange!.rows).toBeGreaterThan(0)
		// The run's own row was written after its snapshot: the backup has the row of the run as it started.
		// The run's row changed after its snapshot; sessions are left out on purpose (below).
		const { BackupRun: originalRuns, Session: originalSessions, ...originalRest } = original
		const { BackupRun: restoredRuns, Session: restoredSessions, ...restoredRest } = restored
		expect(restoredRest).toEqual(originalRest)
		expect(restoredRuns!.rows).toBe(originalRuns!.rows)
		expect(originalSessions!.rows).toBe(1)
		expect(restoredSessions!.rows).toBe(0)
		expect(summary.rowCounts.Order).toBe(40)

		await withClient(target, async (client) => {
			// The name that looks like COPY's end marker came back byte for byte.
			const { rows } = await client.query<{ customerName: string }>(
				`SELECT "customerName" FROM "Order" WHERE "customerEmail" = 'customer0@example.com'`,
			)
			expect(rows[0]!.customerName).toBe('Ana\tMaría\n\\.\nO\\Brien "Ñandú" 🎂')
			// Sequences continue after the restored rows, and the status triggers are on again.
			const next = await client.query<{ id: number }>(`INSERT INTO "BackupRun" DEFAULT VALUES RETURNING id`)
			expect(next.rows[0]!.id).toBeGreaterThan(run.id)
			const triggers = await client.query<{ enabled: string }>(
				`SELECT tgenabled AS enabled FROM pg_trigger WHERE tgrelid = '"CustomCakeRequest"'::regclass AND NOT tgisinternal`,
			)
			expect(triggers.rows.map((row) => row.enabled)).toEqual(['O', 'O'])
		})
		// Prisma sees the restored database as migrated: nothing left to apply.
		await runPrisma(['migrate', 'deploy'], target)
		await withClient(target, async (client) => {
			const applied = await client.query('SELECT 1 FROM "_prisma_migrations"')
			expect(applied.rowCount).toBe(original._prisma_migrations!.rows)
		})
	})

	it('holds no sign-in session: a leaked backup signs no one in', async () => {
		const [key] = await getBackupStore().list()
		const download = await getBackupStore().download(key!)
		const chunks: Buffer[] = []
		for await (const chunk of download!) chunks.push(chunk as Buffer)
		const text = gunzipSync(Buffer.concat(chunks)).toString('utf8')
		expect(text).toContain('customer0@example.com')
		expect(text).not.toContain('owner-session-id-0123456789')
	})

	it('npm run db:restore lists the backups, restores one, and refuses to run twice into the same database', async () => {
		const [key] = await getBackupStore().list()
		const target = await freshDatabase()
		const env = { ...process.env, DATABASE_URL: target, DOTENV_CONFIG_QUIET: 'true' }
		const dbRestore = (...args: string[]) =>
			run('npm', ['run', '--silent', 'db:restore', '--', ...args], { env, timeout: 60_000 })
		expect((await dbRestore('--list')).stdout.trim()).toBe(key)
		expect((await dbRestore(key!)).stdout).toMatch(/^Restored backups\/bakery-.* \d+ tables, \d+ rows in/)
		expect((await fingerprint(target)).Order!.rows).toBe(40)
		await expect(dbRestore(key!)).rejects.toMatchObject({ stderr: expect.stringContaining('not empty') })
	})

	it('refuses a database that has tables, and leaves it as it was', async () => {
		const [key] = await getBackupStore().list()
		const before = await fingerprint(process.env.DATABASE_URL!)
		await expect(restoreBackup(key!, process.env.DATABASE_URL!)).rejects.toBeInstanceOf(RestoreRefused)
		expect(await fingerprint(process.env.DATABASE_URL!)).toEqual(before)
	})

	it('restores nothing from a backup cut short', async () => {
		const [key] = await getBackupStore().list()
		const download = await getBackupStore().download(key!)
		const chunks: Buffer[] = []
		for await (const chunk of download!) chunks.push(chunk as Buffer)
		const whole = Buffer.concat(chunks)
		const truncated = path.join(tempDir, 'truncated.dump.gz')
		await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)))
		const target = await freshDatabase()
		await expect(restoreBackup(truncated, target)).rejects.toThrow()
		// A dump whose rows were cut but still ends cleanly (re-compressed) fails its trailer's count.
		const text = gunzipSync(whole).toString('utf8')
		const withoutOneLine = text.replace(/\n[^\n]*\tGift note\t[^\n]*/, '')
		const edited = path.join(tempDir, 'edited.dump.gz')
		await writeFile(edited, gzipSync(withoutOneLine))
		await expect(restoreBackup(edited, target)).rejects.toThrow(/OrderItem: the backup lists 80 rows, 79 were read/)
		const tables = await withClient(target, (client) =>
			client.query(`SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'`),
		)
		expect(tables.rowCount).toBe(0)
	})
})
