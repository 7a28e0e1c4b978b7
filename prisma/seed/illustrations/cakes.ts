/**
 * Whole cakes, shown at eye level on a café table: tres leches (a served
 * slice), chocolate brigadeiro cake, bolo de cenoura, passion fruit mousse
 * cake, chocoflan and a fruit-topped celebration cake.
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
import {
	cafeSetting,
	cakeStand,
	contactShadow,
	cupSide,
	cylinderFill,
	dotsPath,
	dust,
	finish,
	glint,
	mintLeaf,
	plateSide,
	strawberry,
	textured,
} from './kit.js'
import { truffle } from './brazilian.js'

// ---------------------------------------------------------------------------
// Geometry of a round cake seen from slightly above
// ---------------------------------------------------------------------------

/** A round cake: `top`/`bottom` are the y of the top and bottom ellipse centres. */
export interface Tier {
	cx: number
	top: number
	bottom: number
	rx: number
	ry: number
}

/** The visible side band of a cylinder between heights y1 (upper) and y2 (lower). */
function band(t: Tier, y1: number, y2: number): string {
	return `M${num(t.cx - t.rx)} ${num(y1)}A${num(t.rx)} ${num(t.ry)} 0 0 0 ${num(t.cx + t.rx)} ${num(y1)}V${num(y2)}A${num(t.rx)} ${num(t.ry)} 0 0 1 ${num(t.cx - t.rx)} ${num(y2)}Z`
}

/** The whole visible side of the cylinder. */
function side(t: Tier): string {
	return `M${num(t.cx - t.rx)} ${num(t.top)}V${num(t.bottom)}A${num(t.rx)} ${num(t.ry)} 0 0 0 ${num(t.cx + t.rx)} ${num(t.bottom)}V${num(t.top)}Z`
}

/** Point on the front of the cylinder's side at angle θ (0 = right edge, π/2 = front, π = left edge). */
function onSide(t: Tier, theta: number, y: number): Pt {
	return [t.cx + Math.cos(theta) * t.rx, y + Math.sin(theta) * t.ry]
}

/** Sprinkles (jimmies) on the side of the cake, foreshortened towards the edges. */
function sideSprinkles(
	p: Painter,
	t: Tier,
	count: number,
	colors: readonly string[],
	length: number,
	width: number,
): string {
	const { rng } = p
	const byColor = new Map<string, string>()
	for (let i = 0; i < count; i++) {
		const theta = rng.range(0.02, Math.PI - 0.02)
		const [x, y] = onSide(t, theta, rng.range(t.top + 4, t.bottom - 4))
		const a = rng.next() * TAU
		const fore = Math.sin(theta)
		const dx = Math.cos(a) * length * 0.5 * fore
		const dy = Math.sin(a) * length * 0.5
		const color = rng.pick(colors)
		byColor.set(color, `${byColor.get(color) ?? ''}M${num(x - dx)} ${num(y - dy)}L${num(x + dx)} ${num(y + dy)}`)
	}
	return [...byColor.entries()]
		.map(([color, d]) => el('path', { d, stroke: color, 'stroke-width': width, 'stroke-linecap': 'round' }))
		.join('')
}

/**
 * A poured glaze covering the top and running down the front in drips.
 * `depth` is how far the glaze reaches below the top edge between drips.
 */
function drippingGlaze(p: Painter, t: Tier, depth: number, drips: number, maxDrip: number): string {
	const { rng } = p
	const bumps = Array.from({ length: drips }, () => ({
		at: rng.range(0.05, Math.PI - 0.05),
		width: rng.range(0.05, 0.1),
		length: rng.range(0.25, 1) * maxDrip,
	}))
	const pts: Pt[] = []
	const steps = 120
	for (let i = 0; i <= steps; i++) {
		const theta = (i / steps) * Math.PI
		let drop = depth
		for (const b of bumps) {
			const u = (theta - b.at) / b.width
			if (Math.abs(u) < 1) drop += b.length * Math.sqrt(1 - u * u) * Math.sin(theta)
		}
		pts.push(onSide(t, theta, t.top + drop))
	}
	return `M${num(t.cx - t.rx)} ${num(t.top)}A${num(t.rx)} ${num(t.ry)} 0 0 1 ${num(t.cx + t.rx)} ${num(t.top)}L${pts.map(([x, y]) => `${num(x)} ${num(y)}`).join('L')}Z`
}

