import type { LinksFunction } from '@remix-run/node'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useRouteError,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { SiteLayout } from './components/site-layout'
import tailwindHref from './tailwind.css?url'
import { useNonce } from './utils/nonce-provider'

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'stylesheet', href: tailwindHref },
]

export function Layout({ children }: { children: ReactNode }) {
	const nonce = useNonce()
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
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
	return (
		<SiteLayout>
			<Outlet />
		</SiteLayout>
	)
}

export function ErrorBoundary() {
	const error = useRouteError()
	const notFound = isRouteErrorResponse(error) && error.status === 404
	if (!notFound) console.error(error)
	return (
		<SiteLayout>
			<section className="mx-auto max-w-2xl px-4 py-16 text-center">
				<h1 className="font-display text-3xl font-bold">
					{notFound ? 'We couldn’t find that page' : 'Something went wrong'}
				</h1>
				<p className="mt-4">
					{notFound
						? 'The page you asked for is not here.'
						: 'Sorry — the bakery site hit a problem. Please try again in a moment.'}
				</p>
				<a className="mt-6 inline-block underline" href="/">
					Back to the home page
				</a>
			</section>
		</SiteLayout>
	)
}
