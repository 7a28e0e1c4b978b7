import { isDatabaseReachable } from '~/utils/db.server'
import { isShuttingDown } from '~/utils/lifecycle.server'

/**
 * Readiness, for the platform during deploys and restarts (decision 040): 200 while this
 * process can serve pages (its database answers) and is not shutting down; 503 otherwise, so traffic goes
 * to another machine. /healthz stays the cheap liveness check.
 */
export async function loader() {
	const problem = isShuttingDown()
		? 'Shutting down'
		: (await isDatabaseReachable(2_000))
			? undefined
			: 'Database unreachable'
	return new Response(problem ?? 'Ready', {
		status: problem ? 503 : 200,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}
