/**
 * Mexican pan dulce: conchas, churros, marranitos, orejas, empanadas de piña
 * and polvorones. Flat-lay compositions seen from above.
 */
import {
	TAU,
	el,
	ellipsePath,
	group,
	num,
	polar,
	shade,
	smoothPath,
	spiralPath,
	transform,
	type Painter,
	type Pt,
} from './core.js'
import {
	cinnamonStick,
	contactShadow,
	domeShading,
	dotsPath,
	dust,
	finish,
	glint,
	linen,
	napkin,
	organic,
	palette,
	parchment,
	plate,
	ramekin,
	segmentsPath,
	shapeShadow,
	terracottaTiles,
	textured,
	woodBoard,
	woodTable,
} from './kit.js'

// ---------------------------------------------------------------------------
// Pieces (reused by gallery scenes)
// ---------------------------------------------------------------------------

export type ConchaFlavor = 'pink' | 'vanilla' | 'chocolate'

const conchaToppings: Record<ConchaFlavor, string> = {
	pink: '#f3aebd',
	vanilla: '#f6e4bd',
	chocolate: '#6e3c22',
}

/** A concha: golden sweet bun with a shell-patterned sugar topping. */
export function concha(p: Painter, cx: number, cy: number, r: number, flavor: ConchaFlavor, rotate = 0): string {
	const { rng } = p
	const topping = conchaToppings[flavor]
	const bun = organic(p, 0, 0, r, r * 0.97, 0.03, 12)
	const top = organic(p, 0, r * 0.02, r * 0.9, r * 0.87, 0.04, 14)
	// Shell grooves fanning out from a point near the lower edge, scored by hand.
	const origin: Pt = [rng.spread(0, r * 0.05), r * 0.8]
	const grooves: string[] = []
	const fan = 9
	for (let i = 0; i < fan; i++) {
		const a = -Math.PI + (i + 0.5 + rng.spread(0, 0.15)) * (Math.PI / fan)
		const pts: Pt[] = [origin]
		for (let k = 1; k <= 4; k++)
			pts.push(polar(origin[0], origin[1], (r * 1.8 * k) / 4, a + 0.1 * Math.cos(a) * k + rng.spread(0, 0.025)))
		grooves.push(smoothPath(pts, false))
	}
	for (const k of [0.48, 0.98]) {
		const pts: Pt[] = []
		for (let j = 0; j <= 10; j++)
			pts.push(polar(origin[0], origin[1], r * k * (1 + rng.spread(0, 0.025)), Math.PI + (j / 10) * Math.PI))
		grooves.push(smoothPath(pts, false))
	}
	const grooveD = grooves.join('')
	const clip = p.clip(el('path', { d: top, transform: transform({ x: cx, y: cy, rotate }) }))
	const sugar: Pt[] = []
	for (let i = 0; i < 140; i++) sugar.push(polar(0, 0, Math.sqrt(rng.next()) * r * 0.85, rng.next() * TAU))
	const bunColor = '#cf8c42'
	return [
		contactShadow(p, cx + r * 0.1, cy + r * 0.18, r * 1.02, r, 0.5, 0.14),
		group({ transform: transform({ x: cx, y: cy, rotate }) }, [
			el('path', {
				d: bun,
				fill: p.radial(
					[
						[0, '#e7ad5e'],
						[0.75, bunColor],
						[1, '#94531f'],
					],
					{ fx: 0.4, fy: 0.35 },
				),
			}),
			el('path', {
				d: top,
				fill: p.radial(
					[
						[0, shade(topping, 0.18)],
						[0.7, topping],
						[1, shade(topping, -0.12)],
					],
					{ fx: 0.4, fy: 0.35 },
				),
			}),
			textured(p, top, 'mottle', flavor === 'chocolate' ? 0.3 : 0.14),
			textured(p, top, 'crumb', 0.12),
		]),
		group({ 'clip-path': clip }, [
			group({ transform: transform({ x: cx, y: cy, rotate }) }, [
				el('path', {
					d: grooveD,
					fill: 'none',
					stroke: shade(topping, -0.4),
					'stroke-width': r * 0.11,
					'stroke-linecap': 'round',
					'stroke-linejoin': 'round',
					opacity: 0.18,
				}),
				el('path', {
					d: grooveD,
					fill: 'none',
					stroke: shade(topping, -0.3),
					'stroke-width': r * 0.08,
					'stroke-linecap': 'round',
					opacity: 0.3,
				}),
				el('path', { d: grooveD, fill: 'none', stroke: bunColor, 'stroke-width': r * 0.05, 'stroke-linecap': 'round' }),
				el('path', {
					d: grooveD,
					fill: 'none',
					stroke: '#eab46a',
					'stroke-width': r * 0.02,
					'stroke-linecap': 'round',
					transform: `translate(${num(-r * 0.008)} ${num(-r * 0.01)})`,
				}),
				el('path', { d: dotsPath(sugar, r * 0.01), fill: '#fffaf0', opacity: flavor === 'chocolate' ? 0.35 : 0.7 }),
			]),
		]),
		group({ transform: transform({ x: cx, y: cy, rotate }) }, domeShading(p, bun, 1.1, 0.3)),
	].join('')
}

