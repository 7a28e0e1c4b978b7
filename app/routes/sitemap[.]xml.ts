import type { LoaderFunctionArgs } from '@remix-run/node'
import { siteOrigin } from '~/utils/request.server'
import { LOCALES, localizedPath } from '~/utils/i18n'
import { languageAlternates } from '~/utils/seo'
import { sitemapPaths } from '~/utils/seo.server'

/** One entry per page and language, each naming its translations. */
function sitemapEntry(origin: string, path: string) {
	const alternates = languageAlternates(origin, path)
		.map(({ hrefLang, href }) => `    <xhtml:link rel="alternate" hreflang="${hrefLang}" href="${href}"/>`)
		.join('\n')
	return `  <url>\n    <loc>${origin}${path}</loc>\n${alternates}\n  </url>`
}

/** The indexable public pages in every language. Cached for an hour like the other static files. */
export function loader({ request }: LoaderFunctionArgs) {
	const origin = siteOrigin(request)
	const urls = LOCALES.flatMap((locale) =>
		sitemapPaths.map((path) => sitemapEntry(origin, localizedPath(path, locale))),
	).join('\n')
	const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls}
</urlset>
`
	return new Response(xml, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
