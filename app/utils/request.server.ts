import { getEnv, LOOPBACK_HOSTS, type Env } from './env.server'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

interface RequestFacts {
	method: string
	/** The origins (scheme, host and port) this site's pages are served under: `siteOrigins()`. */
	siteOrigins: readonly string[]
	origin: string | undefined
	referer: string | undefined
	secFetchSite: string | undefined
}

/**
 * The hosts (with port) this site's own pages are served under: APP_URL's (always set in production), and,
 * when that is a loopback address (the preview, a developer's APP_URL), every loopback name on its port, so
 * a page opened at http://127.0.0.1:3000 works like one at http://localhost:3000. Without APP_URL
 * (development), the request's own Host.
 */
export function siteHosts(appUrl: string | undefined, requestHost: string | undefined): string[] {
	if (!appUrl) return requestHost ? [requestHost] : []
	const url = new URL(appUrl)
	if (!LOOPBACK_HOSTS.has(url.hostname)) return [url.host]
	return [
		url.host,
		...[...LOOPBACK_HOSTS].filter((name) => name !== url.hostname).map((name) => hostWithPort(name, url)),
	]
}

/**
 * The origins this site's own pages are served under: `siteHosts()` with APP_URL's scheme, or without APP_URL
 * (development) the request's own origin. A page of the same host on another scheme (`http://` beside an https
 * site, where anyone on the network can write the page) is another site (issue 35).
 */
export function siteOrigins(appUrl: string | undefined, request: { protocol: string; host: string | undefined }) {
	const protocol = appUrl ? new URL(appUrl).protocol : `${request.protocol.replace(/:$/, '')}:`
	return siteHosts(appUrl, request.host).map((host) => `${protocol}//${host}`)
}

function hostWithPort(hostname: string, url: URL) {
	return url.port ? `${hostname}:${url.port}` : hostname
}

/**
 * Where to send a page request that reached a loopback APP_URL under another loopback name (127.0.0.1 for
 * localhost): APP_URL's own address, so sign-in and payment returns, which come back to APP_URL, find the
 * visitor's cookies and cart. Null for any other request.
 */
export function loopbackAliasRedirect(
	appUrl: string | undefined,
	{ method, host, originalUrl }: { method: string; host: string | undefined; originalUrl: string },
): string | null {
	if (!appUrl || !host || (method !== 'GET' && method !== 'HEAD')) return null
	const site = new URL(appUrl)
	if (host === site.host || !LOOPBACK_HOSTS.has(site.hostname)) return null
	return siteHosts(appUrl, undefined).includes(host) ? `${site.origin}${originalUrl}` : null
}

function originOf(url: string | undefined) {
	if (!url || url === 'null') return null
	try {
		return new URL(url).origin
	} catch {
		return null
	}
}

/**
 * True for an unsafe-method request that a browser sent from another site. Browsers send
 * Origin (or at least Sec-Fetch-Site/Referer) on cross-site POSTs; server-to-server callers such
 * as payment webhooks send none of them and are authenticated by their own signatures.
 */
export function isCrossSiteRequest({ method, siteOrigins, origin, referer, secFetchSite }: RequestFacts) {
	if (SAFE_METHODS.has(method.toUpperCase())) return false
	if (secFetchSite === 'cross-site') return true
	const onSite = (url: string) => siteOrigins.includes(originOf(url) ?? '')
	if (origin !== undefined) return origin === 'null' || !onSite(origin)
	if (referer !== undefined) return !onSite(referer)
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

/** The methods the site answers (Remix's Request refuses TRACE, TRACK and CONNECT with an error: a 500). */
const ANSWERED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
/** A host as a URL's authority allows it, nothing else: a name or IPv4 address, or an IPv6 one in brackets, and a port. */
const VALID_HOST =
	/^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

interface RequestLine {
	method: string
	/** The request target as received (`req.originalUrl`). */
	url: string
	host: string | undefined
	forwardedHost: string | undefined
	forwardedProto: string | undefined
}

/**
 * Why a request is refused before the app sees it, or null (issue 35). Remix builds the page's URL from the
 * protocol, host and target: a host or protocol with `/`, `?` or `%` in it would move the path Remix renders
 * away from the one the server (and a CDN's cache key) saw, so those are `bad-address`, as is a target that is
 * not a path (`GET http://other/…`). `?_data=` is the data API of Remix before single fetch, which this site's
 * pages never call: `legacy-data`.
 */
export function refusedRequest({ method, url, host, forwardedHost, forwardedProto }: RequestLine) {
	if (!ANSWERED_METHODS.has(method.toUpperCase())) return 'method' as const
	const hosts = [host, ...(forwardedHost?.split(',') ?? [])].filter((value) => value !== undefined)
	if (hosts.some((value) => !VALID_HOST.test(value.trim()))) return 'bad-address' as const
	const protocols = forwardedProto?.split(',') ?? []
	if (protocols.some((value) => !/^https?$/i.test(value.trim()))) return 'bad-address' as const
	if (!url.startsWith('/')) return 'bad-address' as const
	const query = url.indexOf('?')
	if (query !== -1 && new URLSearchParams(url.slice(query + 1)).has('_data')) return 'legacy-data' as const
	return null
}