/** A ridged churro rolled in cinnamon sugar, lying along its angle. */
export function churro(p: Painter, cx: number, cy: number, length: number, angle: number, width = 64): string {
	const { rng } = p
	const half = length / 2
	const w = width / 2
	// Slightly irregular tube with star-cut ends.
	const top: Pt[] = []
	const bottom: Pt[] = []
	const steps = 10
	for (let i = 0; i <= steps; i++) {
		const x = -half + (i / steps) * length
		const bend = Math.sin((i / steps) * Math.PI) * width * 0.12
		top.push([x, -w + bend + rng.spread(0, 1.5)])
		bottom.push([x, w + bend + rng.spread(0, 1.5)])
	}
	const body = smoothPath([...top, [half + w * 0.25, w * 0.1], ...bottom.reverse(), [-half - w * 0.25, w * 0.1]])
	const ridges: string[] = []
	for (const t of [-0.62, -0.3, 0.02, 0.34, 0.64]) {
		const pts = top.map(([x, y], i) => [x, y + (((bottom[steps - i] ?? [x, y])[1] - y) * (t + 1)) / 2] as Pt)
		ridges.push(smoothPath(pts, false))
	}
	const ridgeD = ridges.join('')
	const sugar: Pt[] = []
	const cinnamon: Pt[] = []
	for (let i = 0; i < length * 0.7; i++) sugar.push([rng.range(-half, half), rng.spread(0, w * 0.9)])
	for (let i = 0; i < length * 0.25; i++) cinnamon.push([rng.range(-half, half), rng.spread(0, w * 0.9)])
	return group({ transform: transform({ x: cx, y: cy, rotate: angle }) }, [
		contactShadow(p, width * 0.1, width * 0.35, half * 1.02, w * 1.1, 0.5, 0.12),
		el('path', {
			d: body,
			fill: p.linear([
				[0, '#e7a351'],
				[0.35, '#cf8538'],
				[0.75, '#a85d22'],
				[1, '#7b3f15'],
			]),
		}),
		el('path', {
			d: ridgeD,
			fill: 'none',
			stroke: '#6e3510',
			'stroke-width': width * 0.07,
			'stroke-linecap': 'round',
			opacity: 0.55,
		}),
		el('path', {
			d: ridgeD,
			fill: 'none',
			stroke: '#f6c47c',
			'stroke-width': width * 0.035,
			'stroke-linecap': 'round',
			opacity: 0.75,
			transform: `translate(0 ${num(-width * 0.07)})`,
		}),
		textured(p, body, 'crumb', 0.25),
		el('path', { d: dotsPath(cinnamon, (i) => 1.2 + (i % 3) * 0.6), fill: '#6b3414', opacity: 0.65 }),
		el('path', { d: dotsPath(sugar, (i) => 1.1 + (i % 4) * 0.5), fill: '#fff8ec', opacity: 0.85 }),
	])
}

/** Side-view outline of a marranito (piggy cookie), about 300 × 210 units, centred. */
const pigShapes = {
	body: 'M-120 -10C-120 -80 -40 -92 30 -88C70 -86 96 -80 112 -70C140 -96 186 -84 196 -44C214 -44 226 -30 224 -10C222 8 208 18 192 16C180 46 140 58 110 52C96 78 70 80 60 58C20 64 -30 62 -60 56C-72 82 -104 80 -108 54C-126 40 -124 20 -120 -10Z',
	ear: 'M120 -74C126 -112 150 -124 168 -118C166 -98 156 -84 140 -72Z',
	tail: 'M-118 -18C-150 -30 -152 -58 -132 -60C-118 -60 -120 -40 -136 -40',
}

