/** The only widths the image route renders (a fixed set keeps the variant cache small). */
export const imageWidths = [320, 480, 640, 800, 1024, 1280, 1600, 1920] as const
export type ImageWidth = (typeof imageWidths)[number]

/** The image route's address for one stored object at one width. */
export function storedImageUrl(imageKey: string, width: ImageWidth) {
	return `/images/${imageKey}?w=${width}`
}

/** The smallest allowed width that covers `width` CSS pixels (the largest one if none does). */
export function nearestImageWidth(width: number): ImageWidth {
	return imageWidths.find((candidate) => candidate >= width) ?? imageWidths[imageWidths.length - 1]!
}
