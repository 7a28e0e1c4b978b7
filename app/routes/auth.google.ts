import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { googleAuthenticator, returnToCookie, SIGN_IN_PATH } from '~/utils/auth.server'
import { consumeRateLimit } from '~/utils/rate-limit.server'
import { clientKey, safeRedirectPath } from '~/utils/request.server'

export async function loader() {
	return redirect(SIGN_IN_PATH)
}

/** 'Sign in with Google' posts here; the strategy stores an OAuth state and redirects to Google. */
export async function action({ request, context }: ActionFunctionArgs) {
	const limit = await consumeRateLimit('signIn', clientKey(context))
	if (!limit.allowed) {
		throw new Response('Too many sign-in attempts. Please wait a few minutes.', {
			status: 429,
			headers: { 'Retry-After': String(limit.retryAfterSeconds) },
		})
	}
	const authenticator = googleAuthenticator(request)
	if (!authenticator) throw new Response('Google sign-in is not configured', { status: 404 })
	const returnTo = safeRedirectPath((await request.clone().formData()).get('returnTo'), '/admin')
	try {
		await authenticator.authenticate('google', request)
	} catch (response) {
		if (response instanceof Response) {
			response.headers.append('Set-Cookie', await returnToCookie.serialize(returnTo))
		}
		throw response
	}
	return redirect(SIGN_IN_PATH)
}
