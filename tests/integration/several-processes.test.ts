/**
 * What several server processes share through Postgres (decision 040), with each
 * "process" a fresh copy of the modules (vi.resetModules) against this file's one database.
 * tests/e2e/several-machines.spec.ts checks the same with two real production processes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'

type RateLimitModule = typeof import('~/utils/rate-limit.server')
type MenuCacheModule = typeof import('~/domain/menu/menu-cache.server')
type CacheSyncModule = typeof import('~/utils/cache-sync.server')

/** The modules as a newly started process has them. */
async function newProcess() {
	vi.resetModules()
	return {
		rateLimits: (await import('~/utils/rate-limit.server')) as RateLimitModule,
		menuCache: (await import('~/domain/menu/menu-cache.server')) as MenuCacheModule,
		cacheSync: (await import('~/utils/cache-sync.server')) as CacheSyncModule,
	}
}

const stops: Array<() => Promise<void>> = []
const databaseUrl = process.env.DATABASE_URL

afterEach(async () => {
	process.env.DATABASE_URL = databaseUrl
	resetEnv()
	await Promise.all(stops.splice(0).map((stop) => stop()))
	const { closeRateLimitStore } = await import('~/utils/rate-limit.server')
	await closeRateLimitStore()
})

describe('rate limits', () => {
	it('one client’s budget is spent across processes: 4 posts on one and 4 on the other, the 9th is refused', async () => {
		const one = await newProcess()
		const other = await newProcess()
		const client = `several-processes-${Date.now()}`
		for (let post = 0; post < 4; post++)
			expect(await one.rateLimits.consumeRateLimit('form', client)).toEqual({ allowed: true })
		for (let post = 0; post < 4; post++) {
			expect(await other.rateLimits.consumeRateLimit('form', client)).toEqual({ allowed: true })
		}
		expect(await one.rateLimits.consumeRateLimit('form', client)).toMatchObject({ allowed: false })
		const refused = await other.rateLimits.consumeRateLimit('form', client)
		expect(refused).toMatchObject({ allowed: false })
		expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(500)
		expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(600)
		// Once refused, a process answers that client from memory: a flood adds nothing to the table.
		const spent = () => prisma.rateLimit.findUniqueOrThrow({ where: { key: `form:${client}` } })
		const before = (await spent()).points
		for (let post = 0; post < 20; post++) {
			expect(await one.rateLimits.consumeRateLimit('form', client)).toMatchObject({ allowed: false })
			expect(await other.rateLimits.consumeRateLimit('form', client)).toMatchObject({ allowed: false })
		}
		expect((await spent()).points).toBe(before)
		// Another client is untouched.
		expect(await one.rateLimits.consumeRateLimit('form', `${client}-b`)).toEqual({ allowed: true })
	})

	it('a process whose database is unreachable still limits, on its own count', async () => {
		const { getEnv } = await import('~/utils/env.server')
		const url = new URL(getEnv().DATABASE_URL!)
		url.port = '1' // nothing listens there
		process.env.DATABASE_URL = url.toString()
		resetEnv()
		const alone = await newProcess()
		const client = `unreachable-${Date.now()}`
		const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
		for (let post = 0; post < 8; post++) {
			expect(await alone.rateLimits.consumeRateLimit('form', client)).toEqual({ allowed: true })
		}
		expect(await alone.rateLimits.consumeRateLimit('form', client)).toMatchObject({ allowed: false })
		expect(errors).toHaveBeenCalledTimes(1)
		errors.mockRestore()
	})
})

describe('menu cache changes', () => {
	it('an invalidation in one process empties the other’s cache as soon as the notice arrives', async () => {
		const one = await newProcess()
		const other = await newProcess()
		const logs = vi.spyOn(console, 'log').mockImplementation(() => {})
		stops.push(one.cacheSync.startCacheSync(), other.cacheSync.startCacheSync())
		await vi.waitFor(() => {
			expect(one.cacheSync.isCacheSyncListening() && other.cacheSync.isCacheSyncListening()).toBe(true)
		})
		logs.mockRestore()
		let version = 1
		const load = vi.fn(async () => version)
		expect(await other.menuCache.cachedMenuRead('items:ALL', load)).toBe(1)
		version = 2
		expect(await other.menuCache.cachedMenuRead('items:ALL', load)).toBe(1) // cached (5 s lifetime)
		one.menuCache.invalidateMenuCache()
		await vi.waitFor(async () => expect(await other.menuCache.cachedMenuRead('items:ALL', load)).toBe(2), {
			timeout: 1_000,
			interval: 20,
		})
	})
})