/** Piggy-shaped molasses cookie. */
export function marranito(p: Painter, cx: number, cy: number, scale: number, angle: number): string {
	const { rng } = p
	const dough = '#7a3f1b'
	const crumbs: Pt[] = []
	for (let i = 0; i < 40; i++) crumbs.push([rng.range(-100, 180), rng.range(-70, 40)])
	return group({ transform: transform({ x: cx, y: cy, rotate: angle, scale }) }, [
		shapeShadow(pigShapes.body + pigShapes.ear, { dx: 10, dy: 16, blur: 10, opacity: 0.45 }),
		el('path', {
			d: pigShapes.tail,
			fill: 'none',
			stroke: shade(dough, -0.2),
			'stroke-width': 14,
			'stroke-linecap': 'round',
		}),
		el('path', {
			d: pigShapes.body + pigShapes.ear,
			fill: shade(dough, -0.25),
			stroke: shade(dough, -0.25),
			'stroke-width': 10,
			'stroke-linejoin': 'round',
		}),
		el('path', {
			d: pigShapes.body,
			fill: p.radial(
				[
					[0, '#b06a35'],
					[0.6, '#8e4d22'],
					[1, '#6a3514'],
				],
				{ fx: 0.45, fy: 0.35, r: 0.65 },
			),
		}),
		el('path', {
			d: pigShapes.ear,
			fill: p.linear([
				[0, '#a35f2e'],
				[1, '#6a3514'],
			]),
		}),
		textured(p, pigShapes.body, 'mottle', 0.35),
		textured(p, pigShapes.body, 'crumb', 0.2),
		// Snout, nostrils, eye and a little leg line pressed in by the cutter.
		el('ellipse', {
			cx: 205,
			cy: -14,
			rx: 12,
			ry: 20,
			fill: 'none',
			stroke: '#4e240c',
			'stroke-width': 4,
			opacity: 0.6,
		}),
		el('path', {
			d: dotsPath(
				[
					[203, -22],
					[205, -5],
				],
				3.6,
			),
			fill: '#3b1a08',
			opacity: 0.8,
		}),
		el('path', { d: dotsPath([[160, -42]], 7), fill: '#2e1406' }),
		el('path', {
			d: 'M-54 30C-40 44 -20 48 0 44M60 30C76 42 96 42 110 34',
			fill: 'none',
			stroke: '#4e240c',
			'stroke-width': 4,
			opacity: 0.45,
			'stroke-linecap': 'round',
		}),
		el('path', { d: dotsPath(crumbs, 1.6), fill: '#d8a066', opacity: 0.5 }),
		// Glossy molasses sheen.
		glint(p, 10, -50, 90, 18, -4, 0.35),
	])
}

/** Oreja (palmier): two caramelised puff-pastry spirals joined in a heart. */
export function oreja(p: Painter, cx: number, cy: number, size: number, angle: number): string {
	const { rng } = p
	const R = size * 0.5
	const L = R * 0.72
	const circle = organic(p, 0, 0, L, L, 0.025, 12)
	const spiral = spiralPath(0, 0, L * 0.06, L * 0.93, 3.3, Math.PI * 0.9, 1)
	const lobeFill = p.radial(
		[
			[0, '#f6d693'],
			[0.5, '#e6ad5a'],
			[0.82, '#c98130'],
			[1, '#8c4814'],
		],
		{ fx: 0.4, fy: 0.42 },
	)
	const frames = [
		`translate(${num(R * 0.42)} 0) rotate(22) scale(0.8 1)`,
		`translate(${num(-R * 0.42)} 0) scale(-1 1) rotate(22) scale(0.8 1)`,
	]
	const sparkle: Pt[] = []
	for (let i = 0; i < 160; i++) sparkle.push([rng.range(-R * 1.05, R * 1.05), rng.spread(0, R * 0.8)])
	return group({ transform: transform({ x: cx, y: cy, rotate: angle }) }, [
		contactShadow(p, R * 0.1, R * 0.2, R * 1.15, R * 0.85, 0.5, 0.14),
		...frames.map((f) =>
			el('path', { d: circle, fill: '#8a4512', stroke: '#8a4512', 'stroke-width': L * 0.1, transform: f }),
		),
		...frames.map((f) =>
			group({ transform: f }, [
				el('path', { d: circle, fill: lobeFill }),
				el('path', {
					d: spiral,
					fill: 'none',
					stroke: '#934c17',
					'stroke-width': L * 0.075,
					'stroke-linecap': 'round',
					opacity: 0.8,
				}),
				el('path', {
					d: spiral,
					fill: 'none',
					stroke: '#fde7b4',
					'stroke-width': L * 0.028,
					'stroke-linecap': 'round',
					opacity: 0.75,
					transform: `translate(${num(-L * 0.035)} ${num(-L * 0.035)})`,
				}),
				textured(p, circle, 'mottle', 0.2),
			]),
		),
		el('path', { d: dotsPath(sparkle, (i) => 1.2 + (i % 3) * 0.8), fill: '#fffaf0', opacity: 0.85 }),
		glint(p, -R * 0.45, -R * 0.35, R * 0.25, R * 0.08, -40, 0.4),
		glint(p, R * 0.55, -R * 0.35, R * 0.25, R * 0.08, 40, 0.4),
	])
}

