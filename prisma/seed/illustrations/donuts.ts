/**
 * Donuts: ring donuts with glazes and toppings, and sugar-rolled filled
 * donuts. Flat-lay compositions seen from above.
 */
import { TAU, el, ellipsePath, group, num, polar, shade, smoothPath, type Painter, type Pt } from './core.js'
import {
	cinnamonStick,
	contactShadow,
	domeShading,
	dotsPath,
	dust,
	finish,
	glint,
	jimmies,
	linen,
	marble,
	napkin,
	organic,
	palette,
	parchment,
	plate,
	ramekin,
	textured,
	woodTable,
} from './kit.js'
import { truffle } from './brazilian.js'

// ---------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------

export interface DonutStyle {
	/** Glaze colour; omit for an unglazed (sugar-rolled) ring. */
	glaze?: string
	/** Coating of sugar crystals and/or cinnamon over the dough or glaze. */
	coating?: 'sugar' | 'cinnamon-sugar' | 'cinnamon-dust'
	/** Zig-zag drizzle colour. */
	drizzle?: string
	/** Sprinkle colours. */
	sprinkles?: readonly string[]
}

function ringShading(p: Painter, d: string): string {
	const fill = p.radial([
		[0, '#1e0d04', 0],
		[0.3, '#1e0d04', 0.45],
		[0.42, '#1e0d04', 0.05],
		[0.52, '#fff6e6', 0.12],
		[0.75, '#1e0d04', 0],
		[0.92, '#1e0d04', 0.22],
		[1, '#1e0d04', 0.45],
	])
	const key = p.linear(
		[
			[0, '#fff6e6', 0.25],
			[0.5, '#fff6e6', 0],
			[1, '#1e0d04', 0.3],
		],
		0,
		0,
		1,
		1,
	)
	return el('path', { d, fill, 'fill-rule': 'evenodd' }) + el('path', { d, fill: key, 'fill-rule': 'evenodd' })
}

/** A zig-zag drizzle across a disc, e.g. icing or chocolate. */
function drizzle(p: Painter, cx: number, cy: number, r: number, color: string): string {
	const { rng } = p
	const pts: Pt[] = []
	const tilt = rng.range(-0.5, 0.5)
	for (let i = 0; i <= 7; i++) {
		const t = (i / 7) * 2 - 1
		const along = t * r * 0.95
		const across = (i % 2 === 0 ? -1 : 1) * r * Math.sqrt(Math.max(0, 1 - t * t)) * 0.95
		pts.push([
			cx + along * Math.cos(tilt) - across * Math.sin(tilt),
			cy + along * Math.sin(tilt) + across * Math.cos(tilt),
		])
	}
	const d = smoothPath(pts, false, 0.6)
	return [
		el('path', {
			d,
			fill: 'none',
			stroke: '#1e0d04',
			'stroke-width': r * 0.055,
			'stroke-linecap': 'round',
			opacity: 0.25,
			transform: 'translate(3 6)',
		}),
		el('path', { d, fill: 'none', stroke: color, 'stroke-width': r * 0.04, 'stroke-linecap': 'round' }),
		el('path', {
			d,
			fill: 'none',
			stroke: '#ffffff',
			'stroke-width': r * 0.012,
			'stroke-linecap': 'round',
			opacity: 0.45,
			transform: `translate(${num(-r * 0.01)} ${num(-r * 0.012)})`,
		}),
	].join('')
}

