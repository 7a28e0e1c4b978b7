import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { OutageErrorBoundary } from '~/components/error-boundary'
import { PageIntro } from '~/components/page-intro'
import { RatingStars } from '~/components/review-rating'
import { RevealItem, RevealSection } from '~/components/reveal'
import { defaultBusiness } from '~/config/business'
import { listReviews } from '~/models/review.server'
import { outageHeaders, withOutagePolicy } from '~/utils/outage.server'
import { averageRating, ratingLabel, reviewsJsonLd } from '~/utils/review-rating'
import { bakeryJsonLd, pageMeta, rootDataFrom } from '~/utils/seo'

/**
 * The page's title and description, and the bakery's JSON-LD with the approved reviews and their
 * aggregateRating (none without reviews). Rendered by <Meta> (HTML-escaped, a data block like JsonLd's):
 * sharing the BakeryJsonLd component with this page would split it into a chunk of its own and push
 * the home page over its JavaScript budget (tests/e2e/budgets.spec.ts).
 */
export const meta: MetaFunction<typeof loader> = (args) => {
	const root = rootDataFrom(args.matches)
	const bakery = bakeryJsonLd(root?.business ?? defaultBusiness, root?.siteOrigin ?? '')
	return [
		...pageMeta(args, {
			title: 'Customer Reviews',
			description: 'What our neighbours say about our pão de queijo, conchas, cakes and coffee in Everett, WA.',
		}),
		{ 'script:ld+json': { ...bakery, ...reviewsJsonLd(args.data?.reviews ?? []) } },
	]
}

export function loader() {
	return withOutagePolicy(async () => ({ reviews: await listReviews() }))
}

export const headers = outageHeaders

function ReviewsIntro() {
	return (
		<PageIntro id="reviews-heading" title="Customer Reviews">
			Kind words from the neighbours, regulars and first-timers who visit us.
		</PageIntro>
	)
}

/** The average of the approved reviews, in words: "4.8 out of 5 stars from 10 reviews". */
function RatingSummary({ ratings }: { ratings: number[] }) {
	const average = averageRating(ratings)
	if (average === null) return null
	return (
		<p className="mb-8 text-center text-lg">
			<span className="font-semibold">Average rating: {ratingLabel(average)}</span>, from{' '}
			{ratings.length === 1 ? '1 review' : `${ratings.length} reviews`}
		</p>
	)
}

export default function Reviews() {
	const { reviews } = useLoaderData<typeof loader>()
	return (
		<>
			<ReviewsIntro />

			<div className="mx-auto max-w-6xl px-4 py-14 md:py-16">
				{reviews.length === 0 ? (
					<div className="mx-auto max-w-xl text-center">
						<p className="text-lg">No reviews yet. Be the first to tell us what you think!</p>
						<Link to="/contact" className="mt-4 inline-block font-semibold text-cinnamon underline underline-offset-4">
							Send us a message
						</Link>
					</div>
				) : (
					<RevealSection as="div" group>
						<RatingSummary ratings={reviews.map((review) => review.rating)} />
						<ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
							{reviews.map((review, index) => (
								<li key={review.id}>
									<RevealItem index={index % 3} className="h-full">
										<figure className="flex h-full flex-col rounded-3xl bg-white p-6 shadow-md">
											<RatingStars rating={review.rating} className="mb-3" />
											<blockquote className="flex-1 text-lg">
												<p>“{review.comment}”</p>
											</blockquote>
											<figcaption className="mt-4 font-semibold text-cinnamon">— {review.name}</figcaption>
										</figure>
									</RevealItem>
								</li>
							))}
						</ul>
					</RevealSection>
				)}
			</div>
		</>
	)
}

export function ErrorBoundary() {
	return (
		<OutageErrorBoundary
			heading={<ReviewsIntro />}
			message="We couldn’t load the reviews right now. Please try again shortly."
		/>
	)
}
