#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary, which cannot be downloaded offline
// (docs/decisions/002-offline-prisma.md). The CLI runs it through PRISMA_SCHEMA_ENGINE_BINARY and
// talks to it as to the native binary; the work is done by Prisma's own WebAssembly schema engine
// (@prisma/schema-engine-wasm) over `pg` (@prisma/adapter-pg). PostgreSQL only.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import readline from 'node:readline'
import { PrismaPg } from '@prisma/adapter-pg'
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum, DriverAdapterError } from '@prisma/driver-adapter-utils'
import pg from 'pg'

// Command line: `--datamodels <path>...`, `--datasource <json>`, and optionally `cli <command>`.
function parseArgs(argv) {
	const args = { datamodels: [], datasource: {}, cliCommand: undefined, version: false }
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]
		if (arg === '--version' || arg === '-V') args.version = true
		else if (arg === '--datamodels') args.datamodels.push(argv[++i])
		else if (arg === '--datasource') args.datasource = JSON.parse(argv[++i])
		else if (arg === 'cli') args.cliCommand = argv[++i]
		else if (arg.startsWith('--')) i++ // --enabled-preview-features, --extension-types: unused
	}
	return args
}

// ---------------------------------------------------------------------------------------------
// Connections

// Prisma's `schema` URL parameter selects the Postgres schema; `pg` knows nothing about it.
function parseDatabaseUrl(url) {
	if (!url) throw new Error('The datasource URL is empty: set DATABASE_URL.')
	const parsed = new URL(url)
	const schema = parsed.searchParams.get('schema') || 'public'
	parsed.searchParams.delete('schema')
	const database = decodeURIComponent(parsed.pathname.slice(1)) || 'postgres'
	return { connectionString: parsed.toString(), schema, database }
}

function withDatabase({ connectionString }, database) {
	const url = new URL(connectionString)
	url.pathname = `/${encodeURIComponent(database)}`
	return url.toString()
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`

// Runs SQL on a short-lived connection of its own.
async function runOn(connectionString, sql) {
	const client = new pg.Client({ connectionString })
	await client.connect()
	try {
		return await client.query(sql)
	} finally {
		await client.end()
	}
}

// adapter-pg cannot map Postgres' internal `"char"` type (OID 18), which the engine's introspection
// queries return (e.g. pg_constraint.contype, as soon as a CHECK constraint exists) and read as
// single characters. adapter-pg sees such columns as text; connectAdapter retypes them.
const PG_CHAR_OID = 18
const charColumnsByRows = new WeakMap()
const addFields = pg.Result.prototype.addFields
pg.Result.prototype.addFields = function (fields) {
	const charColumns = fields.flatMap((field, i) => (field.dataTypeID === PG_CHAR_OID ? [i] : []))
	if (charColumns.length) charColumnsByRows.set(this.rows, charColumns)
	addFields.call(this, fields.map((f) => (f.dataTypeID === PG_CHAR_OID ? { ...f, dataTypeID: 25 } : f)))
}

const openPools = new Set()
const shadowDatabases = new Map() // name → connection string used to drop it

async function connectAdapter(connectionString, schema) {
	const pool = new pg.Pool({
		connectionString,
		options: `-c search_path=${quoteIdent(schema)}`,
		// One session: the engine takes a session-level advisory lock and never releases it, so a
		// second pooled connection would wait for it forever.
		max: 1,
	})
	openPools.add(pool)
	const adapter = await new PrismaPg(pool, { schema }).connect()
	const queryRaw = adapter.queryRaw.bind(adapter)
	adapter.queryRaw = async (query) => {
		const result = await queryRaw(query)
		for (const i of charColumnsByRows.get(result.rows) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character
		return result
	}
	// adapter-pg splits scripts on every `;` (breaking `$$` bodies and string literals) and runs the
	// pieces one by one; the native engine sends a migration as one implicitly transactional query.
	adapter.executeScript = async (script) => {
		try {
			await pool.query(script)
		} catch (error) {
			adapter.onError(error)
		}
	}
	adapter.dispose = async () => {
		if (openPools.delete(pool)) await pool.end()
	}
	return adapter
}

// adapter-pg's own connectToShadowDb ignores the database name when given a connection string, and
// so would run the migrations on the main database: the shadow database is managed here.
async function connectShadowDb(main, shadowDatabaseUrl) {
	if (shadowDatabaseUrl) {
		const shadow = parseDatabaseUrl(shadowDatabaseUrl)
		const schema = quoteIdent(shadow.schema)
		await runOn(shadow.connectionString, `DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`)
		return connectAdapter(shadow.connectionString, shadow.schema)
	}
	const name = `prisma_migrate_shadow_db_${randomUUID()}`
	await runOn(main.connectionString, `CREATE DATABASE ${quoteIdent(name)}`)
	shadowDatabases.set(name, main.connectionString)
	const url = withDatabase(main, name)
	if (main.schema !== 'public') await runOn(url, `CREATE SCHEMA ${quoteIdent(main.schema)}`)
	const adapter = await connectAdapter(url, main.schema)
	const dispose = adapter.dispose
	adapter.dispose = async () => {
		await dispose()
		await dropShadowDatabase(name)
	}
	return adapter
}

async function dropShadowDatabase(name) {
	const connectionString = shadowDatabases.get(name)
	shadowDatabases.delete(name)
	await runOn(connectionString, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
}

function adapterFactory(datasource) {
	const main = parseDatabaseUrl(datasource.url)
	return bindMigrationAwareSqlAdapterFactory({
		provider: 'postgres',
		adapterName: '@prisma/adapter-pg',
		connect: () => connectAdapter(main.connectionString, main.schema),
		async connectToShadowDb() {
			try {
				return await connectShadowDb(main, datasource.shadowDatabaseUrl)
			} catch (error) {
				// Anything but a DriverAdapterError reaches the CLI as an opaque "External error id#0".
				const { code = '', severity = 'ERROR', message } = error
				throw new DriverAdapterError({ kind: 'postgres', code, severity, message })
			}
		},
	})
}

let exiting
function exit(code) {
	exiting ??= (async () => {
		await Promise.allSettled([...openPools].map((pool) => pool.end()))
		await Promise.allSettled([...shadowDatabases.keys()].map(dropShadowDatabase))
		process.exit(code)
	})()
	return exiting
}

// Connects once with plain `pg` so that failures carry Prisma's P1xxx codes, which the Wasm engine
// drops (the CLI reacts to P1003 by creating the database).
async function checkConnection(url) {
	const { connectionString, database } = parseDatabaseUrl(url)
	try {
		await runOn(connectionString, 'SELECT 1')
	} catch (error) {
		const { hostname, port, username } = new URL(url)
		const server = `\`${hostname}:${port || 5432}\``
		const fail = (errorCode, message) => Object.assign(new Error(message), { errorCode })
		if (error.code === '3D000') {
			throw fail('P1003', `Database \`${database}\` does not exist on the database server at ${server}.`)
		}
		if (error.code === '28P01' || error.code === '28000') {
			const credentials = `the provided database credentials for \`${username}\` are not valid`
			throw fail('P1000', `Authentication failed against database server, ${credentials}.`)
		}
		if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ETIMEDOUT'].includes(error.code)) {
			const hint = `Please make sure your database server is running at ${server}.`
			throw fail('P1001', `Can't reach database server at ${server}\n\n${hint}`)
		}
		throw error
	}
}

