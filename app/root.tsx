import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import {
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLocation,
	useRouteLoaderData,
	type ShouldRevalidateFunctionArgs,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { CartProvider } from './components/cart-provider'
import { GeneralErrorBoundary } from './components/error-boundary'
import { MenuPageSkeleton, usePendingMenuPage } from './components/menu/menu-skeleton'
import { SiteLayout } from './components/site-layout'
import { businessFor } from './config/business.server'
import tailwindHref from './tailwind.css?url'
import { DEFAULT_LOCALE, localeFromPath, sameMessages } from './utils/i18n'
import { pageMessages, requestLocale } from './utils/i18n.server'
import { TranslationsProvider } from './utils/i18n-react'
import type { PageTranslations } from './utils/i18n-runtime'
import { markHydrated } from './utils/hydration'
import { useNonce } from './utils/nonce-provider'
import { siteOrigin } from './utils/request.server'
import type { RootData } from './utils/seo'

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'apple-touch-icon', href: '/images/site/apple-touch-icon.png' },
	{ rel: 'manifest', href: '/manifest.webmanifest' },
	{ rel: 'stylesheet', href: tailwindHref },
]

/**
 * The bakery's details (env overrides applied), the public origin for canonical URLs, and the
 * page's language with its messages (only that language ships).
 */
export function loader({ request }: LoaderFunctionArgs): RootData {
	const locale = requestLocale(request)
	return {
		business: businessFor(locale),
		siteOrigin: siteOrigin(request),
		i18n: { locale, messages: pageMessages(locale, new URL(request.url).pathname) },
	}
}

// All of it is fixed for the life of the process: fetched again only when the page needs other messages.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
	return !sameMessages(currentUrl.pathname, nextUrl.pathname)
}

/** The root loader's translations; without them (it failed), English keys are shown as a last resort. */
function usePageTranslations(): PageTranslations {
	const data = useRouteLoaderData<RootData>('root')
	return data?.i18n ?? { locale: DEFAULT_LOCALE, messages: '{}' }
}

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
	const { pathname } = useLocation()
	// The outermost component's effect runs last, when the whole document has hydrated. (Not a component of
	// its own beside the app: a sibling would change every `useId` from the server's.)
	useEffect(markHydrated, [])
	return (
		<html lang={localeFromPath(pathname)}>
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
		<TranslationsProvider translations={usePageTranslations()}>
			<CartProvider>
				<SiteLayout>{menuPending ? <MenuPageSkeleton /> : <Outlet />}</SiteLayout>
			</CartProvider>
		</TranslationsProvider>
	)
}

/** Any failure a route does not handle itself, inside the site's header and footer. */
export function ErrorBoundary() {
	return (
		<TranslationsProvider translations={usePageTranslations()}>
			<CartProvider>
				<SiteLayout>
					<GeneralErrorBoundary />
				</SiteLayout>
			</CartProvider>
		</TranslationsProvider>
	)
}
