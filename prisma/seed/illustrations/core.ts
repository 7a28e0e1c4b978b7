/**
 * Core helpers for the generated demo illustrations: a seeded random number
 * generator, colour maths, tiny SVG builders, path geometry and the `Painter`
 * that collects <defs> (gradients, filters, texture patterns) for one image.
 *
 * Everything here is deterministic: the same seed always yields the same SVG.
 */

// ---------------------------------------------------------------------------
// Random numbers
// ---------------------------------------------------------------------------

export interface Rng {
	/** Uniform in [0, 1). */
	next(): number
	/** Uniform in [min, max). */
	range(min: number, max: number): number
	/** Integer in [min, max] (inclusive). */
	int(min: number, max: number): number
	/** `value ± amount`, uniformly. */
	spread(value: number, amount: number): number
	chance(probability: number): boolean
	pick<T>(items: readonly T[]): T
}

/** FNV-1a hash, used to turn an image id into a seed. */
export function hashString(text: string): number {
	let h = 0x811c9dc5
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i)
		h = Math.imul(h, 0x01000193)
	}
	return h >>> 0
}

/** Mulberry32: small, fast, good enough for scattering sprinkles. */
export function createRng(seed: string | number): Rng {
	let state = typeof seed === 'number' ? seed >>> 0 : hashString(seed)
	const next = (): number => {
		state = (state + 0x6d2b79f5) | 0
		let t = Math.imul(state ^ (state >>> 15), 1 | state)
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	return {
		next,
		range: (min, max) => min + (max - min) * next(),
		int: (min, max) => min + Math.floor(next() * (max - min + 1)),
		spread: (value, amount) => value + (next() * 2 - 1) * amount,
		chance: (probability) => next() < probability,
		pick: <T>(items: readonly T[]): T => {
			const item = items[Math.floor(next() * items.length)]
			if (item === undefined) throw new Error('pick() from an empty list')
			return item
		},
	}
}

// ---------------------------------------------------------------------------
// Colour
// ---------------------------------------------------------------------------

type Rgb = readonly [number, number, number]

function parseHex(color: string): Rgb {
	const hex = color.replace('#', '')
	const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex
	const value = Number.parseInt(full, 16)
	if (full.length !== 6 || Number.isNaN(value)) throw new Error(`Not a hex colour: ${color}`)
	return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function toHex([r, g, b]: Rgb): string {
	const part = (v: number) =>
		Math.max(0, Math.min(255, Math.round(v)))
			.toString(16)
			.padStart(2, '0')
	return `#${part(r)}${part(g)}${part(b)}`
}

/** Linear blend of two hex colours (t = 0 → a, t = 1 → b). */
export function mix(a: string, b: string, t: number): string {
	const ca = parseHex(a)
	const cb = parseHex(b)
	return toHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t])
}

/** Lighten (amount > 0, towards warm white) or darken (amount < 0, towards deep brown). */
export function shade(color: string, amount: number): string {
	return amount >= 0 ? mix(color, '#fffaf0', amount) : mix(color, '#1a0d05', -amount)
}

/** Nudge a colour's brightness randomly, for natural variation between pieces. */
export function vary(rng: Rng, color: string, amount = 0.08): string {
	return shade(color, rng.spread(0, amount))
}

// ---------------------------------------------------------------------------
// SVG markup
// ---------------------------------------------------------------------------

/** Round to one decimal place; keeps the SVG compact. */
export function num(value: number): string {
	return String(Math.round(value * 10) / 10)
}

export type AttrValue = string | number | undefined | null | false

