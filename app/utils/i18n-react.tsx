import { LinguiContext, useLingui } from '@lingui/react'
import { useLocation, useMatches } from '@remix-run/react'
import { useCallback, useMemo, type ReactNode } from 'react'
import {
	languageLinksOf,
	localeOfTag,
	localizedPath,
	unlocalizedPath,
	type Locale,
	type MessageValues,
	type Translate,
} from './i18n'
import { i18nFor, type PageTranslations } from './i18n-runtime'
import { translate } from './plural-messages'

export function TranslationsProvider({
	translations,
	children,
}: {
	translations: PageTranslations
	children: ReactNode
}) {
	// Lingui's own I18nProvider adopts a new instance one render late (in an effect), so a switch to
	// another language would first render the new page with the old words. The context is given directly.
	const i18n = i18nFor(translations)
	// Lingui's context needs its own `_`; the app's components translate through useT (plural-messages.ts).
	// eslint-disable-next-line no-restricted-syntax
	const context = useMemo(() => ({ i18n, _: i18n.t.bind(i18n) }), [i18n])
	return <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider>
}

/** The page's language. */
export function useLocale(): Locale {
	const { i18n } = useLingui()
	return localeOfTag(i18n.locale)
}

/** `t('common.navAbout')` in the page's language. */
export function useT(): Translate {
	const { i18n } = useLingui()
	return useMemo(() => (key, values) => translate(i18n, key, values), [i18n])
}

/**
 * A message that may be a key (form errors carry keys so one schema serves every language) or
 * text already written for the visitor (a server answer): keys are translated, text passes.
 */
export function useTranslateMessage(): (message: string, values?: MessageValues) => string {
	const { i18n } = useLingui()
	return useCallback(
		(message, values) => (Object.hasOwn(i18n.messages, message) ? translate(i18n, message, values) : message),
		[i18n],
	)
}

/** `localize('/shop')` is `/es/shop` on a Spanish page: every link stays in the visitor's language. */
export function useLocalizedPath(): (path: string) => string {
	const locale = useLocale()
	return useCallback((path) => localizedPath(path, locale), [locale])
}

/**
 * This page's address in another language, or null where the page exists in English only (the owner's
 * screens): language links never lead to a page that is not there. From an unknown path they lead to each
 * language's home page.
 */
export function usePageInLanguage(): ((locale: Locale) => string) | null {
	const routeId = useMatches().at(-1)?.id
	const { pathname, search } = useLocation()
	const links = languageLinksOf(routeId, pathname)
	if (links === 'none') return null
	if (links === 'home') return (locale) => localizedPath('/', locale)
	return (locale) => localizedPath(unlocalizedPath(pathname), locale) + search
}
