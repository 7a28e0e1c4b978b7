import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@remix-run/route-config'
import { beforeAll, describe, expect, it } from 'vitest'
import { menuLinks, moreLinks, primaryLinks } from '~/components/site-navigation'
import { LOCALE_ROUTE_PREFIXES } from '~/utils/i18n'
import { PUBLIC_PAGES, publicPageAt } from './pages'

const appDirectory = path.resolve(import.meta.dirname, '..')
const routesDirectory = path.join(appDirectory, 'routes')

/** Every route module in app/routes (by name without extension) and its source. */
const routeModules = new Map(
	readdirSync(routesDirectory)
		.filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
		.map((file) => [file.replace(/\.tsx?$/, ''), readFileSync(path.join(routesDirectory, file), 'utf8')]),
)

/** A module that renders a page: a default export, its own or another route module's. */
function rendersPage(source: string) {
	return /^export default\b|^export \{[^}]*\bdefault\b[^}]*\}/m.test(source)
}

/**
 * One of the owner's screens: it answers with the owner's headers (`headers` from app/utils/admin-route.ts:
 * never stored, never indexed), itself or as the screen it re-exports (`/admin-upload` is `/image-uploader`).
 */
function isOwnerScreen(name: string): boolean {
	const source = routeModules.get(name) ?? ''
	if (/^export \{[^}]*\bheaders\b[^}]*\} from '~\/utils\/admin-route'/m.test(source)) return true
	const reexported = /^export \{[^}]*\bdefault\b[^}]*\} from '\.\/([^']+)'/m.exec(source)?.[1]
	return reexported !== undefined && isOwnerScreen(reexported)
}

describe('the page registry and the route modules', () => {
	it('registers every route module that renders a page, except the owner’s screens', () => {
		const registered = new Set(PUBLIC_PAGES.map((page) => page.route))
		const unregistered = [...routeModules]
			.filter(([name, source]) => rendersPage(source) && !isOwnerScreen(name) && !registered.has(name))
			.map(([name]) => name)
		expect(unregistered, 'add each to PUBLIC_PAGES in app/config/pages.ts').toEqual([])
	})

	it('registers only route modules that exist and render a public page', () => {
		const notPages = PUBLIC_PAGES.map((page) => page.route).filter(
			(name) => !rendersPage(routeModules.get(name) ?? '') || isOwnerScreen(name),
		)
		expect(notPages).toEqual([])
	})

	it('names each page and each route module once', () => {
		for (const field of ['path', 'route'] as const) {
			const values = PUBLIC_PAGES.map((page) => page[field])
			expect(
				values.filter((value, index) => values.indexOf(value) !== index),
				field,
			).toEqual([])
		}
	})

	it('tells the owner’s screens from the rest (the check above is not vacuous)', () => {
		expect(isOwnerScreen('admin.menu')).toBe(true)
		expect(isOwnerScreen('image-uploader')).toBe(true)
		expect(isOwnerScreen('admin-upload')).toBe(true)
		expect(isOwnerScreen('about')).toBe(false)
		expect(rendersPage(routeModules.get('sitemap[.]xml')!)).toBe(false)
		expect(rendersPage(routeModules.get('admin-upload')!)).toBe(true)
	})
})

describe('the routes app/routes.ts builds from the registry', () => {
	let routes: RouteConfigEntry[]

	beforeAll(async () => {
		// As Remix's Vite plugin does before it loads app/routes.ts (flatRoutes reads the app's folder from here).
		Object.assign(globalThis, { __remixAppDirectory: appDirectory })
		routes = await (await import('~/routes')).default
	})

	/** The URL path Remix serves a route id at (`routes/review.$token` → `/review/:token`), if it has one. */
	function servedPath(id: string) {
		const entry = routes.find((route) => route.id === id)
		if (!entry) return undefined
		return entry.index ? '/' : `/${entry.path}`
	}

	it('serves each page at its path', () => {
		const paths = PUBLIC_PAGES.map((page) => [page.route, servedPath(`routes/${page.route}`)])
		expect(paths).toEqual(PUBLIC_PAGES.map((page) => [page.route, page.path]))
	})

	it('serves each translated page again under every language’s prefix, and nothing else', () => {
		const localizedIds = routes
			.map((route) => route.id ?? '')
			.filter((id) => LOCALE_ROUTE_PREFIXES.some((prefix) => id.startsWith(`${prefix}/`)))
			.sort()
		const translated = PUBLIC_PAGES.filter((page) => page.translated !== false)
		expect(localizedIds).toEqual(
			LOCALE_ROUTE_PREFIXES.flatMap((prefix) => translated.map((page) => `${prefix}/routes/${page.route}`)).sort(),
		)
		for (const page of translated) {
			expect(servedPath(`es/routes/${page.route}`)).toBe(page.path === '/' ? '/es' : `/es${page.path}`)
		}
	})
})

describe('publicPageAt', () => {
	it('finds a page by its English path, a parameter standing for any one segment', () => {
		expect(publicPageAt('/')?.route).toBe('_index')
		expect(publicPageAt('/shop/')?.route).toBe('shop')
		expect(publicPageAt('/review/abc123')?.route).toBe('review.$token')
		expect(publicPageAt('/review')).toBeUndefined()
		expect(publicPageAt('/review/abc/def')).toBeUndefined()
		expect(publicPageAt('/menu/no-such-item')).toBeUndefined()
		expect(publicPageAt('/admin')).toBeUndefined()
	})
})

describe('the header and footer links', () => {
	it('are the registry’s, in its order (as they were before it)', () => {
		expect(primaryLinks).toEqual([
			{ to: '/about', label: 'common.navAbout' },
			{ to: '/gallery', label: 'common.navGallery' },
		])
		expect(menuLinks).toEqual([
			{ to: '/menu', label: 'common.navExploreMenu' },
			{ to: '/cakes', label: 'common.navCakes' },
			{ to: '/brazilian-pastries', label: 'common.navBrazilianPastries' },
			{ to: '/mexican-pastries', label: 'common.navMexicanPastries' },
			{ to: '/custom-cakes', label: 'common.navCustomCakes' },
			{ to: '/club', label: 'common.navClub' },
		])
		expect(moreLinks).toEqual([
			{ to: '/reviews', label: 'common.navReviews' },
			{ to: '/contact', label: 'common.navContact' },
			{ to: '/gift-cards', label: 'common.navGiftCards' },
		])
	})

	it('lead to pages served in every language', () => {
		const linked = PUBLIC_PAGES.filter((page) => page.nav)
		expect(linked.filter((page) => page.translated === false || page.path.includes(':'))).toEqual([])
	})
})
