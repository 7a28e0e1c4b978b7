// Relative: app/routes.ts loads this module, where the `~` alias does not resolve.
import { publicPageAt } from '../config/pages'
import { sameSitePath } from './page-path'
import type { catalogs } from '~/locales/catalogs.server'

/**
 * The site's languages (docs/decisions/042-languages.md). English keeps today's paths; Spanish
 * (Latin American usage) lives under /es and Brazilian Portuguese under /pt-br. Browser-safe: the
 * messages themselves come from app/locales through the root loader, one language per page.
 */
export const LOCALES = ['en', 'es', 'pt-BR'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

const PATH_PREFIXES = { en: '', es: '/es', 'pt-BR': '/pt-br' } as const satisfies Record<Locale, string>

/** The route-path prefixes of the translated copies of the public pages (app/routes.ts). */
export const LOCALE_ROUTE_PREFIXES = ['es', 'pt-br'] as const

/** Tags for `Intl` (dates, numbers, money): Spanish as written in the United States. */
export const INTL_LOCALES = { en: 'en-US', es: 'es-US', 'pt-BR': 'pt-BR' } as const satisfies Record<Locale, string>

const localesByTag = new Map<string, Locale>(
	Object.entries(INTL_LOCALES).map(([locale, tag]) => [tag, locale as Locale]),
)

/** The language of an `Intl` tag ('es-US' → 'es'), English for any other. */
export function localeOfTag(tag: string): Locale {
	return localesByTag.get(tag) ?? 'en'
}

/** Each language named in itself, as the switcher shows it. */
export const LANGUAGE_NAMES = { en: 'English', es: 'Español', 'pt-BR': 'Português' } as const satisfies Record<
	Locale,
	string
>

/** The `lang` cookie: the language a visitor last chose; read by the language suggestion. */
const LANGUAGE_COOKIE = 'lang'

export function isLocale(value: unknown): value is Locale {
	return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The language a path is written in: its first segment, case-insensitive. */
export function localeFromPath(pathname: string): Locale {
	const first = pathname.split('/', 2)[1]?.toLowerCase()
	if (first === 'es') return 'es'
	if (first === 'pt-br') return 'pt-BR'
	return DEFAULT_LOCALE
}

/**
 * The English path of a page: `/es/shop` → `/shop`, `/pt-br` → `/`. Always a path on this site: what follows the
 * prefix of `/es//evil.example` would be another site's address, so it is the home page.
 */
export function unlocalizedPath(pathname: string): string {
	const locale = localeFromPath(pathname)
	const rest = pathname.slice(PATH_PREFIXES[locale].length)
	return rest === '' ? '/' : sameSitePath(rest)
}

/** A site path (`/shop?x=1#y`) in a language: `/es/shop?x=1#y`; the home page is `/es`. Always on this site. */
export function localizedPath(path: string, locale: Locale): string {
	const english = unlocalizedPath(sameSitePath(path))
	const prefix = PATH_PREFIXES[locale]
	if (!prefix) return english
	return english === '/' || /^\/[?#]/.test(english) ? prefix + english.slice(1) : prefix + english
}

/** The language in a Cookie header, if the visitor chose one. */
export function languageFromCookie(cookieHeader: string | null | undefined): Locale | undefined {
	const match = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')
	const value = match?.[1] ? decodeURIComponent(match[1]) : undefined
	return isLocale(value) ? value : undefined
}

/** The cookie that remembers a language choice for a year (readable by the suggestion's script). */
export function languageCookie(locale: Locale) {
	return `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; SameSite=Lax`
}

export type PageNamespace = 'account' | 'home' | 'pages' | 'requests' | 'shop' | 'giftCards' | 'breadClub'

/**
 * The message namespaces a path's page uses besides `common` (header, footer, error pages), from its entry in
 * the page registry (app/config/pages.ts): a page carries only its own words (issue 20's 8 KB budget). Any
 * other path (admin, English-only and unknown pages, which show the home screen: also `/menu/no-such-item`)
 * gets every namespace. A page missing one shows raw keys, which the languages e2e looks for on every page.
 */
export function pageNamespaces(pathname: string): readonly PageNamespace[] | 'all' {
	return publicPageAt(unlocalizedPath(pathname).toLowerCase())?.namespaces ?? 'all'
}

/**
 * Where a page's language switch leads: the same page in each language, each language's home page from
 * an unknown path (it shows the home screen, decision 050), or nowhere from a screen that exists in English
 * only (the owner's screens, the sign-in and test payment pages). The pages with their own namespaces are
 * exactly the translated ones (app/config/pages.ts); `routeId` is the deepest matched route's.
 */
export function languageLinksOf(routeId: string | undefined, pathname: string): 'same-page' | 'home' | 'none' {
	if (routeId?.endsWith('routes/$')) return 'home'
	return pageNamespaces(pathname) === 'all' ? 'none' : 'same-page'
}

/** Whether two paths carry the same messages (same language and namespaces). */
export function sameMessages(a: string, b: string): boolean {
	return localeFromPath(a) === localeFromPath(b) && String(pageNamespaces(a)) === String(pageNamespaces(b))
}

/** The best of our languages for a list of preferred tags (`navigator.languages`), or undefined. */
export function preferredLocale(tags: readonly string[]): Locale | undefined {
	for (const tag of tags) {
		const language = tag.toLowerCase().split('-')[0]
		if (language === 'en') return 'en'
		if (language === 'es') return 'es'
		if (language === 'pt') return 'pt-BR'
	}
	return undefined
}

type Catalogs = (typeof catalogs)['en']
/** Every message id: `namespace.key`, from the English catalogs (app/locales/en/*.json). */
export type MessageKey = {
	[Namespace in keyof Catalogs]: `${Namespace & string}.${keyof Catalogs[Namespace] & string}`
}[keyof Catalogs]

export type MessageValues = Record<string, string | number | Date | undefined>
export type Translate = (key: MessageKey, values?: MessageValues) => string
