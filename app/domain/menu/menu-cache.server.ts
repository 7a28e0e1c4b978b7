import { announceCacheChange, onCacheChange } from '~/utils/cache-sync.server'

/**
 * The public menu (and the pickup availability shown with it), cached in-process: menu pages are the
 * busiest reads and change rarely. Every menu and pickup-schedule write in app/models calls
 * invalidateMenuCache(): this process shows an owner's change at once, every other process as soon as
 * the change is announced (app/utils/cache-sync.server.ts), or within TTL_MS while it cannot hear.
 */
const TTL_MS = 5_000

interface Entry {
	storedAt: number
	value: Promise<unknown>
}

const entries = new Map<string, Entry>()

export function cachedMenuRead<T>(key: string, load: () => Promise<T>): Promise<T> {
	const now = Date.now()
	const hit = entries.get(key)
	if (hit && now - hit.storedAt < TTL_MS) return hit.value as Promise<T>
	// The promise itself is cached, so concurrent requests share one query.
	const value = load()
	const entry = { storedAt: now, value }
	entries.set(key, entry)
	value.catch(() => {
		if (entries.get(key) === entry) entries.delete(key) // never cache a failure
	})
	return value
}

function dropEntries() {
	entries.clear()
}

onCacheChange('menu', dropEntries)

export function invalidateMenuCache() {
	dropEntries()
	announceCacheChange('menu')
}
