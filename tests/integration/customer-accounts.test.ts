/**
 * Customer accounts (decision 063): sign-in by an e-mailed code through the routes as a browser uses them, the
 * code's rules (10 minutes, one use, five tries), no account enumeration, customer and owner sessions kept apart,
 * sign out everywhere, and orders attaching to the account when their address is verified.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MailJob } from '~/domain/mail/mail-jobs'
import { ADMIN, ORIGIN, run, sessionCookieFor, useAdminTestEnv } from './admin-helpers'
import { clearMailQueues } from './mail-helpers'

let prisma: (typeof import('~/utils/db.server'))['prisma']
let cleanup: () => Promise<void>

beforeAll(async () => {
	;({ cleanup } = await useAdminTestEnv())
	prisma = (await import('~/utils/db.server')).prisma
})
afterAll(() => cleanup())

beforeEach(async () => {
	await clearMailQueues()
	await prisma.customerSignInCode.deleteMany()
	await prisma.customerSession.deleteMany()
	await prisma.order.deleteMany()
	await prisma.customCakeRequest.deleteMany()
	await prisma.customer.deleteMany()
	;(await import('~/utils/rate-limit.server')).resetRateLimits()
})

/** Cookies as a browser keeps them, updated from each response. */
class CookieJar {
	cookies = new Map<string, string>()
	store(headers: Headers) {
		for (const header of headers.getSetCookie()) {
			const [pair] = header.split(';')
			const [name, ...value] = pair!.split('=')
			if (/max-age=0|expires=thu, 01 jan 1970/i.test(header) || value.join('=') === '') this.cookies.delete(name!)
			else this.cookies.set(name!, value.join('='))
		}
	}
	header() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}
}

