import { data } from '@remix-run/node'

/**
 * A public page's data under `key`, or `null` under it with a 503 (and Retry-After) when loading
 * failed: the page still renders inside the layout and shows its own "couldn't load" note.
 */
export async function pageDataOrUnavailable<Key extends string, Value>(
	key: Key,
	what: string,
	load: () => Promise<Value>,
) {
	try {
		return { [key]: await load() } as Record<Key, Value>
	} catch (error) {
		console.error(`Loading ${what} failed`, error)
		return data({ [key]: null } as Record<Key, null>, { status: 503, headers: { 'Retry-After': '30' } })
	}
}
