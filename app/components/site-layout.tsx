import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { business } from '~/config/business'

/** The shell every screen shares: header, main landmark and footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
	return (
		<div className="flex min-h-dvh flex-col">
			<a
				href="#main"
				className="sr-only rounded bg-cocoa px-4 py-2 text-cream focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
			>
				Skip to content
			</a>
			<header className="sticky top-0 z-40 border-b border-dough bg-cream/95 backdrop-blur">
				<div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
					<Link to="/" className="font-display text-xl font-bold text-cocoa">
						{business.name}
					</Link>
				</div>
			</header>
			<main id="main" className="flex-1">
				{children}
			</main>
			<footer className="border-t border-dough bg-dough/60">
				<div className="mx-auto max-w-6xl px-4 py-8 text-sm">
					<p className="font-display text-lg font-bold">{business.name}</p>
					<p>{business.tagline}</p>
					<p className="mt-4">
						© {new Date().getFullYear()} {business.name}
					</p>
				</div>
			</footer>
		</div>
	)
}
