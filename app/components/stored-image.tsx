import { imageWidths, nearestImageWidth, storedImageUrl } from '~/utils/stored-image-url'

export interface StoredImageProps {
	/** A storage key such as `galleryImages/….jpg`. */
	imageKey: string
	/** What the picture shows. Required: our images always carry content. */
	alt: string
	/** The `sizes` attribute, e.g. `(min-width: 1024px) 33vw, 100vw`: which srcset entry the browser picks. */
	sizes: string
	/** Intrinsic size (or just the aspect ratio) so the browser reserves the box before the image loads. */
	width: number
	height: number
	/**
	 * `lazy` (default) waits until the picture nears the viewport. `eager` loads it at once and lets the
	 * browser set its priority (raised once layout shows it on screen): for a picture above the fold on
	 * wide screens only, such as the first menu card, which a phone shows below its intro and filters.
	 * `high-priority` also asks for it ahead of other pictures: for the page's largest picture on every screen.
	 */
	loading?: 'lazy' | 'eager' | 'high-priority'
	className?: string
}

/** A responsive `<img>` served by the image route (app/routes/images.$.ts), resized and re-encoded per width. */
export function StoredImage({ imageKey, alt, sizes, width, height, loading = 'lazy', className }: StoredImageProps) {
	const srcSet = imageWidths.map((candidate) => `${storedImageUrl(imageKey, candidate)} ${candidate}w`).join(', ')
	return (
		<img
			src={storedImageUrl(imageKey, nearestImageWidth(Math.min(width, 1280)))}
			srcSet={srcSet}
			sizes={sizes}
			alt={alt}
			width={width}
			height={height}
			loading={loading === 'lazy' ? 'lazy' : 'eager'}
			decoding={loading === 'lazy' ? 'async' : 'auto'}
			// React 18 only knows the lowercase attribute.
			{...{ fetchpriority: loading === 'high-priority' ? 'high' : 'auto' }}
			className={className}
		/>
	)
}
