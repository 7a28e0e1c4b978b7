import { useRouteLoaderData } from '@remix-run/react'
import { useBusiness } from '~/config/business'
import { JsonLd } from '~/components/json-ld'
import { menuJsonLd } from '~/utils/menu-json-ld'
import type { MenuItemView } from '~/utils/menu-item-view'
import type { RootData } from '~/utils/seo'

/** The menu as schema.org `Menu` data (only on the unfiltered /menu: one menu per site for search engines). */
export function MenuJsonLd({ items }: { items: readonly MenuItemView[] }) {
	const root = useRouteLoaderData<RootData>('root')
	const business = useBusiness()
	return <JsonLd data={menuJsonLd(items, { origin: root?.siteOrigin ?? '', name: business.name })} />
}