function logLine(level, fields) {
	const line = { timestamp: new Date().toISOString(), level, fields, target: 'schema_engine::logger' }
	process.stderr.write(`${JSON.stringify(line)}\n`)
}

// ---------------------------------------------------------------------------------------------
// One-shot commands (`cli can-connect-to-database`, `cli create-database`): the exit code is the
// answer; errors go to stderr as JSON log lines, of which the CLI ignores the first.

async function runCliCommand(command, datasource) {
	logLine('INFO', { message: `Starting schema engine CLI: ${command}` })
	try {
		const target = parseDatabaseUrl(datasource.url)
		const maintenance = withDatabase(target, 'postgres')
		const database = quoteIdent(target.database)
		if (command === 'can-connect-to-database') await checkConnection(datasource.url)
		else if (command === 'create-database') await runOn(maintenance, `CREATE DATABASE ${database}`)
		else if (command === 'drop-database') await runOn(maintenance, `DROP DATABASE ${database} WITH (FORCE)`)
		else throw new Error(`Unknown command: cli ${command}`)
		return 0
	} catch ({ message, errorCode }) {
		logLine('ERROR', { message, ...(errorCode && { error_code: errorCode }) })
		return 1
	}
}

// ---------------------------------------------------------------------------------------------
// The WebAssembly engine

// The package's entry point imports the .wasm file as an ES module, which Node cannot do.
async function loadWasmEngine() {
	const bindingsUrl = import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg')
	const bindings = await import(bindingsUrl)
	const bytes = await fs.promises.readFile(new URL('schema_engine_bg.wasm', bindingsUrl))
	const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bindings })
	bindings.__wbg_set_wasm(instance.exports)
	instance.exports.__wbindgen_start()
	return bindings
}

// The engine's panic hook reports the Rust panic message here, just before the Wasm trap.
let panicMessage
globalThis.PRISMA_WASM_PANIC_REGISTRY = {
	set_message(message) {
		panicMessage = `RuntimeError: ${message}`
	},
}

