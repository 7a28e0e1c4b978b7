/**
 * Path matching is case-insensitive (docs/product.md); the server answers a mixed-case page path with a
 * 301 to the lower-case one, so each page has one URL. File-like paths keep their case:
 * fingerprinted assets, stored images (`/images/menuImages/…` keys are case-sensitive) and
 * anything with an extension.
 */
const CASE_SENSITIVE_PREFIXES = ['/assets/', '/images/']

export function lowerCasePageRedirect(method: string, originalUrl: string): string | null {
	if (method !== 'GET' && method !== 'HEAD') return null
	const queryStart = originalUrl.indexOf('?')
	const pathname = queryStart === -1 ? originalUrl : originalUrl.slice(0, queryStart)
	const search = queryStart === -1 ? '' : originalUrl.slice(queryStart)
	// `//Host/…` would redirect to another site (a protocol-relative URL): never redirect those.
	if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('\\')) return null
	if (CASE_SENSITIVE_PREFIXES.some((prefix) => pathname.toLowerCase().startsWith(prefix))) return null
	const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
	if (lastSegment.includes('.')) return null
	// Letters outside %XX escapes only: `%C3%A9` is the same character as `%c3%a9`.
	const lowered = pathname.replace(/(%[0-9A-Fa-f]{2})|[A-Z]+/g, (match, escape: string | undefined) =>
		escape ? escape : match.toLowerCase(),
	)
	if (lowered === pathname) return null
	return lowered + search
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
 * A same-site path (every `returnTo`, every link built from the page's own path), or the fallback. The value is parsed the way a
 * browser will parse the Location header (tab/CR/LF dropped, `\` read as `/`, dot segments
 * collapsed) and kept only if it stays on this site. The normalised form is returned: ASCII only,
 * percent-escapes left as they are (browsers never turn `%2F` or `%5C` into a separator).
 */
export function sameSitePath(target: FormDataEntryValue | string | null | undefined, fallback = '/') {
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