function form(path: string, fields: Record<string, string>, jar: CookieJar) {
	return new Request(`${ORIGIN}${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header() },
		body: new URLSearchParams(fields),
	})
}

const context = { clientIp: '203.0.113.9' }

async function askForCode(jar: CookieJar, email: string, path = '/account/sign-in') {
	const { action } = await import('~/routes/account_.sign-in')
	const outcome = await run(action({ request: form(path, { email }, jar), params: {}, context }))
	jar.store(outcome.headers)
	return outcome
}

async function typeCode(jar: CookieJar, code: string, path = '/account/code') {
	const { action } = await import('~/routes/account_.code')
	const outcome = await run(action({ request: form(path, { intent: 'verify', code }, jar), params: {}, context }))
	jar.store(outcome.headers)
	return outcome
}

async function queuedCodeMails() {
	const rows = await prisma.$queryRaw<Array<{ data: MailJob }>>`
		SELECT data FROM pgboss.job WHERE name = 'mail' AND data ->> 'kind' = 'customer-sign-in-code' ORDER BY created_on`
	return rows.map((row) => row.data)
}

/** The newest sign-in mail as the worker composes it: its subject, text and the code in it. */
async function lastCodeMail() {
	const { composeMail } = await import('~/domain/mail/compose.server')
	const jobs = await queuedCodeMails()
	const mail = await composeMail(jobs.at(-1)!, { origin: ORIGIN, reviewUrl: async () => '', ownerEmails: [] })
	if (!mail) throw new Error('No sign-in mail to compose')
	const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
	if (!code) throw new Error(`No code in the mail: ${mail.text}`)
	return { ...mail, code }
}

function formErrors(outcome: Awaited<ReturnType<typeof run>>) {
	return JSON.stringify((outcome.data as { result?: { error?: unknown } }).result?.error ?? {})
}

async function signIn(email: string, jar = new CookieJar()) {
	await askForCode(jar, email)
	const { code } = await lastCodeMail()
	const outcome = await typeCode(jar, code)
	expect(outcome.status).toBe(302)
	return { jar, code, outcome }
}

async function accountPage(jar: CookieJar, path = '/account') {
	const { loader } = await import('~/routes/account')
	return run(
		loader({ request: new Request(`${ORIGIN}${path}`, { headers: { Cookie: jar.header() } }), params: {}, context }),
	)
}

describe('sign-in by e-mailed code', () => {
	it('mails a code and a magic link, signs in once with it, and creates the account at that moment', async () => {
		const jar = new CookieJar()
		const asked = await askForCode(jar, '  New.Customer@Example.com ')
		expect(asked.status).toBe(302)
		expect(asked.headers.get('Location')).toBe('/account/code')
		expect(await prisma.customer.count()).toBe(0)

		const mail = await lastCodeMail()
		expect(mail.to).toEqual(['new.customer@example.com'])
		expect(mail.subject).toContain(mail.code)
		expect(mail.html).toContain(`${ORIGIN}/account/link?code=${mail.code}`)

		const wrong = await typeCode(jar, mail.code === '000000' ? '111111' : '000000')
		expect(wrong.status).toBe(400)
		expect(formErrors(wrong)).toContain('4 tries left')

		const signedIn = await typeCode(jar, mail.code)
		expect(signedIn.status).toBe(302)
		expect(signedIn.headers.get('Location')).toBe('/account')
		expect(jar.cookies.has('__bakery_customer')).toBe(true)
		expect(await prisma.customer.findMany({ select: { email: true } })).toEqual([{ email: 'new.customer@example.com' }])
		const page = await accountPage(jar)
		expect(page.status).toBe(200)
		expect((page.data as { profile: { email: string } }).profile.email).toBe('new.customer@example.com')
	})

	it('refuses a code used once already, even replayed with the cookie it was sent with', async () => {
		const jar = new CookieJar()
		await askForCode(jar, 'reuse@example.com')
		const before = new Map(jar.cookies)
		const { code } = await lastCodeMail()
		expect((await typeCode(jar, code)).status).toBe(302)

		const replay = new CookieJar()
		replay.cookies = before
		const again = await typeCode(replay, code)
		expect(again.status).toBe(400)
		expect(formErrors(again)).toContain('expired or was already used')
		expect(replay.cookies.has('__bakery_customer')).toBe(false)
		expect(await prisma.customerSession.count()).toBe(1)
	})

	it('expires a code after 10 minutes', async () => {
		const { checkSignInCode } = await import('~/domain/customers/models/sign-in-code.server')
		const { hashSignInCode } = await import('~/domain/customers/sign-in-code-crypto.server')
		const jar = new CookieJar()
		await askForCode(jar, 'late@example.com')
		const { code } = await lastCodeMail()
		const row = await prisma.customerSignInCode.findFirstOrThrow({ where: { email: 'late@example.com' } })
		expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60 * 1000)
		const at = (ms: number) => new Date(row.createdAt.getTime() + ms)
		expect(await checkSignInCode('late@example.com', hashSignInCode(code), at(9 * 60 * 1000 + 59_000))).toEqual({
			outcome: 'match',
		})
		expect(await checkSignInCode('late@example.com', hashSignInCode(code), at(10 * 60 * 1000))).toEqual({
			outcome: 'expired',
		})

		// Ten minutes later, as the customer sees it: the right code no longer signs in.
		await prisma.customerSignInCode.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1) } })
		const late = await typeCode(jar, code)
		expect(late.status).toBe(400)
		expect(formErrors(late)).toContain('expired')
		expect(jar.cookies.has('__bakery_customer')).toBe(false)
		expect(await prisma.customer.count()).toBe(0)
		// The mail of an expired code is not sent any more.
		expect(
			await (
				await import('~/domain/mail/compose.server')
			).composeMail((await queuedCodeMails()).at(-1)!, {
				origin: ORIGIN,
				reviewUrl: async () => '',
				ownerEmails: [],
			}),
		).toBeNull()
	})

	it('allows five tries: then even the right code needs a new one, which works', async () => {
		const jar = new CookieJar()
		await askForCode(jar, 'guess@example.com')
		const { code } = await lastCodeMail()
		const wrongCode = code === '123456' ? '654321' : '123456'
		const left: string[] = []
		for (let attempt = 0; attempt < 4; attempt++) left.push(formErrors(await typeCode(jar, wrongCode)))
		expect(left[0]).toContain('4 tries left')
		expect(left[3]).toContain('1 try left')
		expect(formErrors(await typeCode(jar, wrongCode))).toContain('Too many wrong tries')
		const right = await typeCode(jar, code)
		expect(right.status).toBe(400)
		expect(formErrors(right)).toContain('Too many wrong tries')
		expect(jar.cookies.has('__bakery_customer')).toBe(false)

		// "Send a new code": a fresh code for the same address, the older one superseded.
		const { action } = await import('~/routes/account_.code')
		const resent = await run(action({ request: form('/account/code', { intent: 'resend' }, jar), params: {}, context }))
		jar.store(resent.headers)
		expect(resent.status).toBe(302)
		expect(resent.headers.get('Location')).toBe('/account/code?sent=1')
		const fresh = await lastCodeMail()
		expect((await typeCode(jar, fresh.code)).status).toBe(302)
		expect(jar.cookies.has('__bakery_customer')).toBe(true)
	})

	it('keeps what was typed on a wrong code', async () => {
		const jar = new CookieJar()
		await askForCode(jar, 'typed@example.com')
		const { code } = await lastCodeMail()
		const wrong = await typeCode(jar, code === '222222' ? '333333' : '222222')
		const result = (wrong.data as { result: { initialValue?: Record<string, unknown> } }).result
		expect(result.initialValue?.code).toBe(code === '222222' ? '333333' : '222222')
	})

	it('signs in with the magic link in the same browser only, into the page in the customer language', async () => {
		const jar = new CookieJar()
		await askForCode(jar, 'link@example.com', '/es/account/sign-in')
		const mail = await lastCodeMail()
		expect(mail.subject).toContain('código')
		const { loader } = await import('~/routes/account_.link')
		const link = `${ORIGIN}/account/link?code=${mail.code}`

		const otherBrowser = await run(loader({ request: new Request(link), params: {}, context }))
		expect(otherBrowser.headers.get('Location')).toBe('/account/sign-in?expired=1')

		const opened = await run(
			loader({ request: new Request(link, { headers: { Cookie: jar.header() } }), params: {}, context }),
		)
		jar.store(opened.headers)
		expect(opened.headers.get('Location')).toBe('/es/account')
		expect(jar.cookies.has('__bakery_customer')).toBe(true)
		expect((await prisma.customer.findFirstOrThrow()).locale).toBe('es')

		const twice = await run(
			loader({ request: new Request(link, { headers: { Cookie: jar.header() } }), params: {}, context }),
		)
		expect(twice.headers.get('Location')).toBe('/account/sign-in?expired=1')
	})
})

describe('no account enumeration', () => {
	it('answers a known and an unknown address identically, and queues one mail for each', async () => {
		await signIn('known@example.com')
		await clearMailQueues()
		const known = new CookieJar()
		const unknown = new CookieJar()
		const a = await askForCode(known, 'known@example.com')
		const b = await askForCode(unknown, 'unknown@example.com')
		expect([a.status, a.headers.get('Location')]).toEqual([b.status, b.headers.get('Location')])
		expect([...known.cookies.keys()].sort()).toEqual([...unknown.cookies.keys()].sort())
		const jobs = await queuedCodeMails()
		expect(jobs).toHaveLength(2)
		const { composeMail } = await import('~/domain/mail/compose.server')
		const [first, second] = await Promise.all(
			jobs.map((job) => composeMail(job, { origin: ORIGIN, reviewUrl: async () => '', ownerEmails: [] })),
		)
		const withoutCode = (text: string) => text.replace(/\d{6}/g, 'CODE')
		expect(withoutCode(first!.text)).toBe(withoutCode(second!.text))
		expect(withoutCode(first!.subject)).toBe(withoutCode(second!.subject))
	})

	it('rate limits asking per address, whichever client asks, and says the same for any address', async () => {
		const { resetEnv } = await import('~/utils/env.server')
		const { resetRateLimits } = await import('~/utils/rate-limit.server')
		process.env.RATE_LIMIT_MULTIPLIER = '1'
		resetEnv()
		resetRateLimits()
		try {
			const { action } = await import('~/routes/account_.sign-in')
			const ask = async (email: string, client: string) =>
				run(
					action({
						request: form('/account/sign-in', { email }, new CookieJar()),
						params: {},
						context: { clientIp: client },
					}),
				)
			const statuses = []
			for (let attempt = 0; attempt < 6; attempt++)
				statuses.push((await ask('flood@example.com', `198.51.100.${attempt}`)).status)
			expect(statuses).toEqual([302, 302, 302, 302, 302, 429])
			expect(await queuedCodeMails()).toHaveLength(5)
			// Another address is not held up by that one.
			expect((await ask('calm@example.com', '198.51.100.7')).status).toBe(302)
		} finally {
			process.env.RATE_LIMIT_MULTIPLIER = '100'
			resetEnv()
			resetRateLimits()
		}
	})
})

describe('customer and owner sessions are apart', () => {
	it('a customer session never opens an admin loader or action, under either cookie name', async () => {
		const { jar } = await signIn('customer@example.com')
		const customerValue = jar.cookies.get('__bakery_customer')!
		const { loader, action } = await import('~/routes/admin.orders')
		for (const cookie of [jar.header(), `__bakery_session=${customerValue}`]) {
			const read = await run(
				loader({
					request: new Request(`${ORIGIN}/admin/orders`, { headers: { Cookie: cookie } }),
					params: {},
					context,
				}),
			)
			expect(read.status).toBe(302)
			expect(read.headers.get('Location')).toMatch(/^\/image-uploader\?returnTo=/)
			const write = await run(
				action({
					request: new Request(`${ORIGIN}/admin/orders`, {
						method: 'POST',
						headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
						body: new URLSearchParams({ intent: 'mark-ready', id: 'x' }),
					}),
					params: {},
					context,
				}),
			)
			expect(write.status).toBe(401)
		}
	})

	it('an owner session is not a customer session, under either cookie name', async () => {
		const adminCookie = await sessionCookieFor(ADMIN)
		const adminValue = adminCookie.split('=').slice(1).join('=')
		for (const cookie of [adminCookie, `__bakery_customer=${adminValue}`]) {
			const jar = new CookieJar()
			jar.cookies.set(cookie.split('=')[0]!, cookie.split('=').slice(1).join('='))
			const page = await accountPage(jar)
			expect(page.status).toBe(302)
			expect(page.headers.get('Location')).toBe('/account/sign-in?redirectTo=%2Faccount')
		}
		// Signing a customer in leaves the owner's session as it was.
		const { jar } = await signIn('owner-too@example.com')
		jar.cookies.set('__bakery_session', adminValue)
		const { getAdmin } = await import('~/domain/admin-auth/auth.server')
		expect(await getAdmin(new Request(ORIGIN, { headers: { Cookie: jar.header() } }))).toEqual({
			...ADMIN,
			role: 'owner',
		})
		expect(await prisma.session.count()).toBe(1)
	})

	it('sends signed-out visitors to sign-in with a safe way back, in their language', async () => {
		const page = await accountPage(new CookieJar(), '/pt-br/account')
		expect(page.headers.get('Location')).toBe('/pt-br/account/sign-in?redirectTo=%2Fpt-br%2Faccount')
		const { loader } = await import('~/routes/account_.sign-in')
		const evil = await run(
			loader({ request: new Request(`${ORIGIN}/account/sign-in?redirectTo=//evil.example/x`), params: {}, context }),
		)
		expect((evil.data as { redirectTo: string }).redirectTo).toBe('/account')
	})
})

