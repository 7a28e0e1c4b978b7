import { type RouteConfig, type RouteConfigEntry } from '@remix-run/route-config'
import { flatRoutes } from '@remix-run/fs-routes'
import { PUBLIC_PAGES } from './config/pages'
import { LOCALE_ROUTE_PREFIXES } from './utils/i18n'

/**
 * The public pages a visitor reads (app/config/pages.ts), served again under each language's prefix
 * (`/es/shop`, `/pt-br/custom-cakes`): the same modules under their own route ids, so English keeps today's
 * paths (docs/decisions/042-languages.md). English-only pages, the owner's screens, sign-in, webhooks, images
 * and machine-read files stay single.
 */
const LOCALIZED_ROUTE_MODULES = new Set(
	PUBLIC_PAGES.filter((page) => page.translated !== false).map((page) => `routes/${page.route}`),
)

function underPrefix(prefix: string, entry: RouteConfigEntry): RouteConfigEntry {
	const path = entry.index ? prefix : entry.path === undefined ? undefined : `${prefix}/${entry.path}`
	return {
		...entry,
		id: `${prefix}/${entry.id ?? entry.file}`,
		index: false,
		path,
		children: entry.children?.map((child) => ({ ...child, id: `${prefix}/${child.id ?? child.file}` })),
	}
}

async function routes(): Promise<RouteConfigEntry[]> {
	const fileRoutes = await flatRoutes({ ignoredRouteFiles: ['**/*.test.{ts,tsx}'] })
	const localized = fileRoutes.filter((entry) => LOCALIZED_ROUTE_MODULES.has(entry.file.replace(/\.tsx?$/, '')))
	return [
		...fileRoutes,
		...LOCALE_ROUTE_PREFIXES.flatMap((prefix) => localized.map((entry) => underPrefix(prefix, entry))),
	]
}

export default routes() satisfies RouteConfig
