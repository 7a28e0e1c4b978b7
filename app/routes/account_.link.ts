import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { verifySignInCode } from '~/domain/customers/sign-in.server'
import { withOutagePolicy } from '~/utils/outage.server'
import { consumeRateLimit } from '~/utils/rate-limit.server'
import { clientKey } from '~/utils/request.server'

/**
 * The magic link from the sign-in mail (`/account/link?code=…`): signs in the browser that asked for the code, as
 * typing it would (the same tries, expiry and single use). The page it leads to, in the customer's language, was
 * kept in the sign-in cookie; anything else goes back to the sign-in page, which says the link no longer works.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const code = new URL(request.url).searchParams.get('code') ?? ''
	const limit = await consumeRateLimit('customerSignIn', clientKey(context))
	if (limit.allowed && code) {
		const result = await withOutagePolicy(() => verifySignInCode({ request, code, fallbackPath: '/account' }))
		if (result.outcome === 'signed-in') return result.response
	}
	return redirect('/account/sign-in?expired=1', { headers: { 'Cache-Control': 'private, no-store' } })
}