/** Ellipse-top fill with a soft sheen. */
function topFill(p: Painter, color: string): string {
	return p.radial(
		[
			[0, shade(color, 0.18)],
			[0.7, color],
			[1, shade(color, -0.12)],
		],
		{ cx: 0.45, cy: 0.4, r: 0.65 },
	)
}

/** Items standing on an ellipse surface, painted back to front. */
function ringOfSpots(t: Tier, count: number, scale: number, offset = 0): Pt[] {
	const spots: Pt[] = []
	for (let i = 0; i < count; i++) {
		const a = (i / count) * TAU + offset
		spots.push([t.cx + Math.cos(a) * t.rx * scale, t.top + Math.sin(a) * t.ry * scale])
	}
	return spots.sort((a, b) => a[1] - b[1])
}

// ---------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------

export function brigadeiroCake(p: Painter): string {
	const t: Tier = { cx: 800, top: 500, bottom: 820, rx: 380, ry: 92 }
	const chocolate = '#4a2515'
	const sprinkleColors = ['#2a140a', '#3d2012', '#5a321c', '#1f0e06']
	const parts = [cafeSetting(p, 600), cakeStand(p, t.cx, t.bottom + 8, 470, 112)]
	parts.push(el('path', { d: side(t), fill: cylinderFill(p, chocolate) }))
	parts.push(sideSprinkles(p, t, 1400, sprinkleColors, 14, 5))
	parts.push(
		el('path', {
			d: side(t),
			fill: p.linear(
				[
					[0, '#000', 0.35],
					[0.25, '#000', 0],
					[0.75, '#000', 0],
					[1, '#000', 0.45],
				],
				0,
				0,
				1,
				0,
			),
		}),
	)
	parts.push(el('ellipse', { cx: t.cx, cy: t.top, rx: t.rx, ry: t.ry, fill: topFill(p, '#5a2e18') }))
	parts.push(
		el('ellipse', {
			cx: t.cx,
			cy: t.top,
			rx: t.rx * 0.98,
			ry: t.ry * 0.95,
			fill: 'none',
			stroke: '#2a140a',
			'stroke-width': 10,
			'stroke-dasharray': '3 7',
			opacity: 0.8,
		}),
	)
	parts.push(glint(p, t.cx - 120, t.top - 20, 130, 16, -4, 0.35))
	for (const [x, y] of ringOfSpots(t, 12, 0.8, 0.2)) parts.push(truffle(p, x, y - 30, 46, 'chocolate', null))
	parts.push(truffle(p, t.cx, t.top - 34, 52, 'chocolate', null))
	parts.push(cupSide(p, 1380, 930, 190, { color: '#2f5d8a', art: 'none', coffee: '#4a2614' }))
	parts.push(finish(p))
	return parts.join('')
}

export function boloDeCenoura(p: Painter): string {
	const t: Tier = { cx: 760, top: 610, bottom: 880, rx: 390, ry: 98 }
	const orange = '#ec9a2c'
	const hole = { rx: t.rx * 0.27, ry: t.ry * 0.27 }
	const parts = [cafeSetting(p, 560, '#6e4a30', 'oak'), plateSide(p, t.cx, t.bottom + 10, 520, 135, '#f2ede4')]
	parts.push(el('path', { d: side(t), fill: cylinderFill(p, orange, 0.9) }))
	parts.push(textured(p, side(t), 'crumb', 0.25))
	const glaze = drippingGlaze(p, t, 36, 13, 150)
	parts.push(el('path', { d: glaze, fill: cylinderFill(p, '#3a1b0d', 0.7) }))
	parts.push(el('ellipse', { cx: t.cx, cy: t.top, rx: t.rx, ry: t.ry, fill: topFill(p, '#3f1f10') }))
	parts.push(el('path', { d: ellipsePath(t.cx, t.top + 4, hole.rx, hole.ry), fill: '#140802' }))
	parts.push(
		el('path', {
			d: `M${num(t.cx - hole.rx)} ${num(t.top + 4)}A${num(hole.rx)} ${num(hole.ry)} 0 0 0 ${num(t.cx + hole.rx)} ${num(t.top + 4)}`,
			fill: 'none',
			stroke: '#5a2e18',
			'stroke-width': 6,
		}),
	)
	parts.push(glint(p, t.cx - 170, t.top - 30, 110, 14, -6, 0.45), glint(p, t.cx + 160, t.top + 40, 60, 8, 8, 0.3))
	// Glossy highlights running down the drips.
	for (let i = 0; i < 6; i++) {
		const [x, y] = onSide(t, 2.4 - i * 0.28, t.top + 60)
		parts.push(
			el('path', {
				d: `M${num(x)} ${num(y)}v40`,
				stroke: '#ffffff',
				'stroke-width': 4,
				'stroke-linecap': 'round',
				opacity: 0.25,
			}),
		)
	}
	parts.push(cupSide(p, 1330, 900, 170, { color: '#f4efe6', art: 'none', coffee: '#3a1d0e' }))
	parts.push(finish(p))
	return parts.join('')
}

