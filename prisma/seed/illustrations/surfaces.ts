/**
 * Backgrounds: table tops and cloths seen from above (flat lays), the
 * out-of-focus café backdrop and table front for eye-level scenes, and the
 * photographic finish applied last to every image.
 */
import { el, ellipsePath, group, num, shade, smoothPath, vary, type Painter, type Pt } from './core.js'

export type WoodTone = 'walnut' | 'oak' | 'honey' | 'dark'

export const woodTones: Record<WoodTone, readonly string[]> = {
	walnut: ['#6a4127', '#5d381f', '#74492b', '#654026'],
	oak: ['#b78856', '#aa7b4b', '#c09262', '#b08252'],
	honey: ['#a5693a', '#9a5f33', '#b07442', '#a06538'],
	dark: ['#46291a', '#3e2416', '#4f301e', '#432818'],
}

// ---------------------------------------------------------------------------
// Flat-lay surfaces (seen from above)
// ---------------------------------------------------------------------------

/** Wooden table top made of planks with grain lines, seams and a knot or two. */
export function woodTable(
	p: Painter,
	tone: WoodTone = 'walnut',
	opts: { vertical?: boolean; plank?: number } = {},
): string {
	const { rng } = p
	const vertical = opts.vertical ?? false
	const length = vertical ? p.height : p.width
	const across = vertical ? p.width : p.height
	const colors = woodTones[tone]
	const plank = opts.plank ?? across / 4.2
	const parts: string[] = []
	let y = -rng.range(0, plank * 0.6)
	let index = 0
	while (y < across) {
		const h = plank * rng.range(0.85, 1.15)
		const base = vary(rng, colors[index % colors.length] ?? '#6a4127', 0.06)
		parts.push(el('rect', { x: 0, y, width: length, height: h, fill: base }))
		// Grain: long gently wavy lines following the plank.
		const lines = rng.int(3, 5)
		let grain = ''
		for (let g = 0; g < lines; g++) {
			const gy = y + rng.range(0.05, 0.95) * h
			const pts: Pt[] = []
			for (let x = -100; x <= length + 100; x += rng.range(160, 260)) pts.push([x, gy + rng.spread(0, h * 0.05)])
			grain += smoothPath(pts, false)
		}
		parts.push(el('path', { d: grain, fill: 'none', stroke: shade(base, -0.35), 'stroke-width': 2, opacity: 0.2 }))
		if (rng.chance(0.4)) {
			const kx = rng.range(0.1, 0.9) * length
			const ky = y + h * rng.range(0.3, 0.7)
			const rings = [1, 0.72, 0.45, 0.22].map((s) => ellipsePath(kx, ky, 46 * s, 15 * s)).join('')
			parts.push(el('path', { d: rings, fill: 'none', stroke: shade(base, -0.4), 'stroke-width': 3, opacity: 0.4 }))
		}
		// Seam between planks.
		parts.push(el('rect', { x: 0, y: y + h - 3, width: length, height: 4, fill: '#1d0e05', opacity: 0.55 }))
		parts.push(el('rect', { x: 0, y: y + h + 1, width: length, height: 2, fill: '#fff2dc', opacity: 0.12 }))
		y += h
		index++
	}
	const planks = parts.join('')
	const grainOverlay = el('rect', {
		width: p.width,
		height: p.height,
		fill: p.texture(vertical ? 'woodV' : 'wood'),
		opacity: 0.6,
	})
	return (vertical ? group({ transform: `translate(${p.width} 0) rotate(90)` }, planks) : planks) + grainOverlay
}

