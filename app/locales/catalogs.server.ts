import enCommon from './en/common.json'
import esCommon from './es/common.json'
import ptCommon from './pt-BR/common.json'
import enHome from './en/home.json'
import esHome from './es/home.json'
import ptHome from './pt-BR/home.json'
import enPages from './en/pages.json'
import esPages from './es/pages.json'
import ptPages from './pt-BR/pages.json'
import enShop from './en/shop.json'
import esShop from './es/shop.json'
import ptShop from './pt-BR/shop.json'

/**
 * Every message, one JSON file per language and namespace. Keys are the English file's; a unit
 * test (tests/unit/translations.test.ts) fails when another language lacks one or has one more, or
 * when the code never uses a key. Messages use ICU MessageFormat (`{name}`, `{count, plural, …}`).
 */
export const catalogs = {
	en: { common: enCommon, home: enHome, pages: enPages, shop: enShop },
	es: { common: esCommon, home: esHome, pages: esPages, shop: esShop },
	'pt-BR': { common: ptCommon, home: ptHome, pages: ptPages, shop: ptShop },
} as const

/** Namespaces only the server reads (mail); the rest go to the browser with each page. */
export const SERVER_ONLY_NAMESPACES: ReadonlySet<string> = new Set([])
