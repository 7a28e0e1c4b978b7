import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PUBLIC_PAGES } from '~/config/pages'
import { languageLinksOf, localizedPath, pageNamespaces, unlocalizedPath } from './i18n'

/** The route modules app/routes.ts serves under each language's prefix. */
const TRANSLATED_ROUTES = PUBLIC_PAGES.filter((page) => page.translated !== false).map((page) => page.route)

describe('pageNamespaces', () => {
	it('gives a page its own namespaces, in every language', () => {
		expect(pageNamespaces('/shop')).toEqual(['shop'])
		expect(pageNamespaces('/es/shop')).toEqual(['shop'])
		expect(pageNamespaces('/pt-br')).toEqual(['home', 'pages', 'requests'])
		expect(pageNamespaces('/review/abc123')).toEqual(['requests'])
	})

	it('gives an unknown path, which shows the home screen, every namespace, even under a page’s first segment', () => {
		expect(pageNamespaces('/no-such-page')).toBe('all')
		expect(pageNamespaces('/menu/no-such-item')).toBe('all')
		expect(pageNamespaces('/es/shop/x')).toBe('all')
	})
})

describe('languageLinksOf', () => {
	it('links a translated page to itself in each language, from any of its copies', () => {
		expect(languageLinksOf('routes/shop', '/shop')).toBe('same-page')
		expect(languageLinksOf('es/routes/shop', '/es/shop')).toBe('same-page')
		expect(languageLinksOf('pt-br/routes/_index', '/pt-br')).toBe('same-page')
		expect(languageLinksOf('routes/review.$token', '/review/abc')).toBe('same-page')
	})

	it('links an unknown path to each language’s home page', () => {
		expect(languageLinksOf('routes/$', '/no-such-page')).toBe('home')
		expect(languageLinksOf('es/routes/$', '/es/menu/no-such-item')).toBe('home')
	})

	it('offers no language on screens that exist in English only', () => {
		expect(languageLinksOf('routes/admin.menu', '/admin/menu')).toBe('none')
		expect(languageLinksOf('routes/test-payment.$sessionId', '/test-payment/cs_1')).toBe('none')
		expect(languageLinksOf('routes/image-uploader', '/image-uploader')).toBe('none')
		expect(languageLinksOf(undefined, '/')).toBe('same-page')
	})
})

describe('the translated routes (app/routes.ts) and the pages with their own messages', () => {
	it('name route modules that exist', () => {
		expect(TRANSLATED_ROUTES.filter((name) => !existsSync(`app/routes/${name}.tsx`))).toEqual([])
	})

	it('are the same pages: each translated route has its namespaces, and nothing else has', () => {
		// A flat route's name as its path: `review.$token` → /review/x, `account_.sign-in` → /account/sign-in.
		const translatedPaths = TRANSLATED_ROUTES.filter((name) => name !== '$').map(
			(name) =>
				`/${name
					.split('.')
					.filter((part) => part !== '_index')
					.map((part) => (part.startsWith('$') ? 'x' : part.replace(/_$/, '')))
					.join('/')}`,
		)
		expect(translatedPaths.filter((path) => pageNamespaces(path) === 'all')).toEqual([])
		expect(pageNamespaces('/admin')).toBe('all')
		expect(pageNamespaces('/test-payment/x')).toBe('all')
		expect(pageNamespaces('/image-uploader')).toBe('all')
	})
})

describe('localizedPath and unlocalizedPath', () => {
	it('move a page between languages, keeping its query and fragment', () => {
		expect(localizedPath('/shop?x=1#y', 'es')).toBe('/es/shop?x=1#y')
		expect(localizedPath('/', 'pt-BR')).toBe('/pt-br')
		expect(localizedPath('/?x=1', 'es')).toBe('/es?x=1')
		expect(localizedPath('/es/shop', 'pt-BR')).toBe('/pt-br/shop')
		expect(localizedPath('/es/shop', 'en')).toBe('/shop')
		expect(unlocalizedPath('/pt-br')).toBe('/')
		expect(unlocalizedPath('/es/')).toBe('/')
		expect(unlocalizedPath('/about')).toBe('/about')
	})

	// Issue 35: the language links of `/es//evil.example/login` led to `//evil.example/login`.
	it.each([
		'/es//evil.example/login',
		'/pt-br//evil.example',
		'/es/\\evil.example',
		'/es/\t/evil.example',
		'//evil.example',
		'/\\evil.example/x',
		'/es/.//evil.example',
		'https://evil.example/',
	])('never yield another site’s address, from %j', (path) => {
		const results = [
			unlocalizedPath(path),
			...(['en', 'es', 'pt-BR'] as const).map((locale) => localizedPath(path, locale)),
		]
		for (const result of results) {
			expect(result).toMatch(/^\/(?![/\\])/)
			expect(new URL(result, 'https://docedulce.example').host).toBe('docedulce.example')
		}
	})
})
