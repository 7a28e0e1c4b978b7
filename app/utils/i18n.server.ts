import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { catalogs, SERVER_ONLY_NAMESPACES } from '~/locales/catalogs.server'
import { INTL_LOCALES, localeFromPath, pageNamespaces, type Locale, type Translate } from './i18n'
import { toJsonText, type JsonText } from './json-text'
import { translate, withoutNumberFormats } from './plural-messages'

/**
 * Messages compiled once per process from the JSON catalogs: the browser gets them compiled
 * (no message parser in its bundle), the server renders mail and form answers with the same ones.
 * Their plurals need no number format (plural-messages.ts): translate them with `translate`.
 */
function compile(locale: Locale, include: (namespace: string) => boolean): Messages {
	const messages: Messages = {}
	for (const [namespace, entries] of Object.entries(catalogs[locale])) {
		if (!include(namespace)) continue
		for (const [key, message] of Object.entries(entries as Record<string, string>)) {
			messages[`${namespace}.${key}`] = withoutNumberFormats(compileMessage(message))
		}
	}
	return messages
}

const pageMessagesByKey = new Map<string, JsonText<Messages>>()
const serverI18nByLocale = new Map<Locale, I18n>()

/**
 * The messages a page needs in the browser (its language, `common` and its own namespaces, never mail) as
 * JSON text (utils/json-text.ts): one string in the loader data decodes in a fraction of a millisecond, where the same messages
 * as nested arrays took turbo-stream ~20 ms on a mid-range phone during hydration (docs/performance.md).
 */
export function pageMessages(locale: Locale, pathname = '/'): JsonText<Messages> {
	const namespaces = pageNamespaces(pathname)
	const key = `${locale} ${String(namespaces)}`
	let messages = pageMessagesByKey.get(key)
	if (!messages) {
		messages = toJsonText(
			compile(
				locale,
				(namespace) =>
					!SERVER_ONLY_NAMESPACES.has(namespace) &&
					(namespace === 'common' || namespaces === 'all' || (namespaces as readonly string[]).includes(namespace)),
			),
		)
		pageMessagesByKey.set(key, messages)
	}
	return messages
}

function serverI18n(locale: Locale): I18n {
	let i18n = serverI18nByLocale.get(locale)
	if (!i18n) {
		i18n = setupI18n({
			locale: INTL_LOCALES[locale],
			messages: { [INTL_LOCALES[locale]]: compile(locale, () => true) },
		})
		serverI18nByLocale.set(locale, i18n)
	}
	return i18n
}

/** Translates on the server: mail, refusals and form answers in the visitor's language. */
export function translator(locale: Locale): Translate {
	const i18n = serverI18n(locale)
	return (key, values) => translate(i18n, key, values)
}

/** The language of the page a request is for (its URL's prefix). */
export function requestLocale(request: Request): Locale {
	return localeFromPath(new URL(request.url).pathname)
}

/**
 * Like the browser's `useTranslateMessage`: a message that is a key (a Zod message, an upload refusal)
 * is translated, text already written for the visitor passes unchanged. Server answers to forms use it
 * so a page without JavaScript shows its errors in its own language.
 */
export function messageTranslator(locale: Locale): (message: string) => string {
	const i18n = serverI18n(locale)
	return (message) => (Object.hasOwn(i18n.messages, message) ? translate(i18n, message) : message)
}
