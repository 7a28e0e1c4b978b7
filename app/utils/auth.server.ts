import { createCookie, redirect } from '@remix-run/node'
import { Authenticator, AuthorizationError } from 'remix-auth'
import { GoogleStrategy } from 'remix-auth-google'
import { getEnv } from './env.server'
import { appOrigin } from './request.server'
import { commitSession, destroySession, getSession, getSessionStorage } from './session.server'

export interface AdminUser {
	email: string
	name: string
}

export const ADMIN_SESSION_KEY = 'admin'
export const AUTH_ERROR_KEY = 'authError'
export const SIGN_IN_PATH = '/image-uploader'
export const NOT_ALLOWED_MESSAGE = 'This Google account is not allowed to manage the bakery.'
export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.'
export const DEMO_ADMIN: AdminUser = { email: 'demo-admin@localhost', name: 'Demo Admin' }

/** What the sign-in screen says after a failed Google sign-in: not allow-listed (or unverified), or anything else. */
export function signInFailureMessage(error: unknown) {
	return error instanceof AuthorizationError && error.message === NOT_ALLOWED_MESSAGE
		? NOT_ALLOWED_MESSAGE
		: LOGIN_FAILED_MESSAGE
}

/** Where to go after the Google round trip; only same-site paths are ever used (safeRedirectPath). */
export const returnToCookie = createCookie('__bakery_return_to', {
	httpOnly: true,
	sameSite: 'lax',
	path: '/auth',
	maxAge: 10 * 60,
	secure: process.env.NODE_ENV === 'production',
})

/** The development-only demo sign-in: never in production, never when Google is configured. */
export function isDemoSignInEnabled() {
	const env = getEnv()
	return env.NODE_ENV !== 'production' && !env.GOOGLE_CLIENT_ID
}

export function isAllowedAdmin(email: string) {
	if (isDemoSignInEnabled() && email === DEMO_ADMIN.email) return true
	return getEnv().ADMIN_EMAILS.includes(email.toLowerCase())
}

/** Built per request because the callback URL is absolute and depends on this site's origin. */
export function googleAuthenticator(request: Request) {
	const env = getEnv()
	if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null
	const authenticator = new Authenticator<AdminUser>(getSessionStorage(), { sessionKey: ADMIN_SESSION_KEY })
	const strategy = new GoogleStrategy<AdminUser>(
		{
			clientID: env.GOOGLE_CLIENT_ID,
			clientSecret: env.GOOGLE_CLIENT_SECRET,
			callbackURL: `${appOrigin(request, env.APP_URL)}/auth/google/callback`,
			scope: ['openid', 'email', 'profile'],
			prompt: 'select_account',
		},
		async ({ profile }) => {
			const email = profile._json.email?.toLowerCase() ?? ''
			if (!profile._json.email_verified || !isAllowedAdmin(email)) throw new AuthorizationError(NOT_ALLOWED_MESSAGE)
			return { email, name: profile.displayName || profile._json.name || email }
		},
	)
	if (env.GOOGLE_OAUTH_TEST_SERVER) pointAtTestServer(strategy, env.GOOGLE_OAUTH_TEST_SERVER)
	return authenticator.use(strategy, 'google')
}

/** Tests only: Google's endpoints are fixed inside the strategy, so they are swapped here. */
function pointAtTestServer(strategy: GoogleStrategy<AdminUser>, base: string) {
	const endpoints = strategy as unknown as Record<'authorizationURL' | 'tokenURL' | 'userInfoURL', string>
	endpoints.authorizationURL = `${base}/o/oauth2/v2/auth`
	endpoints.tokenURL = `${base}/token`
	endpoints.userInfoURL = `${base}/oauth2/v3/userinfo`
}

/**
 * Starts a fresh session for the signed-in admin: the pre-sign-in session (and any id an
 * attacker may have planted) is destroyed, and a new random id is issued.
 */
export async function startAdminSession(request: Request, user: AdminUser, redirectTo: string) {
	const previous = await getSession(request)
	await destroySession(previous)
	const session = await getSessionStorage().getSession()
	session.set(ADMIN_SESSION_KEY, user)
	return redirect(redirectTo, { headers: { 'Set-Cookie': await commitSession(session) } })
}

/** The signed-in admin, or null. An account removed from ADMIN_EMAILS loses access at once. */
export async function getAdmin(request: Request): Promise<AdminUser | null> {
	const session = await getSession(request)
	const user = session.get(ADMIN_SESSION_KEY) as AdminUser | undefined
	return user && isAllowedAdmin(user.email) ? user : null
}

/**
 * The guard for every admin loader and action. Reads redirect anonymous visitors to sign-in;
 * writes are refused (401 anonymous, 403 for a session whose account lost access) and change nothing.
 */
export async function requireAdmin(request: Request): Promise<AdminUser> {
	const admin = await getAdmin(request)
	if (admin) return admin
	const session = await getSession(request)
	const hadSession = Boolean(session.get(ADMIN_SESSION_KEY))
	if (request.method === 'GET' || request.method === 'HEAD') {
		const url = new URL(request.url)
		throw redirect(`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
	}
	throw new Response(hadSession ? 'Forbidden' : 'Unauthorized', {
		status: hadSession ? 403 : 401,
		headers: { 'Cache-Control': 'private, no-store' },
	})
}

export async function signOut(request: Request) {
	const session = await getSession(request)
	return redirect(SIGN_IN_PATH, { headers: { 'Set-Cookie': await destroySession(session) } })
}
