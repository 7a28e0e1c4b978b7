import { useRouteLoaderData } from '@remix-run/react'
import { useBusiness } from '~/config/business'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import { categoryLabelKeys } from '~/domain/menu/menu-categories'
import { menuJsonLd } from '~/domain/menu/menu-json-ld'
import type { MenuItemView } from '~/domain/menu/menu-item-view'
import { serializeJsonLd, type RootData } from '~/utils/seo'

/**
 * The menu as schema.org `Menu` data (only on the unfiltered /menu: one menu per site for search engines).
 * The same data block as components/json-ld.tsx, written here: importing that module from a second page
 * would split it into a chunk of its own that the home page then loads too (tests/e2e/budgets.spec.ts).
 */
export function MenuJsonLd({ items }: { items: readonly MenuItemView[] }) {
	const root = useRouteLoaderData<RootData>('root')
	const business = useBusiness()
	const t = useT()
	const localize = useLocalizedPath()
	const data = menuJsonLd(items, {
		url: `${root?.siteOrigin ?? ''}${localize('/menu')}`,
		name: t('shop.menuJsonLdName', { name: business.name }),
		sectionName: (category) => t(categoryLabelKeys[category]),
	})
	return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
}
