import { data, type HeadersFunction } from '@remix-run/node'
import { isDatabaseUnavailable } from './db.server'

/** How long a client is asked to wait before trying again during an outage. */
const OUTAGE_RETRY_AFTER_SECONDS = 30

/**
 * The outage policy, in one place (decision 017): a page loader's work runs through this. When the
 * database is unavailable, the page answers 503 with Retry-After and its error boundary shows the
 * outage note; any other error is rethrown unchanged: a 500 that handleError logs.
 */
export async function withOutagePolicy<T>(load: () => Promise<T>): Promise<T> {
	try {
		return await load()
	} catch (error) {
		if (!isDatabaseUnavailable(error)) throw error
		// One line, not a stack: an outage is expected now and then, and handleError never sees it.
		console.error(`Database unavailable: ${(error as Error).message.split('\n').at(-1)}`)
		throw data(null, { status: 503, headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } })
	}
}

/**
 * The `headers` export of a page whose loader uses withOutagePolicy: Remix sends a route's loader
 * headers (here the 503's Retry-After) only through its `headers` export.
 */
export const outageHeaders: HeadersFunction = ({ loaderHeaders }) => loaderHeaders
