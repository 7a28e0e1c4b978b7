import { useRouteLoaderData } from '@remix-run/react'
import { defaultBusiness, type OpeningHours } from '~/config/business'
import { reviewsJsonLd } from '~/utils/review-rating'
import { bakeryJsonLd, type RootData } from '~/utils/seo'
import { JsonLd } from './json-ld'

/**
 * schema.org Bakery data for local search, from the resolved business config; its
 * openingHoursSpecification from `openingHours` (the owner's schedule) when the page has them, and its
 * aggregateRating and reviews from the approved `reviews` when the page has any.
 */
export function BakeryJsonLd({
	openingHours,
	reviews = [],
}: {
	openingHours?: readonly OpeningHours[]
	reviews?: ReadonlyArray<{ name: string; rating: number; comment: string }>
}) {
	const root = useRouteLoaderData<RootData>('root')
	const business = root?.business ?? defaultBusiness
	const bakery = bakeryJsonLd(openingHours ? { ...business, openingHours } : business, root?.siteOrigin ?? '')
	return <JsonLd data={{ ...bakery, ...reviewsJsonLd(reviews) }} />
}
