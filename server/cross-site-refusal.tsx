import type { Response as ExpressResponse } from 'express'
import { renderToStaticMarkup } from 'react-dom/server'
import { encode } from 'turbo-stream'
import { CROSS_SITE_REFUSAL } from '../app/utils/cross-site'
import { localeFromPath, localizedPath } from '../app/utils/i18n'
import { translator } from '../app/utils/i18n.server'
import { sameSitePath } from '../app/utils/page-path'

/** Marks the one value the single-fetch encoding turns into a thrown 403 (below). */
class Refusal {}

const linkStyle = { color: '#8a3b12' }

/**
 * Answers a post the cross-site guard refused in words a person understands, in the page's language:
 * - a form the browser sent itself (no JavaScript) gets a short page that says what happened and links
 *   back to the page;
 * - a form Remix sent (`*.data`) gets what Remix's client reads: a thrown 403 in single fetch's wire format
 *   (turbo-stream, as `@remix-run/server-runtime` writes it), which the page's error boundary shows
 *   (components/error-boundary.tsx). A plain-text 403 reached the visitor as "Unable to decode
 *   turbo-stream response" and the site's generic error page.
 */
export async function sendCrossSiteRefusal(res: ExpressResponse, path: string) {
	res.status(403).setHeader('Cache-Control', 'no-store')
	if (path.endsWith('.data')) {
		const body = encode(
			{ error: new Refusal() },
			{ plugins: [(value) => (value instanceof Refusal ? ['ErrorResponse', CROSS_SITE_REFUSAL, 403, ''] : false)] },
		)
		res.type('text/x-script').send(await new Response(body).text())
		return
	}
	const locale = localeFromPath(path)
	const t = translator(locale)
	const title = t('common.errorCrossSiteTitle')
	const page = (
		<html lang={locale}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="robots" content="noindex" />
				<title>{title}</title>
			</head>
			<body style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
				<main>
					<h1>{title}</h1>
					<p>{t('common.errorCrossSiteText')}</p>
					<p>
						<a href={sameSitePath(path, '/')} style={linkStyle}>
							{t('common.errorTryAgain')}
						</a>{' '}
						·{' '}
						<a href={localizedPath('/', locale)} style={linkStyle}>
							{t('common.errorBackHome')}
						</a>
					</p>
				</main>
			</body>
		</html>
	)
	res.type('html').send(`<!DOCTYPE html>${renderToStaticMarkup(page)}`)
}