describe('signing out', () => {
	async function signOut(jar: CookieJar, intent: 'sign-out' | 'sign-out-everywhere') {
		const { action } = await import('~/routes/account')
		const outcome = await run(action({ request: form('/account', { intent }, jar), params: {}, context }))
		jar.store(outcome.headers)
		return outcome
	}

	it('"Sign out" ends this browser only; "Sign out everywhere" ends every session of the customer', async () => {
		const phone = (await signIn('two-devices@example.com')).jar
		const laptop = (await signIn('two-devices@example.com')).jar
		const someoneElse = (await signIn('else@example.com')).jar
		expect(await prisma.customerSession.count()).toBe(3)

		const out = await signOut(phone, 'sign-out')
		expect(out.headers.get('Location')).toBe('/account/sign-in')
		expect((await accountPage(phone)).status).toBe(302)
		expect((await accountPage(laptop)).status).toBe(200)

		const phoneAgain = (await signIn('two-devices@example.com')).jar
		await signOut(laptop, 'sign-out-everywhere')
		expect((await accountPage(laptop)).status).toBe(302)
		// The old cookie of another device no longer opens the account either.
		expect((await accountPage(phoneAgain)).status).toBe(302)
		expect((await accountPage(someoneElse)).status).toBe(200)
		expect(await prisma.customerSession.count()).toBe(1)
	})
	it('the hourly session sweep removes expired customer sessions and old codes, and keeps live ones', async () => {
		const { jar } = await signIn('sweep@example.com')
		const customer = await prisma.customer.findFirstOrThrow({ where: { email: 'sweep@example.com' } })
		await prisma.customerSession.create({
			data: { id: 'expired-session', customerId: customer.id, expiresAt: new Date(Date.now() - 1000) },
		})
		await prisma.customerSignInCode.create({
			data: {
				email: 'old@example.com',
				codeHash: 'x',
				expiresAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
			},
		})
		const { scheduledTasks } = await import('~/domain/housekeeping/scheduled-work.server')
		await scheduledTasks['session-sweep'].run()
		expect(await prisma.customerSession.findUnique({ where: { id: 'expired-session' } })).toBeNull()
		expect(await prisma.customerSignInCode.count({ where: { email: 'old@example.com' } })).toBe(0)
		expect((await accountPage(jar)).status).toBe(200)
	})
})

