/**
 * True only while React hydrates the server's HTML: from the first script run until the first commit
 * (`markHydrated`, from the root `Layout`'s effect). Never true on the server.
 */
let hydrating = typeof document !== 'undefined'

export function isHydrating() {
	return hydrating
}

export function markHydrated() {
	hydrating = false
}
