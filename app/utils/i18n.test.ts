import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { languageLinksOf, pageNamespaces, TRANSLATED_ROUTES } from './i18n'

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
		expect(languageLinksOf('routes/shop')).toBe('same-page')
		expect(languageLinksOf('es/routes/shop')).toBe('same-page')
		expect(languageLinksOf('pt-br/routes/_index')).toBe('same-page')
	})

	it('links an unknown path to each language’s home page', () => {
		expect(languageLinksOf('routes/$')).toBe('home')
		expect(languageLinksOf('es/routes/$')).toBe('home')
	})

	it('offers no language on screens that exist in English only', () => {
		expect(languageLinksOf('routes/admin.menu')).toBe('none')
		expect(languageLinksOf('routes/test-payment.$sessionId')).toBe('none')
		expect(languageLinksOf('routes/image-uploader')).toBe('none')
		expect(languageLinksOf(undefined)).toBe('none')
	})

	it('names route modules that exist (app/routes.ts serves each again under every language)', () => {
		expect(TRANSLATED_ROUTES.filter((name) => !existsSync(`app/routes/${name}.tsx`))).toEqual([])
	})
})
