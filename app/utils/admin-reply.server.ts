import { data } from '@remix-run/node'
import { adminResponseHeaders, type AdminActionData } from '~/components/admin/admin-route'

/** A list screen action's answer, with the admin area's no-store, noindex headers. */
export function adminReply(body: AdminActionData) {
	return data(body, { headers: adminResponseHeaders })
}
