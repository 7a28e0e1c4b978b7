/**
 * The database's logical dump and its restore, through `pg` and COPY, with no pg_dump binary (decision 059).
 *
 * A dump is one text stream (gzipped by the caller):
 *   line 1  the format's name and version
 *   line 2  a JSON header: the migrations that built the schema (name, checksum and SQL), the tables in
 *           foreign-key order with their columns, and the sequences' values
 *   then    each table's rows in COPY text format, ended by a `\.` line (as psql reads them)
 *   last    a JSON trailer with every table's row count: a dump cut short fails its restore
 * Everything is read in one REPEATABLE READ transaction: one consistent snapshot of every table.
 * The restore replays the recorded migrations (not the checked-out ones) and loads the rows in one
 * transaction: it ends with the whole backup or with the database as empty as it was.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import readline from 'node:readline'
import { Readable, type Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'

const FORMAT_LINE = 'bakery-backup 1'

/**
 * Tables whose rows are not kept (their schema is): the owner's sign-in sessions, so that a leaked backup holds
 * no session a signed cookie could name (the owner signs in again after a restore), and the rate limits' counters.
 */
const ROWS_NOT_BACKED_UP = new Set(['Session', 'rate_limits'])
const END_OF_TABLE = '\\.'
const SCHEMA = 'public'

interface MigrationRecord {
	name: string
	checksum: string
	sql: string
}

interface TableRecord {
	name: string
	columns: string[]
}

interface SequenceRecord {
	name: string
	/** Null: the sequence was never used. */
	lastValue: string | null
}

interface DumpHeader {
	createdAt: string
	serverVersion: string
	migrations: MigrationRecord[]
	tables: TableRecord[]
	sequences: SequenceRecord[]
}

interface DumpTrailer {
	rowCounts: Record<string, number>
}

/** What a restore loaded: each table's rows, as the dump's trailer counted them. */
export interface RestoreSummary {
	migrations: number
	rowCounts: Record<string, number>
}

function quoteIdent(name: string) {
	return `"${name.replaceAll('"', '""')}"`
}

const qualified = (table: string) => `${quoteIdent(SCHEMA)}.${quoteIdent(table)}`

/** Prisma's own bookkeeping table, which `prisma migrate` creates before the first migration. */
const PRISMA_MIGRATIONS_TABLE = `CREATE TABLE "_prisma_migrations" (
	"id" VARCHAR(36) PRIMARY KEY NOT NULL,
	"checksum" VARCHAR(64) NOT NULL,
	"finished_at" TIMESTAMPTZ,
	"migration_name" VARCHAR(255) NOT NULL,
	"logs" TEXT,
	"rolled_back_at" TIMESTAMPTZ,
	"started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
	"applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`

/**
 * The applied migrations with their SQL from `migrationsDir`, each checked against the checksum Prisma
 * recorded: a schema the files on disk do not describe (a deploy half done) fails the backup, never a dump
 * that would restore to another schema.
 */