/** Linen tablecloth with a soft fold or two. */
export function linen(p: Painter, color = '#efe4d2'): string {
	const { rng } = p
	const parts = [el('rect', { width: p.width, height: p.height, fill: color })]
	parts.push(el('rect', { width: p.width, height: p.height, fill: p.texture('weave'), opacity: 0.35 }))
	parts.push(el('rect', { width: p.width, height: p.height, fill: p.texture('mottle'), opacity: 0.12 }))
	for (let i = 0; i < 2; i++) {
		const x = rng.range(0.2, 0.8) * p.width
		const fold = p.linear(
			[
				[0, '#000000', 0],
				[0.45, '#3a2412', 0.1],
				[0.5, '#ffffff', 0.14],
				[1, '#ffffff', 0],
			],
			0,
			0,
			1,
			0,
		)
		parts.push(
			el('rect', {
				x: x - 160,
				y: -400,
				width: 320,
				height: p.height + 800,
				fill: fold,
				transform: `rotate(${num(rng.spread(20, 12))} ${num(x)} ${num(p.height / 2)})`,
			}),
		)
	}
	return parts.join('')
}

/** Saltillo-style terracotta floor/counter tiles. */
export function terracottaTiles(p: Painter, size = 300): string {
	const { rng } = p
	const colors = ['#b75b3b', '#c06844', '#aa5234', '#b9613e']
	const parts = [el('rect', { width: p.width, height: p.height, fill: '#d9c3a5' })]
	const tileFill = p.radial([
		[0, '#ffe2c4', 0.16],
		[1, '#3a1608', 0.2],
	])
	const ox = -rng.range(0, size * 0.5)
	const oy = -rng.range(0, size * 0.5)
	for (let y = oy; y < p.height; y += size) {
		for (let x = ox; x < p.width; x += size) {
			const c = vary(rng, rng.pick(colors), 0.07)
			const rect = { x: x + 7, y: y + 7, width: size - 14, height: size - 14, rx: 16 }
			parts.push(el('rect', { ...rect, fill: c }), el('rect', { ...rect, fill: tileFill }))
		}
	}
	parts.push(el('rect', { width: p.width, height: p.height, fill: p.texture('mottle'), opacity: 0.3 }))
	parts.push(el('rect', { width: p.width, height: p.height, fill: p.texture('speckle'), opacity: 0.4 }))
	return parts.join('')
}

/** Warm white marble with soft grey-beige veins. */
export function marble(p: Painter): string {
	const { rng } = p
	const parts = [
		el('rect', {
			width: p.width,
			height: p.height,
			fill: p.linear(
				[
					[0, '#f6f1ea'],
					[1, '#e9e1d6'],
				],
				0,
				0,
				1,
				1,
			),
		}),
		el('rect', { width: p.width, height: p.height, fill: p.texture('mottle'), opacity: 0.12 }),
	]
	let soft = ''
	let sharp = ''
	for (let i = 0; i < 6; i++) {
		const pts: Pt[] = []
		let x = rng.range(-200, p.width)
		let y = -50
		while (y < p.height + 50) {
			pts.push([x, y])
			x += rng.spread(60, 140)
			y += rng.range(90, 170)
		}
		const d = smoothPath(pts, false)
		if (i < 3) soft += d
		else sharp += d
	}
	for (const width of [40, 26, 14])
		parts.push(
			el('path', {
				d: soft,
				fill: 'none',
				stroke: '#a8998a',
				'stroke-width': width,
				'stroke-linecap': 'round',
				opacity: 0.07,
			}),
		)
	parts.push(el('path', { d: sharp, fill: 'none', stroke: '#9b8b7b', 'stroke-width': 2, opacity: 0.35 }))
	return parts.join('')
}

// ---------------------------------------------------------------------------
// Eye-level scenes: softly blurred café backdrop and a table front
// ---------------------------------------------------------------------------