/** Half-moon empanada with fork-crimped edge and sugar on top. */
export function empanada(p: Painter, cx: number, cy: number, r: number, angle: number): string {
	const { rng } = p
	const shape = `M${num(-r)} 0C${num(-r)} ${num(-r * 1.25)} ${num(r)} ${num(-r * 1.25)} ${num(r)} 0C${num(r * 0.6)} ${num(r * 0.1)} ${num(-r * 0.6)} ${num(r * 0.1)} ${num(-r)} 0Z`
	const marks: Array<readonly [Pt, Pt]> = []
	for (let i = 0; i <= 22; i++) {
		const t = i / 22
		const a = Math.PI + t * Math.PI
		const outer: Pt = [Math.cos(a) * r * 0.96, Math.sin(a) * r * 0.9 + Math.abs(Math.cos(a)) * r * 0.02]
		const inner: Pt = [Math.cos(a) * r * 0.8, Math.sin(a) * r * 0.76]
		marks.push([outer, inner])
	}
	const sugar: Pt[] = []
	for (let i = 0; i < 70; i++) {
		const a = Math.PI + rng.range(0.15, Math.PI - 0.15)
		sugar.push(polar(0, 0, Math.sqrt(rng.next()) * r * 0.7, a))
	}
	return group({ transform: transform({ x: cx, y: cy, rotate: angle }) }, [
		shapeShadow(shape, { dx: r * 0.05, dy: r * 0.07, blur: r * 0.05, opacity: 0.35 }),
		el('path', {
			d: shape,
			fill: p.radial(
				[
					[0, '#f2c479'],
					[0.55, '#e0a04e'],
					[1, '#a8601f'],
				],
				{ cx: 0.5, cy: 0.75, r: 0.65, fx: 0.42, fy: 0.55 },
			),
		}),
		textured(p, shape, 'mottle', 0.3),
		el('path', {
			d: segmentsPath(marks),
			stroke: '#9c5a1f',
			'stroke-width': r * 0.035,
			'stroke-linecap': 'round',
			opacity: 0.6,
		}),
		el('path', {
			d: segmentsPath(marks),
			stroke: '#f7d394',
			'stroke-width': r * 0.014,
			'stroke-linecap': 'round',
			opacity: 0.6,
			transform: `translate(${num(-r * 0.02)} 0)`,
		}),
		el('path', {
			d: `M${num(-r * 0.2)} ${num(-r * 0.45)}l${num(r * 0.1)} ${num(-r * 0.12)}M${num(r * 0.05)} ${num(-r * 0.5)}l${num(r * 0.1)} ${num(-r * 0.1)}`,
			stroke: '#8a4a16',
			'stroke-width': r * 0.035,
			'stroke-linecap': 'round',
		}),
		glint(p, -r * 0.25, -r * 0.55, r * 0.3, r * 0.08, -20, 0.45),
		el('path', { d: dotsPath(sugar, (i) => 1.6 + (i % 3) * 0.8), fill: '#fffaf0', opacity: 0.9 }),
	])
}

