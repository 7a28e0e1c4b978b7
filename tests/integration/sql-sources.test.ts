/**
 * Every database function and trigger has one source file, `prisma/sql/<function>.sql` (decision 055,
 * prisma/sql/README.md): the migrated database's functions and triggers must be exactly what those files
 * create. In one transaction, rolled back: the app's triggers and functions are read, dropped, the files run,
 * and read again; Postgres prints both (pg_get_functiondef, pg_get_triggerdef), so layout is compared as
 * Postgres keeps it (a function's body byte for byte).
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { sqlClientForFile } from './sql-client'

const SQL_DIR = path.resolve('prisma/sql')

interface Definition {
	kind: 'function' | 'trigger'
	/** The function's or trigger's name. */
	name: string
	/** The function with its argument types, or the trigger with its table: unique. */
	key: string
	definition: string
}

/** The app's functions (schema public, not an extension's) and triggers, as Postgres prints them. */
const DEFINITIONS = `
	SELECT 'function' AS kind, p.proname AS name, 'function ' || p.oid::regprocedure::text AS key,
		pg_get_functiondef(p.oid) AS definition
	FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
	WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p')
		AND NOT EXISTS (SELECT 1 FROM pg_depend d
			WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
	UNION ALL
	SELECT 'trigger', t.tgname, 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text,
		pg_get_triggerdef(t.oid) || ' (enabled: ' || t.tgenabled::text || ')'
	FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
	WHERE n.nspname = 'public' AND NOT t.tgisinternal
	ORDER BY key`

const client = sqlClientForFile()

async function readDefinitions() {
	return (await client.query<Definition>(DEFINITIONS)).rows
}

const byKey = (rows: Definition[]) => Object.fromEntries(rows.map((row) => [row.key, row.definition]))

async function sourceFiles() {
	const names = (await readdir(SQL_DIR)).filter((name) => name.endsWith('.sql')).sort()
	return Promise.all(names.map(async (name) => ({ name, sql: await readFile(path.join(SQL_DIR, name), 'utf8') })))
}

/** What the migrated database holds, and what the files alone create in its place (then rolled back). */
async function migratedAndFromFiles() {
	await client.query('BEGIN')
	try {
		const migrated = await readDefinitions()
		for (const row of migrated.filter((row) => row.kind === 'trigger')) {
			const table = row.key.slice(row.key.indexOf(' on ') + ' on '.length)
			await client.query(`DROP TRIGGER ${pg.escapeIdentifier(row.name)} ON ${table}`)
		}
		for (const row of migrated.filter((row) => row.kind === 'function')) {
			await client.query(`DROP FUNCTION ${row.key.slice('function '.length)}`)
		}
		for (const file of await sourceFiles()) await client.query(file.sql)
		return { migrated, fromFiles: await readDefinitions() }
	} finally {
		await client.query('ROLLBACK')
	}
}

describe('prisma/sql holds every function and trigger of the database', () => {
	it('the migrated database defines exactly what the files define, nothing more, nothing less', async () => {
		const { migrated, fromFiles } = await migratedAndFromFiles()
		expect(migrated.length).toBeGreaterThan(0)
		expect(
			byKey(migrated),
			'the migrated database (received) against prisma/sql (expected): write a migration from the changed file (prisma/sql/README.md)',
		).toEqual(byKey(fromFiles))
	})

	it('one file per function of the database, named after it', async () => {
		const functions = (await readDefinitions()).filter((row) => row.kind === 'function').map((row) => `${row.name}.sql`)
		expect(functions.sort()).toEqual((await sourceFiles()).map((file) => file.name))
	})
})
