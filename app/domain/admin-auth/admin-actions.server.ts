import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import { adminResponseHeaders, CONFIRMED_FIELD, type AdminActionData } from '~/utils/admin-route'
import { requireAdmin } from './auth.server'
import { bodyProblems, readForm } from '~/utils/body.server'
import { formReply } from '~/utils/form-reply.server'

/** A list screen action's answer, with the admin area's no-store, noindex headers. */
export function adminReply(body: AdminActionData, status = 200) {
	return data(body, { status, headers: adminResponseHeaders })
}

/** A post no admin screen sends (no row, an unknown intent): 400, nothing changed. */
export function refuseAdminAction(reason = 'Unknown action'): never {
	throw new Response(reason, { status: 400, headers: adminResponseHeaders })
}

/**
 * An admin list screen's small form: which row (`id`, required) and what to do (`intent`), or the
 * reply saying why the body could not be read.
 */
export async function readAdminForm(request: Request) {
	const { form, intent, problemReply } = await readAdminBody(request)
	if (problemReply) return { form: null, id: null, intent: null, problemReply } as const
	const id = String(form.get('id') ?? '')
	if (!id) refuseAdminAction('Missing row')
	return { form, id, intent, problemReply: null } as const
}

/** An admin screen's form and what it asks (`intent`), or the reply saying why the body could not be read. */
export async function readAdminBody(request: Request) {
	const body = await readForm(request)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return { form: null, intent: null, problemReply: adminReply({ message }, status) } as const
	}
	return { form: body.value, intent: String(body.value.get('intent') ?? ''), problemReply: null } as const
}

/**
 * An admin screen's Conform form, read and checked against `schema`: the valid submission, or the reply that says why
 * not, with `extra` (an unreadable or too large body as a form error, invalid fields beside their fields).
 */
export async function readAdminSubmission<Schema extends z.ZodTypeAny, Extra extends object = object>(
	request: Request,
	schema: Schema,
	extra: Extra = {} as Extra,
) {
	const body = await readForm(request)
	if (!body.ok) {
		const { status, message } = bodyProblems[body.problem]
		return {
			submission: null,
			reply: formReply(null, { formErrors: [message], status, headers: adminResponseHeaders }, extra),
		} as const
	}
	const submission = parseWithZod(body.value, { schema })
	if (submission.status !== 'success') {
		return { submission: null, reply: formReply(submission, { headers: adminResponseHeaders }, extra) } as const
	}
	return { submission, reply: null } as const
}

/**
 * The delete intent of every list screen: without the confirmation field (a browser without JavaScript)
 * it asks first; then it deletes and says so, or that the row was already gone.
 */
export async function deleteAfterConfirming<Refusal extends string = never>(
	form: FormData,
	id: string,
	remove: (id: string) => Promise<boolean | Refusal>,
	noun: string,
	/** What the owner reads when the model keeps the row (e.g. 'took-payment'). */
	refusals?: Record<Refusal, string>,
) {
	if (form.get(CONFIRMED_FIELD) !== 'yes') return adminReply({ confirm: id })
	const deleted = await remove(id)
	if (typeof deleted === 'string') return adminReply({ message: refusals?.[deleted] ?? `The ${noun} was kept.` })
	return adminReply({ message: deleted ? `The ${noun} was deleted.` : `That ${noun} had already been deleted.` })
}

/** The development Outbox screens: the admin, outside production (there mails go through SMTP: 404). */
export async function requireOutboxAdmin(request: Request) {
	const admin = await requireAdmin(request, 'owner')
	if (process.env.NODE_ENV === 'production')
		throw new Response('Not Found', { status: 404, headers: adminResponseHeaders })
	return admin
}
