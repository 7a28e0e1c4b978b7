import enCommon from './en/common.json'
import esCommon from './es/common.json'
import ptCommon from './pt-BR/common.json'

/**
 * Every message, one JSON file per language and namespace. Keys are the English file's; a unit
 * test (tests/unit/translations.test.ts) fails when another language lacks one or has one more, or
 * when the code never uses a key. Messages use ICU MessageFormat (`{name}`, `{count, plural, …}`).
 */
export const catalogs = {
	en: { common: enCommon },
	es: { common: esCommon },
	'pt-BR': { common: ptCommon },
} as const

/** Namespaces only the server reads (mail); the rest go to the browser with each page. */
export const SERVER_ONLY_NAMESPACES: ReadonlySet<string> = new Set([])
