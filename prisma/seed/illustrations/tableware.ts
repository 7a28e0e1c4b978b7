/**
 * Tableware and linens: plates (from above and at an angle), boards,
 * parchment, napkins, ramekins, cake stands and coffee cups.
 */
import {
	TAU,
	el,
	ellipsePath,
	group,
	num,
	polar,
	polyPath,
	shade,
	smoothPath,
	transform,
	type Painter,
	type Pt,
} from './core.js'
import { contactShadow, cylinderFill, dotsPath, glint, palette, shapeShadow } from './shapes.js'
import { woodTones, type WoodTone } from './surfaces.js'

// ---------------------------------------------------------------------------
// Tableware (top-down)
// ---------------------------------------------------------------------------

export type PlateStyle = 'white' | 'cream' | 'talavera' | 'terracotta' | 'sage'

const plateColors: Record<PlateStyle, string> = {
	white: '#f8f5ef',
	cream: '#efe3cc',
	talavera: '#f6f1e6',
	terracotta: '#c46b45',
	sage: '#b9c4a6',
}

/** Round plate seen from above, with rim, well and shadow. */
export function plate(p: Painter, cx: number, cy: number, r: number, style: PlateStyle = 'white'): string {
	const base = plateColors[style]
	const parts = [contactShadow(p, cx + r * 0.05, cy + r * 0.09, r * 1.0, r * 0.98, 0.4, 0.08)]
	parts.push(
		el('circle', {
			cx,
			cy,
			r,
			fill: p.radial(
				[
					[0, shade(base, 0.2)],
					[0.8, base],
					[1, shade(base, -0.12)],
				],
				{ fx: 0.35, fy: 0.3, r: 0.6 },
			),
		}),
	)
	const well = r * 0.72
	parts.push(
		el('circle', {
			cx,
			cy,
			r: well,
			fill: p.linear(
				[
					[0, shade(base, -0.09)],
					[0.55, base],
					[1, shade(base, 0.1)],
				],
				0.2,
				0,
				0.8,
				1,
			),
		}),
	)
	parts.push(el('circle', { cx: cx + 3, cy: cy + 4, r: well - 6, fill: base, opacity: 0.85 }))
	if (style === 'cream' || style === 'terracotta' || style === 'sage')
		parts.push(el('circle', { cx, cy, r, fill: p.texture('speckle'), opacity: 0.55 }))
	if (style === 'talavera') parts.push(talaveraRim(p, cx, cy, r))
	// Rim highlight on the upper-left edge.
	const a0 = polar(cx, cy, r - 6, Math.PI * 1.05)
	const a1 = polar(cx, cy, r - 6, Math.PI * 1.55)
	parts.push(
		el('path', {
			d: `M${num(a0[0])} ${num(a0[1])}A${num(r - 6)} ${num(r - 6)} 0 0 1 ${num(a1[0])} ${num(a1[1])}`,
			fill: 'none',
			stroke: '#ffffff',
			'stroke-width': 5,
			'stroke-linecap': 'round',
			opacity: 0.55,
		}),
	)
	return parts.join('')
}

/** Hand-painted cobalt decoration for a talavera-style plate rim. */
function talaveraRim(p: Painter, cx: number, cy: number, r: number): string {
	const { rng } = p
	const blue = palette.cobalt
	const parts: string[] = []
	parts.push(el('circle', { cx, cy, r: r * 0.95, fill: 'none', stroke: blue, 'stroke-width': r * 0.022, opacity: 0.9 }))
	parts.push(el('circle', { cx, cy, r: r * 0.76, fill: 'none', stroke: blue, 'stroke-width': r * 0.012, opacity: 0.8 }))
	const motifs = 10
	let petals = ''
	let dots: Pt[] = []
	for (let i = 0; i < motifs; i++) {
		const a = (i / motifs) * TAU + 0.1
		const [mx, my] = polar(cx, cy, r * 0.855, a)
		for (let k = 0; k < 4; k++) {
			const pa = a + (k * Math.PI) / 2 + Math.PI / 4
			const [px, py] = polar(mx, my, r * 0.035, pa)
			petals += ellipsePath(px, py, r * 0.03 + rng.spread(0, 0.5), r * 0.03)
		}
		const [dx, dy] = polar(cx, cy, r * 0.855, a + Math.PI / motifs)
		dots.push([dx, dy])
	}
	parts.push(el('path', { d: petals, fill: blue, opacity: 0.85 }))
	parts.push(el('path', { d: dotsPath(dots, r * 0.018), fill: '#e0a33a' }))
	dots = []
	return parts.join('')
}

