import { getEnv, type Env } from './env.server'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

interface RequestFacts {
	method: string
	/** This site's host (and port): APP_URL's when set, else the request's Host header. */
	siteHost: string | undefined
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
export function isCrossSiteRequest({ method, siteHost, origin, referer, secFetchSite }: RequestFacts) {
	if (SAFE_METHODS.has(method.toUpperCase())) return false
	if (secFetchSite === 'cross-site') return true
	if (origin !== undefined) return origin === 'null' || hostOf(origin) !== siteHost
	if (referer !== undefined) return hostOf(referer) !== siteHost
	return false
}

/** The client IP from the load context, for rate limits. */
export function clientKey(context: { clientIp?: string }) {
	return context.clientIp ?? 'unknown'
}

/**
 * This site's public origin, for every absolute URL it hands out: canonical and Open Graph links,
 * JSON-LD, the sitemap, robots.txt, payment return URLs, the Google callback, CSV links. It is
 * APP_URL (required in production), never the Host or X-Forwarded-Host a client sent. Development
 * without APP_URL uses the request's origin, so any port or a phone on the LAN works.
 */
export function siteOrigin(request: Request, env: Env = getEnv()) {
	if (env.APP_URL) return env.APP_URL
	if (env.NODE_ENV === 'production') throw new Error('APP_URL is required in production')
	return new URL(request.url).origin
}

const PLACEHOLDER_ORIGIN = 'http://site.invalid'
/** Browsers delete these anywhere in a URL before parsing it (WHATWG URL), so `/\t/x` is `//x`. */
const URL_STRIPPED_CHARACTERS = /[\t\n\r]/g

/** The path + query + fragment `candidate` resolves to on this site, or null when it leaves the site. */
function resolveOnSite(candidate: string) {
	const url = new URL(candidate, PLACEHOLDER_ORIGIN)
	return url.origin === PLACEHOLDER_ORIGIN ? url.pathname + url.search + url.hash : null
}

/**
 * A same-site path to return to (every `returnTo`), or the fallback. The value is parsed the way a
 * browser will parse the Location header (tab/CR/LF dropped, `\` read as `/`, dot segments
 * collapsed) and kept only if it stays on this site. The normalised form is returned: ASCII only,
 * percent-escapes left as they are (browsers never turn `%2F` or `%5C` into a separator).
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof target !== 'string') return fallback
	const candidate = target.replace(URL_STRIPPED_CHARACTERS, '')
	if (!candidate.startsWith('/')) return fallback
	try {
		const path = resolveOnSite(candidate)
		// Collapsing dot segments can leave a protocol-relative path (`/.//evil.example` → `//evil.example`).
		return path !== null && resolveOnSite(path) === path ? path : fallback
	} catch {
		return fallback
	}
}
