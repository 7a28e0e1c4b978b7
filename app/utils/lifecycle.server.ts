declare global {
	// Set by server/index.ts on SIGTERM; read in the Remix build (a separate module instance), hence globals.
	var __bakeryShuttingDown: boolean | undefined
	var __bakeryShutdownHooks: Set<() => void> | undefined
}

const shutdownHooks = (globalThis.__bakeryShutdownHooks ??= new Set())

/** The server stops taking new work: /readyz answers 503 from now on, and open streams are ended. */
export function markShuttingDown() {
	globalThis.__bakeryShuttingDown = true
	for (const hook of [...shutdownHooks]) hook()
}

export function isShuttingDown() {
	return globalThis.__bakeryShuttingDown === true
}

/**
 * Runs `hook` when the server starts shutting down (at once if it already has): for responses that never end by
 * themselves, such as the board's event stream, which would otherwise hold the shutdown until its forced exit.
 * Returns the function that takes the hook back.
 */
export function onShutdown(hook: () => void) {
	if (isShuttingDown()) {
		hook()
		return () => {}
	}
	shutdownHooks.add(hook)
	return () => void shutdownHooks.delete(hook)
}
