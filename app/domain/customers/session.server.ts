import crypto from 'node:crypto'
import { createCookie, redirect } from '@remix-run/node'
import { cookieSecrets } from '~/domain/admin-auth/index.server'
import { getEnv } from '~/utils/env.server'
import { sameSitePath } from '~/utils/page-path'
import { withOutagePolicy } from '~/utils/outage.server'
import { deleteCustomerSession, deleteCustomerSessions, findSessionCustomer } from './models/customer-session.server'
import { CUSTOMER_SESSION_TTL_SECONDS } from './sign-in-rules'

/**
 * The customers' own cookie (decision 063): a signed random id of a CustomerSession row. The owner's cookie
 * (`__bakery_session`, the Session table) is another name and another table, so neither ever opens the other.
 */
let cookie: ReturnType<typeof createCookie> | undefined
function customerCookie() {
	cookie ??= createCookie('__bakery_customer', {
		httpOnly: true,
		sameSite: 'lax',
		secure: getEnv().NODE_ENV === 'production',
		path: '/',
		maxAge: CUSTOMER_SESSION_TTL_SECONDS,
		secrets: cookieSecrets(),
	})
	return cookie
}

export function newCustomerSessionId() {
	return crypto.randomBytes(32).toString('base64url')
}

export function customerSessionCookie(sessionId: string) {
	return customerCookie().serialize(sessionId)
}

async function sessionIdOf(request: Request): Promise<string | null> {
	const value: unknown = await customerCookie().parse(request.headers.get('Cookie'))
	return typeof value === 'string' && value ? value : null
}

export interface SignedInCustomer {
	id: string
	email: string
	name: string
	locale: string
	sessionId: string
}

/** The signed-in customer, or null. A database outage is a 503 (the outage policy). */
export async function getCustomer(request: Request): Promise<SignedInCustomer | null> {
	const sessionId = await sessionIdOf(request)
	if (!sessionId) return null
	const customer = await withOutagePolicy(() => findSessionCustomer(sessionId))
	return customer && { ...customer, sessionId }
}

/** The guard of the account pages: anyone else goes to sign-in, coming back to where they were. */
export async function requireCustomer(request: Request, signInPath: string): Promise<SignedInCustomer> {
	const customer = await getCustomer(request)
	if (customer) return customer
	const url = new URL(request.url)
	const redirectTo = sameSitePath(url.pathname + url.search, '/account')
	throw redirect(`${signInPath}?redirectTo=${encodeURIComponent(redirectTo)}`, {
		headers: { 'Cache-Control': 'private, no-store' },
	})
}

/** Signs this browser out (its row and its cookie); `everywhere` ends every session of the customer. */
export async function signOutCustomer(request: Request, to: string, { everywhere = false } = {}) {
	const customer = await getCustomer(request)
	if (customer) {
		if (everywhere) await deleteCustomerSessions(customer.id)
		else await deleteCustomerSession(customer.sessionId)
	}
	return redirect(to, { headers: { 'Set-Cookie': await customerCookie().serialize('', { maxAge: 0 }) } })
}
