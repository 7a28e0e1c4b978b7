import enAccount from './en/account.json'
import esAccount from './es/account.json'
import ptAccount from './pt-BR/account.json'
import enAdmin from './en/admin.json'
import esAdmin from './es/admin.json'
import ptAdmin from './pt-BR/admin.json'
import enBusiness from './en/business.json'
import esBusiness from './es/business.json'
import ptBusiness from './pt-BR/business.json'
import enCommon from './en/common.json'
import esCommon from './es/common.json'
import ptCommon from './pt-BR/common.json'
import enHome from './en/home.json'
import esHome from './es/home.json'
import ptHome from './pt-BR/home.json'
import enMail from './en/mail.json'
import esMail from './es/mail.json'
import ptMail from './pt-BR/mail.json'
import enPages from './en/pages.json'
import esPages from './es/pages.json'
import ptPages from './pt-BR/pages.json'
import enRequests from './en/requests.json'
import esRequests from './es/requests.json'
import ptRequests from './pt-BR/requests.json'
import enShop from './en/shop.json'
import esShop from './es/shop.json'
import ptShop from './pt-BR/shop.json'
import enGiftCards from './en/giftCards.json'
import esGiftCards from './es/giftCards.json'
import ptGiftCards from './pt-BR/giftCards.json'
import enBreadClub from './en/breadClub.json'
import esBreadClub from './es/breadClub.json'
import ptBreadClub from './pt-BR/breadClub.json'

/**
 * Every message, one JSON file per language and namespace. Keys are the English file's; a unit
 * test (tests/unit/translations.test.ts) fails when another language lacks one or has one more, or
 * when the code never uses a key. Messages use ICU MessageFormat (`{name}`, `{count, plural, …}`).
 */
export const catalogs = {
	en: {
		account: enAccount,
		admin: enAdmin,
		business: enBusiness,
		common: enCommon,
		home: enHome,
		mail: enMail,
		pages: enPages,
		requests: enRequests,
		shop: enShop,
		giftCards: enGiftCards,
		breadClub: enBreadClub,
	},
	es: {
		account: esAccount,
		admin: esAdmin,
		business: esBusiness,
		common: esCommon,
		home: esHome,
		mail: esMail,
		pages: esPages,
		requests: esRequests,
		shop: esShop,
		giftCards: esGiftCards,
		breadClub: esBreadClub,
	},
	'pt-BR': {
		account: ptAccount,
		admin: ptAdmin,
		business: ptBusiness,
		common: ptCommon,
		home: ptHome,
		mail: ptMail,
		pages: ptPages,
		requests: ptRequests,
		shop: ptShop,
		giftCards: ptGiftCards,
		breadClub: ptBreadClub,
	},
} as const

/**
 * Namespaces only the server reads: mail, and the bakery's own words from app/config/business.ts that the
 * root loader resolves per language (`business`); the rest go to the browser with each page.
 */
export const SERVER_ONLY_NAMESPACES: ReadonlySet<string> = new Set(['business', 'mail'])