/** Half a passion fruit, cut face up, seen at an angle. */
function passionFruitHalf(p: Painter, x: number, y: number, r: number): string {
	const { rng } = p
	const seeds: Pt[] = []
	for (let i = 0; i < 40; i++) {
		const [sx, sy] = polar(0, 0, Math.sqrt(rng.next()) * r * 0.7, rng.next() * TAU)
		seeds.push([x + sx, y + sy * 0.45])
	}
	return [
		contactShadow(p, x + r * 0.05, y + r * 0.45, r * 1.05, r * 0.4, 0.5, 0.15),
		el('path', {
			d: `M${num(x - r)} ${num(y)}A${num(r)} ${num(r * 0.85)} 0 0 0 ${num(x + r)} ${num(y)}Z`,
			fill: p.radial(
				[
					[0, '#8a3f6e'],
					[0.7, '#5c2149'],
					[1, '#3a1230'],
				],
				{ fx: 0.35, fy: 0.2 },
			),
		}),
		dust(p, x, y + r * 0.4, r * 0.8, r * 0.3, 30, '#c9a0bf', 1.6, 0.5),
		el('ellipse', { cx: x, cy: y, rx: r, ry: r * 0.45, fill: '#f3e6c8' }),
		el('ellipse', {
			cx: x,
			cy: y + 2,
			rx: r * 0.86,
			ry: r * 0.38,
			fill: p.radial([
				[0, '#ffc43d'],
				[1, '#e38a0e'],
			]),
		}),
		el('path', { d: dotsPath(seeds, r * 0.045), fill: '#1d1208' }),
		glint(p, x - r * 0.3, y - r * 0.08, r * 0.3, r * 0.07, -4, 0.6),
	].join('')
}

export function passionFruitMousseCake(p: Painter): string {
	const { rng } = p
	const t: Tier = { cx: 760, top: 520, bottom: 820, rx: 380, ry: 92 }
	const parts = [cafeSetting(p, 600, '#6f5636'), cakeStand(p, t.cx, t.bottom + 8, 470, 112)]
	parts.push(el('path', { d: side(t), fill: cylinderFill(p, '#f7e4ab', 0.6) }))
	parts.push(el('path', { d: band(t, t.bottom - 62, t.bottom), fill: cylinderFill(p, '#d9a75a', 0.8) }))
	parts.push(textured(p, band(t, t.bottom - 62, t.bottom), 'crumb', 0.35))
	parts.push(el('path', { d: band(t, t.top, t.top + 22), fill: cylinderFill(p, '#f2a81d', 0.6) }))
	parts.push(el('ellipse', { cx: t.cx, cy: t.top, rx: t.rx, ry: t.ry, fill: topFill(p, '#f4b21f') }))
	const seeds: Pt[] = []
	const pulp: Pt[] = []
	for (let i = 0; i < 90; i++) {
		const [sx, sy] = polar(0, 0, Math.sqrt(rng.next()) * 0.9, rng.next() * TAU)
		const pt: Pt = [t.cx + sx * t.rx, t.top + sy * t.ry]
		pulp.push(pt)
		seeds.push([pt[0] + 1, pt[1] - 1])
	}
	parts.push(el('path', { d: dotsPath(pulp, 11), fill: '#e58c12', opacity: 0.7 }))
	parts.push(el('path', { d: dotsPath(seeds, 5.5), fill: '#1d1208' }))
	parts.push(glint(p, t.cx - 140, t.top - 22, 150, 18, -3, 0.5))
	parts.push(passionFruitHalf(p, 1340, 950, 120), passionFruitHalf(p, 1180, 1040, 105))
	for (const [x, y, a] of [
		[560, 470, -20],
		[600, 455, 30],
	] as const)
		parts.push(mintLeaf(p, x, y, 60, a))
	parts.push(finish(p))
	return parts.join('')
}

