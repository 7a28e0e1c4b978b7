import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeAccount, startMockGoogle, type MockGoogleAccount } from '../mocks/google-oauth-server'

const ORIGIN = 'http://localhost:3000'
let google: Awaited<ReturnType<typeof startMockGoogle>>
let auth: typeof import('~/utils/auth.server')
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
	auth = await import('~/utils/auth.server')
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

/** Clicks 'Sign in with Google', lets the mock Google answer as `account`, and follows the callback. */
async function signInAs(account: Partial<MockGoogleAccount>, jar = new CookieJar(), tamperState = false) {
	const { action } = await import('~/routes/auth.google')
	const body = new FormData()
	body.set('returnTo', '/admin/orders')
	const start = await caught(
		action({
			request: new Request(`${ORIGIN}/auth/google`, { method: 'POST', body }),
			params: {},
			context: { clientIp: '1.1.1.1' },
		}),
	)
	jar.store(start)
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
	const { loader } = await import('~/routes/auth.google.callback')
	const done = await caught(
		loader({ request: new Request(callbackUrl, { headers: { Cookie: jar.header() } }), params: {}, context: {} }),
	)
	jar.store(done)
	return { done, jar }
}

function requestWith(jar: CookieJar, path = '/admin', method = 'GET') {
	return new Request(`${ORIGIN}${path}`, { method, headers: { Cookie: jar.header() } })
}

async function flashedError(jar: CookieJar) {
	const { getSession } = await import('~/utils/session.server')
	return (await getSession(requestWith(jar))).get(auth.AUTH_ERROR_KEY)
}

describe('Google sign-in', () => {
	it('gives an allow-listed, verified account a new server-side session and returns to where it was going', async () => {
		const { done, jar } = await signInAs({ email: 'baker@example.com', name: 'Bea Baker' })
		expect(done.status).toBe(302)
		expect(done.headers.get('Location')).toBe('/admin/orders')
		expect(await auth.getAdmin(requestWith(jar))).toEqual({ email: 'baker@example.com', name: 'Bea Baker' })
		expect(google.tokenRequests.at(-1)?.get('client_secret')).toBe('test-secret')
	})

	it('issues a new session id at sign-in instead of keeping the pre-sign-in one', async () => {
		const jar = new CookieJar()
		const { action } = await import('~/routes/auth.google')
		jar.store(
			await caught(
				action({
					request: new Request(`${ORIGIN}/auth/google`, { method: 'POST', body: new FormData() }),
					params: {},
					context: {},
				}),
			),
		)
		const before = jar.header()
		await signInAs({}, jar)
		const sessionCookie = (header: string) => /__bakery_session=([^;]+)/.exec(header)?.[1]
		expect(sessionCookie(jar.header())).toBeDefined()
		expect(sessionCookie(jar.header())).not.toBe(sessionCookie(before))
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
		const { done, jar } = await signInAs(account, new CookieJar(), tamper)
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

describe('requireAdmin', () => {
	it('redirects an anonymous page visit to sign-in, keeping where it was going', async () => {
		const response = await caught(auth.requireAdmin(new Request(`${ORIGIN}/admin/orders?status=PAID`)))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/image-uploader?returnTo=%2Fadmin%2Forders%3Fstatus%3DPAID')
	})

	it('answers an anonymous post with 401', async () => {
		const response = await caught(auth.requireAdmin(new Request(`${ORIGIN}/admin/menu`, { method: 'POST' })))
		expect(response.status).toBe(401)
	})

	it('answers 403 once the account is removed from ADMIN_EMAILS', async () => {
		const { jar } = await signInAs({ email: 'baker@example.com' })
		process.env.ADMIN_EMAILS = 'owner@example.com'
		resetEnv()
		try {
			const response = await caught(auth.requireAdmin(requestWith(jar, '/admin/menu', 'POST')))
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
			expect(await auth.getAdmin(requestWith(jar))).toEqual(auth.DEMO_ADMIN)
		} finally {
			process.env.GOOGLE_CLIENT_ID = 'test-client'
			resetEnv()
		}
	})
})
