import { useRouteLoaderData } from '@remix-run/react'
import { defaultBusiness, type OpeningHours } from '~/config/business'
import { bakeryJsonLd, type RootData } from '~/utils/seo'
import { JsonLd } from './json-ld'

/**
 * schema.org Bakery data for local search, from the resolved business config; its
 * openingHoursSpecification from `openingHours` (the owner's schedule) when the page has them.
 */
export function BakeryJsonLd({ openingHours }: { openingHours?: readonly OpeningHours[] }) {
	const root = useRouteLoaderData<RootData>('root')
	const business = root?.business ?? defaultBusiness
	return <JsonLd data={bakeryJsonLd(openingHours ? { ...business, openingHours } : business, root?.siteOrigin ?? '')} />
}