/** Powdered-sugar snowball cookie; `broken` shows the nutty inside. */
export function polvoron(p: Painter, cx: number, cy: number, r: number, broken = false): string {
	const { rng } = p
	const shape = organic(p, cx, cy, r, r * 0.97, 0.04, 11)
	const parts = [
		contactShadow(p, cx + r * 0.1, cy + r * 0.16, r, r * 0.95, 0.4, 0.14),
		el('path', {
			d: shape,
			fill: p.radial(
				[
					[0, '#fffdf8'],
					[0.6, '#f4ece0'],
					[0.9, '#e4d2b6'],
					[1, '#c9ab82'],
				],
				{ fx: 0.4, fy: 0.35 },
			),
		}),
		textured(p, shape, 'mottle', 0.25),
		dust(p, cx - r * 0.1, cy - r * 0.1, r * 0.8, r * 0.8, Math.round(r * 1.6), '#ffffff', 2.4, 0.9),
	]
	if (broken) {
		const bite: Pt[] = []
		for (let i = 0; i <= 8; i++) bite.push([cx + r * 0.15 + rng.spread(0, r * 0.06), cy - r + (i / 8) * r * 2])
		const inside = `M${num(cx + r * 1.1)} ${num(cy - r * 1.1)}L${bite.map((q) => `${num(q[0])} ${num(q[1])}`).join('L')}L${num(cx + r * 1.1)} ${num(cy + r * 1.1)}Z`
		const clip = p.clip(el('path', { d: shape }))
		const nuts: Pt[] = []
		for (let i = 0; i < 14; i++) nuts.push([cx + rng.range(r * 0.3, r * 0.9), cy + rng.spread(0, r * 0.7)])
		parts.push(
			group({ 'clip-path': clip }, [
				el('path', { d: inside, fill: '#e4c797' }),
				textured(p, inside, 'crumb', 0.5),
				el('path', { d: dotsPath(nuts, (i) => r * (0.03 + (i % 3) * 0.015)), fill: '#8c5a2e', opacity: 0.8 }),
			]),
		)
	}
	parts.push(domeShading(p, shape, 0.6, 0.15))
	return parts.join('')
}

/** A pecan half. */
export function pecan(p: Painter, x: number, y: number, size: number, angle: number): string {
	const shape = `M0 ${num(-size)}C${num(size * 0.55)} ${num(-size)} ${num(size * 0.6)} ${num(size)} 0 ${num(size)}C${num(-size * 0.6)} ${num(size)} ${num(-size * 0.55)} ${num(-size)} 0 ${num(-size)}Z`
	const ridges = [-0.5, -0.1, 0.3, 0.65]
		.map(
			(t) => `M${num(-size * 0.38)} ${num(size * t)}Q0 ${num(size * (t - 0.25))} ${num(size * 0.38)} ${num(size * t)}`,
		)
		.join('')
	return group({ transform: transform({ x, y, rotate: angle }) }, [
		contactShadow(p, size * 0.1, size * 0.15, size * 0.5, size * 1.0, 0.45, 0.12),
		el('path', {
			d: shape,
			fill: p.radial(
				[
					[0, '#b87a45'],
					[0.7, '#8a4f24'],
					[1, '#5e3214'],
				],
				{ fx: 0.4, fy: 0.4 },
			),
		}),
		el('path', {
			d: ridges + `M0 ${num(-size * 0.9)}V${num(size * 0.9)}`,
			fill: 'none',
			stroke: '#4a2410',
			'stroke-width': size * 0.1,
			'stroke-linecap': 'round',
			opacity: 0.7,
		}),
	])
}

