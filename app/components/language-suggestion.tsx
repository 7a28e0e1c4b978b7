import { Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { languageFromCookie, preferredLocale, type Locale } from '~/utils/i18n'
import { useLocale, usePageInLanguage, useT } from '~/utils/i18n-react'
import { rememberLanguage } from './language-switcher'

/** The suggestion is written in the language it offers, so each catalog carries all three. */
const SUGGESTION_KEYS = {
	en: { text: 'common.suggestEnText', link: 'common.suggestEnLink', dismiss: 'common.suggestEnDismiss' },
	es: { text: 'common.suggestEsText', link: 'common.suggestEsLink', dismiss: 'common.suggestEsDismiss' },
	'pt-BR': { text: 'common.suggestPtText', link: 'common.suggestPtLink', dismiss: 'common.suggestPtDismiss' },
} as const

/**
 * The language to offer on this page, if any: the one the visitor chose before (the `lang`
 * cookie), or, before any choice, Spanish or Portuguese when the browser prefers it on an English page.
 */
function suggestedLocale(pageLocale: Locale, cookie: string, browserLanguages: readonly string[]) {
	const chosen = languageFromCookie(cookie)
	if (chosen) return chosen === pageLocale ? undefined : chosen
	if (pageLocale !== 'en') return undefined
	const preferred = preferredLocale(browserLanguages)
	return preferred && preferred !== 'en' ? preferred : undefined
}

/**
 * A small, dismissible offer of the page in the visitor's language, never a redirect: the URL
 * decides the language (search engines and shared links). Worked out in the browser so every
 * visitor gets the same cacheable page; fixed at the bottom so nothing moves.
 */
export function LanguageSuggestion() {
	const pageLocale = useLocale()
	const pageIn = usePageInLanguage()
	const t = useT()
	const [offer, setOffer] = useState<Locale>()

	useEffect(() => {
		setOffer(suggestedLocale(pageLocale, document.cookie, navigator.languages ?? [navigator.language]))
	}, [pageLocale])

	if (!offer || !pageIn) return null
	const keys = SUGGESTION_KEYS[offer]
	return (
		<aside
			lang={offer}
			aria-label={t(keys.text)}
			className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-xl flex-wrap items-center gap-3 rounded-xl border border-dough bg-cream px-4 py-3 text-cocoa shadow-lg"
		>
			<p className="flex-1">{t(keys.text)}</p>
			<Link
				to={pageIn(offer)}
				hrefLang={offer}
				onClick={() => {
					rememberLanguage(offer)
					setOffer(undefined)
				}}
				className="rounded-full bg-cinnamon px-4 py-2 font-semibold text-white hover:bg-cocoa"
			>
				{t(keys.link)}
			</Link>
			<button
				type="button"
				onClick={() => {
					rememberLanguage(pageLocale)
					setOffer(undefined)
				}}
				className="rounded-full px-3 py-2 font-semibold underline underline-offset-4"
			>
				{t(keys.dismiss)}
			</button>
		</aside>
	)
}
