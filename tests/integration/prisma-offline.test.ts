// Guards docs/decisions/002-offline-prisma.md: the unmodified Prisma CLI, running the WebAssembly
// schema engine through scripts/prisma-schema-engine.mjs, migrates a real database exactly as the
// native engine would (production runs plain `prisma migrate deploy` against the same table).
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const prismaCli = path.join(root, 'node_modules/prisma/build/index.js')
const migrationsDir = path.join(root, 'prisma/migrations')
// The test run's database server: DATABASE_URL's when set, else the embedded one (tests/setup).
const adminUrl = `${inject('databaseServerUrl')}/postgres`
const scratchName = `prisma_offline_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
const scratchUrl = Object.assign(new URL(adminUrl), { pathname: `/${scratchName}` }).toString()
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`
const TIMEOUT = 120_000

function prisma(args: string[], env: Record<string, string> = {}) {
	return new Promise<{ code: number; output: string }>((resolve) => {
		execFile(
			process.execPath,
			[prismaCli, ...args],
			{ cwd: root, env: { ...process.env, DATABASE_URL: scratchUrl, ...env }, timeout: TIMEOUT },
			(error, stdout, stderr) => {
				const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
				resolve({ code, output: `${stdout}${stderr}` })
			},
		)
	})
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return (await client.query<R>(sql)).rows
	} finally {
		await client.end()
	}
}

const migrationNames = readdirSync(migrationsDir, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name)
	.sort()

describe('Prisma CLI with the WebAssembly schema engine', () => {
	beforeAll(async () => {
		await query(adminUrl, `CREATE DATABASE ${quoteIdent(scratchName)}`)
	})

	afterAll(async () => {
		await query(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(scratchName)} WITH (FORCE)`)
	})

	it('has migrations to test', () => {
		expect(migrationNames.length).toBeGreaterThan(0)
	})

	it('`migrate deploy` applies every migration to an empty database', { timeout: TIMEOUT }, async () => {
		const { code, output } = await prisma(['migrate', 'deploy'])
		expect(output).toContain('All migrations have been successfully applied.')
		for (const name of migrationNames) expect(output).toContain(name)
		expect(code).toBe(0)
	})

	it('records them in `_prisma_migrations` as the native engine does', async () => {
		const rows = await query<{
			migration_name: string
			checksum: string
			finished_at: Date | null
			rolled_back_at: Date | null
			applied_steps_count: number
		}>(scratchUrl, 'SELECT * FROM _prisma_migrations ORDER BY migration_name')
		expect(rows.map((row) => row.migration_name)).toEqual(migrationNames)
		for (const row of rows) {
			const script = readFileSync(path.join(migrationsDir, row.migration_name, 'migration.sql'))
			expect(row.checksum).toBe(createHash('sha256').update(script).digest('hex'))
			expect(row.finished_at).toBeInstanceOf(Date)
			expect(row.rolled_back_at).toBeNull()
			expect(row.applied_steps_count).toBe(1)
		}
	})

	it('`migrate status` reports the database up to date', { timeout: TIMEOUT }, async () => {
		const { code, output } = await prisma(['migrate', 'status'])
		expect(output).toContain('Database schema is up to date!')
		expect(code).toBe(0)
	})

	it('the migrations produce exactly prisma/schema.prisma (shadow database)', { timeout: TIMEOUT }, async () => {
		const { code, output } = await prisma([
			'migrate',
			'diff',
			'--from-migrations',
			'prisma/migrations',
			'--to-schema',
			'prisma/schema.prisma',
			'--exit-code',
		])
		expect(output).toContain('No difference detected.')
		expect(code).toBe(0)
	})

	it('the migrated database matches prisma/schema.prisma', { timeout: TIMEOUT }, async () => {
		const { code, output } = await prisma([
			'migrate',
			'diff',
			'--from-config-datasource',
			'--to-schema',
			'prisma/schema.prisma',
			'--exit-code',
		])
		expect(output).toContain('No difference detected.')
		expect(code).toBe(0)
	})

	it('honours `?schema=` in DATABASE_URL', { timeout: TIMEOUT }, async () => {
		const workerUrl = new URL(scratchUrl)
		workerUrl.searchParams.set('schema', 'worker_1')
		const { code, output } = await prisma(['migrate', 'deploy'], { DATABASE_URL: workerUrl.toString() })
		expect(code, output).toBe(0)
		const rows = await query<{ count: string }>(
			scratchUrl,
			`SELECT count(*) FROM worker_1._prisma_migrations WHERE finished_at IS NOT NULL`,
		)
		expect(Number(rows[0]?.count)).toBe(migrationNames.length)
	})

	it('fails with P1001 when the database server is unreachable', { timeout: TIMEOUT }, async () => {
		const { code, output } = await prisma(['migrate', 'deploy'], {
			DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/unreachable',
		})
		expect(output).toMatch(/P1001|Can't reach database server/)
		expect(code).not.toBe(0)
	})

	it('turns an engine panic into a failing exit code', { timeout: TIMEOUT }, async () => {
		// Prisma's own switch: the CLI sends `debugPanic` instead of the real command.
		const { code, output } = await prisma(['migrate', 'status'], { FORCE_PANIC_SCHEMA_ENGINE: '1' })
		expect(output).toContain('This is the debugPanic artificial panic')
		expect(code).not.toBe(0)
	})
})
