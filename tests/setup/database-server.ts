import pg from 'pg'

/** Connection URL of a server (no database), taken from a full database URL. */
export function serverUrlOf(databaseUrl: string) {
	const url = new URL(databaseUrl)
	url.pathname = ''
	url.search = ''
	return url.toString().replace(/\/$/, '')
}

export function databaseUrl(serverUrl: string, name: string) {
	return `${serverUrl}/${name}`
}

async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>) {
	const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') })
	await client.connect()
	try {
		return await run(client)
	} finally {
		await client.end()
	}
}

function quoteIdent(name: string) {
	return `"${name.replaceAll('"', '""')}"`
}

export async function createDatabase(serverUrl: string, name: string, template?: string) {
	await withAdminClient(serverUrl, (client) =>
		client.query(`CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`),
	)
}

export async function dropDatabase(serverUrl: string, name: string) {
	await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`))
}

/** TEST_DATABASE_PREFIX (e.g. 'bakery_display') replaces the leading 'bakery': parallel runs on one server tell their databases apart. */
export function uniqueDatabaseName(prefix: string) {
	const named = process.env.TEST_DATABASE_PREFIX ? prefix.replace(/^bakery/, process.env.TEST_DATABASE_PREFIX) : prefix
	return `${named}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
}

/** The e2e run's database on port `E2E_PORT` (one per port: the next run replaces a killed run's). */
export function e2eDatabaseName() {
	return `${process.env.TEST_DATABASE_PREFIX ?? 'bakery'}_e2e_${process.env.E2E_PORT ?? '3100'}`
}