/** A ring of pineapple with its hole and golden fibres. */
function pineappleRing(p: Painter, x: number, y: number, r: number): string {
	const fibres: Array<readonly [Pt, Pt]> = []
	for (let i = 0; i < 36; i++) {
		const a = (i / 36) * TAU + p.rng.spread(0, 0.05)
		fibres.push([polar(x, y, r * 0.32, a), polar(x, y, r * 0.9, a)])
	}
	const ring = ellipsePath(x, y, r, r) + ellipsePath(x, y, r * 0.25, r * 0.25)
	return [
		contactShadow(p, x + r * 0.08, y + r * 0.14, r, r, 0.4, 0.1),
		el('path', {
			d: ring,
			'fill-rule': 'evenodd',
			fill: p.radial([
				[0, '#fff2a8'],
				[0.5, '#ffd84a'],
				[0.9, '#f2b526'],
				[1, '#c98a12'],
			]),
		}),
		el('path', { d: segmentsPath(fibres), stroke: '#fff6c4', 'stroke-width': 3, opacity: 0.6 }),
		el('circle', { cx: x, cy: y, r: r * 0.97, fill: 'none', stroke: '#b5891f', 'stroke-width': r * 0.05 }),
		el('path', { d: ring, 'fill-rule': 'evenodd', fill: p.texture('mottle'), opacity: 0.2 }),
		glint(p, x - r * 0.4, y - r * 0.45, r * 0.3, r * 0.08, -40, 0.6),
	].join('')
}

// ---------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------

export function conchas(p: Painter): string {
	return [
		woodTable(p, 'honey', { vertical: true }),
		parchment(p, 820, 620, 1180, 880, -4),
		concha(p, 520, 430, 270, 'pink', -12),
		concha(p, 1110, 520, 270, 'vanilla', 18),
		concha(p, 740, 880, 270, 'chocolate', -4),
		finish(p),
	].join('')
}

export function churros(p: Painter): string {
	return [
		terracottaTiles(p),
		parchment(p, 760, 620, 1100, 760, -8),
		churro(p, 700, 400, 760, -20, 104),
		churro(p, 760, 590, 800, -16, 104),
		churro(p, 720, 790, 740, -22, 104),
		ramekin(p, 1250, 880, 150, '#8f4b1a', '#f5ede0'),
		cinnamonStick(p, 290, 990, 300, 14, 46),
		cinnamonStick(p, 360, 1070, 280, 4, 46),
		dust(p, 760, 640, 560, 360, 220, '#fff8ec', 2, 0.7),
		finish(p),
	].join('')
}

export function marranitos(p: Painter): string {
	return [
		linen(p, '#e9dcc6'),
		woodBoard(p, 760, 620, 1180, 840, 3, 'oak'),
		marranito(p, 470, 430, 1.3, -8),
		marranito(p, 1000, 410, 1.3, 6),
		marranito(p, 480, 810, 1.3, 4),
		marranito(p, 1010, 820, 1.3, -6),
		finish(p),
	].join('')
}

export function orejas(p: Painter): string {
	return [
		woodTable(p, 'dark'),
		plate(p, 800, 600, 500, 'cream'),
		oreja(p, 610, 420, 430, -18),
		oreja(p, 1020, 560, 430, 24),
		oreja(p, 680, 820, 430, 4),
		napkin(p, 1420, 1060, 500, 400, -20, '#efe6d6', palette.terracotta),
		finish(p),
	].join('')
}

export function empanadasDePina(p: Painter): string {
	return [
		woodTable(p, 'walnut', { vertical: true }),
		plate(p, 700, 640, 520, 'talavera'),
		empanada(p, 520, 600, 190, -28),
		empanada(p, 880, 560, 190, 26),
		empanada(p, 700, 900, 190, -3),
		pineappleRing(p, 1360, 260, 150),
		pineappleRing(p, 1440, 470, 140),
		ramekin(p, 1340, 880, 150, '#e9a21e', '#f5ede0'),
		finish(p),
	].join('')
}

export function polvorones(p: Painter): string {
	const { rng } = p
	const parts = [woodTable(p, 'dark', { vertical: true }), plate(p, 760, 600, 480, 'terracotta')]
	const spots: Pt[] = [[760, 600]]
	for (let i = 0; i < 6; i++) spots.push(polar(760, 600, 215, (i / 6) * TAU + 0.2))
	spots.forEach(([x, y], i) => parts.push(polvoron(p, x, y, 100, i === 0)))
	for (let i = 0; i < 4; i++)
		parts.push(pecan(p, 1370 + rng.spread(0, 70), 260 + i * 190 + rng.spread(0, 30), 62, rng.range(-40, 40)))
	parts.push(dust(p, 1200, 900, 300, 200, 260, '#fbf7f0', 2.5, 0.85))
	parts.push(dust(p, 300, 240, 240, 140, 160, '#fbf7f0', 2.2, 0.8))
	parts.push(finish(p))
	return parts.join('')
}
