/**
 * Small drawing primitives shared by every illustration: the palette, batched
 * dots and segments, shadows, texture overlays, shading and highlights.
 */
import {
	TAU,
	blobPath,
	el,
	group,
	num,
	shade,
	smoothPath,
	transform,
	type Painter,
	type Pt,
	type TextureName,
} from './core.js'

// ---------------------------------------------------------------------------
// Palette
// ---------------------------------------------------------------------------

export const palette = {
	cream: '#fbf3e4',
	porcelain: '#f7f2ea',
	parchment: '#f3e6cf',
	cocoa: '#3b2114',
	chocolate: '#4a2716',
	milkChocolate: '#6e3f22',
	caramel: '#b86b25',
	dulce: '#a95f22',
	golden: '#e0a049',
	crust: '#b8702f',
	sugar: '#fffaf2',
	cinnamon: '#8a4a22',
	guava: '#c8435a',
	pink: '#f2a7b8',
	terracotta: '#b85a3a',
	cobalt: '#24479a',
	mint: '#5f8f4e',
} as const

// ---------------------------------------------------------------------------
// Small primitives
// ---------------------------------------------------------------------------

/** Many small circles as a single path element (cheap to render). */
export function dotsPath(points: readonly Pt[], radius: number | ((i: number) => number)): string {
	let d = ''
	points.forEach((p, i) => {
		const r = typeof radius === 'number' ? radius : radius(i)
		d += `M${num(p[0] - r)} ${num(p[1])}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0`
	})
	return d
}

/** Many short line segments as a single path (sprinkles, grain, crimp marks). */
export function segmentsPath(segments: ReadonlyArray<readonly [Pt, Pt]>): string {
	return segments.map(([a, b]) => `M${num(a[0])} ${num(a[1])}L${num(b[0])} ${num(b[1])}`).join('')
}

/** Random points inside an ellipse (optionally denser towards the centre). */
export function scatterInEllipse(
	p: Painter,
	cx: number,
	cy: number,
	rx: number,
	ry: number,
	count: number,
	bias = 0.5,
): Pt[] {
	const pts: Pt[] = []
	for (let i = 0; i < count; i++) {
		const a = p.rng.next() * TAU
		const d = Math.pow(p.rng.next(), bias)
		pts.push([cx + Math.cos(a) * rx * d, cy + Math.sin(a) * ry * d])
	}
	return pts
}

/**
 * A soft shadow ellipse under an object. Drawn with a radial gradient rather
 * than a blur filter, which keeps rendering fast. `softness` is the blur size
 * relative to the radius (0.08 = crisp contact shadow, 0.3 = very diffuse).
 */
export function contactShadow(
	p: Painter,
	cx: number,
	cy: number,
	rx: number,
	ry: number,
	opacity = 0.35,
	softness = 0.15,
): string {
	const s = Math.min(0.95, Math.max(0.05, softness * 2.5))
	const fill = p.radial([
		[0, '#241005', opacity],
		[1 - s, '#241005', opacity * 0.85],
		[1 - s * 0.5, '#241005', opacity * 0.35],
		[1, '#241005', 0],
	])
	const grow = 1 + s * 0.5
	return el('ellipse', { cx, cy, rx: rx * grow, ry: ry * grow, fill })
}

/**
 * A soft cast shadow for an arbitrary shape. librsvg's blur filter is slow on
 * large areas, so the softness is faked with a few stacked translucent copies
 * whose round-joined outlines grow outwards.
 */
export function shapeShadow(
	shape: string,
	opts: { dx?: number; dy?: number; blur?: number; opacity?: number } = {},
): string {
	const { dx = 8, dy = 14, blur = 10, opacity = 0.35 } = opts
	const layers = 6
	const alpha = 1 - Math.pow(1 - opacity, 1 / layers)
	const copies: string[] = []
	for (let i = 0; i < layers; i++) {
		const reach = blur * 1.6 * (1 - i / (layers - 1))
		copies.push(
			el('path', {
				d: shape,
				fill: '#1e0d04',
				stroke: reach > 0 ? '#1e0d04' : undefined,
				'stroke-width': reach > 0 ? reach * 2 : undefined,
				'stroke-linejoin': 'round',
				opacity: alpha,
			}),
		)
	}
	return group({ transform: `translate(${num(dx)} ${num(dy)})` }, copies)
}

