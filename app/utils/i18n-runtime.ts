import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { INTL_LOCALES, type Locale, type Translate } from './i18n'
import { fromJsonText, type JsonText } from './json-text'
import { translate } from './plural-messages'

/**
 * What the root loader sends with every page: its language and that language's compiled messages, as
 * JSON text (`pageMessages` in i18n.server.ts says why).
 */
export interface PageTranslations {
	locale: Locale
	messages: JsonText<Messages>
}

// One instance per set of messages a page carries (its language, `common` and its own namespaces): the
// server compiles each set once, and the browser makes a new one only when a page needs other messages.
// A handful of sets exist (languages × page kinds), so the map stays small.
const instances = new Map<string, I18n>()

export function i18nFor({ locale, messages }: PageTranslations): I18n {
	let i18n = instances.get(messages)
	if (!i18n) {
		const tag = INTL_LOCALES[locale]
		i18n = setupI18n({ locale: tag, messages: { [tag]: fromJsonText(messages) } })
		instances.set(messages, i18n)
	}
	return i18n
}

/** A translate function over a page's messages (meta functions, which run outside React). */
export function translatorFor(translations: PageTranslations): Translate {
	const i18n = i18nFor(translations)
	return (key, values) => translate(i18n, key, values)
}
