/**
 * Customer passkeys (decision 066) through the `/account/passkeys` route as the pages' JavaScript uses it, with a
 * software authenticator: registering within a session, signing in into the same customer session a code opens,
 * challenges that are single-use, expire in 5 minutes and belong to one browser (and a registration's to one
 * session), the origin and RP ID checked, the signature counter checked and kept, removing only one's own passkey,
 * the rate limit, and what signing out everywhere and a removed account leave.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ORIGIN, run, type Outcome } from './admin-helpers'
import { SoftPasskey } from './passkey-authenticator'

let prisma: (typeof import('~/utils/db.server'))['prisma']
let cleanup: () => Promise<void>

beforeAll(async () => {
	;({ cleanup } = await (await import('./admin-helpers')).useAdminTestEnv())
	prisma = (await import('~/utils/db.server')).prisma
})
afterAll(() => cleanup())

beforeEach(async () => {
	await prisma.passkeyChallenge.deleteMany()
	await prisma.customerPasskey.deleteMany()
	await prisma.customerSession.deleteMany()
	await prisma.order.deleteMany()
	await prisma.customer.deleteMany()
	;(await import('~/utils/rate-limit.server')).resetRateLimits()
})

/** One browser: its cookies (`name=value`), updated from each answer. */
type Browser = Map<string, string>

function keep(browser: Browser, headers: Headers) {
	for (const header of headers.getSetCookie()) {
		const [name = '', ...rest] = header.split(';')[0]!.split('=')
		const value = rest.join('=')
		if (!value || /max-age=0/i.test(header)) browser.delete(name)
		else browser.set(name, value)
	}
}

const context = { clientIp: '203.0.113.66' }

async function passkeys(browser: Browser, fields: Record<string, string>, origin = ORIGIN): Promise<Outcome> {
	const { action } = await import('~/routes/account_.passkeys')
	const request = new Request(`${origin}/account/passkeys`, {
		method: 'POST',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Cookie: [...browser].map(([name, value]) => `${name}=${value}`).join('; '),
		},
		body: new URLSearchParams(fields),
	})
	const outcome = await run(action({ request, params: {}, context }))
	keep(browser, outcome.headers)
	return outcome
}

function reply(outcome: Outcome) {
	return JSON.parse(outcome.data as string) as {
		outcome: string
		options: {
			challenge: string
			user: { id: string }
			rpId?: string
			allowCredentials?: unknown[]
			userVerification?: string
		}
		redirectTo?: string
	}
}

/** A signed-in browser of a new account (as a code sign-in leaves it). */
async function signedIn(email: string): Promise<{ browser: Browser; customerId: string; sessionId: string }> {
	const { customerSessionCookie, newCustomerSessionId } = await import('~/domain/customers/session.server')
	const customer = await prisma.customer.create({ data: { email, name: 'Paula' } })
	const sessionId = newCustomerSessionId()
	await prisma.customerSession.create({
		data: { id: sessionId, customerId: customer.id, expiresAt: new Date(Date.now() + 86_400_000) },
	})
	const browser: Browser = new Map()
	keep(browser, new Headers([['Set-Cookie', await customerSessionCookie(sessionId)]]))
	return { browser, customerId: customer.id, sessionId }
}

async function register(browser: Browser, passkey: SoftPasskey, name = 'My phone') {
	const options = reply(await passkeys(browser, { intent: 'register-options' }))
	expect(options.outcome).toBe('options')
	return passkeys(browser, { intent: 'register', name, response: JSON.stringify(passkey.register(options.options)) })
}

async function signInOptions(browser: Browser) {
	const options = reply(await passkeys(browser, { intent: 'sign-in-options' }))
	expect(options.outcome).toBe('options')
	return options.options
}

async function signInWith(browser: Browser, passkey: SoftPasskey, redirectTo = '/es/account') {
	const options = await signInOptions(browser)
	return passkeys(browser, {
		intent: 'sign-in',
		redirectTo,
		response: JSON.stringify(passkey.assert(options)),
	})
}

async function accountPage(browser: Browser) {
	const { loader } = await import('~/routes/account')
	const cookie = [...browser].map(([name, value]) => `${name}=${value}`).join('; ')
	return run(
		loader({ request: new Request(`${ORIGIN}/account`, { headers: { Cookie: cookie } }), params: {}, context }),
	)
}

