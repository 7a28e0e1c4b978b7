import { data, type HeadersFunction, type MetaFunction } from '@remix-run/node'
import { pageMeta } from '~/utils/seo'

/** Admin responses hold the owner's and customers' data: never stored by a browser or shared cache, never indexed. */
export const adminResponseHeaders = {
	'Cache-Control': 'private, no-store',
	'X-Robots-Tag': 'noindex, nofollow',
} as const

export const headers: HeadersFunction = () => adminResponseHeaders

/** Title and `noindex` for an admin screen. */
export function adminMeta(title: string, description = 'The bakery’s admin area.'): MetaFunction {
	return (args) => pageMeta(args, { title, description, noindex: true })
}

/** What a list screen's action answers: ask to confirm a delete (no-JS path), or report what happened. */
export type AdminActionData = { confirm: string; message?: undefined } | { confirm?: undefined; message: string }

export function adminReply(body: AdminActionData, status = 200) {
	return data(body, { status, headers: adminResponseHeaders })
}
