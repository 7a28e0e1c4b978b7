import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import type { PasskeyIntent, PasskeyReply } from '~/domain/customers/passkey-rules'
import {
	passkeyRegistrationOptions,
	passkeySignInOptions,
	registerPasskey,
	removePasskey,
	signInWithPasskeyResponse,
} from '~/domain/customers/passkeys.server'
import { getCustomer } from '~/domain/customers/session.server'
import { bodyProblems, readForm } from '~/utils/body.server'
import { localeFromPath, localizedPath } from '~/utils/i18n'
import { withOutagePolicy } from '~/utils/outage.server'
import { sameSitePath } from '~/utils/page-path'
import { consumeRateLimit } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'

/**
 * Passkeys (decision 066), English-only resource route `/account/passkeys`, one `intent` per step. The ceremonies
 * (the account page's "Create a passkey", the sign-in page's "Sign in with a passkey") post a bounded form from
 * JavaScript and read JSON: `PasskeyReply`, whose outcome the page puts into words. 'remove' is a plain form on the
 * account page that works without JavaScript and leads back to it.
 */
const NO_STORE = { 'Cache-Control': 'private, no-store' }

function reply(body: PasskeyReply, status = 200, headers?: HeadersInit) {
	const merged = new Headers(headers)
	if (!merged.has('Cache-Control')) merged.set('Cache-Control', NO_STORE['Cache-Control'])
	return Response.json(body, { status, headers: merged })
}

const REFUSAL_STATUS = { expired: 400, invalid: 400, unknown: 400, duplicate: 409 } as const

export async function action({ request, context }: ActionFunctionArgs) {
	const body = await readForm(request)
	if (!body.ok) return reply({ outcome: 'invalid' }, bodyProblems[body.problem].status)
	const form = body.value
	const intent = form.get('intent') as PasskeyIntent | null
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}

	if (intent === 'remove') {
		const back = sameSitePath(text('redirectTo'), '/account')
		const customer = await getCustomer(request)
		if (!customer) {
			const signIn = localizedPath('/account/sign-in', localeFromPath(back))
			throw redirect(`${signIn}?redirectTo=${encodeURIComponent(back)}`, { headers: NO_STORE })
		}
		const removed = await withOutagePolicy(() => removePasskey(customer.id, text('passkeyId')))
		if (!removed) throw new Response('No such passkey', { status: 404, headers: NO_STORE })
		return redirect(back, { status: 303, headers: NO_STORE })
	}

	const limit = await consumeRateLimit('customerPasskey', clientKey(context))
	if (!limit.allowed) {
		const { retryAfterSeconds } = limit
		return reply({ outcome: 'rate-limited', retryAfterSeconds }, 429, { 'Retry-After': String(retryAfterSeconds) })
	}

	if (intent === 'sign-in-options') {
		const { options, setCookie } = await withOutagePolicy(() => passkeySignInOptions(request))
		return reply({ outcome: 'options', options }, 200, { 'Set-Cookie': setCookie })
	}
	if (intent === 'sign-in') {
		const result = await withOutagePolicy(() => signInWithPasskeyResponse({ request, response: text('response') }))
		if (result.outcome !== 'signed-in')
			return reply({ outcome: result.outcome }, REFUSAL_STATUS[result.outcome], result.headers)
		const redirectTo = sameSitePath(text('redirectTo'), '/account')
		return reply({ outcome: 'signed-in', redirectTo }, 200, result.headers)
	}

	if (intent === 'register-options' || intent === 'register') {
		const customer = await getCustomer(request)
		if (!customer) return reply({ outcome: 'signed-out' }, 401)
		if (intent === 'register-options') {
			const { options, setCookie } = await withOutagePolicy(() => passkeyRegistrationOptions(request, customer))
			return reply({ outcome: 'options', options }, 200, { 'Set-Cookie': setCookie })
		}
		const result = await withOutagePolicy(() =>
			registerPasskey({ request, customer, response: text('response'), name: text('name') }),
		)
		const status = result.outcome === 'saved' ? 200 : REFUSAL_STATUS[result.outcome]
		return reply({ outcome: result.outcome }, status, { 'Set-Cookie': result.setCookie })
	}
	return reply({ outcome: 'invalid' }, 400)
}
