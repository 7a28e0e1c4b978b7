import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react'
import type { ReactNode } from 'react'
import { CartProvider } from './components/cart-provider'
import { GeneralErrorBoundary } from './components/error-boundary'
import { MenuPageSkeleton, usePendingMenuPage } from './components/menu/menu-skeleton'
import { SiteLayout } from './components/site-layout'
import { getBusiness } from './config/business.server'
import tailwindHref from './tailwind.css?url'
import { useNonce } from './utils/nonce-provider'
import { siteOrigin } from './utils/request.server'
import type { RootData } from './utils/seo'

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'apple-touch-icon', href: '/images/site/apple-touch-icon.png' },
	{ rel: 'manifest', href: '/manifest.webmanifest' },
	{ rel: 'stylesheet', href: tailwindHref },
]

/** The bakery's details (env overrides applied) and the public origin for canonical URLs. */
export function loader({ request }: LoaderFunctionArgs): RootData {
	return { business: getBusiness(), siteOrigin: siteOrigin(request) }
}

// Both values are fixed for the life of the process: no need to fetch them again on navigation.
export const shouldRevalidate = () => false

/**
 * Without JavaScript: no menu toggle (the mobile panel is simply open) and the desktop dropdown
 * opens on hover and keyboard focus. Inline styles are allowed by the CSP; inline scripts are not.
 */
const noScriptCss = `
.js-only { display: none !important; }
@media (max-width: 767px) { #mobile-menu { display: block !important; } }
.nav-dropdown:hover .nav-dropdown-panel, .nav-dropdown:focus-within .nav-dropdown-panel { display: block !important; }
`

export function Layout({ children }: { children: ReactNode }) {
	const nonce = useNonce()
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#8a3b12" />
				<Meta />
				<Links />
				<noscript>
					<style>{noScriptCss}</style>
				</noscript>
			</head>
			<body className="font-sans antialiased">
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	const menuPending = usePendingMenuPage()
	return (
		<CartProvider>
			<SiteLayout>{menuPending ? <MenuPageSkeleton /> : <Outlet />}</SiteLayout>
		</CartProvider>
	)
}

/** Any failure a route does not handle itself, inside the site's header and footer. */
export function ErrorBoundary() {
	return (
		<CartProvider>
			<SiteLayout>
				<GeneralErrorBoundary />
			</SiteLayout>
		</CartProvider>
	)
}
