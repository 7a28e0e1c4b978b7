/**
 * Demo images for the seed, drawn in code: each id maps to an SVG
 * illustration (see ./illustrations) that sharp (librsvg) renders to a JPEG.
 * No bitmaps are downloaded or bundled; output is deterministic for a given
 * id and width (each image's random numbers are seeded from its id).
 *
 * Adding an image: add its id to `demoImageIds` in data.ts, write a
 * `(p: Painter) => string` drawing in one of the illustration modules and map
 * it below. Keep drawings fast: avoid SVG filters (librsvg blurs slowly) and
 * prefer the kit's gradient shadows, texture patterns and batched paths.
 * Preview everything with `npx tsx prisma/seed/render-previews.ts /tmp/previews`.
 */
import sharp from 'sharp'
import { Painter } from './illustrations/core.js'
import { loadTextures } from './illustrations/textures.js'
import * as brazilian from './illustrations/brazilian.js'
import * as mexican from './illustrations/mexican.js'
import * as donuts from './illustrations/donuts.js'
import * as cakes from './illustrations/cakes.js'
import * as scenes from './illustrations/scenes.js'
import { demoImageIds, type DemoImageId } from './data.js'

export { demoImageIds, type DemoImageId }

interface Illustration {
	/** Design size in SVG user units; the aspect ratio of the output. */
	width: number
	height: number
	draw: (p: Painter) => string
}

const photo = (draw: Illustration['draw']): Illustration => ({ width: 1600, height: 1200, draw })
const wide = (draw: Illustration['draw']): Illustration => ({ width: 1920, height: 1080, draw })

const illustrations: Record<DemoImageId, Illustration> = {
	'pao-de-queijo': photo(brazilian.paoDeQueijo),
	coxinha: photo(brazilian.coxinha),
	brigadeiros: photo(brazilian.brigadeiros),
	beijinho: photo(brazilian.beijinho),
	quindim: photo(brazilian.quindim),
	'bolo-de-rolo': photo(brazilian.boloDeRolo),
	conchas: photo(mexican.conchas),
	churros: photo(mexican.churros),
	marranitos: photo(mexican.marranitos),
	orejas: photo(mexican.orejas),
	'empanadas-de-pina': photo(mexican.empanadasDePina),
	polvorones: photo(mexican.polvorones),
	'tres-leches-cake': photo(cakes.tresLechesCake),
	'brigadeiro-cake': photo(cakes.brigadeiroCake),
	'bolo-de-cenoura': photo(cakes.boloDeCenoura),
	'passion-fruit-mousse-cake': photo(cakes.passionFruitMousseCake),
	chocoflan: photo(cakes.chocoflan),
	'dulce-de-leche-donut': photo(donuts.dulceDeLecheDonut),
	'churro-donut': photo(donuts.churroDonut),
	'guava-cream-cheese-donut': photo(donuts.guavaCreamCheeseDonut),
	'horchata-glazed-donut': photo(donuts.horchataGlazedDonut),
	'brigadeiro-donut': photo(donuts.brigadeiroDonut),
	storefront: wide(scenes.storefront),
	coffee: photo(scenes.coffee),
	story: photo(scenes.story),
	'display-case': photo(scenes.displayCase),
	'pastry-spread': photo(scenes.pastrySpread),
	'latte-art': photo(scenes.latteArtScene),
	'morning-bake': photo(scenes.morningBake),
	'cafe-corner': photo(scenes.cafeCorner),
	'donut-box': photo(scenes.donutBox),
	'celebration-cake': photo(cakes.celebrationCake),
}

export interface RenderOptions {
	/** Output width in pixels (default: the design width, 1600 or 1920); the height follows the aspect ratio. */
	width?: number
}

function outputWidth(spec: Illustration, opts: RenderOptions): number {
	const width = Math.round(opts.width ?? spec.width)
	if (!Number.isFinite(width) || width < 16 || width > 4096)
		throw new RangeError(`Invalid demo image width: ${opts.width}`)
	return width
}

/** Pixel size of a rendered demo image (for <img width/height> attributes). */
export function demoImageSize(id: DemoImageId, opts: RenderOptions = {}): { width: number; height: number } {
	const spec = illustrations[id]
	const width = outputWidth(spec, opts)
	return { width, height: Math.round((width * spec.height) / spec.width) }
}

/** The SVG source of a demo image (useful for debugging). */
export async function demoImageSvg(id: DemoImageId, opts: RenderOptions = {}): Promise<string> {
	const spec = illustrations[id]
	if (!spec) throw new Error(`Unknown demo image: ${String(id)}`)
	const painter = new Painter(spec.width, spec.height, id, await loadTextures())
	return painter.document(spec.draw(painter), outputWidth(spec, opts))
}

/**
 * Render a demo image to a JPEG buffer. Default size is 1600×1200 (4:3); the
 * storefront hero is 1920×1080 (16:9). The same id and width always give the
 * same bytes.
 */
export async function renderDemoImage(id: DemoImageId, opts: RenderOptions = {}): Promise<Buffer> {
	const svg = await demoImageSvg(id, opts)
	return (
		sharp(Buffer.from(svg))
			.flatten({ background: '#f3e6cf' })
			// mozjpeg's quantisation tables and progressive scans, without trellis
			// quantisation: ~5% larger files but encoding is 4× faster.
			.jpeg({ quality: 82, mozjpeg: true, trellisQuantisation: false, overshootDeringing: false, optimiseScans: false })
			.toBuffer()
	)
}
