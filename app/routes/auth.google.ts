import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { startGoogleSignIn } from '~/domain/admin-auth/auth.server'
import { SIGN_IN_PATH } from '~/domain/admin-auth/sign-in-path'
import { bodyProblemResponse, readForm } from '~/utils/body.server'
import { consumeRateLimit } from '~/utils/rate-limit.server'
import { sameSitePath } from '~/utils/page-path'
import { clientKey } from '~/utils/request.server'

export async function loader() {
	return redirect(SIGN_IN_PATH)
}

/** 'Sign in with Google' posts here: the OAuth state goes into a signed cookie and the browser to Google. */
export async function action({ request, context }: ActionFunctionArgs) {
	const limit = await consumeRateLimit('signIn', clientKey(context))
	if (!limit.allowed) {
		throw new Response('Too many sign-in attempts. Please wait a few minutes.', {
			status: 429,
			headers: { 'Retry-After': String(limit.retryAfterSeconds) },
		})
	}
	const form = await readForm(request)
	if (!form.ok) throw bodyProblemResponse(form.problem)
	return startGoogleSignIn(request, sameSitePath(form.value.get('returnTo'), '/admin'))
}
