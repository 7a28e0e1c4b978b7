import type { HeadersFunction } from '@remix-run/node'

/**
 * Remix answers a page, and its data requests, with only the headers its route's `headers` export
 * returns: an action's own headers are dropped. An action that refuses for now (429 rate limit, 503
 * busy) says when to come back in `Retry-After`; this passes that on, beside the route's own headers.
 */
export function withRetryAfter(own: Record<string, string> = {}): HeadersFunction {
	return ({ actionHeaders }) => {
		const retryAfter = actionHeaders.get('Retry-After')
		return retryAfter ? { ...own, 'Retry-After': retryAfter } : own
	}
}
