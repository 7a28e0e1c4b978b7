import { expect, type APIRequestContext } from '@playwright/test'

/**
 * Checks of the bytes a page is served as, shared by the production-build suite (page-text.spec.ts) and
 * the development server's (tests/e2e-dev): every page is clean UTF-8, and every language link leads to a
 * page that is there.
 */

const BROWSER_AGENT =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
/** A crawler gets the whole document at once (entry.server.tsx waits for all of it): another chunking. */
const CRAWLER_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** The pages a visitor reads that the sitemap leaves out, and unknown paths (the home screen, a 404). */
const UNLISTED_PAGES = ['/cart', '/checkout', '/success', '/cancel', '/no-such-page', '/menu/no-such-item']

/** Every page of the sitemap in every language (its `<loc>`s and alternates), and the unlisted ones in each. */
async function pagesToWalk(request: APIRequestContext): Promise<string[]> {
	const sitemap = await (await request.get('/sitemap.xml')).text()
	const listed = [...sitemap.matchAll(/(?:<loc>|href=")(https?:\/\/[^<"]+)/g)].map(
		(match) => new URL(match[1]!).pathname,
	)
	const unlisted = UNLISTED_PAGES.flatMap((path) => [path, `/es${path}`, `/pt-br${path}`])
	const pages = [...new Set([...listed, ...unlisted])]
	// The sitemap lists every language: a walk from it that missed one would prove nothing.
	expect(pages).toEqual(expect.arrayContaining(['/', '/es', '/pt-br', '/es/shop', '/pt-br/custom-cakes']))
	return pages
}

/**
 * No NUL byte (React 18's streamed render wrote them where a multi-byte character met the end of a
 * 2 KB chunk: decision 050) and no U+FFFD (a character broken in two).
 */
function expectCleanText(html: string, where: string) {
	for (const [name, bad] of [
		['NUL', '\u0000'],
		['U+FFFD', '\uFFFD'],
	] as const) {
		const at = html.indexOf(bad)
		expect(at, `${name} in ${where} at …${html.slice(Math.max(0, at - 40), at + 40)}…`).toBe(-1)
	}
}

/**
 * Fetches every page in every language as a browser and as a crawler, finds each clean UTF-8, and returns
 * each page's language links (as a browser gets them).
 */
export async function walkPagesInEveryLanguage(request: APIRequestContext): Promise<Map<string, string[]>> {
	const linksByPage = new Map<string, string[]>()
	for (const path of await pagesToWalk(request)) {
		for (const [agent, userAgent] of [
			['browser', BROWSER_AGENT],
			['crawler', CRAWLER_AGENT],
		] as const) {
			const response = await request.get(path, { headers: { 'User-Agent': userAgent } })
			expect([200, 404], `${path} (${agent})`).toContain(response.status())
			const html = await response.text()
			expectCleanText(html, `${path} (${agent})`)
			if (agent === 'browser') linksByPage.set(path, languageLinksIn(html))
		}
	}
	return linksByPage
}

/** The targets of a page's language links: the switcher's and the suggestion's `<a hreflang>`, and `<link rel=alternate>`. */
export function languageLinksIn(html: string): string[] {
	const tags = html.match(/<(?:a|link)\b[^>]*\bhref[Ll]ang="[^"]*"[^>]*>/g) ?? []
	return tags.map((tag) => decodeEntities(/\bhref="([^"]*)"/.exec(tag)![1]!))
}

function decodeEntities(text: string) {
	return text.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"')
}

/** Each language link of each page answers 200 (an unknown path's lead to each language's home page). */
export async function expectLanguageLinksAnswer(request: APIRequestContext, linksByPage: Map<string, string[]>) {
	const targets = new Set([...linksByPage.values()].flat())
	const statuses = new Map<string, number>()
	for (const target of targets) statuses.set(target, (await request.get(target, { maxRedirects: 0 })).status())
	const dead = [...linksByPage].flatMap(([page, links]) =>
		links.filter((link) => statuses.get(link) !== 200).map((link) => `${page} → ${link} (${statuses.get(link)})`),
	)
	expect(dead).toEqual([])
}