/** A yeast-raised ring donut with optional glaze and toppings. */
export function ringDonut(p: Painter, cx: number, cy: number, r: number, style: DonutStyle): string {
	const { rng } = p
	const hole = r * 0.28
	const dough = organic(p, cx, cy, r, r * 0.98, 0.03, 12) + organic(p, cx, cy, hole, hole, 0.08, 8)
	const parts = [
		contactShadow(p, cx + r * 0.08, cy + r * 0.15, r, r * 0.97, 0.28, 0.1),
		el('path', {
			d: dough,
			'fill-rule': 'evenodd',
			fill: p.radial([
				[0, '#5a2a0c'],
				[0.3, '#8d4a1a'],
				[0.45, '#d08a3e'],
				[0.7, '#dfa056'],
				[0.9, '#c07a33'],
				[1, '#8e4e1c'],
			]),
		}),
		textured(p, dough, 'crumb', 0.2),
	]
	if (style.glaze) {
		const outer: Pt[] = []
		const count = 22
		for (let i = 0; i < count; i++) {
			const a = (i / count) * TAU
			const drip = rng.chance(0.3) ? rng.range(0.04, 0.09) : 0
			outer.push(polar(cx, cy, r * (0.84 + drip + rng.spread(0, 0.02)), a))
		}
		const glazeD = smoothPath(outer) + organic(p, cx, cy, hole * 1.35, hole * 1.35, 0.06, 8)
		parts.push(
			el('path', {
				d: glazeD,
				'fill-rule': 'evenodd',
				fill: shade(style.glaze, -0.25),
				transform: 'translate(2 4)',
				opacity: 0.6,
			}),
			el('path', {
				d: glazeD,
				'fill-rule': 'evenodd',
				fill: p.radial([
					[0.3, shade(style.glaze, -0.1)],
					[0.55, shade(style.glaze, 0.1)],
					[1, style.glaze],
				]),
			}),
		)
		parts.push(ringShading(p, glazeD))
	} else {
		parts.push(ringShading(p, dough))
	}
	if (style.coating === 'sugar' || style.coating === 'cinnamon-sugar') {
		const crystals: Pt[] = []
		for (let i = 0; i < r * 3.2; i++) crystals.push(polar(cx, cy, rng.range(hole * 1.1, r * 0.97), rng.next() * TAU))
		if (style.coating === 'cinnamon-sugar') {
			const spice: Pt[] = []
			for (let i = 0; i < r * 2; i++) spice.push(polar(cx, cy, rng.range(hole * 1.1, r * 0.97), rng.next() * TAU))
			parts.push(el('path', { d: dotsPath(spice, (i) => 1.4 + (i % 3) * 0.7), fill: '#6d3210', opacity: 0.7 }))
		}
		parts.push(el('path', { d: dotsPath(crystals, (i) => 1.5 + (i % 4) * 0.6), fill: '#fffaf0', opacity: 0.9 }))
	}
	if (style.coating === 'cinnamon-dust') {
		const spice: Pt[] = []
		for (let i = 0; i < r * 1.6; i++)
			spice.push(polar(cx - r * 0.1, cy - r * 0.1, rng.range(hole * 1.3, r * 0.75), rng.next() * TAU))
		parts.push(el('path', { d: dotsPath(spice, (i) => 1.3 + (i % 3) * 0.9), fill: '#8a4a22', opacity: 0.75 }))
	}
	if (style.sprinkles) {
		const clip = p.clip(
			el('path', {
				d: organic(p, cx, cy, r * 0.84, r * 0.84, 0.02, 10) + ellipsePath(cx, cy, hole * 1.4),
				'clip-rule': 'evenodd',
			}),
		)
		parts.push(
			group(
				{ 'clip-path': clip },
				jimmies(p, cx, cy, r * 0.85, Math.round(r * 1.6), style.sprinkles, r * 0.075, r * 0.028, false),
			),
		)
	}
	if (style.drizzle) parts.push(drizzle(p, cx, cy, r * 0.86, style.drizzle))
	if (style.glaze) {
		const arc = `M${num(cx - r * 0.68)} ${num(cy - r * 0.22)}A${num(r * 0.72)} ${num(r * 0.72)} 0 0 1 ${num(cx - r * 0.2)} ${num(cy - r * 0.68)}`
		parts.push(
			el('path', {
				d: arc,
				fill: 'none',
				stroke: '#ffffff',
				'stroke-width': r * 0.07,
				'stroke-linecap': 'round',
				opacity: 0.25,
			}),
		)
		parts.push(
			el('path', {
				d: arc,
				fill: 'none',
				stroke: '#ffffff',
				'stroke-width': r * 0.03,
				'stroke-linecap': 'round',
				opacity: 0.5,
			}),
		)
	}
	return parts.join('')
}