export function chocoflan(p: Painter): string {
	const t: Tier = { cx: 780, top: 620, bottom: 880, rx: 390, ry: 98 }
	const hole = { rx: t.rx * 0.27, ry: t.ry * 0.27 }
	const flanDepth = 110
	const parts = [cafeSetting(p, 560, '#704630', 'walnut'), plateSide(p, t.cx, t.bottom + 10, 540, 140, '#f1ece3')]
	// Caramel pooling around the base.
	parts.push(
		el('ellipse', {
			cx: t.cx,
			cy: t.bottom + 6,
			rx: t.rx + 80,
			ry: t.ry + 26,
			fill: p.radial([
				[0, '#8a3d0c'],
				[0.8, '#b0561a'],
				[1, '#c8722a'],
			]),
		}),
	)
	parts.push(glint(p, t.cx + 300, t.bottom + 60, 80, 8, 4, 0.5))
	parts.push(el('path', { d: side(t), fill: cylinderFill(p, '#3b1c10', 0.7) }))
	parts.push(textured(p, side(t), 'crumb', 0.3))
	parts.push(el('path', { d: band(t, t.top, t.top + flanDepth), fill: cylinderFill(p, '#eeb148', 0.7) }))
	parts.push(el('path', { d: band(t, t.top + flanDepth - 6, t.top + flanDepth + 4), fill: '#8a4a1c', opacity: 0.5 }))
	const glaze = drippingGlaze(p, t, 14, 14, 190)
	parts.push(el('path', { d: glaze, fill: '#b55a14', opacity: 0.75 }))
	parts.push(el('ellipse', { cx: t.cx, cy: t.top, rx: t.rx, ry: t.ry, fill: topFill(p, '#b8601a') }))
	parts.push(el('path', { d: ellipsePath(t.cx, t.top + 4, hole.rx, hole.ry), fill: '#1e0b03' }))
	parts.push(glint(p, t.cx - 160, t.top - 30, 120, 14, -6, 0.55), glint(p, t.cx + 150, t.top + 45, 60, 7, 8, 0.35))
	for (let i = 0; i < 7; i++) {
		const [x, y] = onSide(t, 2.5 - i * 0.3, t.top + 40)
		parts.push(
			el('path', {
				d: `M${num(x)} ${num(y)}v${30 + (i % 3) * 20}`,
				stroke: '#ffe2b0',
				'stroke-width': 4,
				'stroke-linecap': 'round',
				opacity: 0.3,
			}),
		)
	}
	parts.push(finish(p))
	return parts.join('')
}

/** One layer of a cake slice seen as a box: front face, right face and its top edge line. */
interface SliceGeometry {
	x0: number
	x1: number
	dx: number
	dy: number
}

function sliceLayer(g: SliceGeometry, yTop: number, yBottom: number, front: string, sideColor: string): string {
	const { x0, x1, dx, dy } = g
	const frontFace = polyPath([
		[x0, yTop],
		[x1, yTop],
		[x1, yBottom],
		[x0, yBottom],
	])
	const rightFace = polyPath([
		[x1, yTop],
		[x1 + dx, yTop + dy],
		[x1 + dx, yBottom + dy],
		[x1, yBottom],
	])
	return el('path', { d: frontFace, fill: front }) + el('path', { d: rightFace, fill: sideColor })
}