/** A registered passkey of a new account, and a fresh browser (signed out) to sign in with it. */
async function registered(email = 'paula@example.com', counter: number | null = 0) {
	const account = await signedIn(email)
	const passkey = new SoftPasskey(ORIGIN, 'localhost', counter)
	expect(reply(await register(account.browser, passkey)).outcome).toBe('saved')
	return { ...account, passkey, visitor: new Map() as Browser }
}

describe('registering and signing in with a passkey', () => {
	it('registers a passkey on the account, lists it, and signs a new browser into the same kind of session', async () => {
		const { browser, customerId, passkey, visitor } = await registered()
		const page = await accountPage(browser)
		const listed = (page.data as { passkeys: Array<{ name: string; created: string; lastUsed: string | null }> })
			.passkeys
		expect(listed).toEqual([{ id: passkey.id, name: 'My phone', created: expect.any(String), lastUsed: null }])
		const stored = await prisma.customerPasskey.findUniqueOrThrow({ where: { id: passkey.id } })
		expect(stored).toMatchObject({ customerId, counter: 0n, transports: ['internal'], deviceType: 'singleDevice' })

		const options = await signInOptions(visitor)
		// Discoverable credentials: nothing about any account is in the options (no enumeration).
		expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' })
		expect(options.allowCredentials ?? []).toEqual([])
		const signedIn = await passkeys(visitor, {
			intent: 'sign-in',
			redirectTo: '/es/account',
			response: JSON.stringify(passkey.assert(options)),
		})
		expect(signedIn.status).toBe(200)
		expect(reply(signedIn)).toEqual({ outcome: 'signed-in', redirectTo: '/es/account' })
		expect(visitor.has('__bakery_customer')).toBe(true)
		expect(visitor.has('__bakery_passkey')).toBe(false)
		expect(await prisma.customerSession.count({ where: { customerId } })).toBe(2)
		const visitorPage = await accountPage(visitor)
		expect(visitorPage.status).toBe(200)
		expect((visitorPage.data as { profile: { email: string } }).profile.email).toBe('paula@example.com')
		expect((await prisma.customerPasskey.findUniqueOrThrow({ where: { id: passkey.id } })).lastUsedAt).not.toBeNull()
	})

	it('goes back only to a page of this site after signing in', async () => {
		const { passkey, visitor } = await registered()
		expect(reply(await signInWith(visitor, passkey, 'https://evil.example/account')).redirectTo).toBe('/account')
	})

	it('attaches orders paid with the account’s address since the last sign-in, as a code sign-in does', async () => {
		const { passkey, visitor, customerId } = await registered('regular@example.com')
		const order = await prisma.order.create({
			data: {
				customerName: 'Paula',
				customerEmail: 'Regular@Example.com ',
				totalCents: 1200,
				status: 'PAID',
				paidAt: new Date(),
			},
		})
		expect(reply(await signInWith(visitor, passkey)).outcome).toBe('signed-in')
		expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBe(customerId)
	})

	it('refuses a registration without a session, and the same passkey twice', async () => {
		const outsider = reply(await passkeys(new Map(), { intent: 'register-options' }))
		expect(outsider.outcome).toBe('signed-out')
		const { browser, passkey } = await registered()
		const again = await register(browser, passkey)
		expect(again.status).toBe(409)
		expect(reply(again).outcome).toBe('duplicate')
		// Another account cannot take over a stored credential id either.
		const other = await signedIn('other@example.com')
		expect(reply(await register(other.browser, passkey)).outcome).toBe('duplicate')
		expect(await prisma.customerPasskey.count()).toBe(1)
	})
})

