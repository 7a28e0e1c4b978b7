/**
 * The public menu, cached in-process: menu pages are the busiest reads and change rarely.
 * Every menu write in app/models/menu-item.server.ts calls invalidateMenuCache(), so this
 * process shows an owner's change at once; other machines (if Fly runs several) within TTL_MS.
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

export function invalidateMenuCache() {
	entries.clear()
}