/** Rectangular wooden serving board with a rounded handle. */
export function woodBoard(
	p: Painter,
	cx: number,
	cy: number,
	w: number,
	h: number,
	rotate = 0,
	tone: WoodTone = 'oak',
): string {
	const base = woodTones[tone][0] ?? '#b78856'
	const body = `M${num(-w / 2 + 40)} ${num(-h / 2)}H${num(w / 2 - 40)}Q${num(w / 2)} ${num(-h / 2)} ${num(w / 2)} ${num(-h / 2 + 40)}V${num(h / 2 - 40)}Q${num(w / 2)} ${num(h / 2)} ${num(w / 2 - 40)} ${num(h / 2)}H${num(-w / 2 + 40)}Q${num(-w / 2)} ${num(h / 2)} ${num(-w / 2)} ${num(h / 2 - 40)}V${num(-h / 2 + 40)}Q${num(-w / 2)} ${num(-h / 2)} ${num(-w / 2 + 40)} ${num(-h / 2)}Z`
	const handle = `M${num(w / 2 - 10)} ${num(-h * 0.12)}H${num(w / 2 + h * 0.28)}a${num(h * 0.12)} ${num(h * 0.12)} 0 0 1 0 ${num(h * 0.24)}H${num(w / 2 - 10)}Z`
	const hole = ellipsePath(w / 2 + h * 0.26, 0, h * 0.045, h * 0.045)
	const shapes = body + handle
	const grainLines: string[] = []
	for (let i = 0; i < 14; i++) {
		const gy = -h / 2 + ((i + 0.5) / 14) * h
		const pts: Pt[] = []
		for (let x = -w / 2; x <= w / 2 + h * 0.4; x += 120) pts.push([x, gy + p.rng.spread(0, 6)])
		grainLines.push(smoothPath(pts, false))
	}
	const clipId = p.clip(el('path', { d: shapes }))
	return group({ transform: transform({ x: cx, y: cy, rotate }) }, [
		shapeShadow(shapes, { dx: 10, dy: 18, blur: 14, opacity: 0.45 }),
		el('path', {
			d: shapes + hole,
			'fill-rule': 'evenodd',
			fill: p.linear(
				[
					[0, shade(base, 0.08)],
					[1, shade(base, -0.1)],
				],
				0,
				0,
				1,
				1,
			),
		}),
		group({ 'clip-path': clipId }, [
			el('path', { d: grainLines.join(''), fill: 'none', stroke: shade(base, -0.35), 'stroke-width': 2, opacity: 0.3 }),
			el('rect', { x: -w / 2, y: -h / 2, width: w + h * 0.5, height: h, fill: p.texture('wood'), opacity: 0.35 }),
		]),
		el('path', { d: hole, fill: '#1e0d04', opacity: 0.5 }),
		el('path', { d: body, fill: 'none', stroke: '#fff5e6', 'stroke-width': 3, opacity: 0.25 }),
	])
}

/** A sheet of baking parchment, slightly crinkled. */
export function parchment(p: Painter, cx: number, cy: number, w: number, h: number, rotate = 0): string {
	const { rng } = p
	const corners: Pt[] = [
		[-w / 2 + rng.spread(0, 12), -h / 2 + rng.spread(0, 12)],
		[w / 2 + rng.spread(0, 12), -h / 2 + rng.spread(0, 12)],
		[w / 2 + rng.spread(0, 12), h / 2 + rng.spread(0, 12)],
		[-w / 2 + rng.spread(0, 12), h / 2 + rng.spread(0, 12)],
	]
	const shape = polyPath(corners)
	const creases: string[] = []
	for (let i = 0; i < 7; i++) {
		const a: Pt = [rng.range(-w / 2, w / 2), rng.range(-h / 2, h / 2)]
		const b: Pt = [a[0] + rng.spread(0, w * 0.35), a[1] + rng.spread(0, h * 0.35)]
		creases.push(`M${num(a[0])} ${num(a[1])}L${num(b[0])} ${num(b[1])}`)
	}
	return group({ transform: transform({ x: cx, y: cy, rotate }) }, [
		shapeShadow(shape, { dx: 6, dy: 12, blur: 10, opacity: 0.25 }),
		el('path', {
			d: shape,
			fill: p.linear(
				[
					[0, '#f8efe0'],
					[1, '#eadbc2'],
				],
				0,
				0,
				1,
				1,
			),
		}),
		el('path', { d: creases.join(''), fill: 'none', stroke: '#b59a74', 'stroke-width': 2, opacity: 0.25 }),
		el('path', {
			d: creases.join(''),
			fill: 'none',
			stroke: '#ffffff',
			'stroke-width': 2,
			opacity: 0.5,
			transform: 'translate(2 2)',
		}),
	])
}