/** A round, sugar-rolled filled donut with a swirl of dulce de leche on top. */
export function filledDonut(p: Painter, cx: number, cy: number, r: number): string {
	const { rng } = p
	const shape = organic(p, cx, cy, r, r * 0.97, 0.03, 12)
	const crystals: Pt[] = []
	for (let i = 0; i < r * 3.5; i++) crystals.push(polar(cx, cy, Math.sqrt(rng.next()) * r * 0.97, rng.next() * TAU))
	const dollop = organic(p, cx + r * 0.02, cy - r * 0.02, r * 0.3, r * 0.28, 0.12, 9)
	const swirl = `M${num(cx - r * 0.2)} ${num(cy)}C${num(cx - r * 0.2)} ${num(cy - r * 0.22)} ${num(cx + r * 0.2)} ${num(cy - r * 0.22)} ${num(cx + r * 0.18)} ${num(cy)}C${num(cx + r * 0.15)} ${num(cy + r * 0.14)} ${num(cx - r * 0.08)} ${num(cy + r * 0.12)} ${num(cx - r * 0.06)} ${num(cy - r * 0.02)}`
	return [
		contactShadow(p, cx + r * 0.08, cy + r * 0.15, r, r * 0.97, 0.5, 0.1),
		el('path', {
			d: shape,
			fill: p.radial(
				[
					[0, '#e9b268'],
					[0.55, '#d9954a'],
					[0.85, '#c0782f'],
					[1, '#f3e2c4'],
				],
				{ fx: 0.42, fy: 0.4 },
			),
		}),
		textured(p, shape, 'crumb', 0.15),
		domeShading(p, shape, 0.9, 0.25),
		el('path', { d: dotsPath(crystals, (i) => 1.5 + (i % 4) * 0.6), fill: '#fffaf0', opacity: 0.9 }),
		contactShadow(p, cx + r * 0.04, cy + r * 0.06, r * 0.3, r * 0.28, 0.45, 0.1),
		el('path', {
			d: dollop,
			fill: p.radial(
				[
					[0, '#c98a45'],
					[0.7, palette.dulce],
					[1, '#7a3c12'],
				],
				{ fx: 0.4, fy: 0.35 },
			),
		}),
		el('path', {
			d: swirl,
			fill: 'none',
			stroke: '#7a3c12',
			'stroke-width': r * 0.04,
			'stroke-linecap': 'round',
			opacity: 0.6,
		}),
		glint(p, cx - r * 0.1, cy - r * 0.14, r * 0.12, r * 0.05, -30, 0.8),
	].join('')
}

export const donutStyles = {
	churro: { coating: 'cinnamon-sugar', drizzle: '#3b1d0e' },
	guava: { glaze: '#e2607c', drizzle: '#fbf5ec' },
	horchata: { glaze: '#efe0c4', coating: 'cinnamon-dust' },
	brigadeiro: { glaze: '#4a2414', sprinkles: ['#2a140a', '#3d2012', '#5a321c', '#1f0e06'] },
} as const satisfies Record<string, DonutStyle>

/** A brigadeiro donut: chocolate glaze, sprinkles and a truffle on top. */
export function brigadeiroDonutPiece(p: Painter, cx: number, cy: number, r: number): string {
	return (
		ringDonut(p, cx, cy, r, donutStyles.brigadeiro) +
		truffle(p, cx + r * 0.45, cy - r * 0.4, r * 0.24, 'chocolate', null)
	)
}