/** Lay a tiling texture over a shape. */
export function textured(p: Painter, shape: string, texture: TextureName, opacity: number): string {
	return el('path', { d: shape, fill: p.texture(texture), 'fill-opacity': opacity })
}

/** A tapered crack along a line of points: pale inner crumb with a shadowed lip. */
export function fissure(points: readonly Pt[], width: number, inner: string, lip: string, lipOpacity = 0.55): string {
	const n = points.length
	if (n < 2) return ''
	const left: Pt[] = []
	const right: Pt[] = []
	points.forEach((pt, i) => {
		const prev = points[Math.max(0, i - 1)] as Pt
		const next = points[Math.min(n - 1, i + 1)] as Pt
		const dx = next[0] - prev[0]
		const dy = next[1] - prev[1]
		const len = Math.hypot(dx, dy) || 1
		const w = (width / 2) * Math.pow(Math.sin((Math.PI * (i + 0.5)) / n), 0.8)
		left.push([pt[0] - (dy / len) * w, pt[1] + (dx / len) * w])
		right.push([pt[0] + (dy / len) * w, pt[1] - (dx / len) * w])
	})
	const shape = smoothPath([...left, ...right.reverse()])
	// A recess: the dark lip shows along the upper-left edge, the lit inner wall towards the lower right.
	return (
		el('path', { d: shape, fill: lip, opacity: lipOpacity }) +
		el('path', { d: shape, fill: inner, transform: `translate(${num(width * 0.12)} ${num(width * 0.22)})` })
	)
}

/** Spherical shading over a round shape: highlight top-left, shade bottom-right. */
export function domeShading(p: Painter, shape: string, strength = 1, highlight = 0.35): string {
	const fill = p.radial(
		[
			[0, '#fffaf0', highlight * strength],
			[0.35, '#fffaf0', 0],
			[0.72, '#2a1204', 0.08 * strength],
			[1, '#2a1204', 0.42 * strength],
		],
		{ cx: 0.5, cy: 0.5, r: 0.62, fx: 0.36, fy: 0.3 },
	)
	return el('path', { d: shape, fill })
}

/** A specular glint: a soft white ellipse. */
export function glint(p: Painter, cx: number, cy: number, rx: number, ry: number, rotate = -30, opacity = 0.7): string {
	const fill = p.radial([
		[0, '#ffffff', opacity],
		[0.6, '#ffffff', opacity * 0.35],
		[1, '#ffffff', 0],
	])
	return el('ellipse', { cx: 0, cy: 0, rx, ry, fill, transform: transform({ x: cx, y: cy, rotate }) })
}

/** Convenience: an irregular organic blob path using the painter's RNG. */
export function organic(
	p: Painter,
	cx: number,
	cy: number,
	rx: number,
	ry: number,
	wobble = 0.06,
	points = 12,
	rotation = 0,
): string {
	return blobPath(p.rng, cx, cy, rx, ry, { wobble, points, rotation })
}

/** Horizontal "cylinder" shading for the side of a round object seen from the front (light from the left). */
export function cylinderFill(p: Painter, color: string, contrast = 1): string {
	const c = contrast
	return p.linear(
		[
			[0, shade(color, -0.42 * c)],
			[0.12, shade(color, -0.08 * c)],
			[0.3, shade(color, 0.12 * c)],
			[0.62, color],
			[0.88, shade(color, -0.22 * c)],
			[1, shade(color, -0.5 * c)],
		],
		0,
		0,
		1,
		0,
	)
}
