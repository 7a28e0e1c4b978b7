import { useRouteLoaderData } from '@remix-run/react'
import { defaultBusiness } from '~/config/business'
import { bakeryJsonLd, type RootData } from '~/utils/seo'
import { JsonLd } from './json-ld'

/** schema.org Bakery data for local search, from the resolved business config. */
export function BakeryJsonLd() {
	const root = useRouteLoaderData<RootData>('root')
	return <JsonLd data={bakeryJsonLd(root?.business ?? defaultBusiness, root?.siteOrigin ?? '')} />
}
