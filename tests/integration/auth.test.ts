import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeAccount, startMockGoogle, type MockGoogleAccount } from '../mocks/google-oauth-server'
import { run } from './admin-helpers'

const ORIGIN = 'http://localhost:3000'
let google: Awaited<ReturnType<typeof startMockGoogle>>
let auth: typeof import('~/domain/admin-auth/auth.server')
let prisma: (typeof import('~/utils/db.server'))['prisma']
let resetEnv: () => void

beforeAll(async () => {
	google = await startMockGoogle()
	Object.assign(process.env, {
		GOOGLE_CLIENT_ID: 'test-client',
		GOOGLE_CLIENT_SECRET: 'test-secret',
		GOOGLE_OAUTH_TEST_SERVER: google.baseUrl,
		ADMIN_EMAILS: 'owner@example.com, Baker@Example.com',
		RATE_LIMIT_MULTIPLIER: '100',
	})
	auth = await import('~/domain/admin-auth/auth.server')
	prisma = (await import('~/utils/db.server')).prisma
	resetEnv = (await import('~/utils/env.server')).resetEnv
	resetEnv()
})

afterAll(() => google.close())

/** Cookies as a browser would keep them: name → value, updated from each response. */
class CookieJar {
	private cookies = new Map<string, string>()
	store(response: Response) {
		for (const header of response.headers.getSetCookie()) {
			const [pair] = header.split(';')
			const [name, ...value] = pair!.split('=')
			const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(header)
			if (expired || value.join('=') === '') this.cookies.delete(name!)
			else this.cookies.set(name!, value.join('='))
		}
	}
	header() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}
}

async function caught(promise: Promise<unknown>): Promise<Response> {
	try {
		const value = await promise
		if (value instanceof Response) return value
	} catch (error) {
		if (error instanceof Response) return error
		throw error
	}
	throw new Error('expected a Response')
}

/** Clicks 'Sign in with Google' (the form posts returnTo); answers the redirect to Google. */
async function startSignIn(jar: CookieJar, returnTo = '/admin/orders') {
	const { action } = await import('~/routes/auth.google')
	const body = new FormData()
	body.set('returnTo', returnTo)
	const start = await caught(
		action({
			request: new Request(`${ORIGIN}/auth/google`, { method: 'POST', body, headers: { Cookie: jar.header() } }),
			params: {},
			context: { clientIp: '1.1.1.1' },
		}),
	)
	jar.store(start)
	return start
}

/** Google sends the browser back to the callback (with whatever cookies it holds). */
async function callback(url: string | URL, jar: CookieJar) {
	const { loader } = await import('~/routes/auth.google.callback')
	const done = await caught(
		loader({ request: new Request(url, { headers: { Cookie: jar.header() } }), params: {}, context: {} }),
	)
	jar.store(done)
	return done
}