export function tresLechesCake(p: Painter): string {
	const { rng } = p
	const parts = [cafeSetting(p, 500, '#7a5034', 'oak'), plateSide(p, 780, 900, 540, 150, '#f3eee6')]
	// Pool of sweet milk around the slice.
	parts.push(
		el('ellipse', {
			cx: 800,
			cy: 905,
			rx: 400,
			ry: 100,
			fill: p.radial([
				[0, '#f3e3c0'],
				[0.8, '#efd9ad'],
				[0.95, '#e2c48c'],
				[1, '#d8b67a'],
			]),
		}),
	)
	parts.push(glint(p, 560, 940, 140, 10, 2, 0.7), glint(p, 1060, 890, 80, 7, -3, 0.6))
	const g: SliceGeometry = { x0: 540, x1: 940, dx: 150, dy: -120 }
	const yb = 900
	const spongeTop = 690
	const yt = 600
	const { x0, x1, dx, dy } = g
	const sponge = '#f4dc9c'
	parts.push(contactShadow(p, x0 + 270, yb + 6, 330, 36, 0.4, 0.2))
	parts.push(
		sliceLayer(
			g,
			spongeTop,
			yb,
			p.linear([
				[0, shade(sponge, 0.12)],
				[0.6, sponge],
				[1, '#dcb267'],
			]),
			p.linear([
				[0, '#d9b977'],
				[1, '#c09a55'],
			]),
		),
	)
	const crumbFaces = polyPath([
		[x0, spongeTop],
		[x1, spongeTop],
		[x1 + dx, spongeTop + dy],
		[x1 + dx, yb + dy],
		[x1, yb],
		[x0, yb],
	])
	parts.push(textured(p, crumbFaces, 'crumb', 0.22))
	const pores: Pt[] = []
	for (let i = 0; i < 120; i++) pores.push([rng.range(x0 + 8, x1 - 8), rng.range(spongeTop + 10, yb - 8)])
	parts.push(el('path', { d: dotsPath(pores, (i) => 1.5 + (i % 4)), fill: '#d6a85c', opacity: 0.45 }))
	// Milk-soaked base, darker and glistening.
	parts.push(
		el('path', {
			d: polyPath([
				[x0, yb - 60],
				[x1, yb - 60],
				[x1 + dx, yb + dy - 60],
				[x1 + dx, yb + dy],
				[x1, yb],
				[x0, yb],
			]),
			fill: p.linear([
				[0, '#e2bf7c', 0],
				[1, '#d9b06a', 0.7],
			]),
		}),
	)
	parts.push(
		el('path', {
			d: `M${x0 + 20} ${yb - 14}H${x1 - 30}`,
			stroke: '#fff6e0',
			'stroke-width': 4,
			'stroke-linecap': 'round',
			opacity: 0.5,
		}),
	)
	// Whipped cream: front and side faces, then a billowy top.
	parts.push(
		sliceLayer(
			g,
			yt,
			spongeTop,
			p.linear([
				[0, '#fffdf8'],
				[1, '#efe6d6'],
			]),
			'#e3d9c8',
		),
	)
	const top: Pt[] = []
	for (let i = 0; i <= 6; i++) top.push([x0 + (i / 6) * (x1 - x0), yt - (i % 2 === 1 ? rng.range(6, 12) : 0)])
	for (let i = 1; i <= 2; i++) top.push([x1 + (i / 2) * dx, yt + (i / 2) * dy - (i === 1 ? rng.range(4, 10) : 0)])
	for (let i = 1; i <= 6; i++) top.push([x1 + dx - (i / 6) * (x1 - x0), yt + dy - (i % 2 === 1 ? rng.range(6, 12) : 0)])
	top.push([x0 + dx / 2, yt + dy / 2])
	const topFace = smoothPath(top, true, 1)
	parts.push(
		el('path', {
			d: topFace,
			fill: p.linear([
				[0, '#f3ebde'],
				[1, '#fffcf6'],
			]),
		}),
	)
	let swirls = ''
	for (let i = 0; i < 6; i++) {
		const sx = rng.range(x0 + 40, x1 + dx - 80)
		const sy = yt + dy * rng.range(0.2, 0.8)
		swirls += `M${num(sx)} ${num(sy)}q30 -18 60 0`
	}
	parts.push(
		el('path', {
			d: swirls,
			fill: 'none',
			stroke: '#e1d5c2',
			'stroke-width': 4,
			'stroke-linecap': 'round',
			opacity: 0.8,
		}),
	)
	parts.push(dust(p, (x0 + x1 + dx) / 2, yt + dy / 2, (x1 - x0) * 0.5, 40, 320, '#8a4a22', 2, 0.7))
	parts.push(strawberry(p, x0 + 300, yt + dy / 2 - 30, 130, -25))
	parts.push(mintLeaf(p, x0 + 220, yt + dy / 2 - 10, 66, -150))
	// A dessert fork resting on the plate rim.
	parts.push(
		group({ transform: transform({ x: 330, y: 950, rotate: -10 }) }, [
			contactShadow(p, 0, 14, 200, 14, 0.35, 0.2),
			el('rect', {
				x: -170,
				y: -7,
				width: 240,
				height: 14,
				rx: 7,
				fill: p.linear([
					[0, '#f0ede8'],
					[1, '#a39e95'],
				]),
			}),
			el('rect', { x: 60, y: -22, width: 34, height: 44, rx: 12, fill: '#d9d5cd' }),
			el('path', {
				d: 'M80 -17H160M80 -6H160M80 6H160M80 17H160',
				stroke: '#d0ccc3',
				'stroke-width': 6,
				'stroke-linecap': 'round',
			}),
		]),
	)
	parts.push(finish(p))
	return parts.join('')
}

