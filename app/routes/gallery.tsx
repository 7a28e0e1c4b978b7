import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { OutageErrorBoundary } from '~/components/error-boundary'
import { PageIntro } from '~/components/page-intro'
import { RevealedCards } from '~/components/revealed-cards'
import { StoredImage } from '~/components/stored-image'
import { listGalleryImages } from '~/domain/content/models/gallery-image.server'
import { outageHeaders, withOutagePolicy } from '~/utils/outage.server'
import { useT } from '~/utils/i18n-react'
import { metaTranslator, pageMeta } from '~/utils/seo'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('pages.galleryTitle'), description: t('pages.galleryDescription') })
}

export function loader() {
	return withOutagePolicy(async () => ({ images: await listGalleryImages() }))
}

export const headers = outageHeaders

function GalleryIntro() {
	const t = useT()
	return (
		<PageIntro id="gallery-heading" title={t('pages.galleryTitle')}>
			{t('pages.galleryIntro')}
		</PageIntro>
	)
}

export default function Gallery() {
	const { images } = useLoaderData<typeof loader>()
	const t = useT()
	return (
		<>
			<GalleryIntro />

			<RevealedCards
				items={images}
				empty={<p className="text-center text-lg">{t('pages.galleryEmpty')}</p>}
				listClassName="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
			>
				{(image, index) => (
					<StoredImage
						imageKey={image.storageKey}
						alt={image.alt}
						sizes="(min-width: 1152px) 368px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
						width={1600}
						height={1200}
						loading={index === 0 ? 'high-priority' : 'lazy'}
						className="aspect-[4/3] h-auto w-full rounded-2xl object-cover shadow-md"
					/>
				)}
			</RevealedCards>
		</>
	)
}

export function ErrorBoundary() {
	const t = useT()
	return <OutageErrorBoundary heading={<GalleryIntro />} message={t('pages.galleryOutage')} />
}
