import type { ReactNode } from 'react'
import { useT } from '~/utils/i18n-react'
import { LanguageSuggestion } from './language-suggestion'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** The shell every screen shares: header, main landmark and footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
	const t = useT()
	return (
		<div className="flex min-h-dvh flex-col">
			<a
				href="#main"
				className="sr-only rounded bg-cocoa px-4 py-2 text-cream focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
			>
				{t('common.skipToContent')}
			</a>
			<SiteHeader />
			<main id="main" className="flex-1">
				{children}
			</main>
			<SiteFooter />
			<LanguageSuggestion />
		</div>
	)
}
