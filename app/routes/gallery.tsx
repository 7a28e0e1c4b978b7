import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { OutageErrorBoundary } from '~/components/error-boundary'
import { PageIntro } from '~/components/page-intro'
import { RevealItem, RevealSection } from '~/components/reveal'
import { StoredImage } from '~/components/stored-image'
import { listGalleryImages } from '~/models/gallery-image.server'
import { outageHeaders, withOutagePolicy } from '~/utils/outage.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Bakery Gallery',
		description: 'A look inside our Everett bakery: display cases, fresh conchas, brigadeiros, cakes and coffee.',
	})

export function loader() {
	return withOutagePolicy(async () => ({ images: await listGalleryImages() }))
}

export const headers = outageHeaders

function GalleryIntro() {
	return (
		<PageIntro id="gallery-heading" title="Bakery Gallery">
			Fresh from the oven and around the café: a peek at a day at the bakery.
		</PageIntro>
	)
}

export default function Gallery() {
	const { images } = useLoaderData<typeof loader>()
	return (
		<>
			<GalleryIntro />

			<div className="mx-auto max-w-6xl px-4 py-14 md:py-16">
				{images.length === 0 ? (
					<p className="text-center text-lg">New photos are on their way. Please check back soon!</p>
				) : (
					<RevealSection as="div" group>
						<ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
							{images.map((image, index) => (
								<li key={image.id}>
									<RevealItem index={index % 3}>
										<StoredImage
											imageKey={image.storageKey}
											alt={image.alt}
											sizes="(min-width: 1152px) 368px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
											width={1600}
											height={1200}
											priority={index === 0}
											className="aspect-[4/3] h-auto w-full rounded-2xl object-cover shadow-md"
										/>
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
			heading={<GalleryIntro />}
			message="We couldn’t load the gallery right now. Please try again shortly."
		/>
	)
}
