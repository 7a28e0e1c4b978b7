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
	/** Above the fold (hero, first row): load at once with high priority instead of lazily. */
	priority?: boolean
	className?: string
}

/** A responsive `<img>` served by the image route (app/routes/images.$.ts), resized and re-encoded per width. */
export function StoredImage({ imageKey, alt, sizes, width, height, priority = false, className }: StoredImageProps) {
	const srcSet = imageWidths.map((candidate) => `${storedImageUrl(imageKey, candidate)} ${candidate}w`).join(', ')
	return (
		<img
			src={storedImageUrl(imageKey, nearestImageWidth(Math.min(width, 1280)))}
			srcSet={srcSet}
			sizes={sizes}
			alt={alt}
			width={width}
			height={height}
			loading={priority ? 'eager' : 'lazy'}
			decoding={priority ? 'auto' : 'async'}
			// React 18 only knows the lowercase attribute.
			{...{ fetchpriority: priority ? 'high' : 'auto' }}
			className={className}
		/>
	)
}
