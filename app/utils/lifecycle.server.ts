declare global {
	// Set by server/index.ts on SIGTERM; read by /readyz in the Remix build (a separate module instance).
	var __bakeryShuttingDown: boolean | undefined
}

/** The server stops taking new work: /readyz answers 503 from now on. */
export function markShuttingDown() {
	globalThis.__bakeryShuttingDown = true
}

export function isShuttingDown() {
	return globalThis.__bakeryShuttingDown === true
}
