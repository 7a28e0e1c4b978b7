import crypto from 'node:crypto'
import net from 'node:net'
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
	/** Customers' sign-in posts (asking for a code, typing one) per client. */
	customerSignIn: { points: 20, duration: 10 * 60 },
	/** Codes sent to one e-mail address, whoever asks (the key is the address's digest, not a client). */
	customerCodeMail: { points: 5, duration: 10 * 60 },
	/** Customers' passkey posts per client (decision 066): asking for a challenge and answering it count alike. */
	customerPasskey: { points: 30, duration: 10 * 60 },
	/** Gift card balance checks per client (decision 078): plenty for a customer, nothing for guessing codes. */
	giftCardBalance: { points: 10, duration: 10 * 60 },
	/** The checkout's Apply and tip changes (decision 080): pricing a promo code, per client; guessing codes stays slow. */
	promoPrice: { points: 40, duration: 10 * 60 },
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

/**
 * The client a budget belongs to (issue 35). An IPv6 client is its /64: one home or phone is handed a whole /64
 * and may use any address in it, so counting each address would give it 2^64 budgets. An IPv4 address written
 * as IPv6 (`::ffff:203.0.113.7`) is that IPv4 address. Anything else (a name, 'unknown') is kept as it is.
 */
export function rateLimitClient(clientIp: string): string {
	const address = clientIp
		.trim()
		.replace(/^\[|\]$/g, '')
		.split('%', 1)[0]!
	if (!net.isIPv6(address)) return clientIp
	const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
	if (mappedIpv4) return mappedIpv4
	const [head = '', tail] = address.split('::')
	const headGroups = head ? head.split(':') : []
	const tailGroups = tail ? tail.split(':') : []
	// A dotted IPv4 tail (`64:ff9b::192.0.2.1`) stands for the last two groups, beyond the /64.
	const tailLength = tailGroups.reduce((groups, group) => groups + (group.includes('.') ? 2 : 1), 0)
	const groups = [
		...headGroups,
		...Array<string>(Math.max(0, 8 - headGroups.length - tailLength)).fill('0'),
		...tailGroups,
	]
	return `${groups
		.slice(0, 4)
		.map((group) => parseInt(group, 16).toString(16))
		.join(':')}::/64`
}

/** Spends one point of `policy` for a client (`clientKey`: usually its IP, counted by `rateLimitClient`). */
export async function consumeRateLimit(policy: RateLimitPolicy, clientKey: string): Promise<RateLimitResult> {
	const { shared, local } = limitersFor(policy)
	const client = rateLimitClient(clientKey)
	try {
		if (shared && Date.now() >= storeDownUntil) {
			try {
				await shared.consume(client)
				return { allowed: true }
			} catch (rejection) {
				if (rejection instanceof RateLimiterRes) throw rejection
				// The database is unreachable: this process counts alone for a while (never unlimited, never an error page).
				storeDownUntil = Date.now() + STORE_RETRY_MS
				console.error(`Rate limits counted in memory for ${STORE_RETRY_MS / 1000} s: ${describe(rejection)}`)
			}
		}
		await local.consume(client)
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
