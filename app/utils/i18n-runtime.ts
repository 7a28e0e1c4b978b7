import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { INTL_LOCALES, type Locale, type Translate } from './i18n'

/** What the root loader sends with every page: its language and that language's compiled messages. */
export interface PageTranslations {
	locale: Locale
	messages: Messages
}

// One instance per language, for the process (server) or the tab (browser): messages never change within a build.
const instances = new Map<Locale, I18n>()

export function i18nFor({ locale, messages }: PageTranslations): I18n {
	let i18n = instances.get(locale)
	if (!i18n) {
		const tag = INTL_LOCALES[locale]
		i18n = setupI18n({ locale: tag, messages: { [tag]: messages } })
		instances.set(locale, i18n)
	}
	return i18n
}

/** A translate function over a page's messages (meta functions, which run outside React). */
export function translatorFor(translations: PageTranslations): Translate {
	const i18n = i18nFor(translations)
	return (key, values) => i18n._(key, values)
}