/** Folded cotton napkin with woven stripes. */
export function napkin(
	p: Painter,
	cx: number,
	cy: number,
	w: number,
	h: number,
	rotate = 0,
	color = '#f3ece0',
	stripe: string = palette.terracotta,
): string {
	const shape = `M${num(-w / 2)} ${num(-h / 2)}H${num(w / 2)}V${num(h / 2)}H${num(-w / 2)}Z`
	const stripes = [0.1, 0.16].map((t) =>
		el('rect', { x: -w / 2, y: -h / 2 + h * t, width: w, height: h * 0.025, fill: stripe, opacity: 0.85 }),
	)
	return group({ transform: transform({ x: cx, y: cy, rotate }) }, [
		shapeShadow(shape, { dx: 8, dy: 14, blur: 12, opacity: 0.3 }),
		el('path', { d: shape, fill: color }),
		...stripes,
		el('path', { d: shape, fill: p.texture('weave'), opacity: 0.45 }),
		el('rect', {
			x: -w / 2,
			y: h * 0.05,
			width: w,
			height: h * 0.2,
			fill: p.linear([
				[0, '#000000', 0],
				[0.5, '#5a3a20', 0.14],
				[0.55, '#ffffff', 0.2],
				[1, '#ffffff', 0],
			]),
		}),
	])
}

/** Small ramekin seen from above, holding a glossy sauce. */
export function ramekin(p: Painter, cx: number, cy: number, r: number, sauce: string, bowl = '#f4efe6'): string {
	return [
		contactShadow(p, cx + r * 0.08, cy + r * 0.14, r, r, 0.4, 0.12),
		el('circle', {
			cx,
			cy,
			r,
			fill: p.radial(
				[
					[0, shade(bowl, 0.1)],
					[0.85, bowl],
					[1, shade(bowl, -0.15)],
				],
				{ fx: 0.35, fy: 0.3 },
			),
		}),
		el('circle', { cx, cy, r: r * 0.8, fill: shade(bowl, -0.2) }),
		el('circle', {
			cx: cx + r * 0.03,
			cy: cy + r * 0.05,
			r: r * 0.76,
			fill: p.radial(
				[
					[0, shade(sauce, 0.12)],
					[0.8, sauce],
					[1, shade(sauce, -0.3)],
				],
				{ fx: 0.4, fy: 0.35 },
			),
		}),
		glint(p, cx - r * 0.25, cy - r * 0.3, r * 0.3, r * 0.12, -35, 0.75),
	].join('')
}

/** A plate seen at a low angle (ellipse with a visible rim thickness). */
export function plateSide(p: Painter, cx: number, cy: number, rx: number, ry: number, color = '#f7f3ec'): string {
	return [
		contactShadow(p, cx + rx * 0.04, cy + ry * 0.35, rx * 1.02, ry * 0.9, 0.45, 0.12),
		el('ellipse', { cx, cy: cy + ry * 0.12, rx, ry, fill: shade(color, -0.18) }),
		el('ellipse', {
			cx,
			cy,
			rx,
			ry,
			fill: p.linear([
				[0, shade(color, -0.06)],
				[1, shade(color, 0.12)],
			]),
		}),
		el('ellipse', { cx, cy: cy + ry * 0.04, rx: rx * 0.72, ry: ry * 0.68, fill: shade(color, -0.05) }),
		el('ellipse', {
			cx,
			cy: cy + ry * 0.06,
			rx: rx * 0.7,
			ry: ry * 0.64,
			fill: p.linear([
				[0, shade(color, -0.08)],
				[1, color],
			]),
		}),
	].join('')
}