/** A tall glass of horchata seen from above, dusted with cinnamon. */
function horchataGlass(p: Painter, cx: number, cy: number, r: number): string {
	return [
		contactShadow(p, cx + r * 0.1, cy + r * 0.18, r, r, 0.35, 0.12),
		el('circle', { cx, cy, r, fill: '#e9e4dc', opacity: 0.7 }),
		el('circle', {
			cx,
			cy,
			r: r * 0.88,
			fill: p.radial([
				[0, '#fbf6ec'],
				[1, '#e8dcc6'],
			]),
		}),
		dust(p, cx, cy, r * 0.6, r * 0.6, 60, '#9a5a2a', 1.8, 0.7),
		el('circle', { cx, cy, r: r * 0.94, fill: 'none', stroke: '#ffffff', 'stroke-width': r * 0.05, opacity: 0.6 }),
		el('path', {
			d: `M${num(cx + r * 0.2)} ${num(cy - r * 0.1)}L${num(cx + r * 1.5)} ${num(cy - r * 1.2)}`,
			stroke: '#c9503a',
			'stroke-width': r * 0.12,
			'stroke-linecap': 'round',
		}),
		el('path', {
			d: `M${num(cx + r * 0.2)} ${num(cy - r * 0.1)}L${num(cx + r * 1.5)} ${num(cy - r * 1.2)}`,
			stroke: '#ffffff',
			'stroke-width': r * 0.03,
			'stroke-linecap': 'round',
			opacity: 0.5,
			transform: 'translate(-3 -3)',
		}),
	].join('')
}

// ---------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------

export function dulceDeLecheDonut(p: Painter): string {
	return [
		woodTable(p, 'oak'),
		parchment(p, 760, 620, 1080, 820, 5),
		filledDonut(p, 560, 450, 230),
		filledDonut(p, 1000, 520, 230),
		filledDonut(p, 720, 860, 230),
		ramekin(p, 1330, 930, 140, palette.dulce, '#f5ede0'),
		finish(p),
	].join('')
}

export function churroDonut(p: Painter): string {
	return [
		terracottaBackdrop(p),
		ringDonut(p, 540, 480, 250, donutStyles.churro),
		ringDonut(p, 1070, 430, 250, donutStyles.churro),
		ringDonut(p, 820, 880, 250, donutStyles.churro),
		cinnamonStick(p, 1330, 920, 300, -30, 46),
		cinnamonStick(p, 1400, 860, 280, -38, 46),
		finish(p),
	].join('')
}

function terracottaBackdrop(p: Painter): string {
	return linen(p, '#e6d5bd') + napkin(p, 280, 240, 620, 520, -10, '#f0e7d8', palette.terracotta)
}

export function guavaCreamCheeseDonut(p: Painter): string {
	return [
		woodTable(p, 'walnut'),
		plate(p, 800, 610, 540, 'cream'),
		ringDonut(p, 640, 460, 220, donutStyles.guava),
		ringDonut(p, 990, 540, 220, donutStyles.guava),
		ringDonut(p, 740, 840, 220, donutStyles.guava),
		finish(p),
	].join('')
}

export function horchataGlazedDonut(p: Painter): string {
	return [
		linen(p, '#d9c7ad'),
		ringDonut(p, 560, 520, 250, donutStyles.horchata),
		ringDonut(p, 1000, 780, 250, donutStyles.horchata),
		horchataGlass(p, 1250, 300, 150),
		cinnamonStick(p, 420, 960, 300, 20, 46),
		dust(p, 800, 600, 600, 450, 120, '#8a4a22', 1.6, 0.5),
		finish(p),
	].join('')
}

export function brigadeiroDonut(p: Painter): string {
	return [
		marble(p),
		brigadeiroDonutPiece(p, 560, 470, 240),
		brigadeiroDonutPiece(p, 1060, 560, 240),
		brigadeiroDonutPiece(p, 700, 920, 240),
		jimmies(p, 800, 600, 760, 40, donutStyles.brigadeiro.sprinkles, 18, 7, false),
		finish(p, { light: 0.85 }),
	].join('')
}
