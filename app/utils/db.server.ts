import { PrismaPg } from '@prisma/adapter-pg'
import { Prisma, PrismaClient } from '~/generated/prisma/client'
import { getEnv } from './env.server'

declare global {
	// One Prisma client per process, shared by the Remix build, the Express server and dev reloads.
	var __prisma: PrismaClient | undefined
}

const CONNECTION_TIMEOUT_MS = 5_000

function createPrismaClient() {
	const env = getEnv()
	if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set: start the server through server/index.ts')
	const adapter = new PrismaPg({
		connectionString: env.DATABASE_URL,
		max: env.DATABASE_POOL_MAX,
		connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
		idleTimeoutMillis: 30_000,
	})
	// A transaction waits for a connection as long as a plain query does, not Prisma's default 2 s: on a busy or
	// cold process (the dev server compiling its first pages) 2 s can pass before the pool answers. Just past
	// the pool's own wait, so a database that doesn't answer still fails as unavailable (503), not as P2028.
	const transactionOptions = { maxWait: CONNECTION_TIMEOUT_MS + 1_000, timeout: 10_000 }
	return new PrismaClient({ adapter, transactionOptions })
}

export const prisma: PrismaClient = (globalThis.__prisma ??= createPrismaClient())

/** Runs `SELECT 1`; resolves false instead of throwing or hanging past the timeout. */
export async function isDatabaseReachable(timeoutMs = 3_000, client: PrismaClient = prisma): Promise<boolean> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<false>((resolve) => {
		timer = setTimeout(() => resolve(false), timeoutMs)
	})
	const query = client.$queryRaw`SELECT 1`.then(
		() => true,
		() => false,
	)
	try {
		return await Promise.race([query, timeout])
	} finally {
		clearTimeout(timer)
	}
}

const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024'])
const UNAVAILABLE_ADAPTER_KINDS = new Set([
	'DatabaseNotReachable',
	'ConnectionClosed',
	'SocketTimeout',
	'TooManyConnections',
	'TlsConnectionError',
])
/**
 * Postgres refusing work for now, as Prisma's driver adapter reports it ("Database error. Code: `57P03`"):
 * connection exceptions (08…), shutting down or starting up (57P01–57P03), too many connections (53300).
 */
const UNAVAILABLE_SQLSTATE = /Code: `(?:08[0-9A-Z]{3}|57P0[1-3]|53300)`/

/** True for errors that mean "the database is down or unreachable" (answer 503), not a bug (500). */
export function isDatabaseUnavailable(error: unknown): boolean {
	if (!(error instanceof Error)) return false
	const code = (error as { code?: unknown }).code
	if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
	if (error.name === 'PrismaClientInitializationError') return true
	// A raw query ($queryRaw) reports P2010 whatever went wrong; the adapter's own error says what it was.
	const cause = (error as { meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } }).meta?.driverAdapterError
		?.cause?.kind
	if (typeof cause === 'string' && UNAVAILABLE_ADAPTER_KINDS.has(cause)) return true
	return (
		/ECONNREFUSED|ECONNRESET|Connection terminated|terminating connection|DatabaseNotReachable/.test(error.message) ||
		UNAVAILABLE_SQLSTATE.test(error.message)
	)
}

/** Prisma's P2025: the row to update or delete does not exist (any more). */
export function isRecordNotFound(error: unknown) {
	return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025'
}

/** Prisma's P2002: a unique constraint refused the write (the row already exists). */
export function isUniqueViolation(error: unknown) {
	return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}
