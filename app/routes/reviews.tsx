import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { OutageErrorBoundary } from '~/components/error-boundary'
import { PageIntro } from '~/components/page-intro'
import { RatingStars } from '~/components/review-rating'
import { RevealedCards } from '~/components/revealed-cards'
import { defaultBusiness } from '~/config/business'
import { listReviews } from '~/domain/reviews/models/review.server'
import { outageHeaders, withOutagePolicy } from '~/utils/outage.server'
import { INTL_LOCALES } from '~/utils/i18n'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { averageRating, MAX_RATING, reviewsJsonLd } from '~/domain/reviews/review-rating'
import { bakeryJsonLd, metaTranslator, pageMeta, rootDataFrom } from '~/utils/seo'

/**
 * The page's title and description, and the bakery's JSON-LD with the approved reviews and their
 * aggregateRating (none without reviews). Rendered by <Meta> (HTML-escaped, a data block like JsonLd's):
 * sharing the BakeryJsonLd component with this page would split it into a chunk of its own and push
 * the home page over its JavaScript budget (tests/e2e/budgets.spec.ts).
 */
export const meta: MetaFunction<typeof loader> = (args) => {
	const root = rootDataFrom(args.matches)
	const t = metaTranslator(args.matches)
	const bakery = bakeryJsonLd(root?.business ?? defaultBusiness, root?.siteOrigin ?? '')
	return [
		...pageMeta(args, { title: t('requests.reviewsTitle'), description: t('requests.reviewsDescription') }),
		{ 'script:ld+json': { ...bakery, ...reviewsJsonLd(args.data?.reviews ?? []) } },
	]
}

export function loader() {
	return withOutagePolicy(async () => ({ reviews: await listReviews() }))
}

export const headers = outageHeaders

function ReviewsIntro() {
	const t = useT()
	return (
		<PageIntro id="reviews-heading" title={t('requests.reviewsTitle')}>
			{t('requests.reviewsIntro')}
		</PageIntro>
	)
}

/** The average of the approved reviews, in words: "4.8 out of 5 stars from 10 reviews". */
function RatingSummary({ ratings }: { ratings: number[] }) {
	const t = useT()
	const locale = useLocale()
	const average = averageRating(ratings)
	if (average === null) return null
	// 4.8 in English, 4,8 in Spanish and Portuguese.
	const rating = new Intl.NumberFormat(INTL_LOCALES[locale], { maximumFractionDigits: 1 }).format(average)
	return (
		<p className="mb-8 text-center text-lg">
			<span className="font-semibold">{t('requests.reviewsAverage', { rating, max: MAX_RATING })}</span>
			{t('requests.reviewsFrom', { count: ratings.length })}
		</p>
	)
}

export default function Reviews() {
	const { reviews } = useLoaderData<typeof loader>()
	const t = useT()
	const localize = useLocalizedPath()
	return (
		<>
			<ReviewsIntro />

			<RevealedCards
				items={reviews}
				empty={
					<div className="mx-auto max-w-xl text-center">
						<p className="text-lg">{t('requests.reviewsEmpty')}</p>
						<Link
							to={localize('/contact')}
							className="mt-4 inline-block font-semibold text-cinnamon underline underline-offset-4"
						>
							{t('requests.sendUsAMessage')}
						</Link>
					</div>
				}
				before={<RatingSummary ratings={reviews.map((review) => review.rating)} />}
				listClassName="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
				itemClassName="h-full"
			>
				{(review) => (
					<figure className="flex h-full flex-col rounded-3xl bg-white p-6 shadow-md">
						<RatingStars rating={review.rating} className="mb-3" />
						<blockquote className="flex-1 text-lg">
							<p>“{review.comment}”</p>
						</blockquote>
						<figcaption className="mt-4 font-semibold text-cinnamon">— {review.name}</figcaption>
					</figure>
				)}
			</RevealedCards>
		</>
	)
}

export function ErrorBoundary() {
	const t = useT()
	return <OutageErrorBoundary heading={<ReviewsIntro />} message={t('requests.reviewsOutage')} />
}
