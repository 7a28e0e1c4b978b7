import { createCookie, createCookieSessionStorage, redirect } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { TOTPStrategy } from 'remix-auth-totp'
import { z } from 'zod'
import { cookieSecrets } from '~/domain/admin-auth/index.server'
import { getEnv } from '~/utils/env.server'
import { localeFromPath } from '~/utils/i18n'
import { sameSitePath } from '~/utils/page-path'
import { checkSignInCode, issueSignInCode, type CodeCheck } from './models/sign-in-code.server'
import { verifyAndStartSession } from './models/customer.server'
import { customerSessionCookie, newCustomerSessionId } from './session.server'
import { hashSignInCode, sealSignInCode, totpSecret } from './sign-in-code-crypto.server'
import {
	MAGIC_LINK_PATH,
	normalizeEmail,
	SIGN_IN_CODE_DIGITS,
	SIGN_IN_CODE_MAX_ATTEMPTS,
	SIGN_IN_CODE_TTL_SECONDS,
} from './sign-in-rules'

/** remix-auth-totp's key for the address being verified, in the sign-in cookie. */
const FLOW_EMAIL_KEY = 'auth:email'

/**
 * The round trip before an account session exists lives in short-lived signed cookies, never in Postgres
 * (as the owner's Google sign-in does): `__bakery_customer_sign_in` is remix-auth-totp's own (the address and the
 * encrypted code, which binds a code and its magic link to this browser), `__bakery_customer_return` where to go after.
 */
function createFlow() {
	const options = {
		httpOnly: true,
		sameSite: 'lax',
		secure: getEnv().NODE_ENV === 'production',
		path: '/',
		maxAge: SIGN_IN_CODE_TTL_SECONDS,
		secrets: cookieSecrets(),
	} as const
	return {
		storage: createCookieSessionStorage({ cookie: createCookie('__bakery_customer_sign_in', options) }),
		returnTo: createCookie('__bakery_customer_return', options),
	}
}
let flow: ReturnType<typeof createFlow> | undefined
function getFlow() {
	flow ??= createFlow()
	return flow
}

/**
 * remix-auth-totp, built per request: it makes the code and its encrypted copy in the sign-in cookie; our
 * `sendTOTP` stores the code's digest and queues its mail; our `verify` (run only once the strategy found the
 * code matches this browser's copy) spends the code in the database and starts the account session.
 */
function authenticatorFor(locale: string, verified: { sessionId?: string }) {
	const authenticator = new Authenticator<string>(getFlow().storage, {
		sessionKey: 'customer:pending',
		sessionErrorKey: 'customer:error',
	})
	const strategy = new TOTPStrategy<string>(
		{
			secret: totpSecret(),
			maxAge: SIGN_IN_CODE_TTL_SECONDS,
			totpGeneration: {
				digits: SIGN_IN_CODE_DIGITS,
				charSet: '0123456789',
				period: SIGN_IN_CODE_TTL_SECONDS,
				maxAttempts: SIGN_IN_CODE_MAX_ATTEMPTS,
			},
			magicLinkPath: MAGIC_LINK_PATH,
			validateEmail: async (email) => z.string().email().max(254).safeParse(email).success,
			sendTOTP: async ({ email, code }) => {
				await issueSignInCode({
					email: normalizeEmail(email),
					codeHash: hashSignInCode(code),
					sealedCode: sealSignInCode(code),
					locale,
				})
			},
		},
		async ({ email, formData, request }) => {
			const code = formData?.get('code') ?? new URL(request.url).searchParams.get('code') ?? ''
			const sessionId = newCustomerSessionId()
			const outcome = await verifyAndStartSession({
				email: normalizeEmail(email),
				codeHash: hashSignInCode(String(code)),
				locale,
				sessionId,
			})
			if (!outcome.ok) throw new Error('The code was already used')
			verified.sessionId = sessionId
			return sessionId
		},
	)
	return authenticator.use(strategy, 'totp')
}

/** The request the strategy reads: the same URL, method and cookies; the form comes through `context`. */
function strategyRequest(request: Request) {
	return new Request(request.url, { method: request.method, headers: request.headers })
}

/**
 * Sends a code (and its magic link) to `email`, or, without one, a new code to the address this browser is
 * signing in with. The answer is the same whether or not the address has an account: the code page.
 */
export async function requestSignInCode(input: {
	request: Request
	email: string | null
	locale: string
	codePath: string
	redirectTo?: string
}): Promise<Response> {
	const formData = new FormData()
	if (input.email) formData.set('email', normalizeEmail(input.email))
	const authenticator = authenticatorFor(input.locale, {})
	try {
		await authenticator.authenticate('totp', strategyRequest(input.request), {
			successRedirect: input.codePath,
			failureRedirect: input.codePath,
			context: { formData },
		})
	} catch (response) {
		if (!(response instanceof Response)) throw response
		if (input.redirectTo !== undefined) {
			response.headers.append('Set-Cookie', await getFlow().returnTo.serialize(input.redirectTo))
		}
		return response
	}
	throw new Error('The TOTP strategy did not redirect')
}

/** The address this browser is signing in with (the code page shows it), or null. */
export async function pendingSignInEmail(request: Request): Promise<string | null> {
	const session = await getFlow().storage.getSession(request.headers.get('Cookie'))
	const email: unknown = session.get(FLOW_EMAIL_KEY)
	return typeof email === 'string' && email ? email : null
}

export type VerifyResult = Exclude<CodeCheck, { outcome: 'match' }> | { outcome: 'signed-in'; response: Response }

/**
 * A typed code (POST) or a magic link (GET, `?code=`), for the address this browser asked a code for. Wrong
 * codes spend a try; the right one signs in once, in this browser only, and leads back where the customer was.
 */
export async function verifySignInCode(input: {
	request: Request
	code: string
	fallbackPath: string
}): Promise<VerifyResult> {
	const email = await pendingSignInEmail(input.request)
	if (!email) return { outcome: 'expired' }
	const check = await checkSignInCode(normalizeEmail(email), hashSignInCode(input.code))
	if (check.outcome !== 'match') return check
	const { storage, returnTo } = getFlow()
	const cookieHeader = input.request.headers.get('Cookie')
	const to = sameSitePath(await returnTo.parse(cookieHeader), input.fallbackPath)
	const verified: { sessionId?: string } = {}
	const formData = new FormData()
	formData.set('code', input.code.trim())
	try {
		// A new account takes the language of the page it was asked from (the magic link's own path is English).
		await authenticatorFor(localeFromPath(to), verified).authenticate('totp', strategyRequest(input.request), {
			successRedirect: input.fallbackPath,
			failureRedirect: input.fallbackPath,
			context: { formData },
		})
	} catch (response) {
		if (!(response instanceof Response)) throw response
	}
	if (!verified.sessionId) return { outcome: 'expired' }
	const headers = new Headers([
		['Set-Cookie', await customerSessionCookie(verified.sessionId)],
		['Set-Cookie', await storage.destroySession(await storage.getSession(cookieHeader))],
		['Set-Cookie', await returnTo.serialize('', { maxAge: 0 })],
		['Cache-Control', 'private, no-store'],
	])
	return { outcome: 'signed-in', response: redirect(to, { headers }) }
}
