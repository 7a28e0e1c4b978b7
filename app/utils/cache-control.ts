/**
 * Named Cache-Control presets (as Hydrogen names its cache strategies). Public pages may be
 * kept by a CDN briefly and served stale while it refreshes; browsers always revalidate, so an
 * owner's menu change shows on the next page view.
 */
export const cachePresets = {
	publicPage: 'public, max-age=0, s-maxage=30, stale-while-revalidate=300',
	/** Admin screens, checkout, order confirmations, anything with a session cookie. */
	private: 'private, no-store',
	/** Single-fetch data requests: personal or fresh by nature, never shared. */
	data: 'private, no-cache',
} as const

/**
 * The Cache-Control of a document response: the most private one any matched route's loader
 * asked for, else the public-page preset for a plain 200. Errors and cookie-setting responses
 * are never cached.
 */
export function documentCacheControl(status: number, responseHeaders: Headers, routeCacheControls: string[]) {
	const privateOne = routeCacheControls.find((value) => /no-store|private/.test(value))
	if (privateOne) return privateOne
	if (status !== 200 || responseHeaders.has('Set-Cookie')) return cachePresets.private
	return routeCacheControls.at(-1) ?? cachePresets.publicPage
}