describe('challenges', () => {
	it('are single use: a replayed assertion, with its cookie, is refused and opens no session', async () => {
		const { passkey, visitor } = await registered()
		const options = await signInOptions(visitor)
		const replay = new Map(visitor)
		const response = JSON.stringify(passkey.assert(options))
		expect(reply(await passkeys(visitor, { intent: 'sign-in', response })).outcome).toBe('signed-in')
		const again = await passkeys(replay, { intent: 'sign-in', response })
		expect(again.status).toBe(400)
		expect(reply(again).outcome).toBe('expired')
		expect(replay.has('__bakery_customer')).toBe(false)
	})

	it('expire after 5 minutes', async () => {
		const { passkey, visitor } = await registered()
		const options = await signInOptions(visitor)
		const row = await prisma.passkeyChallenge.findFirstOrThrow({ where: { challenge: options.challenge } })
		expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThanOrEqual(5 * 60 * 1000 - 50)
		expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(5 * 60 * 1000 + 50)
		await prisma.passkeyChallenge.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
		const late = await passkeys(visitor, { intent: 'sign-in', response: JSON.stringify(passkey.assert(options)) })
		expect(reply(late).outcome).toBe('expired')
		expect(visitor.has('__bakery_customer')).toBe(false)
		expect(await prisma.passkeyChallenge.count()).toBe(0)
	})

	it('belong to the browser that asked: another browser’s answer to the same challenge is refused', async () => {
		const { passkey, visitor } = await registered()
		const options = await signInOptions(visitor)
		const stranger: Browser = new Map()
		const stolen = await passkeys(stranger, { intent: 'sign-in', response: JSON.stringify(passkey.assert(options)) })
		expect(reply(stolen).outcome).toBe('expired')
		expect(stranger.has('__bakery_customer')).toBe(false)
	})

	it('for a registration belong to its session, and end with it when the customer signs out everywhere', async () => {
		const { browser, sessionId } = await signedIn('paula@example.com')
		const passkey = new SoftPasskey(ORIGIN)
		const options = reply(await passkeys(browser, { intent: 'register-options' })).options
		// The challenge cookie moved to a browser signed in as someone else: not their challenge.
		const other = await signedIn('other@example.com')
		other.browser.set('__bakery_passkey', browser.get('__bakery_passkey')!)
		const moved = await passkeys(other.browser, {
			intent: 'register',
			response: JSON.stringify(passkey.register(options)),
		})
		expect(reply(moved).outcome).toBe('expired')

		const fresh = reply(await passkeys(browser, { intent: 'register-options' })).options
		await prisma.customerSession.deleteMany({ where: { id: sessionId } })
		expect(await prisma.passkeyChallenge.count({ where: { sessionId } })).toBe(0)
		const after = await passkeys(browser, { intent: 'register', response: JSON.stringify(passkey.register(fresh)) })
		expect(reply(after).outcome).toBe('signed-out')
		expect(await prisma.customerPasskey.count()).toBe(0)
	})

	it('no browser answered are swept by the hourly session sweep; live ones stay', async () => {
		const { scheduledTasks } = await import('~/domain/housekeeping/scheduled-work.server')
		await signInOptions(new Map())
		await signInOptions(new Map())
		const [old] = await prisma.passkeyChallenge.findMany()
		await prisma.passkeyChallenge.update({ where: { id: old!.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
		await scheduledTasks['session-sweep'].run()
		const left = await prisma.passkeyChallenge.findMany({ select: { id: true } })
		expect(left).toHaveLength(1)
		expect(left[0]!.id).not.toBe(old!.id)
	})
})

describe('what is verified', () => {
	it('refuses an answer made for another origin, and spends the challenge', async () => {
		const { passkey, visitor } = await registered()
		const options = await signInOptions(visitor)
		const retry = new Map(visitor)
		passkey.origin = 'https://docedulce.example.evil.test'
		const phished = await passkeys(visitor, { intent: 'sign-in', response: JSON.stringify(passkey.assert(options)) })
		expect(phished.status).toBe(400)
		expect(reply(phished).outcome).toBe('invalid')
		expect(visitor.has('__bakery_customer')).toBe(false)
		passkey.origin = ORIGIN
		const second = await passkeys(retry, { intent: 'sign-in', response: JSON.stringify(passkey.assert(options)) })
		expect(reply(second).outcome).toBe('expired')
	})

	it('refuses a registration from another origin or for another RP ID', async () => {
		const { browser } = await signedIn('paula@example.com')
		expect(reply(await register(browser, new SoftPasskey('http://localhost:4000'))).outcome).toBe('invalid')
		expect(reply(await register(browser, new SoftPasskey(ORIGIN, 'example.com'))).outcome).toBe('invalid')
		expect(await prisma.customerPasskey.count()).toBe(0)
	})

	it('refuses an assertion signed for another RP ID, or by another key under the same credential id', async () => {
		const { passkey, visitor } = await registered()
		passkey.rpID = 'example.com'
		expect(reply(await signInWith(visitor, passkey)).outcome).toBe('invalid')
		passkey.rpID = 'localhost'
		const impostor = new SoftPasskey(ORIGIN)
		Object.assign(impostor, { credentialId: passkey.credentialId, userHandle: passkey.userHandle })
		expect(reply(await signInWith(visitor, impostor)).outcome).toBe('invalid')
		expect(visitor.has('__bakery_customer')).toBe(false)
	})

	it('checks the counter: it must move on, and a counter that went back (a cloned key?) is refused', async () => {
		const { passkey, visitor } = await registered()
		expect(reply(await signInWith(visitor, passkey)).outcome).toBe('signed-in')
		expect((await prisma.customerPasskey.findUniqueOrThrow({ where: { id: passkey.id } })).counter).toBe(1n)
		passkey.counter = 6
		expect(reply(await signInWith(new Map(), passkey)).outcome).toBe('signed-in')
		expect((await prisma.customerPasskey.findUniqueOrThrow({ where: { id: passkey.id } })).counter).toBe(7n)

		passkey.counter = 2
		const clone: Browser = new Map()
		const refused = await signInWith(clone, passkey)
		expect(reply(refused).outcome).toBe('invalid')
		expect(clone.has('__bakery_customer')).toBe(false)
		passkey.counter = 6
		expect(reply(await signInWith(clone, passkey)).outcome).toBe('invalid')
		expect((await prisma.customerPasskey.findUniqueOrThrow({ where: { id: passkey.id } })).counter).toBe(7n)
	})

	it('lets a passkey that keeps no counter (always 0, as synced passkeys) sign in again and again', async () => {
		const { passkey } = await registered('synced@example.com', null)
		for (let time = 0; time < 3; time++) {
			expect(reply(await signInWith(new Map(), passkey)).outcome).toBe('signed-in')
		}
	})

	it('answers an unknown passkey, or a body that is not an answer, with a refusal and no session', async () => {
		const visitor: Browser = new Map()
		const stranger = new SoftPasskey(ORIGIN)
		expect(reply(await signInWith(visitor, stranger)).outcome).toBe('unknown')
		await signInOptions(visitor)
		expect(reply(await passkeys(visitor, { intent: 'sign-in', response: '{"id":"x"' })).outcome).toBe('invalid')
		expect(reply(await passkeys(visitor, { intent: 'nonsense' })).outcome).toBe('invalid')
		expect(visitor.has('__bakery_customer')).toBe(false)
	})
})

describe('removing passkeys and accounts', () => {
	it('removes only the customer’s own passkey (404 for another’s), back to the account page in its language', async () => {
		const paula = await registered('paula@example.com')
		const other = await signedIn('other@example.com')
		const theirs = await passkeys(other.browser, {
			intent: 'remove',
			passkeyId: paula.passkey.id,
			redirectTo: '/es/account',
		})
		expect(theirs.status).toBe(404)
		expect(await prisma.customerPasskey.count()).toBe(1)

		const signedOut = await passkeys(new Map(), {
			intent: 'remove',
			passkeyId: paula.passkey.id,
			redirectTo: '/es/account',
		})
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.get('Location')).toBe('/es/account/sign-in?redirectTo=%2Fes%2Faccount')

		const own = await passkeys(paula.browser, {
			intent: 'remove',
			passkeyId: paula.passkey.id,
			redirectTo: '/es/account',
		})
		expect(own.status).toBe(303)
		expect(own.headers.get('Location')).toBe('/es/account')
		expect(await prisma.customerPasskey.count()).toBe(0)
		expect(reply(await signInWith(new Map(), paula.passkey)).outcome).toBe('unknown')
	})

	it('keeps passkeys when the customer signs out everywhere; a removed account takes them along', async () => {
		const { passkey, customerId } = await registered()
		await prisma.customerSession.deleteMany({ where: { customerId } })
		expect(reply(await signInWith(new Map(), passkey)).outcome).toBe('signed-in')
		await prisma.customer.delete({ where: { id: customerId } })
		expect(await prisma.customerPasskey.count()).toBe(0)
		expect(reply(await signInWith(new Map(), passkey)).outcome).toBe('unknown')
	})
})

it('rate limits the passkey posts per client, with Retry-After', async () => {
	const { resetEnv } = await import('~/utils/env.server')
	const { resetRateLimits } = await import('~/utils/rate-limit.server')
	const multiplier = process.env.RATE_LIMIT_MULTIPLIER
	process.env.RATE_LIMIT_MULTIPLIER = '1'
	resetEnv()
	resetRateLimits()
	try {
		const visitor: Browser = new Map()
		for (let post = 0; post < 30; post++) await signInOptions(visitor)
		const refused = await passkeys(visitor, { intent: 'sign-in-options' })
		expect(refused.status).toBe(429)
		expect(reply(refused).outcome).toBe('rate-limited')
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(500)
	} finally {
		process.env.RATE_LIMIT_MULTIPLIER = multiplier
		resetEnv()
		resetRateLimits()
	}
})
