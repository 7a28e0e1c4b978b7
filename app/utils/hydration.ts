import { useSyncExternalStore } from 'react'

/**
 * True only while React hydrates the server's HTML: from the first script run until `markHydrated`, which
 * the root `Layout` calls from its effect once the whole document has hydrated. Never true on the server.
 * Read during render without subscribing, so nothing renders again when it turns false (`ServerMarkup`).
 */
let hydrating = typeof document !== 'undefined'

export function isHydrating() {
	return hydrating
}

/** The end of hydration: clears the flag and marks `<html data-hydrated>` (tests wait for it). */
export function markHydrated() {
	hydrating = false
	document.documentElement.dataset.hydrated = 'true'
}

const subscribeNever = () => () => {}

/**
 * False in the server HTML and while hydrating; true once React runs in the browser. A component that uses
 * it renders once more after hydration, with `true`.
 */
export function useHydrated() {
	return useSyncExternalStore(
		subscribeNever,
		() => true,
		() => false,
	)
}
