import type { ActionFunctionArgs } from '@remix-run/node'
import { DEMO_ADMIN, isDemoSignInEnabled, startAdminSession } from '~/domain/admin-auth/auth.server'
import { bodyProblemResponse, readForm } from '~/utils/body.server'
import { sameSitePath } from '~/utils/page-path'

/** 'Sign in as demo admin (development only)': absent (404) in production and once Google is configured. */
export async function action({ request }: ActionFunctionArgs) {
	if (!isDemoSignInEnabled()) throw new Response('Not found', { status: 404 })
	const form = await readForm(request)
	if (!form.ok) return bodyProblemResponse(form.problem)
	const returnTo = sameSitePath(form.value.get('returnTo'), '/admin')
	return startAdminSession(request, DEMO_ADMIN, returnTo)
}

export async function loader() {
	throw new Response('Not found', { status: 404 })
}
