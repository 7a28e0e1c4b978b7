import { Link, useLocation } from '@remix-run/react'
import { LANGUAGE_NAMES, languageCookie, LOCALES, localizedPath, unlocalizedPath, type Locale } from '~/utils/i18n'
import { useLocale, useT } from '~/utils/i18n-react'

/** Remembers a choice for the language suggestion (app/components/language-suggestion.tsx). */
export function rememberLanguage(locale: Locale) {
	document.cookie = languageCookie(locale)
}

/**
 * The same page in each language: plain links, so it works without JavaScript and crawlers see
 * every translation; with JavaScript the choice is also remembered in the `lang` cookie.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
	const t = useT()
	const current = useLocale()
	const { pathname, search } = useLocation()
	const english = unlocalizedPath(pathname)
	return (
		<nav aria-label={t('common.languageSwitcher')} className={className}>
			<ul className="flex flex-wrap items-center gap-x-1 text-sm">
				{LOCALES.map((locale) => (
					<li key={locale}>
						<Link
							to={localizedPath(english, locale) + search}
							lang={locale}
							hrefLang={locale}
							aria-current={locale === current ? 'true' : undefined}
							onClick={() => rememberLanguage(locale)}
							className="inline-block rounded-md px-2 py-1 underline-offset-4 hover:underline aria-[current=true]:font-bold aria-[current=true]:text-cinnamon"
						>
							{LANGUAGE_NAMES[locale]}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}
