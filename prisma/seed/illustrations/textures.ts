/**
 * Seamless raster texture tiles (grain, dough mottling, crumb, wood, linen).
 *
 * librsvg re-runs an feTurbulence filter for every element that uses a
 * filtered pattern, which made busy scenes take seconds. Instead we compute a
 * few periodic value-noise tiles once per process, encode them as small PNGs
 * and reference them from SVG <pattern>s as data URIs. The noise is seeded,
 * so the output is deterministic. Patterns are never scaled or rotated
 * (resampling a pattern is slow in librsvg), so there is a separate tile for
 * vertical wood grain.
 *
 * Each tile is "two-sided": positive noise paints translucent warm white,
 * negative noise paints translucent dark brown, so an overlay both lightens
 * and darkens the surface below it.
 */
import sharp from 'sharp'
import { createRng, type Rng, type TextureName, type TextureSet, type TextureTile } from './core.js'

type Field = Float32Array

/** Periodic value noise with `cx` × `cy` lattice cells across the tile. */
function valueNoise(rng: Rng, width: number, height: number, cx: number, cy: number): Field {
	const lattice = Float32Array.from({ length: cx * cy }, () => rng.next() * 2 - 1)
	const out = new Float32Array(width * height)
	const at = (x: number, y: number) => lattice[(y % cy) * cx + (x % cx)] ?? 0
	for (let y = 0; y < height; y++) {
		const fy = (y / height) * cy
		const y0 = Math.floor(fy)
		const ty = fy - y0
		const sy = ty * ty * (3 - 2 * ty)
		for (let x = 0; x < width; x++) {
			const fx = (x / width) * cx
			const x0 = Math.floor(fx)
			const tx = fx - x0
			const sx = tx * tx * (3 - 2 * tx)
			const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx
			const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx
			out[y * width + x] = top + (bottom - top) * sy
		}
	}
	return out
}

/** Sum of octaves: [[cellsX, cellsY, weight], ...]. */
function fractal(
	rng: Rng,
	width: number,
	height: number,
	octaves: ReadonlyArray<readonly [number, number, number]>,
): Field {
	const out = new Float32Array(width * height)
	for (const [cx, cy, weight] of octaves) {
		const layer = valueNoise(rng, width, height, cx, cy)
		for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) + (layer[i] ?? 0) * weight
	}
	return out
}

/** Stamp soft round dots (wrapping around the tile edges). */
function dots(
	rng: Rng,
	field: Field,
	width: number,
	height: number,
	count: number,
	rMin: number,
	rMax: number,
	value: () => number,
): void {
	for (let n = 0; n < count; n++) {
		const px = rng.next() * width
		const py = rng.next() * height
		const r = rng.range(rMin, rMax)
		const v = value()
		const reach = Math.ceil(r + 1)
		for (let dy = -reach; dy <= reach; dy++) {
			for (let dx = -reach; dx <= reach; dx++) {
				const d = Math.hypot(dx, dy)
				if (d > r + 0.8) continue
				const cover = Math.min(1, r + 0.8 - d)
				const x = (((Math.floor(px) + dx) % width) + width) % width
				const y = (((Math.floor(py) + dy) % height) + height) % height
				const i = y * width + x
				field[i] = (field[i] ?? 0) * (1 - cover) + v * cover
			}
		}
	}
}

async function encode(
	field: Field,
	width: number,
	height: number,
	gain: number,
	dark: readonly [number, number, number] = [92, 40, 8],
): Promise<TextureTile> {
	const rgba = Buffer.alloc(width * height * 4)
	for (let i = 0; i < width * height; i++) {
		const v = Math.max(-1, Math.min(1, (field[i] ?? 0) * gain))
		const light = v > 0
		// Warm tints: a neutral black would turn golden dough olive.
		rgba[i * 4] = light ? 255 : dark[0]
		rgba[i * 4 + 1] = light ? 244 : dark[1]
		rgba[i * 4 + 2] = light ? 222 : dark[2]
		rgba[i * 4 + 3] = Math.round(Math.abs(v) * 255)
	}
	const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
		.png({ compressionLevel: 6 })
		.toBuffer()
	return { uri: `data:image/png;base64,${png.toString('base64')}`, width, height }
}