/** A pedestal cake stand; `cy` is the centre of the top surface. */
export function cakeStand(p: Painter, cx: number, cy: number, rx: number, ry: number, color = '#f4efe7'): string {
	const stemTop = cy + ry * 0.3
	const footY = cy + ry * 3.3
	const stem = `M${num(cx - rx * 0.12)} ${num(stemTop)}C${num(cx - rx * 0.1)} ${num(footY - ry * 1.4)} ${num(cx - rx * 0.45)} ${num(footY - ry * 0.5)} ${num(cx - rx * 0.55)} ${num(footY)}H${num(cx + rx * 0.55)}C${num(cx + rx * 0.45)} ${num(footY - ry * 0.5)} ${num(cx + rx * 0.1)} ${num(footY - ry * 1.4)} ${num(cx + rx * 0.12)} ${num(stemTop)}Z`
	const sideShade = p.linear(
		[
			[0, shade(color, -0.05)],
			[0.3, shade(color, 0.15)],
			[0.75, shade(color, -0.15)],
			[1, shade(color, -0.3)],
		],
		0,
		0,
		1,
		0,
	)
	return [
		contactShadow(p, cx + rx * 0.05, footY + ry * 0.05, rx * 0.75, ry * 0.32, 0.5, 0.15),
		el('path', { d: stem, fill: sideShade }),
		el('ellipse', { cx, cy: footY, rx: rx * 0.55, ry: ry * 0.22, fill: sideShade }),
		el('ellipse', { cx, cy: cy + ry * 0.16, rx, ry, fill: sideShade }),
		el('ellipse', {
			cx,
			cy,
			rx,
			ry,
			fill: p.linear([
				[0, shade(color, -0.08)],
				[1, shade(color, 0.1)],
			]),
		}),
	].join('')
}

export type LatteArt = 'heart' | 'rosetta' | 'none'

/** Latte art (a heart or a rosetta) drawn in a unit circle of radius `r`. */
export function latteArt(cx: number, cy: number, r: number, art: LatteArt, squash = 1): string {
	if (art === 'none') return ''
	const foam = '#fbf2e3'
	const g = (children: string[]) =>
		group({ transform: `translate(${num(cx)} ${num(cy)}) scale(1 ${Math.round(squash * 1000) / 1000})` }, children)
	if (art === 'heart') {
		const heart = `M0 ${num(r * 0.55)}C${num(-r * 0.2)} ${num(r * 0.3)} ${num(-r * 0.7)} ${num(r * 0.05)} ${num(-r * 0.55)} ${num(-r * 0.35)}C${num(-r * 0.42)} ${num(-r * 0.65)} ${num(-r * 0.08)} ${num(-r * 0.6)} 0 ${num(-r * 0.3)}C${num(r * 0.08)} ${num(-r * 0.6)} ${num(r * 0.42)} ${num(-r * 0.65)} ${num(r * 0.55)} ${num(-r * 0.35)}C${num(r * 0.7)} ${num(r * 0.05)} ${num(r * 0.2)} ${num(r * 0.3)} 0 ${num(r * 0.55)}Z`
		return g([
			el('path', { d: heart, fill: foam }),
			el('path', {
				d: `M0 ${num(-r * 0.3)}L0 ${num(r * 0.6)}`,
				stroke: '#c98b52',
				'stroke-width': r * 0.03,
				opacity: 0.6,
			}),
		])
	}
	// Rosetta: tightly stacked crescent layers, widest at the bottom, pulled through by a thin stem.
	const layers: string[] = []
	const count = 10
	for (let i = 0; i < count; i++) {
		const t = i / (count - 1)
		const y = r * (0.5 - t * 1.0)
		const w = r * (0.28 + 0.38 * Math.sin(Math.PI * (t * 0.78 + 0.18)))
		const lift = w * 0.5
		const thick = r * 0.08
		layers.push(
			`M${num(-w)} ${num(y + lift * 0.35)}C${num(-w * 0.6)} ${num(y - lift)} ${num(w * 0.6)} ${num(y - lift)} ${num(w)} ${num(y + lift * 0.35)}` +
				`C${num(w * 0.55)} ${num(y - lift + thick * 2)} ${num(-w * 0.55)} ${num(y - lift + thick * 2)} ${num(-w)} ${num(y + lift * 0.35)}Z`,
		)
	}
	const tip = `M0 ${num(-r * 0.72)}C${num(r * 0.12)} ${num(-r * 0.72)} ${num(r * 0.12)} ${num(-r * 0.56)} 0 ${num(-r * 0.52)}C${num(-r * 0.12)} ${num(-r * 0.56)} ${num(-r * 0.12)} ${num(-r * 0.72)} 0 ${num(-r * 0.72)}Z`
	return g([
		el('path', { d: layers.join('') + tip, fill: foam }),
		el('path', {
			d: `M0 ${num(-r * 0.6)}L0 ${num(r * 0.72)}`,
			stroke: foam,
			'stroke-width': r * 0.025,
			'stroke-linecap': 'round',
		}),
	])
}

