const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

interface RequestFacts {
	method: string
	host: string | undefined
	origin: string | undefined
	referer: string | undefined
	secFetchSite: string | undefined
}

function hostOf(url: string | undefined) {
	if (!url || url === 'null') return null
	try {
		return new URL(url).host
	} catch {
		return null
	}
}

/**
 * True for an unsafe-method request that a browser sent from another site. Browsers send
 * Origin (or at least Sec-Fetch-Site/Referer) on cross-site POSTs; server-to-server callers such
 * as payment webhooks send none of them and are authenticated by their own signatures.
 */
export function isCrossSiteRequest({ method, host, origin, referer, secFetchSite }: RequestFacts) {
	if (SAFE_METHODS.has(method.toUpperCase())) return false
	if (secFetchSite === 'cross-site') return true
	if (origin !== undefined) return origin === 'null' || hostOf(origin) !== host
	if (referer !== undefined) return hostOf(referer) !== host
	return false
}

/** The client IP from the load context, for rate limits. */
export function clientKey(context: { clientIp?: string }) {
	return context.clientIp ?? 'unknown'
}

/** This site's public origin: APP_URL when configured, else the request's own (https behind Fly). */
export function appOrigin(request: Request, configured: string | undefined) {
	return (configured ?? new URL(request.url).origin).replace(/\/$/, '')
}

/** A same-site path to return to after sign-in; anything else (other hosts, `//x`, `\\x`) becomes the fallback. */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
		return fallback
	}
	return target
}