describe('orders attach at verification', () => {
	it("shows the paid orders and cake requests made with the verified address, never others', and keeps them after an address change", async () => {
		const paid = await prisma.order.create({
			data: {
				customerName: 'Ana',
				customerEmail: ' Ana.B@Example.com',
				status: 'PAID',
				paidAt: new Date(),
				pickupAt: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
				totalCents: 1050,
				items: {
					create: [
						{
							name: 'Conchas',
							unitPriceCents: 350,
							quantity: 3,
							options: [{ group: 'Filling', choice: 'Chocolate', priceDeltaCents: 0 }],
						},
					],
				},
			},
		})
		const pickedUp = await prisma.order.create({
			data: {
				customerName: 'Ana',
				customerEmail: 'ana.b@example.com',
				status: 'PICKED_UP',
				paidAt: new Date(Date.now() - 9 * 24 * 60 * 60 * 1000),
				pickupAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
				totalCents: 400,
			},
		})
		// An unpaid checkout, and an address that would match with LIKE's `_`, stay out.
		await prisma.order.create({
			data: { customerName: 'Ana', customerEmail: 'ana.b@example.com', status: 'PENDING', totalCents: 100 },
		})
		await prisma.order.create({
			data: {
				customerName: 'Other',
				customerEmail: 'anaxb@example.com',
				status: 'PAID',
				paidAt: new Date(),
				totalCents: 999,
			},
		})
		await prisma.customCakeRequest.create({
			data: {
				name: 'Ana',
				phone: '425',
				email: 'ANA.B@example.com',
				type: 'Tres Leches',
				size: '8-inch',
				status: 'DEPOSIT_PAID',
				quoteCents: 8000,
				depositCents: 2000,
				paidCents: 2000,
				pickupAt: new Date('2026-12-24T18:00:00Z'),
				pickupDate: new Date('2026-12-24'),
				quoteValidUntil: new Date('2026-12-20T18:00:00Z'),
			},
		})

		const { jar } = await signIn('ana.b@example.com')
		const page = await accountPage(jar)
		type Page = {
			upcoming: Array<{ number: string; status: string; items: Array<{ name: string; options: string }> }>
			past: Array<{ number: string; status: string }>
			cakeRequests: Array<{ status: string; owedCents: number }>
		}
		const view = page.data as Page
		const { orderNumber } = await import('~/domain/orders/index.server')
		expect(view.upcoming.map((order) => [order.number, order.status])).toEqual([[orderNumber(paid.id), 'paid']])
		expect(view.upcoming[0]!.items).toEqual([{ name: 'Conchas', quantity: 3, options: 'Filling: Chocolate' }])
		expect(view.past.map((order) => [order.number, order.status])).toEqual([[orderNumber(pickedUp.id), 'picked-up']])
		expect(view.cakeRequests).toEqual([expect.objectContaining({ status: 'DEPOSIT_PAID', owedCents: 6000 })])

		// The link is stored: a later change of the account's address keeps the orders.
		await prisma.customer.update({ where: { email: 'ana.b@example.com' }, data: { email: 'ana.new@example.com' } })
		const after = (await accountPage(jar)).data as Page
		expect(after.upcoming).toHaveLength(1)
		expect(after.past).toHaveLength(1)
	})

	it('saves the name, phone and language, and keeps what was typed on an error', async () => {
		const { jar } = await signIn('details@example.com')
		const { action } = await import('~/routes/account')
		const bad = await run(
			action({
				request: form('/account', { intent: 'profile', name: 'Rui', phone: 'call me', locale: 'pt-BR' }, jar),
				params: {},
				context,
			}),
		)
		expect(bad.status).toBe(400)
		expect((bad.data as { result: { initialValue: Record<string, string> } }).result.initialValue).toMatchObject({
			name: 'Rui',
			phone: 'call me',
		})
		const good = await run(
			action({
				request: form('/account', { intent: 'profile', name: 'Rui', phone: '+1 425 555 0100', locale: 'pt-BR' }, jar),
				params: {},
				context,
			}),
		)
		expect(good.status).toBe(200)
		expect(await prisma.customer.findFirstOrThrow({ select: { name: true, phone: true, locale: true } })).toEqual({
			name: 'Rui',
			phone: '+1 425 555 0100',
			locale: 'pt-BR',
		})
	})

	it('the texts box (decision 074): ticked records consent with the page’s words; without a number it is refused; unticked withdraws', async () => {
		const { jar } = await signIn('texts@example.com')
		const { action } = await import('~/routes/account')
		const save = (fields: Record<string, string>) =>
			run(
				action({
					request: form('/pt-br/account', { intent: 'profile', locale: 'pt-BR', ...fields }, jar),
					params: {},
					context,
				}),
			)
		const refused = await save({ name: 'Rui', phone: '', textsOptIn: 'on' })
		expect(refused.status).toBe(400)
		expect(formErrors(refused)).toContain('Informe um celular para as mensagens (ou desmarque a opção).')
		expect(await prisma.textConsent.count()).toBe(0)

		expect(
			(await save({ name: 'Rui', phone: '(425) 555-0177', textsOptIn: 'on', textsChannel: 'whatsapp' })).status,
		).toBe(200)
		const consent = await prisma.textConsent.findUniqueOrThrow({ where: { phone: '+14255550177' } })
		expect(consent).toMatchObject({ channel: 'WHATSAPP', source: 'account', version: '2026-11-28', withdrawnAt: null })
		expect(consent.wording).toMatch(/^Quero receber mensagens sobre meu pedido/)
		expect(consent.clientDigest).toMatch(/^[A-Za-z0-9_-]{22}$/)
		expect(consent.clientDigest).not.toContain('203.0.113.9')

		expect((await save({ name: 'Rui', phone: '(425) 555-0177' })).status).toBe(200)
		expect(await prisma.textConsent.findUniqueOrThrow({ where: { phone: '+14255550177' } })).toMatchObject({
			withdrawnBy: 'account',
		})
	})
})
