import { createCookie, createCookieSessionStorage, redirect } from '@remix-run/node'
import { Authenticator, AuthorizationError } from 'remix-auth'
import { GoogleStrategy } from 'remix-auth-google'
import { getEnv } from '~/utils/env.server'
import { sameSitePath } from '~/utils/page-path'
import { siteOrigin } from '~/utils/request.server'
import { commitSession, cookieSecrets, destroySession, getSession, getSessionStorage } from './session.server'
import { mayUse, type AdminRole } from './roles'
import { SIGN_IN_PATH } from './sign-in-path'
import { isStaff } from './staff.server'

export interface AdminUser {
	email: string
	name: string
}

export interface SignedInAdmin extends AdminUser {
	role: AdminRole
}

export const ADMIN_SESSION_KEY = 'admin'
const AUTH_ERROR_KEY = 'authError'
export const NOT_ALLOWED_MESSAGE = 'This Google account is not allowed to manage the bakery.'
export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.'
export const DEMO_ADMIN: AdminUser = { email: 'demo-admin@localhost', name: 'Demo Admin' }

const SIGN_IN_ROUND_TRIP_SECONDS = 10 * 60

/**
 * The Google round trip lives in short-lived signed cookies, never in Postgres, so a visitor who
 * does not finish signing in costs no session row. `__bakery_sign_in` holds the OAuth state the
 * strategy checks on the callback and, after a failure, the message the sign-in screen shows once;
 * `__bakery_return_to` holds where to go afterwards (a same-site path: sameSitePath).
 */
function createSignInCookies() {
	const options = {
		httpOnly: true,
		sameSite: 'lax',
		secure: getEnv().NODE_ENV === 'production',
		maxAge: SIGN_IN_ROUND_TRIP_SECONDS,
		secrets: cookieSecrets(),
	} as const
	return {
		// Path / because the sign-in screen that reads the failure message is served at three paths.
		flow: createCookieSessionStorage({ cookie: createCookie('__bakery_sign_in', { ...options, path: '/' }) }),
		returnTo: createCookie('__bakery_return_to', { ...options, path: '/auth' }),
	}
}

let signInCookies: ReturnType<typeof createSignInCookies> | undefined

function getSignInCookies() {
	signInCookies ??= createSignInCookies()
	return signInCookies
}

/** The development-only demo sign-in: never in production, never when Google is configured. */
export function isDemoSignInEnabled() {
	const env = getEnv()
	return env.NODE_ENV !== 'production' && !env.GOOGLE_CLIENT_ID
}

/** 'Sign in with Google' is offered only when the OAuth client is configured (always in production). */
export function isGoogleSignInConfigured() {
	const env = getEnv()
	return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
}

/**
 * The account's role, looked up on every request; null = no access at all. Owners are ADMIN_EMAILS; staff are the
 * owner's staff list (/admin/staff) and STAFF_EMAILS (decision 076). An owner added as staff stays an owner.
 */
export async function adminRoleOf(email: string): Promise<AdminRole | null> {
	if (isDemoSignInEnabled() && email === DEMO_ADMIN.email) return 'owner'
	const address = email.toLowerCase()
	if (getEnv().ADMIN_EMAILS.includes(address)) return 'owner'
	if (await isStaff(address)) return 'staff'
	return null
}

async function isAllowedAdmin(email: string) {
	return (await adminRoleOf(email)) !== null
}

