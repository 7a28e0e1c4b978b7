/**
 * The site's own photos (hero, vibe, story, goodie cards) in public/images/site/, committed.
 * Every entry exists as AVIF and WebP at each width, plus one JPEG fallback. Today's files were
 * rendered once from the demo drawings (prisma/seed/images/README.md); replace
 * one with a photograph by `npx tsx scripts/render-site-images.ts <name>=<photo file>`.
 */
export const siteImageSpecs = {
	storefront: { width: 1920, height: 1080, widths: [480, 800, 1200, 1920], fallbackWidth: 1200 },
	coffee: { width: 1600, height: 1200, widths: [480, 800, 1200], fallbackWidth: 800 },
	story: { width: 1600, height: 1200, widths: [480, 800, 1200], fallbackWidth: 800 },
	cakes: { width: 1600, height: 1200, widths: [400, 800], fallbackWidth: 800 },
	'brazilian-pastries': { width: 1600, height: 1200, widths: [400, 800], fallbackWidth: 800 },
	'mexican-pastries': { width: 1600, height: 1200, widths: [400, 800], fallbackWidth: 800 },
} as const

export type SiteImageName = keyof typeof siteImageSpecs

const SITE_IMAGE_DIR = '/images/site'

export function siteImageUrl(name: SiteImageName, width: number, format: 'avif' | 'webp' | 'jpg') {
	return `${SITE_IMAGE_DIR}/${name}-${width}.${format}`
}

export function siteImageSrcSet(name: SiteImageName, format: 'avif' | 'webp') {
	return siteImageSpecs[name].widths.map((width) => `${siteImageUrl(name, width, format)} ${width}w`).join(', ')
}

export function siteImageHeight(name: SiteImageName, width: number) {
	const spec = siteImageSpecs[name]
	return Math.round((width * spec.height) / spec.width)
}
