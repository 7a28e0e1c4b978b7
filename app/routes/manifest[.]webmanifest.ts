import { getBusiness } from '~/config/business.server'

/** The web app manifest: name and icons for "Add to Home Screen". */
export function loader() {
	const business = getBusiness()
	const manifest = {
		name: business.name,
		short_name: 'Doce Dulce',
		description: business.description,
		start_url: '/',
		scope: '/',
		display: 'standalone',
		background_color: '#fff8ee',
		theme_color: '#8a3b12',
		icons: [
			{ src: '/images/site/icon-192.png', sizes: '192x192', type: 'image/png' },
			{ src: '/images/site/icon-512.png', sizes: '512x512', type: 'image/png' },
			{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
		],
	}
	return new Response(JSON.stringify(manifest), {
		headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=3600' },
	})
}