/** Built per request because the callback URL is absolute and depends on this site's origin. */
function googleAuthenticator(request: Request) {
	const env = getEnv()
	if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null
	// The strategy keeps its OAuth state in the sign-in cookie; the admin session is started by us.
	const authenticator = new Authenticator<AdminUser>(getSignInCookies().flow, { sessionKey: ADMIN_SESSION_KEY })
	const strategy = new GoogleStrategy<AdminUser>(
		{
			clientID: env.GOOGLE_CLIENT_ID,
			clientSecret: env.GOOGLE_CLIENT_SECRET,
			callbackURL: `${siteOrigin(request, env)}/auth/google/callback`,
			scope: ['openid', 'email', 'profile'],
			prompt: 'select_account',
		},
		async ({ profile }) => {
			const email = profile._json.email?.toLowerCase() ?? ''
			if (!profile._json.email_verified || !(await isAllowedAdmin(email)))
				throw new AuthorizationError(NOT_ALLOWED_MESSAGE)
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

/** 'Sign in with Google': the redirect to Google, setting the OAuth state and returnTo cookies. */
export async function startGoogleSignIn(request: Request, returnTo: string) {
	const authenticator = googleAuthenticator(request)
	if (!authenticator) throw new Response('Google sign-in is not configured', { status: 404 })
	try {
		// The strategy reads only the URL and cookies (the body has been read by the route).
		await authenticator.authenticate('google', new Request(request.url, { headers: request.headers }))
	} catch (redirectToGoogle) {
		if (!(redirectToGoogle instanceof Response)) throw redirectToGoogle
		redirectToGoogle.headers.append('Set-Cookie', await getSignInCookies().returnTo.serialize(returnTo))
		return redirectToGoogle
	}
	throw new Error('The Google strategy did not redirect to Google')
}

/**
 * Google's answer on the callback: a new admin session and the way back on success; otherwise the
 * reason, shown once on the sign-in screen. Either way the round-trip cookies are cleared.
 */
export async function finishGoogleSignIn(request: Request) {
	const authenticator = googleAuthenticator(request)
	if (!authenticator) throw new Response('Not found', { status: 404 })
	const { flow, returnTo } = getSignInCookies()
	const cookieHeader = request.headers.get('Cookie')
	const clearReturnTo = await returnTo.serialize('', { maxAge: 0 })
	let user: AdminUser
	try {
		user = await authenticator.authenticate('google', request, { throwOnError: true })
	} catch (error) {
		if (error instanceof Response) throw error
		// A fresh cookie: the used (or forged) state goes, only the message stays.
		const failure = await flow.getSession()
		failure.flash(AUTH_ERROR_KEY, signInFailureMessage(error))
		const headers = new Headers([
			['Set-Cookie', await flow.commitSession(failure)],
			['Set-Cookie', clearReturnTo],
		])
		return redirect(SIGN_IN_PATH, { headers })
	}
	const response = await startAdminSession(request, user, sameSitePath(await returnTo.parse(cookieHeader), '/admin'))
	response.headers.append('Set-Cookie', await flow.destroySession(await flow.getSession(cookieHeader)))
	response.headers.append('Set-Cookie', clearReturnTo)
	return response
}

/** Not allow-listed (or unverified) gets its own message; cancelled, state mismatch etc. the generic one. */
function signInFailureMessage(error: unknown) {
	return error instanceof AuthorizationError && error.message === NOT_ALLOWED_MESSAGE
		? NOT_ALLOWED_MESSAGE
		: LOGIN_FAILED_MESSAGE
}

/** The message of a failed sign-in, for the sign-in screen, with the Set-Cookie that forgets it. */
export async function takeSignInError(request: Request) {
	const { flow } = getSignInCookies()
	const session = await flow.getSession(request.headers.get('Cookie'))
	const message = session.get(AUTH_ERROR_KEY) as string | undefined
	if (!message) return { message: null, setCookie: null }
	return { message, setCookie: await flow.destroySession(session) }
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

/**
 * The signed-in owner or staff member, or null. The role is looked up on every request, so an
 * account removed from ADMIN_EMAILS, STAFF_EMAILS or the staff list loses access (or owner rights) at once.
 */
export async function getAdmin(request: Request): Promise<SignedInAdmin | null> {
	const session = await getSession(request)
	const user = session.get(ADMIN_SESSION_KEY) as AdminUser | undefined
	const role = user ? await adminRoleOf(user.email) : null
	return user && role ? { email: user.email, name: user.name, role } : null
}

const forbidden = () => new Response('Forbidden', { status: 403, headers: { 'Cache-Control': 'private, no-store' } })

/**
 * The guard for every admin loader and action, with the role the screen or request needs ('staff'
 * = staff and owners, 'owner' = owners only). Reads redirect anonymous visitors to sign-in; writes
 * are refused (401 anonymous, 403 for a session whose account lost access); a staff member asking
 * for an owner's screen or request gets 403. Refusals change nothing.
 */
export async function requireAdmin(request: Request, needs: AdminRole): Promise<SignedInAdmin> {
	const admin = await getAdmin(request)
	if (admin && mayUse(admin.role, needs)) return admin
	if (admin) throw forbidden()
	const session = await getSession(request)
	const hadSession = Boolean(session.get(ADMIN_SESSION_KEY))
	if (request.method === 'GET' || request.method === 'HEAD') {
		const url = new URL(request.url)
		const returnTo = sameSitePath(url.pathname + url.search, '/admin')
		throw redirect(`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(returnTo)}`)
	}
	if (hadSession) throw forbidden()
	throw new Response('Unauthorized', { status: 401, headers: { 'Cache-Control': 'private, no-store' } })
}

export async function signOut(request: Request) {
	const session = await getSession(request)
	return redirect(SIGN_IN_PATH, { headers: { 'Set-Cookie': await destroySession(session) } })
}
