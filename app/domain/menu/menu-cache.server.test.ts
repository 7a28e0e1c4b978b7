import { afterEach, describe, expect, it, vi } from 'vitest'
import { cachedMenuRead, invalidateMenuCache } from './menu-cache.server'

afterEach(() => {
	invalidateMenuCache()
	vi.useRealTimers()
})

describe('cachedMenuRead', () => {
	it('serves repeated and concurrent reads from one query', async () => {
		const load = vi.fn(async () => ['pão de queijo'])
		const [a, b] = await Promise.all([cachedMenuRead('all', load), cachedMenuRead('all', load)])
		await cachedMenuRead('all', load)
		expect(a).toEqual(['pão de queijo'])
		expect(b).toBe(a)
		expect(load).toHaveBeenCalledTimes(1)
	})

	it('reloads after an invalidation (an owner edit) and after the time-to-live', async () => {
		vi.useFakeTimers()
		const load = vi.fn(async () => 'menu')
		await cachedMenuRead('all', load)
		invalidateMenuCache()
		await cachedMenuRead('all', load)
		expect(load).toHaveBeenCalledTimes(2)
		vi.advanceTimersByTime(6_000)
		await cachedMenuRead('all', load)
		expect(load).toHaveBeenCalledTimes(3)
	})

	it('does not cache a failed query', async () => {
		const load = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValueOnce('menu')
		await expect(cachedMenuRead('all', load)).rejects.toThrow('database down')
		await expect(cachedMenuRead('all', load)).resolves.toBe('menu')
	})

	it('keeps categories apart', async () => {
		await cachedMenuRead('CAKES', async () => 'cakes')
		expect(await cachedMenuRead('DONUTS', async () => 'donuts')).toBe('donuts')
	})
})
