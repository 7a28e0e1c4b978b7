import { data } from '@remix-run/node'
import { adminResponseHeaders, type AdminActionData } from '~/utils/admin-route'
import { bodyProblems, readForm } from './body.server'

/** A list screen action's answer, with the admin area's no-store, noindex headers. */
export function adminReply(body: AdminActionData, status = 200) {
	return data(body, { status, headers: adminResponseHeaders })
}

/** An admin list screen's small form (id, intent), or the reply saying why it could not be read. */
export async function readAdminForm(request: Request) {
	const body = await readForm(request)
	if (body.ok) return { form: body.value, problemReply: null } as const
	const { status, message } = bodyProblems[body.problem]
	return { form: null, problemReply: adminReply({ message }, status) } as const
}
