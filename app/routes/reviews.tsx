import { data, type HeadersFunction, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { LoadProblem } from '~/components/load-problem'
import { RevealItem, RevealSection } from '~/components/reveal'
import { listReviews } from '~/models/review.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Customer Reviews',
		description: 'What our neighbours say about our pão de queijo, conchas, cakes and coffee in Everett, WA.',
	})

export async function loader() {
	try {
		return { reviews: await listReviews() }
	} catch (error) {
		console.error('Loading reviews failed', error)
		return data({ reviews: null }, { status: 503, headers: { 'Retry-After': '30' } })
	}
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function Reviews() {
	const { reviews } = useLoaderData<typeof loader>()
	return (
		<>
			<section aria-labelledby="reviews-heading" className="bg-dough/50">
				<div className="mx-auto max-w-3xl px-4 py-14 text-center md:py-16">
					<h1 id="reviews-heading" className="font-display text-4xl font-bold md:text-5xl">
						Customer Reviews
					</h1>
					<p className="mt-4 text-lg">Kind words from the neighbours, regulars and first-timers who visit us.</p>
				</div>
			</section>

			<div className="mx-auto max-w-6xl px-4 py-14 md:py-16">
				{reviews === null ? (
					<LoadProblem>We couldn’t load the reviews right now. Please try again shortly.</LoadProblem>
				) : reviews.length === 0 ? (
					<div className="mx-auto max-w-xl text-center">
						<p className="text-lg">No reviews yet. Be the first to tell us what you think!</p>
						<Link to="/contact" className="mt-4 inline-block font-semibold text-cinnamon underline underline-offset-4">
							Send us a message
						</Link>
					</div>
				) : (
					<RevealSection as="div" group>
						<ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
							{reviews.map((review, index) => (
								<li key={review.id}>
									<RevealItem index={index % 3} className="h-full">
										<figure className="flex h-full flex-col rounded-3xl bg-white p-6 shadow-md">
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