async function buildTextures(): Promise<TextureSet> {
	const rng = createRng('bakery-textures')

	const grain = fractal(rng, 192, 192, [
		[96, 96, 0.5],
		[192, 192, 0.6],
	])

	const mottle = fractal(rng, 256, 256, [
		[8, 8, 0.4],
		[16, 16, 0.3],
		[32, 32, 0.2],
		[64, 64, 0.12],
	])

	const crumb = fractal(rng, 256, 256, [
		[16, 16, 0.25],
		[64, 64, 0.2],
	])
	dots(rng, crumb, 256, 256, 260, 0.6, 2.4, () => rng.range(-1, -0.4))
	dots(rng, crumb, 256, 256, 180, 0.5, 1.6, () => rng.range(0.4, 0.9))

	// Wood: fine grain lines that meander along x, plus long fibres.
	const warp = fractal(rng, 512, 256, [
		[2, 3, 0.6],
		[4, 6, 0.3],
		[8, 12, 0.15],
	])
	const fibre = fractal(rng, 512, 256, [
		[4, 64, 0.6],
		[8, 128, 0.4],
	])
	const wood = new Float32Array(512 * 256)
	for (let y = 0; y < 256; y++) {
		for (let x = 0; x < 512; x++) {
			const i = y * 512 + x
			const phase = (y / 256) * Math.PI * 2 * 10 + (warp[i] ?? 0) * 3.5
			const ring = Math.sin(phase)
			const line = Math.max(0, (ring - 0.7) / 0.3)
			wood[i] = -line * 0.75 + (fibre[i] ?? 0) * 0.45 + Math.cos(phase) * 0.12
		}
	}

	// Linen: threads in both directions with slub (uneven thickness) noise.
	const size = 96
	const slubH = fractal(rng, size, size, [[4, 48, 1]])
	const slubV = fractal(rng, size, size, [[48, 4, 1]])
	const weave = new Float32Array(size * size)
	for (let y = 0; y < size; y++) {
		for (let x = 0; x < size; x++) {
			const i = y * size + x
			const h = Math.sin((y / size) * Math.PI * 2 * 32) * 0.5 + (slubH[i] ?? 0) * 0.5
			const v = Math.sin((x / size) * Math.PI * 2 * 32) * 0.5 + (slubV[i] ?? 0) * 0.5
			weave[i] = ((x + y) % 2 === 0 ? h : v) * 0.8
		}
	}

	const speckle = new Float32Array(256 * 256)
	dots(rng, speckle, 256, 256, 140, 0.5, 1.8, () => rng.range(-1, -0.6))

	const woodV = new Float32Array(256 * 512)
	for (let y = 0; y < 512; y++) for (let x = 0; x < 256; x++) woodV[y * 256 + x] = wood[x * 512 + y] ?? 0

	// Light map: warm key light from the top left, falling off towards the
	// bottom right, plus an elliptical vignette. Stretched over the whole frame.
	const lw = 128
	const lh = 96
	const light = new Float32Array(lw * lh)
	const smooth = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t))
	for (let y = 0; y < lh; y++) {
		for (let x = 0; x < lw; x++) {
			const u = (x + 0.5) / lw
			const v = (y + 0.5) / lh
			const diagonal = (u + v) / 2 // 0 at top-left, 1 at bottom-right
			const key = 0.2 * smooth(1 - diagonal / 0.45) - 0.2 * smooth((diagonal - 0.5) / 0.5)
			const edge = Math.hypot((u - 0.5) / 0.5, (v - 0.5) / 0.5) / Math.SQRT2
			const vignette = 0.6 * smooth((edge - 0.45) / 0.55)
			light[y * lw + x] = key - vignette
		}
	}

	const tiles = await Promise.all([
		encode(grain, 192, 192, 1, [40, 22, 10]),
		encode(mottle, 256, 256, 1.6),
		encode(crumb, 256, 256, 1.4),
		encode(wood, 512, 256, 1),
		encode(woodV, 256, 512, 1),
		encode(weave, size, size, 1),
		encode(speckle, 256, 256, 1),
		encode(light, lw, lh, 1, [28, 12, 3]),
	])
	const names: readonly TextureName[] = ['grain', 'mottle', 'crumb', 'wood', 'woodV', 'weave', 'speckle', 'lightmap']
	return Object.fromEntries(names.map((name, i) => [name, tiles[i]])) as Record<TextureName, TextureTile>
}

let cached: Promise<TextureSet> | undefined

/** The shared texture tiles, computed once per process. */
export function loadTextures(): Promise<TextureSet> {
	cached ??= buildTextures()
	return cached
}
