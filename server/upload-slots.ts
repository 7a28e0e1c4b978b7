import type { RequestHandler } from 'express'
import { localeFromPath } from '../app/utils/i18n'
import { translator } from '../app/utils/i18n.server'
import { UPLOADS_AT_ONCE_MESSAGE } from '../app/utils/upload-rules'

/**
 * Photo uploads one client may send at once (per process). A public form's body (up to 5 MB) is read before its
 * route can spend the client's form budget, so without a cap one client could hold many large bodies in the
 * server's memory at the same time (issue 35). A person sends one form at a time; the owner's screens one or two.
 */
export const UPLOADS_PER_CLIENT = 3

/** A multipart post beyond `perClient` at once from one client gets 429 before its body is read. */
export function limitConcurrentUploads({
	perClient = UPLOADS_PER_CLIENT,
	clientOf,
}: {
	perClient?: number
	clientOf: (res: Parameters<RequestHandler>[1]) => string
}): RequestHandler {
	const inFlight = new Map<string, number>()
	return (req, res, next) => {
		if (req.method !== 'POST' || !req.is('multipart/form-data')) return next()
		const client = clientOf(res)
		const count = inFlight.get(client) ?? 0
		if (count >= perClient) {
			res.set('Retry-After', '10').status(429).type('text/plain')
			return void res.send(translator(localeFromPath(req.path))(UPLOADS_AT_ONCE_MESSAGE))
		}
		inFlight.set(client, count + 1)
		res.once('close', () => {
			const left = (inFlight.get(client) ?? 1) - 1
			if (left > 0) inFlight.set(client, left)
			else inFlight.delete(client)
		})
		next()
	}
}
