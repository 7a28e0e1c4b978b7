import type { MetaFunction } from '@remix-run/node'
import { PageIntro } from '~/components/page-intro'
import { RevealItem, RevealSection } from '~/components/reveal'
import { SiteImage } from '~/components/site-image'
import { useBusiness } from '~/config/business'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'About Us',
		description:
			'Our story: a home kitchen in Everett, WA that grew into a Brazilian and Mexican bakery, baking fresh from family recipes every day.',
	})

export default function About() {
	const business = useBusiness()
	return (
		<>
			<PageIntro id="about-heading" title="About Us" roomy>
				{business.name} is a neighbourhood bakery and coffee shop in {business.address.locality},{' '}
				{business.address.region}, where Brazil and Mexico meet at the counter. {business.description}
			</PageIntro>

			<RevealSection aria-labelledby="story-heading" className="mx-auto max-w-6xl px-4 py-16 md:py-20">
				<div className="grid items-center gap-10 md:grid-cols-2">
					<SiteImage
						name="story"
						sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw"
						alt="A home-kitchen counter with a bowl of rising dough, a rolling pin, eggs and a handwritten recipe card in front of blue-and-yellow tiles."
						className="h-auto w-full rounded-3xl shadow-lg"
					/>
					<div>
						<h2 id="story-heading" className="font-display text-3xl font-bold md:text-4xl">
							Our Story
						</h2>
						<p className="mt-4 text-lg">{business.story}</p>
						<p className="mt-4 text-lg">
							It started with pão de queijo and conchas baked for family and friends, from recipes passed down by
							grandmothers in Minas Gerais and Jalisco. Word spread, the orders grew, and the home kitchen became the
							bakery you can visit today.
						</p>
						<p className="mt-4 text-lg">We still bake the same way: by hand, in small batches, every morning.</p>
					</div>
				</div>
			</RevealSection>

			<RevealSection group aria-labelledby="mission-heading" className="bg-dough/50">
				<div className="mx-auto max-w-6xl px-4 py-16 md:py-20">
					<h2 id="mission-heading" className="text-center font-display text-3xl font-bold md:text-4xl">
						Our Mission &amp; Values
					</h2>
					<div className="mt-10 grid gap-6 md:grid-cols-2">
						<RevealItem index={0}>
							<article className="h-full rounded-3xl bg-white p-8 shadow-md">
								<h3 className="font-display text-2xl font-bold">Our Mission</h3>
								<p className="mt-3 text-lg">{business.mission}</p>
							</article>
						</RevealItem>
						<RevealItem index={1}>
							<article className="h-full rounded-3xl bg-white p-8 shadow-md">
								<h3 className="font-display text-2xl font-bold">Our Values</h3>
								<ul className="mt-3 grid gap-2 text-lg">
									{business.values.map((value) => (
										<li key={value} className="flex gap-3">
											<span aria-hidden="true" className="text-cinnamon">
												✦
											</span>
											{value}
										</li>
									))}
								</ul>
							</article>
						</RevealItem>
					</div>
				</div>
			</RevealSection>
		</>
	)
}