function escapeAttr(value: string): string {
	return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

const shapeTags = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polygon', 'polyline'])

/** Build one element. `undefined`, `null` and `false` attributes are skipped. */
export function el(tag: string, attrs: Record<string, AttrValue> = {}, children?: string | readonly string[]): string {
	let out = `<${tag}`
	// Group opacity on a single shape makes librsvg render it off-screen; fill/stroke opacity is equivalent here and faster.
	if (
		shapeTags.has(tag) &&
		attrs.opacity !== undefined &&
		attrs['fill-opacity'] === undefined &&
		attrs['stroke-opacity'] === undefined &&
		!attrs.filter
	) {
		const { opacity, ...rest } = attrs
		attrs = { ...rest, 'fill-opacity': opacity, 'stroke-opacity': attrs.stroke ? opacity : undefined }
	}
	for (const [key, value] of Object.entries(attrs)) {
		if (value === undefined || value === null || value === false) continue
		out += ` ${key}="${typeof value === 'number' ? num(value) : escapeAttr(value)}"`
	}
	if (children === undefined) return `${out}/>`
	const inner = typeof children === 'string' ? children : children.join('')
	return `${out}>${inner}</${tag}>`
}

export function group(attrs: Record<string, AttrValue>, children: string | readonly string[]): string {
	return el('g', attrs, children)
}

export function transform(opts: {
	x?: number
	y?: number
	rotate?: number
	scale?: number
	sx?: number
	sy?: number
}): string {
	const parts: string[] = []
	if (opts.x !== undefined || opts.y !== undefined) parts.push(`translate(${num(opts.x ?? 0)} ${num(opts.y ?? 0)})`)
	if (opts.rotate) parts.push(`rotate(${num(opts.rotate)})`)
	if (opts.scale !== undefined && opts.scale !== 1) parts.push(`scale(${Math.round(opts.scale * 1000) / 1000})`)
	if (opts.sx !== undefined || opts.sy !== undefined)
		parts.push(`scale(${Math.round((opts.sx ?? 1) * 1000) / 1000} ${Math.round((opts.sy ?? 1) * 1000) / 1000})`)
	return parts.join(' ')
}

// ---------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------

export type Pt = readonly [number, number]

export const TAU = Math.PI * 2

export function polar(cx: number, cy: number, r: number, angle: number): Pt {
	return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r]
}

function fmt(p: Pt): string {
	return `${num(p[0])} ${num(p[1])}`
}

/** Straight-edged polygon path. */
export function polyPath(points: readonly Pt[], closed = true): string {
	if (points.length === 0) return ''
	return `M${points.map(fmt).join('L')}${closed ? 'Z' : ''}`
}

/** Smooth Catmull-Rom curve through the points, as cubic Béziers. */
export function smoothPath(points: readonly Pt[], closed = true, tension = 1): string {
	const count = points.length
	if (count < 3) return polyPath(points, closed)
	const at = (i: number): Pt => {
		if (closed) return points[((i % count) + count) % count] as Pt
		return points[Math.max(0, Math.min(count - 1, i))] as Pt
	}
	const k = tension / 6
	let d = `M${fmt(at(0))}`
	const segments = closed ? count : count - 1
	for (let i = 0; i < segments; i++) {
		const p0 = at(i - 1)
		const p1 = at(i)
		const p2 = at(i + 1)
		const p3 = at(i + 2)
		const c1: Pt = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k]
		const c2: Pt = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k]
		d += `C${fmt(c1)} ${fmt(c2)} ${fmt(p2)}`
	}
	return closed ? `${d}Z` : d
}

export interface BlobOptions {
	/** Number of control points around the outline. */
	points?: number
	/** Relative radius wobble (0.1 = ±10 %). */
	wobble?: number
	/** Rotation of the ellipse in radians. */
	rotation?: number
}

/** Points of an irregular ellipse, for hand-made looking shapes. */
export function blobPoints(rng: Rng, cx: number, cy: number, rx: number, ry: number, opts: BlobOptions = {}): Pt[] {
	const count = opts.points ?? 12
	const wobble = opts.wobble ?? 0.06
	const rotation = opts.rotation ?? 0
	const cos = Math.cos(rotation)
	const sin = Math.sin(rotation)
	const pts: Pt[] = []
	for (let i = 0; i < count; i++) {
		const a = (i / count) * TAU
		const f = 1 + rng.spread(0, wobble)
		const x = Math.cos(a) * rx * f
		const y = Math.sin(a) * ry * f
		pts.push([cx + x * cos - y * sin, cy + x * sin + y * cos])
	}
	return pts
}

export function blobPath(rng: Rng, cx: number, cy: number, rx: number, ry: number, opts: BlobOptions = {}): string {
	return smoothPath(blobPoints(rng, cx, cy, rx, ry, opts))
}

/** Ellipse as a path (handy inside compound even-odd paths). */
export function ellipsePath(cx: number, cy: number, rx: number, ry = rx): string {
	return `M${num(cx - rx)} ${num(cy)}a${num(rx)} ${num(ry)} 0 1 0 ${num(rx * 2)} 0a${num(rx)} ${num(ry)} 0 1 0 ${num(-rx * 2)} 0Z`
}

