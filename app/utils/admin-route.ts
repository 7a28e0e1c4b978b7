import type { HeadersFunction, MetaFunction } from '@remix-run/node'
import { pageMeta } from '~/utils/seo'

// Route modules' `meta` and components use this module, so the browser loads it: nothing server-only
// here (docs/decisions/020). Server-side helpers live in ~/utils/admin-actions.server.

/** Admin responses hold the owner's and customers' data: never stored by a browser or shared cache, never indexed. */
export const adminResponseHeaders = {
	'Cache-Control': 'private, no-store',
	'X-Robots-Tag': 'noindex, nofollow',
} as const

/** The admin headers, plus the Retry-After of a 503 during a database outage (the outage policy). */
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
	const retryAfter = (errorHeaders ?? loaderHeaders).get('Retry-After')
	return retryAfter ? { ...adminResponseHeaders, 'Retry-After': retryAfter } : adminResponseHeaders
}

/** Title and `noindex` for an admin screen. */
export function adminMeta(title: string, description = 'The bakery’s admin area.'): MetaFunction {
	return (args) => pageMeta(args, { title, description, noindex: true })
}

/** The server deletes only when `confirmed` is 'yes'; without it, it answers with `{ confirm: id }`. */
export const CONFIRMED_FIELD = 'confirmed'

/** What a list screen's action answers: ask to confirm a delete (no-JS path), or report what happened. */
export type AdminActionData = { confirm: string; message?: undefined } | { confirm?: undefined; message: string }
