import type { LoaderFunctionArgs } from '@remix-run/node'
import { siteOrigin } from '~/utils/request.server'
import { sitemapPaths } from '~/utils/seo'

/** The indexable public pages. Cached for an hour like the other static files. */
export function loader({ request }: LoaderFunctionArgs) {
	const origin = siteOrigin(request)
	const urls = sitemapPaths.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join('\n')
	const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`
	return new Response(xml, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