export interface CupOptions {
	color?: string
	art?: LatteArt
	/** Coffee surface colour. */
	coffee?: string
	saucer?: boolean
}

/** A ceramic cup on a saucer, seen from a low angle. `rimY` is the centre of the rim ellipse; `w` the rim width. */
export function cupSide(p: Painter, cx: number, rimY: number, w: number, opts: CupOptions = {}): string {
	const { color = '#f4efe6', art = 'heart', coffee = '#b8743c', saucer = true } = opts
	const rx = w / 2
	const ry = w * 0.16
	const h = w * 0.62
	const baseY = rimY + h
	const bowl = `M${num(cx - rx)} ${num(rimY)}C${num(cx - rx)} ${num(rimY + h * 0.75)} ${num(cx - rx * 0.62)} ${num(baseY)} ${num(cx - rx * 0.5)} ${num(baseY)}L${num(cx + rx * 0.5)} ${num(baseY)}C${num(cx + rx * 0.62)} ${num(baseY)} ${num(cx + rx)} ${num(rimY + h * 0.75)} ${num(cx + rx)} ${num(rimY)}Z`
	const handle = `M${num(cx + rx * 0.92)} ${num(rimY + h * 0.18)}C${num(cx + rx * 1.45)} ${num(rimY + h * 0.05)} ${num(cx + rx * 1.5)} ${num(rimY + h * 0.65)} ${num(cx + rx * 0.78)} ${num(rimY + h * 0.72)}`
	const parts: string[] = []
	if (saucer) {
		const sy = baseY + ry * 0.2
		parts.push(
			contactShadow(p, cx + rx * 0.05, sy + ry * 0.6, rx * 1.55, ry * 1.2, 0.45, 0.15),
			el('ellipse', { cx, cy: sy + ry * 0.25, rx: rx * 1.5, ry: ry * 1.15, fill: shade(color, -0.25) }),
			el('ellipse', {
				cx,
				cy: sy,
				rx: rx * 1.5,
				ry: ry * 1.1,
				fill: p.linear([
					[0, shade(color, -0.1)],
					[1, shade(color, 0.08)],
				]),
			}),
			el('ellipse', { cx, cy: sy, rx: rx * 0.8, ry: ry * 0.55, fill: shade(color, -0.12) }),
		)
	} else {
		parts.push(contactShadow(p, cx + rx * 0.05, baseY, rx * 0.9, ry * 0.7, 0.45, 0.15))
	}
	parts.push(
		el('path', {
			d: handle,
			fill: 'none',
			stroke: shade(color, -0.3),
			'stroke-width': w * 0.085,
			'stroke-linecap': 'round',
		}),
		el('path', {
			d: handle,
			fill: 'none',
			stroke: shade(color, 0.05),
			'stroke-width': w * 0.05,
			'stroke-linecap': 'round',
			transform: `translate(-2 -3)`,
		}),
		el('path', { d: bowl, fill: cylinderFill(p, color, 0.8) }),
		el('ellipse', { cx, cy: rimY, rx, ry, fill: shade(color, 0.1) }),
		el('ellipse', {
			cx,
			cy: rimY + ry * 0.08,
			rx: rx * 0.9,
			ry: ry * 0.78,
			fill: p.radial([
				[0, shade(coffee, 0.1)],
				[0.8, coffee],
				[1, shade(coffee, -0.45)],
			]),
		}),
		latteArt(cx, rimY + ry * 0.1, rx * 0.7, art, ry / rx),
	)
	return parts.join('')
}

/** Gentle steam wisps rising from `x, y`. */
export function steam(p: Painter, x: number, y: number, height: number): string {
	const { rng } = p
	let d = ''
	for (let i = 0; i < 3; i++) {
		const pts: Pt[] = []
		const x0 = x + (i - 1) * height * 0.12
		for (let k = 0; k <= 5; k++)
			pts.push([x0 + Math.sin(k * 1.3 + i * 2) * height * 0.07 + rng.spread(0, height * 0.02), y - (k / 5) * height])
		d += smoothPath(pts, false)
	}
	return [28, 16, 8]
		.map((wd, i) =>
			el('path', {
				d,
				fill: 'none',
				stroke: '#ffffff',
				'stroke-width': wd * height * 0.004,
				'stroke-linecap': 'round',
				opacity: [0.06, 0.08, 0.12][i],
			}),
		)
		.join('')
}
