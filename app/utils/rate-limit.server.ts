import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { getEnv } from './env.server'

/**
 * Per-client budgets. One process per Fly machine keeps these in memory; RATE_LIMIT_MULTIPLIER
 * relaxes every budget at once (tests and benchmarks set it, nothing checks NODE_ENV).
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

const limiters = new Map<RateLimitPolicy, RateLimiterMemory>()

function limiterFor(policy: RateLimitPolicy) {
	let limiter = limiters.get(policy)
	if (!limiter) {
		const { points, duration } = rateLimitPolicies[policy]
		limiter = new RateLimiterMemory({
			keyPrefix: policy,
			points: Math.max(1, Math.round(points * getEnv().RATE_LIMIT_MULTIPLIER)),
			duration,
		})
		limiters.set(policy, limiter)
	}
	return limiter
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** Spends one point of `policy` for `clientKey` (usually the client IP). */
export async function consumeRateLimit(policy: RateLimitPolicy, clientKey: string): Promise<RateLimitResult> {
	try {
		await limiterFor(policy).consume(clientKey)
		return { allowed: true }
	} catch (rejection) {
		if (rejection instanceof RateLimiterRes) {
			return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) }
		}
		throw rejection
	}
}

/** What a page says when a post was refused: its own first sentence, then when to try again (in whole minutes). */
export function rateLimitedMessage(lead: string, { retryAfterSeconds }: { retryAfterSeconds: number }) {
	const minutes = Math.ceil(retryAfterSeconds / 60)
	return `${lead} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/** Forgets every client's spending (tests). */
export function resetRateLimits() {
	limiters.clear()
}