/** Kiwi slice seen at an angle. */
function kiwi(x: number, y: number, r: number, tilt: number): string {
	const seeds: Pt[] = []
	for (let i = 0; i < 14; i++) seeds.push(polar(0, 0, r * 0.45, (i / 14) * TAU))
	return group({ transform: transform({ x, y, rotate: tilt, sy: 1 }) }, [
		el('ellipse', { cx: 0, cy: 4, rx: r, ry: r * 0.55, fill: '#6b5a2a' }),
		el('ellipse', { cx: 0, cy: 0, rx: r, ry: r * 0.55, fill: '#7fb23a' }),
		el('ellipse', { cx: 0, cy: 0, rx: r * 0.8, ry: r * 0.44, fill: '#9fcb4f' }),
		el('ellipse', { cx: 0, cy: 0, rx: r * 0.22, ry: r * 0.12, fill: '#f3f0c8' }),
		el('path', {
			d: dotsPath(
				seeds.map(([sx, sy]) => [sx, sy * 0.55] as Pt),
				r * 0.04,
			),
			fill: '#1c1a0e',
		}),
	])
}

function blueberry(p: Painter, x: number, y: number, r: number): string {
	return (
		el('circle', {
			cx: x,
			cy: y,
			r,
			fill: p.radial(
				[
					[0, '#6a7fb8'],
					[0.6, '#33406e'],
					[1, '#1b2040'],
				],
				{ fx: 0.35, fy: 0.3 },
			),
		}) + el('circle', { cx: x + r * 0.1, cy: y - r * 0.2, r: r * 0.22, fill: '#2a2f4a' })
	)
}

function mangoCube(x: number, y: number, s: number): string {
	return [
		el('path', {
			d: polyPath([
				[x - s, y - s * 0.4],
				[x, y - s * 0.8],
				[x + s, y - s * 0.4],
				[x, y],
			]),
			fill: '#ffc531',
		}),
		el('path', {
			d: polyPath([
				[x - s, y - s * 0.4],
				[x, y],
				[x, y + s * 0.8],
				[x - s, y + s * 0.4],
			]),
			fill: '#f5a511',
		}),
		el('path', {
			d: polyPath([
				[x + s, y - s * 0.4],
				[x, y],
				[x, y + s * 0.8],
				[x + s, y + s * 0.4],
			]),
			fill: '#e08a0a',
		}),
	].join('')
}