/** Archimedean spiral as a smooth open path. */
export function spiralPath(
	cx: number,
	cy: number,
	r0: number,
	r1: number,
	turns: number,
	start = 0,
	direction = 1,
): string {
	const steps = Math.max(12, Math.round(turns * 24))
	const pts: Pt[] = []
	for (let i = 0; i <= steps; i++) {
		const t = i / steps
		pts.push(polar(cx, cy, r0 + (r1 - r0) * t, start + direction * t * turns * TAU))
	}
	return smoothPath(pts, false)
}

// ---------------------------------------------------------------------------
// Painter: collects defs for one SVG document
// ---------------------------------------------------------------------------

export type Stop = readonly [offset: number, color: string, opacity?: number]

/** Raster texture tiles (data URIs) shared by every image; see textures.ts. */
export interface TextureTile {
	uri: string
	width: number
	height: number
}
export type TextureName = 'grain' | 'mottle' | 'crumb' | 'wood' | 'woodV' | 'weave' | 'speckle' | 'lightmap'
export type TextureSet = Readonly<Record<TextureName, TextureTile>>

function stopsMarkup(stops: readonly Stop[]): string[] {
	return stops.map(([offset, color, opacity]) =>
		el('stop', {
			offset: Math.round(offset * 1000) / 1000,
			'stop-color': color,
			'stop-opacity': opacity === undefined || opacity === 1 ? undefined : Math.round(opacity * 1000) / 1000,
		}),
	)
}

export class Painter {
	readonly rng: Rng
	private readonly defs: string[] = []
	private readonly cache = new Map<string, string>()
	private counter = 0

	constructor(
		readonly width: number,
		readonly height: number,
		seed: string,
		private readonly textures: TextureSet,
	) {
		this.rng = createRng(seed)
	}

	/** A document-unique id. */
	id(prefix = 'd'): string {
		this.counter += 1
		return `${prefix}${this.counter}`
	}

	/** Add a definition; with a key, identical definitions are only added once. Returns `url(#id)`. */
	define(key: string | null, build: (id: string) => string): string {
		if (key !== null) {
			const hit = this.cache.get(key)
			if (hit) return hit
		}
		const id = this.id()
		this.defs.push(build(id))
		const ref = `url(#${id})`
		if (key !== null) this.cache.set(key, ref)
		return ref
	}

	/** Linear gradient in bounding-box units (0..1). Default: top to bottom. */
	linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
		return this.define(`lin:${JSON.stringify(stops)}:${x1}:${y1}:${x2}:${y2}`, (id) =>
			el('linearGradient', { id, x1, y1, x2, y2 }, stopsMarkup(stops)),
		)
	}

	/** Radial gradient in bounding-box units; `fx`/`fy` move the highlight. */
	radial(
		stops: readonly Stop[],
		opts: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number } = {},
	): string {
		const { cx = 0.5, cy = 0.5, r = 0.5, fx, fy } = opts
		return this.define(`rad:${JSON.stringify(stops)}:${cx}:${cy}:${r}:${fx}:${fy}`, (id) =>
			el('radialGradient', { id, cx, cy, r, fx, fy }, stopsMarkup(stops)),
		)
	}

	/** A tiling raster texture (see textures.ts) as a pattern fill, anchored at the origin. */
	texture(name: TextureName): string {
		const tile = this.textures[name]
		return this.define(`tex:${name}`, (id) =>
			el(
				'pattern',
				{ id, width: tile.width, height: tile.height, patternUnits: 'userSpaceOnUse' },
				el('image', { width: tile.width, height: tile.height, href: tile.uri, preserveAspectRatio: 'none' }),
			),
		)
	}

	/** A texture image stretched over a rectangle (smoothly interpolated; cheaper than a big gradient). */
	stretched(name: TextureName, x = 0, y = 0, width = this.width, height = this.height, opacity = 1): string {
		return el('image', {
			x,
			y,
			width,
			height,
			href: this.textures[name].uri,
			preserveAspectRatio: 'none',
			opacity: opacity === 1 ? undefined : opacity,
		})
	}

	/** A clip path from raw shape markup. */
	clip(shapes: string): string {
		return this.define(null, (id) => el('clipPath', { id }, shapes))
	}

	/** Wrap the body into a complete SVG document rendered at `outWidth` pixels wide. */
	document(body: string, outWidth = this.width): string {
		const outHeight = Math.round((outWidth * this.height) / this.width)
		return (
			`<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" ` +
			`viewBox="0 0 ${this.width} ${this.height}" preserveAspectRatio="xMidYMid slice">` +
			`<defs>${this.defs.join('')}</defs>${body}</svg>`
		)
	}
}