async function appliedMigrations(client: pg.Client, migrationsDir: string): Promise<MigrationRecord[]> {
	const { rows } = await client.query<{ name: string; checksum: string }>(
		`SELECT migration_name AS name, checksum FROM "_prisma_migrations"
		WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
	)
	return Promise.all(
		rows.map(async ({ name, checksum }) => {
			const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8').catch(() => {
				throw new Error(`Migration ${name} is applied but missing from ${migrationsDir}`)
			})
			const fileChecksum = createHash('sha256').update(sql).digest('hex')
			if (fileChecksum !== checksum) throw new Error(`Migration ${name} differs from the one the database applied`)
			return { name, checksum, sql }
		}),
	)
}

/** The schema's tables, each after the tables it references, with their stored (not generated) columns. */
async function tablesInLoadOrder(client: pg.Client): Promise<TableRecord[]> {
	const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
		`SELECT c.relname AS name,
			array_agg(a.attname::text ORDER BY a.attnum) AS columns
		FROM pg_class c
		JOIN pg_namespace n ON n.oid = c.relnamespace
		JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
		WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition
		GROUP BY c.relname ORDER BY c.relname`,
		[SCHEMA],
	)
	const { rows: references } = await client.query<{ child: string; parent: string }>(
		`SELECT DISTINCT child.relname AS child, parent.relname AS parent
		FROM pg_constraint con
		JOIN pg_class child ON child.oid = con.conrelid
		JOIN pg_class parent ON parent.oid = con.confrelid
		JOIN pg_namespace n ON n.oid = child.relnamespace
		WHERE con.contype = 'f' AND n.nspname = $1 AND con.conrelid <> con.confrelid`,
		[SCHEMA],
	)
	const ordered: TableRecord[] = []
	const placed = new Set<string>()
	let remaining = tables
	while (remaining.length > 0) {
		const ready = remaining.filter((table) =>
			references.every((reference) => reference.child !== table.name || placed.has(reference.parent)),
		)
		if (ready.length === 0) {
			throw new Error(`Foreign keys form a cycle among ${remaining.map((table) => table.name).join(', ')}`)
		}
		for (const table of ready) {
			ordered.push(table)
			placed.add(table.name)
		}
		remaining = remaining.filter((table) => !placed.has(table.name))
	}
	return ordered
}

async function sequenceValues(client: pg.Client): Promise<SequenceRecord[]> {
	const { rows } = await client.query<{ name: string; lastValue: string | null }>(
		`SELECT sequencename AS name, last_value::text AS "lastValue" FROM pg_sequences
		WHERE schemaname = $1 ORDER BY sequencename`,
		[SCHEMA],
	)
	return rows
}

/**
 * The whole database as a dump stream (uncompressed). The connection is its own and ends with the stream,
 * also when the reader stops early or the database fails midway (the stream then errors).
 */
export function dumpDatabase(databaseUrl: string, { migrationsDir }: { migrationsDir: string }): Readable {
	async function* generate() {
		const client = new pg.Client({ connectionString: databaseUrl })
		await client.connect()
		try {
			await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
			const header: DumpHeader = {
				createdAt: new Date().toISOString(),
				serverVersion: (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version,
				migrations: await appliedMigrations(client, migrationsDir),
				tables: await tablesInLoadOrder(client),
				sequences: await sequenceValues(client),
			}
			yield `${FORMAT_LINE}\n${JSON.stringify(header)}\n`
			const rowCounts: Record<string, number> = {}
			for (const table of header.tables) {
				rowCounts[table.name] = 0
				if (!ROWS_NOT_BACKED_UP.has(table.name)) {
					const columns = table.columns.map(quoteIdent).join(', ')
					const rows = client.query(copyTo(`COPY ${qualified(table.name)} (${columns}) TO STDOUT`))
					for await (const chunk of rows) yield chunk as Buffer
					rowCounts[table.name] = rows.rowCount
				}
				yield `${END_OF_TABLE}\n`
			}
			await client.query('COMMIT')
			yield `${JSON.stringify({ rowCounts } satisfies DumpTrailer)}\n`
		} finally {
			await client.end().catch(() => {})
		}
	}
	return Readable.from(generate(), { objectMode: false })
}

/** What a restore refuses to write over: any table, view or sequence outside the system schemas. */
async function existingRelations(client: pg.Client) {
	const { rows } = await client.query<{ name: string }>(
		`SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
			AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
		ORDER BY 1 LIMIT 5`,
	)
	return rows.map((row) => row.name)
}

export class RestoreRefused extends Error {
	override name = 'RestoreRefused'
}

async function write(target: Writable, text: string) {
	if (!target.write(text)) {
		await new Promise<void>((resolve, reject) => {
			const onError = (error: Error) => reject(error)
			target.once('error', onError)
			target.once('drain', () => {
				target.off('error', onError)
				resolve()
			})
		})
	}
}

/** Lines are handed to COPY in batches of about this many characters. */
const BATCH_CHARS = 64 * 1024

/**
 * Restores a dump stream (uncompressed) into the empty database at `databaseUrl`, in one transaction.
 * Throws RestoreRefused when the database has any table already, and an Error when the dump is not a
 * complete backup (nothing is then written).
 */
export async function restoreDatabase(databaseUrl: string, dump: Readable): Promise<RestoreSummary> {
	const lines = readline.createInterface({ input: dump, crlfDelay: Infinity })[Symbol.asyncIterator]()
	// readline ends quietly when its input fails (a download cut off, a gzip stream cut short): race it.
	const inputFailed = new Promise<never>((_resolve, reject) => dump.once('error', reject))
	inputFailed.catch(() => {})
	const nextLine = async () => {
		const { value, done } = await Promise.race([lines.next(), inputFailed])
		if (done) throw new Error('The backup ends early: it is incomplete')
		return value as string
	}
	const client = new pg.Client({ connectionString: databaseUrl })
	let abandonCopy: (() => Promise<void>) | undefined
	try {
		await client.connect()
		const existing = await existingRelations(client)
		if (existing.length > 0) {
			throw new RestoreRefused(`The target database is not empty (it has ${existing.join(', ')}…)`)
		}
		if ((await nextLine()) !== FORMAT_LINE) throw new Error('This file is not a bakery backup')
		const header = JSON.parse(await nextLine()) as DumpHeader
		await client.query('BEGIN')
		await client.query(PRISMA_MIGRATIONS_TABLE)
		for (const migration of header.migrations) await client.query(migration.sql)
		// Migrations may insert rows of their own (settings); the dump's rows replace them.
		if (header.tables.length > 0) {
			await client.query(`TRUNCATE ${header.tables.map((table) => qualified(table.name)).join(', ')} RESTART IDENTITY`)
		}
		// The dump is the triggers' result already (a status change's history row): loading it must not add more.
		for (const table of header.tables) await client.query(`ALTER TABLE ${qualified(table.name)} DISABLE TRIGGER USER`)
		const loaded: Record<string, number> = {}
		for (const table of header.tables) {
			const columns = table.columns.map(quoteIdent).join(', ')
			const target = client.query(copyFrom(`COPY ${qualified(table.name)} (${columns}) FROM STDIN`))
			const done = finished(target)
			done.catch(() => {})
			abandonCopy = async () => {
				// Until the COPY is ended or failed the connection takes no other command (not even ROLLBACK).
				target.destroy(new Error('The restore stopped'))
				await done.catch(() => {})
			}
			let batch = ''
			for (let line = await nextLine(); line !== END_OF_TABLE; line = await nextLine()) {
				batch += `${line}\n`
				if (batch.length >= BATCH_CHARS) {
					await write(target, batch)
					batch = ''
				}
			}
			if (batch) await write(target, batch)
			target.end()
			await done
			abandonCopy = undefined
			loaded[table.name] = target.rowCount
		}
		const trailer = JSON.parse(await nextLine()) as DumpTrailer
		for (const table of header.tables) {
			if (trailer.rowCounts[table.name] !== loaded[table.name]) {
				throw new Error(
					`Table ${table.name}: the backup lists ${trailer.rowCounts[table.name]} rows, ${loaded[table.name]} were read`,
				)
			}
		}
		for (const table of header.tables) await client.query(`ALTER TABLE ${qualified(table.name)} ENABLE TRIGGER USER`)
		for (const sequence of header.sequences) {
			if (sequence.lastValue === null) continue
			await client.query('SELECT setval($1::regclass, $2::bigint, true)', [
				qualified(sequence.name),
				sequence.lastValue,
			])
		}
		await client.query('COMMIT')
		return { migrations: header.migrations.length, rowCounts: loaded }
	} catch (error) {
		await abandonCopy?.()
		await client.query('ROLLBACK').catch(() => {})
		throw error
	} finally {
		lines.return?.()
		dump.destroy()
		await client.end().catch(() => {})
	}
}