async function createEngine({ datamodels, datasource }) {
	await checkConnection(datasource.url)
	const { SchemaEngine } = await loadWasmEngine()
	const schemas = datamodels.map((file) => [file, fs.readFileSync(file, 'utf8')])
	const options = { datamodels: schemas.length ? schemas : undefined }
	const forwardLog = (line) => process.stderr.write(`${line}\n`)
	return SchemaEngine.new(options, forwardLog, adapterFactory(datasource))
}

const ENGINE_METHODS = new Set([
	'applyMigrations', 'createMigration', 'dbExecute', 'debugPanic', 'devDiagnostic',
	'diagnoseMigrationHistory', 'ensureConnectionValidity', 'evaluateDataLoss', 'introspect',
	'introspectSql', 'markMigrationApplied', 'markMigrationRolledBack', 'reset', 'schemaPush',
])

// ---------------------------------------------------------------------------------------------
// JSON-RPC 2.0 on stdin/stdout, one message per line, until stdin closes

class MethodNotFound extends Error {}

function toRpcError(error) {
	if (error instanceof MethodNotFound) return { code: -32601, message: error.message }
	if (panicMessage || error instanceof WebAssembly.RuntimeError) {
		const message = panicMessage ?? String(error)
		return { code: 4466, message, data: { is_panic: true, message, backtrace: error?.stack } }
	}
	const code = error?.errorCode ?? error?.code
	const data = {
		is_panic: false,
		// Without the dump of tracing spans that the Wasm engine appends.
		message: String(error?.message ?? error).replace(/\n\s+0: [\s\S]*$/, ''),
		...(/^P\d{4}$/.test(code) && { error_code: code, meta: error.meta ?? {} }),
	}
	return { code: 4466, message: 'An error happened. Check the data field for details.', data }
}

function serve(args) {
	const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`)
	const pendingPrints = new Map()
	let engine
	let inFlight

	// The native engine hands `migrate diff` output to the CLI as a `print` request.
	const print = (content) =>
		new Promise((resolve) => {
			const id = `print-${pendingPrints.size + 1}`
			pendingPrints.set(id, resolve)
			send({ id, method: 'print', params: { content: content.replace(/\n$/, '') } })
		})

	async function call(method, params) {
		if (method !== 'getDatabaseVersion' && method !== 'diff' && !ENGINE_METHODS.has(method)) {
			throw new MethodNotFound(`Method not found: ${method}`)
		}
		engine ??= createEngine(args)
		const wasm = await engine
		if (method === 'getDatabaseVersion') return wasm.version()
		if (method === 'diff') {
			const { stdout, exitCode } = await wasm.diff(params)
			if (stdout) await print(stdout)
			return { exitCode }
		}
		// These two take the migrations' schema from a cache that only devDiagnostic fills (they have
		// no shadow database of their own), and the CLI may have applied migrations since.
		if (method === 'evaluateDataLoss' || method === 'createMigration') {
			await wasm.devDiagnostic({ migrationsList: params.migrationsList, filters: params.filters })
		}
		return wasm[method](params)
	}

	// A panic inside an async engine method lands here, and would leave the request pending forever.
	const onCrash = (error) => {
		if (inFlight !== undefined) send({ id: inFlight, error: toRpcError(error) })
		logLine('ERROR', { message: panicMessage ?? String(error?.stack ?? error) })
		exit(101)
	}
	process.on('uncaughtException', onCrash)
	process.on('unhandledRejection', onCrash)

	let queue = Promise.resolve()
	const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity })
	lines.on('line', (line) => {
		if (!line.trim()) return
		const message = JSON.parse(line)
		if (message.method === undefined) {
			pendingPrints.get(message.id)?.()
			pendingPrints.delete(message.id)
			return
		}
		// One request at a time: the engine is not re-entrant.
		queue = queue.then(async () => {
			inFlight = message.id
			try {
				const result = await call(message.method, message.params)
				send({ id: message.id, result: result ?? {} })
			} catch (error) {
				if (panicMessage) return onCrash(error)
				send({ id: message.id, error: toRpcError(error) })
			}
			inFlight = undefined
		})
	})
	// The CLI ends stdin and sends SIGTERM straight away when it is done.
	const shutdown = () => queue.then(() => exit(0))
	lines.on('close', shutdown)
	process.on('SIGTERM', shutdown)
}

// ---------------------------------------------------------------------------------------------

const args = parseArgs(process.argv.slice(2))
if (args.version) {
	const { version } = await loadWasmEngine()
	console.log(`schema-engine-cli ${version()}`)
} else if (args.cliCommand) {
	process.exit(await runCliCommand(args.cliCommand, args.datasource))
} else {
	serve(args)
}