export function celebrationCake(p: Painter): string {
	const { rng } = p
	const t: Tier = { cx: 800, top: 520, bottom: 830, rx: 380, ry: 92 }
	const frosting = '#f8f0e2'
	const parts = [cafeSetting(p, 620, '#7a5238'), cakeStand(p, t.cx, t.bottom + 8, 460, 110)]
	parts.push(el('path', { d: side(t), fill: cylinderFill(p, frosting, 0.5) }))
	// Spatula strokes in the buttercream.
	let strokes = ''
	for (let i = 0; i < 6; i++) {
		const y = t.top + 30 + i * 40 + rng.spread(0, 6)
		const a0 = rng.range(0.2, 1.2)
		const a1 = a0 + rng.range(0.8, 1.6)
		const [xa, ya] = onSide(t, a0, y)
		const [xb, yb] = onSide(t, a1, y)
		strokes += `M${num(xa)} ${num(ya)}A${num(t.rx)} ${num(t.ry)} 0 0 1 ${num(xb)} ${num(yb)}`
	}
	parts.push(el('path', { d: strokes, fill: 'none', stroke: '#ffffff', 'stroke-width': 5, opacity: 0.5 }))
	parts.push(
		el('path', {
			d: strokes,
			fill: 'none',
			stroke: '#d9ccb6',
			'stroke-width': 2,
			opacity: 0.5,
			transform: 'translate(0 5)',
		}),
	)
	// Piped shell border at the base and a strawberry-pink ribbon.
	parts.push(el('path', { d: band(t, t.bottom - 70, t.bottom - 52), fill: cylinderFill(p, '#f29bb0', 0.5) }))
	const shells: Pt[] = []
	for (let i = 0; i <= 26; i++) shells.push(onSide(t, (i / 26) * Math.PI, t.bottom - 8))
	parts.push(el('path', { d: dotsPath(shells, 15), fill: frosting, stroke: '#e2d5bf', 'stroke-width': 2 }))
	parts.push(el('ellipse', { cx: t.cx, cy: t.top, rx: t.rx, ry: t.ry, fill: topFill(p, '#fffaf2') }))
	parts.push(
		el('path', {
			d: `M${num(t.cx - t.rx)} ${num(t.top)}A${num(t.rx)} ${num(t.ry)} 0 0 0 ${num(t.cx + t.rx)} ${num(t.top)}`,
			fill: 'none',
			stroke: '#d9ccb6',
			'stroke-width': 4,
		}),
	)
	// Piped rosettes around the top edge (back half first; the front half goes over the fruit).
	const rosettes = ringOfSpots(t, 28, 0.93)
	const rosette = (x: number, y: number) =>
		el('circle', {
			cx: x,
			cy: y - 10,
			r: 22,
			fill: p.radial(
				[
					[0, '#ffffff'],
					[0.7, '#f6eee0'],
					[1, '#d8cbb4'],
				],
				{ fx: 0.4, fy: 0.35 },
			),
		}) +
		el('path', {
			d: `M${num(x - 12)} ${num(y - 10)}a12 9 0 1 1 12 9`,
			fill: 'none',
			stroke: '#e3d6c0',
			'stroke-width': 3,
		})
	for (const [x, y] of rosettes.filter(([, y]) => y <= t.top)) parts.push(rosette(x, y))
	// Fruit piled on top, painted back to front.
	const fruit: Array<{ x: number; y: number; draw: (x: number, y: number) => string }> = []
	for (let i = 0; i < 34; i++) {
		const [fx, fy] = polar(0, 0, Math.sqrt(rng.next()) * 0.72, rng.next() * TAU)
		const x = t.cx + fx * t.rx
		const y = t.top + fy * t.ry
		const kind = i % 4
		fruit.push({
			x,
			y,
			draw: (px, py) =>
				kind === 0
					? strawberry(p, px, py - 40, 110, rng.range(-40, 40))
					: kind === 1
						? kiwi(px, py - 22, 62, rng.range(-20, 20))
						: kind === 2
							? blueberry(p, px, py - 16, 22)
							: mangoCube(px, py - 18, 30),
		})
	}
	fruit.sort((a, b) => a.y - b.y)
	for (const f of fruit) parts.push(f.draw(f.x, f.y))
	for (const [x, y] of rosettes.filter(([, y]) => y > t.top)) parts.push(rosette(x, y))
	for (const [x, y, a] of [
		[t.cx - 60, t.top - 70, -30],
		[t.cx + 40, t.top - 80, 200],
	] as const)
		parts.push(mintLeaf(p, x, y, 70, a))
	parts.push(finish(p))
	return parts.join('')
}
