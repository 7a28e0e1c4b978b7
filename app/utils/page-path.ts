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
