import { siteImageHeight, siteImageSpecs, siteImageSrcSet, siteImageUrl, type SiteImageName } from '~/utils/site-images'

/**
 * One of the site's own photos (public/images/site): AVIF, then WebP, then a JPEG fallback, with
 * explicit dimensions so the box is reserved before it loads.
 */
export function SiteImage({
	name,
	alt,
	sizes,
	priority = false,
	className,
}: {
	name: SiteImageName
	alt: string
	/** Which width the browser needs, e.g. `(min-width: 768px) 50vw, 100vw`. */
	sizes: string
	/** The LCP image: load at once with high priority instead of lazily. */
	priority?: boolean
	className?: string
}) {
	const { fallbackWidth } = siteImageSpecs[name]
	return (
		<picture>
			<source type="image/avif" srcSet={siteImageSrcSet(name, 'avif')} sizes={sizes} />
			<source type="image/webp" srcSet={siteImageSrcSet(name, 'webp')} sizes={sizes} />
			<img
				src={siteImageUrl(name, fallbackWidth, 'jpg')}
				alt={alt}
				width={fallbackWidth}
				height={siteImageHeight(name, fallbackWidth)}
				loading={priority ? 'eager' : 'lazy'}
				decoding={priority ? 'sync' : 'async'}
				// React 18 only knows the lowercase attribute.
				{...{ fetchpriority: priority ? 'high' : 'auto' }}
				className={className}
			/>
		</picture>
	)
}
