import type { LoaderFunctionArgs } from '@remix-run/node'
import { siteOrigin } from '~/utils/request.server'
import { disallowedPaths } from '~/utils/seo.server'

export function loader({ request }: LoaderFunctionArgs) {
	const lines = [
		'User-agent: *',
		...disallowedPaths.map((path) => `Disallow: ${path}`),
		'',
		`Sitemap: ${siteOrigin(request)}/sitemap.xml`,
		'',
	]
	return new Response(lines.join('\n'), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