/** Starts sign-in, lets the mock Google answer as `account`, and follows the callback. */
async function signInAs(
	account: Partial<MockGoogleAccount>,
	{ jar = new CookieJar(), tamperState = false, returnTo = '/admin/orders' } = {},
) {
	const start = await startSignIn(jar, returnTo)
	const authorizeUrl = new URL(start.headers.get('Location')!)
	expect(authorizeUrl.origin).toBe(google.baseUrl)
	expect(authorizeUrl.searchParams.get('scope')).toBe('openid email profile')
	expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/auth/google/callback`)
	const atGoogle = await fetch(authorizeUrl, {
		redirect: 'manual',
		headers: { Cookie: `mock_google_account=${encodeAccount(account)}` },
	})
	const callbackUrl = new URL(atGoogle.headers.get('Location')!)
	if (tamperState) callbackUrl.searchParams.set('state', 'forged')
	const done = await callback(callbackUrl, jar)
	return { done, jar }
}

function requestWith(jar: CookieJar, path = '/admin', method = 'GET') {
	return new Request(`${ORIGIN}${path}`, { method, headers: { Cookie: jar.header() } })
}

/** The message the sign-in screen shows after a failed attempt (read once). */
async function flashedError(jar: CookieJar) {
	const { loader } = await import('~/routes/image-uploader')
	const outcome = await run(loader({ request: requestWith(jar, '/image-uploader'), params: {}, context: {} }))
	jar.store(new Response(null, { headers: outcome.headers }))
	return (outcome.data as { authError: string | null }).authError
}

const sessionRows = () => prisma.session.count()

describe('Google sign-in', () => {
	it('gives an allow-listed, verified account a new server-side session and returns to where it was going', async () => {
		const { done, jar } = await signInAs({ email: 'baker@example.com', name: 'Bea Baker' })
		expect(done.status).toBe(302)
		expect(done.headers.get('Location')).toBe('/admin/orders')
		expect(await auth.getAdmin(requestWith(jar))).toEqual({
			email: 'baker@example.com',
			name: 'Bea Baker',
			role: 'owner',
		})
		expect(google.tokenRequests.at(-1)?.get('client_secret')).toBe('test-secret')
	})

	it('issues a new session id at sign-in: a planted session is destroyed, not adopted', async () => {
		const { getSessionStorage } = await import('~/domain/admin-auth/session.server')
		const planted = (await getSessionStorage().commitSession(await getSessionStorage().getSession())).split(';')[0]!
		const plantedId = (await getSessionStorage().getSession(planted)).id
		const jar = new CookieJar()
		jar.store(new Response(null, { headers: { 'Set-Cookie': planted } }))
		await signInAs({}, { jar })
		const sessionCookie = (header: string) => /__bakery_session=([^;]+)/.exec(header)?.[1]
		expect(sessionCookie(jar.header())).toBeDefined()
		expect(sessionCookie(jar.header())).not.toBe(sessionCookie(planted))
		expect(await prisma.session.count({ where: { id: plantedId } })).toBe(0)
	})

	it('returns only to a path on this site, whatever returnTo the form carried', async () => {
		for (const returnTo of ['/\t/evil.example', '//evil.example', '/.//evil.example', 'https://evil.example/']) {
			const { done } = await signInAs({}, { returnTo })
			expect(done.headers.get('Location'), JSON.stringify(returnTo)).toBe('/admin')
		}
	})

	it.each([
		['an unverified e-mail', { email: 'owner@example.com', email_verified: false }],
		['an account not on the allow-list', { email: 'stranger@example.com' }],
	])('refuses %s with a clear message and no admin session', async (_label, account) => {
		const { done, jar } = await signInAs(account)
		expect(done.headers.get('Location')).toBe('/image-uploader')
		expect(await auth.getAdmin(requestWith(jar))).toBeNull()
		expect(await flashedError(jar)).toBe('This Google account is not allowed to manage the bakery.')
	})

	it.each([
		['a cancelled sign-in', { deny: true }, false],
		['a forged OAuth state', {}, true],
	])('answers %s with "Login failed. Please try again."', async (_label, account, tamper) => {
		const { done, jar } = await signInAs(account, { tamperState: tamper })
		expect(done.headers.get('Location')).toBe('/image-uploader')
		expect(await auth.getAdmin(requestWith(jar))).toBeNull()
		expect(await flashedError(jar)).toBe('Login failed. Please try again.')
	})

	it('logout deletes the session: the old cookie no longer signs anyone in', async () => {
		const { jar } = await signInAs({})
		const stolenCookie = jar.header()
		const sessionsBefore = await prisma.session.count()
		const { action } = await import('~/routes/logout')
		const response = await action({ request: requestWith(jar, '/logout', 'POST'), params: {}, context: {} })
		expect(response.headers.get('Location')).toBe('/image-uploader')
		expect(await prisma.session.count()).toBe(sessionsBefore - 1)
		const replay = new Request(`${ORIGIN}/admin`, { headers: { Cookie: stolenCookie } })
		expect(await auth.getAdmin(replay)).toBeNull()
	})
})

describe('before a sign-in succeeds, nothing is stored server-side', () => {
	it('keeps the OAuth state and returnTo in short-lived, signed, httpOnly cookies: starting writes no session row', async () => {
		const before = await sessionRows()
		const start = await startSignIn(new CookieJar())
		expect(start.status).toBe(302)
		expect(await sessionRows()).toBe(before)
		const cookies = start.headers.getSetCookie()
		expect(cookies.filter((cookie) => cookie.startsWith('__bakery_session='))).toEqual([])
		for (const name of ['__bakery_sign_in', '__bakery_return_to']) {
			const cookie = cookies.find((header) => header.startsWith(`${name}=`))
			expect(cookie, name).toMatch(/; HttpOnly/i)
			expect(cookie, name).toMatch(/; SameSite=Lax/i)
			expect(cookie, name).toMatch(/; Max-Age=600/i)
			// Signed: the value ends with a signature after a dot.
			expect(cookie!.split(';')[0], name).toMatch(/=[^.]+\.[A-Za-z0-9%+/=]+$/)
		}
	})

	it.each([
		['no parameters', ''],
		['a bogus code and state', '?code=bogus&state=bogus'],
		['an error from Google', '?error=access_denied&state=bogus'],
	])(
		'an anonymous hit on the callback with %s writes no session row and says the sign-in failed',
		async (_label, query) => {
			const before = await sessionRows()
			const jar = new CookieJar()
			const done = await callback(`${ORIGIN}/auth/google/callback${query}`, jar)
			expect(done.status).toBe(302)
			expect(done.headers.get('Location')).toBe('/image-uploader')
			expect(await sessionRows()).toBe(before)
			expect(jar.header()).not.toContain('__bakery_session=')
			expect(await flashedError(jar)).toBe('Login failed. Please try again.')
			expect(await flashedError(jar)).toBeNull()
			expect(await sessionRows()).toBe(before)
		},
	)

	it('a failed sign-in (cancelled at Google) writes no session row either', async () => {
		const before = await sessionRows()
		const { jar } = await signInAs({ deny: true })
		expect(await sessionRows()).toBe(before)
		expect(await flashedError(jar)).toBe('Login failed. Please try again.')
	})

	it('an OAuth state cookie this server did not sign is worthless', async () => {
		// The state an attacker would like to plant, as an unsigned cookie, with a valid code for the owner.
		const forgedState = Buffer.from(JSON.stringify({ 'oauth2:state': 'planted' })).toString('base64')
		const jar = new CookieJar()
		jar.store(new Response(null, { headers: { 'Set-Cookie': `__bakery_sign_in=${forgedState}` } }))
		const done = await callback(`${ORIGIN}/auth/google/callback?state=planted&code=${encodeAccount({})}`, jar)
		expect(done.headers.get('Location')).toBe('/image-uploader')
		expect(await auth.getAdmin(requestWith(jar))).toBeNull()
	})
})

describe('the sign-in form', () => {
	it('is read within the form limit: an oversized body sent without Content-Length gets 413', async () => {
		const { action } = await import('~/routes/auth.google')
		const chunk = new TextEncoder().encode(`returnTo=/admin&padding=${'a'.repeat(64 * 1024)}`)
		const body = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(chunk)
				controller.close()
			},
		})
		const request = new Request(`${ORIGIN}/auth/google`, {
			method: 'POST',
			body,
			duplex: 'half',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		} as RequestInit)
		expect(request.headers.get('Content-Length')).toBeNull()
		const response = await caught(action({ request, params: {}, context: { clientIp: '2.2.2.2' } }))
		expect(response.status).toBe(413)
		expect(response.headers.get('Location')).toBeNull()
	})
})

describe('expired sessions', () => {
	const HOUR = 60 * 60 * 1000

	async function seedSessions() {
		await prisma.session.createMany({
			data: [
				{ id: 'sweep-expired', data: {}, expiresAt: new Date(Date.now() - HOUR) },
				{ id: 'sweep-live', data: {}, expiresAt: new Date(Date.now() + HOUR) },
			],
		})
	}
	const sweepIds = async () =>
		(await prisma.session.findMany({ where: { id: { startsWith: 'sweep-' } }, select: { id: true } })).map(
			({ id }) => id,
		)

	it('the scheduled sweep deletes expired rows only', async () => {
		await seedSessions()
		const { scheduledTasks } = await import('~/domain/housekeeping/scheduled-work.server')
		try {
			await scheduledTasks['session-sweep'].run()
			expect(await sweepIds()).toEqual(['sweep-live'])
		} finally {
			await prisma.session.deleteMany({ where: { id: { startsWith: 'sweep-' } } })
		}
	})
})

describe('requireAdmin', () => {
	it('redirects an anonymous page visit to sign-in, keeping where it was going', async () => {
		const response = await caught(auth.requireAdmin(new Request(`${ORIGIN}/admin/orders?status=PAID`), 'owner'))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/image-uploader?returnTo=%2Fadmin%2Forders%3Fstatus%3DPAID')
	})

	it('answers an anonymous post with 401', async () => {
		const response = await caught(auth.requireAdmin(new Request(`${ORIGIN}/admin/menu`, { method: 'POST' }), 'owner'))
		expect(response.status).toBe(401)
	})

	it('answers 403 once the account is removed from ADMIN_EMAILS', async () => {
		const { jar } = await signInAs({ email: 'baker@example.com' })
		process.env.ADMIN_EMAILS = 'owner@example.com'
		resetEnv()
		try {
			const response = await caught(auth.requireAdmin(requestWith(jar, '/admin/menu', 'POST'), 'owner'))
			expect(response.status).toBe(403)
		} finally {
			process.env.ADMIN_EMAILS = 'owner@example.com, Baker@Example.com'
			resetEnv()
		}
	})
})

describe('demo sign-in', () => {
	it('does not exist once Google is configured', async () => {
		const { action } = await import('~/routes/auth.demo')
		const response = await caught(
			action({
				request: new Request(`${ORIGIN}/auth/demo`, { method: 'POST', body: new FormData() }),
				params: {},
				context: {},
			}),
		)
		expect(response.status).toBe(404)
	})

	it('does not exist in production (where the server refuses to start without Google credentials)', async () => {
		const { parseEnv } = await import('~/utils/env.server')
		const production = {
			NODE_ENV: 'production',
			APP_URL: ORIGIN,
			DATABASE_URL: process.env.DATABASE_URL,
			SESSION_SECRET: 'x'.repeat(40),
			STRIPE_SECRET_KEY: 'sk_test_x',
			STRIPE_WEBHOOK_SECRET: 'whsec_x',
			ADMIN_EMAILS: 'owner@example.com',
			STORAGE_DIR: '.data/uploads',
			EMAIL_DISABLED: 'true',
			TEXTS_DISABLED: 'true',
		}
		expect(() => parseEnv(production)).toThrow('GOOGLE_CLIENT_ID is invalid: is required in production')
		const saved = { ...process.env }
		Object.assign(process.env, production)
		resetEnv()
		try {
			expect(auth.isDemoSignInEnabled()).toBe(false)
			const { action } = await import('~/routes/auth.demo')
			const request = new Request(`${ORIGIN}/auth/demo`, { method: 'POST', body: new FormData() })
			expect((await caught(action({ request, params: {}, context: {} }))).status).toBe(404)
		} finally {
			process.env = saved
			resetEnv()
		}
	})

	it('signs in as the demo admin in development when Google is not configured', async () => {
		delete process.env.GOOGLE_CLIENT_ID
		resetEnv()
		try {
			const { action } = await import('~/routes/auth.demo')
			const jar = new CookieJar()
			jar.store(
				await action({
					request: new Request(`${ORIGIN}/auth/demo`, { method: 'POST', body: new FormData() }),
					params: {},
					context: {},
				}),
			)
			expect(await auth.getAdmin(requestWith(jar))).toEqual({ ...auth.DEMO_ADMIN, role: 'owner' })
		} finally {
			process.env.GOOGLE_CLIENT_ID = 'test-client'
			resetEnv()
		}
	})
})
