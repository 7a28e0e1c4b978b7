import crypto from 'node:crypto'
import pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { getEnv } from './env.server'

/**
 * Per-client budgets, shared by every server process through the `rate_limits` table (decision
 * 040): two machines give a client the same budget as one. RATE_LIMIT_MULTIPLIER relaxes
 * every budget at once (tests and benchmarks set it, nothing checks NODE_ENV).
 */
export const rateLimitPolicies = {
	/** Any request reaching the app (applied by the Express server). */
	general: { points: 600, duration: 60 },
	/** Public form posts: contact messages, custom cake requests. */
	form: { points: 8, duration: 10 * 60 },
	/** Starting a checkout. */
	checkout: { points: 12, duration: 10 * 60 },
	/** Admin sign-in attempts. */
	signIn: { points: 10, duration: 10 * 60 },
} as const

export type RateLimitPolicy = keyof typeof rateLimitPolicies

/** While the table cannot be reached, each process counts on its own for this long before asking again. */
const STORE_RETRY_MS = 10_000
/** A rate-limit check never waits longer than this for a connection (the request goes on with memory). */
const STORE_CONNECT_TIMEOUT_MS = 500
/** Connections per process for the budgets: one upsert per request, a few milliseconds each. */
const STORE_POOL_MAX = 2

declare global {
	// One pool per process: the Express server and the Remix build both spend budgets.
	var __rateLimitPool: pg.Pool | undefined
}

function storePool(databaseUrl: string) {
	if (!globalThis.__rateLimitPool) {
		const pool = new pg.Pool({
			connectionString: databaseUrl,
			max: STORE_POOL_MAX,
			connectionTimeoutMillis: STORE_CONNECT_TIMEOUT_MS,
			idleTimeoutMillis: 30_000,
			application_name: 'bakery-rate-limits',
		})
		// An idle connection dropped by the server is not an error of any request.
		pool.on('error', () => undefined)
		globalThis.__rateLimitPool = pool
	}
	return globalThis.__rateLimitPool
}

interface Limiters {
	/** Shared through Postgres; undefined without a database (unit tests). */
	shared?: RateLimiterPostgres
	/** This process's own count: used while the table is unreachable. */
	local: RateLimiterMemory
}

const limiters = new Map<RateLimitPolicy, Limiters>()
/** Part of every key once resetRateLimits() ran (tests): every client starts afresh without deleting rows. */
let generation = ''
let storeDownUntil = 0

function limitersFor(policy: RateLimitPolicy): Limiters {
	let found = limiters.get(policy)
	if (!found) {
		const env = getEnv()
		const { duration } = rateLimitPolicies[policy]
		const points = Math.max(1, Math.round(rateLimitPolicies[policy].points * env.RATE_LIMIT_MULTIPLIER))
		const keyPrefix = generation ? `${policy}:${generation}` : policy
		found = {
			local: new RateLimiterMemory({ keyPrefix, points, duration }),
			shared: env.DATABASE_URL
				? new RateLimiterPostgres({
						storeClient: storePool(env.DATABASE_URL),
						tableName: 'rate_limits',
						schemaName: new URL(env.DATABASE_URL).searchParams.get('schema') ?? undefined,
						// The migration creates the table; the app never runs DDL.
						tableCreated: true,
						keyPrefix,
						points,
						duration,
						// A client that has used its budget is refused from memory until its window ends (no block
						// duration: the library then blocks for the window's remaining time, and Retry-After stays
						// true): a flood from one client costs the database one query per process, not one per request.
						inMemoryBlockOnConsumed: points,
					})
				: undefined,
		}
		limiters.set(policy, found)
	}
	return found
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** Spends one point of `policy` for `clientKey` (usually the client IP). */
export async function consumeRateLimit(policy: RateLimitPolicy, clientKey: string): Promise<RateLimitResult> {
	const { shared, local } = limitersFor(policy)
	try {
		if (shared && Date.now() >= storeDownUntil) {
			try {
				await shared.consume(clientKey)
				return { allowed: true }
			} catch (rejection) {
				if (rejection instanceof RateLimiterRes) throw rejection
				// The database is unreachable: this process counts alone for a while (never unlimited, never an error page).
				storeDownUntil = Date.now() + STORE_RETRY_MS
				console.error(`Rate limits counted in memory for ${STORE_RETRY_MS / 1000} s: ${describe(rejection)}`)
			}
		}
		await local.consume(clientKey)
		return { allowed: true }
	} catch (rejection) {
		if (rejection instanceof RateLimiterRes) {
			return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) }
		}
		throw rejection
	}
}

function describe(error: unknown) {
	return error instanceof Error ? error.message : String(error)
}

/** What a page says when a post was refused: its own first sentence, then when to try again (in whole minutes). */
/** Whole minutes until a refused client may try again (what the refusal says, in any language). */
export function retryMinutes({ retryAfterSeconds }: { retryAfterSeconds: number }) {
	return Math.ceil(retryAfterSeconds / 60)
}

export function rateLimitedMessage(lead: string, limit: { retryAfterSeconds: number }) {
	const minutes = retryMinutes(limit)
	return `${lead} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/** Forgets every client's spending in this process (tests): new keys, so the table's old rows no longer count. */
export function resetRateLimits() {
	limiters.clear()
	generation = crypto.randomBytes(4).toString('hex')
	storeDownUntil = 0
}

/** Closes the budgets' connections (shutdown). */
export async function closeRateLimitStore() {
	const pool = globalThis.__rateLimitPool
	globalThis.__rateLimitPool = undefined
	limiters.clear()
	await pool?.end()
}