/** Warm, out-of-focus café interior above `horizon`: wall gradient plus bokeh lights. */
export function bokehBackdrop(
	p: Painter,
	horizon: number,
	opts: { wall?: string; lights?: number; warmth?: number } = {},
): string {
	const { rng } = p
	const wall = opts.wall ?? '#7a4a2c'
	const parts = [
		el('rect', {
			width: p.width,
			height: horizon + 40,
			fill: p.linear([
				[0, shade(wall, -0.25)],
				[0.7, wall],
				[1, shade(wall, 0.15)],
			]),
		}),
		// A bright window glow on one side.
		el('ellipse', {
			cx: p.width * 0.2,
			cy: horizon * 0.45,
			rx: p.width * 0.4,
			ry: horizon * 0.8,
			fill: p.radial([
				[0, '#ffd89a', 0.5],
				[1, '#ffd89a', 0],
			]),
		}),
	]
	const colors = ['#ffcf7a', '#ffb857', '#ffe7b0', '#f79b4a']
	const count = opts.lights ?? 26
	for (let i = 0; i < count; i++) {
		const c = rng.pick(colors)
		const r = rng.range(24, 90)
		const fill = p.radial([
			[0, c, 0.55],
			[0.75, c, 0.42],
			[0.92, c, 0.22],
			[1, c, 0],
		])
		parts.push(
			el('circle', {
				cx: rng.range(0, p.width),
				cy: rng.range(horizon * 0.05, horizon * 0.95),
				r,
				fill,
				opacity: rng.range(0.25, 0.7),
			}),
		)
	}
	return parts.join('')
}

/** Wooden table surface from `horizon` down to the bottom edge, with receding planks. */
export function tableFront(p: Painter, horizon: number, tone: WoodTone = 'honey'): string {
	const colors = woodTones[tone]
	const parts: string[] = []
	const base = colors[0] ?? '#a5693a'
	parts.push(
		el('rect', {
			x: 0,
			y: horizon,
			width: p.width,
			height: p.height - horizon,
			fill: p.linear([
				[0, shade(base, 0.05)],
				[1, shade(base, -0.12)],
			]),
		}),
	)
	let y = horizon
	let h = (p.height - horizon) * 0.12
	let i = 0
	const seams: string[] = []
	while (y < p.height) {
		parts.push(
			el('rect', {
				x: 0,
				y,
				width: p.width,
				height: h,
				fill: vary(p.rng, colors[i % colors.length] ?? base, 0.05),
				opacity: 0.55,
			}),
		)
		seams.push(`M0 ${num(y)}H${num(p.width)}`)
		y += h
		h *= 1.45
		i++
	}
	parts.push(
		el('rect', { x: 0, y: horizon, width: p.width, height: p.height - horizon, fill: p.texture('wood'), opacity: 0.4 }),
	)
	parts.push(el('path', { d: seams.join(''), stroke: '#1d0e05', 'stroke-width': 3, opacity: 0.5 }))
	// Far edge of the table catches the light.
	parts.push(el('rect', { x: 0, y: horizon, width: p.width, height: 6, fill: '#ffe9c7', opacity: 0.35 }))
	parts.push(
		el('rect', {
			x: 0,
			y: horizon + 6,
			width: p.width,
			height: 60,
			fill: p.linear([
				[0, '#1d0e05', 0.25],
				[1, '#1d0e05', 0],
			]),
		}),
	)
	return parts.join('')
}

/** Eye-level café setting: out-of-focus wall with bokeh above `horizon`, wooden table below. */
export function cafeSetting(p: Painter, horizon: number, wall = '#7a4a2c', tone: WoodTone = 'honey'): string {
	return bokehBackdrop(p, horizon, { wall }) + tableFront(p, horizon, tone)
}

// ---------------------------------------------------------------------------
// Final photographic finish
// ---------------------------------------------------------------------------

export interface FinishOptions {
	/** Strength of the key light and vignette (0..1, default 1). */
	light?: number
	/** Film-grain overlay strength. */
	grain?: number
}

/**
 * Photographic finish over the whole frame: warm key light from the top-left,
 * vignette and fine grain. The light map is a small raster stretched over the
 * frame, much faster in librsvg than full-frame gradients.
 */
export function finish(p: Painter, opts: FinishOptions = {}): string {
	const { light = 1, grain = 0.06 } = opts
	return [
		p.stretched('lightmap', 0, 0, p.width, p.height, light),
		el('rect', { width: p.width, height: p.height, fill: p.texture('grain'), opacity: grain }),
	].join('')
}
