import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import {
	AUTH_ERROR_KEY,
	googleAuthenticator,
	returnToCookie,
	SIGN_IN_PATH,
	signInFailureMessage,
	startAdminSession,
} from '~/utils/auth.server'
import { safeRedirectPath } from '~/utils/request.server'
import { commitSession, deleteExpiredSessions, getSession } from '~/utils/session.server'

/** Google sends the browser back here with a code (or an error); OAuth state is checked by the strategy. */
export async function loader({ request }: LoaderFunctionArgs) {
	const authenticator = googleAuthenticator(request)
	if (!authenticator) throw new Response('Not found', { status: 404 })
	try {
		const user = await authenticator.authenticate('google', request, { throwOnError: true })
		await deleteExpiredSessions()
		const returnTo = safeRedirectPath(await returnToCookie.parse(request.headers.get('Cookie')), '/admin')
		const response = await startAdminSession(request, user, returnTo)
		response.headers.append('Set-Cookie', await returnToCookie.serialize('', { maxAge: 0 }))
		return response
	} catch (error) {
		if (error instanceof Response) throw error
		const message = signInFailureMessage(error)
		const session = await getSession(request)
		session.unset('oauth2:state')
		session.flash(AUTH_ERROR_KEY, message)
		return redirect(SIGN_IN_PATH, { headers: { 'Set-Cookie': await commitSession(session) } })
	}
}
