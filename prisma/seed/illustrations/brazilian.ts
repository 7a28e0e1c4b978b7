/**
 * Brazilian pastries: pão de queijo, coxinha, brigadeiros, beijinho, quindim
 * and bolo de rolo. Flat-lay compositions seen from above.
 */
import { TAU, el, group, num, polar, polyPath, shade, spiralPath, transform, type Painter, type Pt } from './core.js'
import {
	cafeSetting,
	coffeeBeans,
	cylinderFill,
	plateSide,
	contactShadow,
	shapeShadow,
	domeShading,
	dotsPath,
	dust,
	finish,
	fissure,
	glint,
	jimmies,
	marble,
	napkin,
	organic,
	palette,
	plate,
	textured,
	woodBoard,
	woodTable,
} from './kit.js'

// ---------------------------------------------------------------------------
// Pieces (reused by gallery scenes)
// ---------------------------------------------------------------------------

/** One puffy, golden cheese bread with cracked top. */
export function cheeseBread(p: Painter, cx: number, cy: number, r: number): string {
	const { rng } = p
	const shape = organic(p, cx, cy, r, r * rng.range(0.92, 1.02), 0.05, 10, rng.range(0, TAU))
	const body = p.radial(
		[
			[0, '#fde9aa'],
			[0.45, '#f4cb6c'],
			[0.8, '#e3a443'],
			[1, '#b8742c'],
		],
		{ fx: 0.4, fy: 0.34, r: 0.55 },
	)
	const cracks: string[] = []
	const crackCount = rng.int(1, 2)
	for (let i = 0; i < crackCount; i++) {
		const pts: Pt[] = []
		let [x, y] = polar(cx - r * 0.15, cy - r * 0.15, rng.range(0, r * 0.3), rng.range(0, TAU))
		let a = rng.range(0, TAU)
		for (let k = 0; k < 7; k++) {
			pts.push([x + rng.spread(0, r * 0.03), y + rng.spread(0, r * 0.03)])
			a += rng.spread(0, 0.8)
			x += Math.cos(a) * r * 0.13
			y += Math.sin(a) * r * 0.13
		}
		cracks.push(fissure(pts, r * 0.2, '#fbecc4', '#9a5a22', 0.75))
	}
	return [
		contactShadow(p, cx + r * 0.12, cy + r * 0.2, r * 0.95, r * 0.9, 0.5, 0.16),
		el('path', { d: shape, fill: body }),
		textured(p, shape, 'mottle', 0.16),
		textured(p, shape, 'crumb', 0.12),
		...cracks,
		domeShading(p, shape, 0.9, 0.3),
	].join('')
}

/** Chocolate or coconut truffle in a fluted paper cup. */
export function truffle(
	p: Painter,
	cx: number,
	cy: number,
	r: number,
	kind: 'chocolate' | 'coconut',
	cup: string | null,
): string {
	const { rng } = p
	const cupR = r * 1.32
	const pleats = 28
	const outer: Pt[] = []
	for (let i = 0; i < pleats * 2; i++)
		outer.push(polar(cx, cy, cupR * (i % 2 === 0 ? 1 : 0.95), (i / (pleats * 2)) * TAU))
	let pleatLines = ''
	for (let i = 0; i < pleats; i++) {
		const a = (i / pleats) * TAU
		const [x0, y0] = polar(cx, cy, r * 0.9, a)
		const [x1, y1] = polar(cx, cy, cupR * 0.97, a)
		pleatLines += `M${num(x0)} ${num(y0)}L${num(x1)} ${num(y1)}`
	}
	const ball = organic(p, cx, cy, r, r, 0.03, 10)
	const parts = cup
		? [
				contactShadow(p, cx + r * 0.1, cy + r * 0.18, cupR, cupR, 0.45, 0.12),
				el('path', {
					d: polyPath(outer),
					fill: p.radial([
						[0, shade(cup, -0.25)],
						[0.7, cup],
						[1, shade(cup, 0.15)],
					]),
				}),
				el('path', { d: pleatLines, stroke: shade(cup, -0.3), 'stroke-width': 2, opacity: 0.55 }),
				contactShadow(p, cx + r * 0.08, cy + r * 0.12, r * 0.98, r * 0.98, 0.55, 0.08),
			]
		: [contactShadow(p, cx + r * 0.12, cy + r * 0.2, r, r, 0.55, 0.12)]
	if (kind === 'chocolate') {
		parts.push(el('path', { d: ball, fill: palette.chocolate }))
		parts.push(
			jimmies(
				p,
				cx,
				cy,
				r * 0.98,
				Math.round(r * 2.6),
				['#2a140a', '#3d2012', '#54301b', '#1f0e06'],
				r * 0.2,
				r * 0.075,
			),
		)
		parts.push(domeShading(p, ball, 1.1, 0.45))
	} else {
		parts.push(el('path', { d: ball, fill: '#f8f3ea' }))
		// Shredded coconut: short curly white strands.
		let strands = ''
		for (let i = 0; i < r * 2.2; i++) {
			const a = rng.next() * TAU
			const d = Math.sqrt(rng.next()) * r * 0.95
			const [x, y] = polar(cx, cy, d, a)
			const len = r * rng.range(0.1, 0.2)
			const b = rng.next() * TAU
			strands += `M${num(x)} ${num(y)}q${num(Math.cos(b + 0.8) * len)} ${num(Math.sin(b + 0.8) * len)} ${num(Math.cos(b) * len * 1.6)} ${num(Math.sin(b) * len * 1.6)}`
		}
		parts.push(
			el('path', { d: strands, fill: 'none', stroke: '#d9cdbb', 'stroke-width': r * 0.06, 'stroke-linecap': 'round' }),
		)
		parts.push(
			el('path', {
				d: strands,
				fill: 'none',
				stroke: '#ffffff',
				'stroke-width': r * 0.04,
				'stroke-linecap': 'round',
				transform: 'translate(-1 -1.5)',
			}),
		)
		parts.push(domeShading(p, ball, 0.8, 0.2))
		// A clove pressed into the top: four pointed sepals around a round bud.
		const [kx, ky] = [cx + rng.spread(0, r * 0.1), cy + rng.spread(0, r * 0.1)]
		const rot = rng.range(0, 90)
		const sepal = `M0 0L${num(r * 0.07)} ${num(-r * 0.06)}L0 ${num(-r * 0.26)}L${num(-r * 0.07)} ${num(-r * 0.06)}Z`
		parts.push(
			group({ transform: transform({ x: kx, y: ky, rotate: rot }) }, [
				contactShadow(p, r * 0.03, r * 0.05, r * 0.22, r * 0.22, 0.35, 0.2),
				...[0, 90, 180, 270].map((deg) => el('path', { d: sepal, fill: '#5b2f16', transform: `rotate(${deg})` })),
				el('circle', {
					cx: 0,
					cy: 0,
					r: r * 0.1,
					fill: p.radial(
						[
							[0, '#8a5330'],
							[1, '#3a1d0e'],
						],
						{ fx: 0.35, fy: 0.3 },
					),
				}),
			]),
		)
	}
	return parts.join('')
}

/** Outline of a standing coxinha (teardrop with the tip up); the base centre is at the origin. */
function coxinhaOutline(w: number, h: number): string {
	return (
		`M0 ${num(-h)}C${num(-w * 0.1)} ${num(-h * 0.82)} ${num(-w * 0.56)} ${num(-h * 0.6)} ${num(-w * 0.52)} ${num(-h * 0.27)}` +
		`C${num(-w * 0.5)} ${num(-h * 0.02)} ${num(-w * 0.3)} 0 0 0C${num(w * 0.3)} 0 ${num(w * 0.5)} ${num(-h * 0.02)} ${num(w * 0.52)} ${num(-h * 0.27)}` +
		`C${num(w * 0.56)} ${num(-h * 0.6)} ${num(w * 0.1)} ${num(-h * 0.82)} 0 ${num(-h)}Z`
	)
}

/** A golden, breadcrumbed coxinha standing on its base; `cut` shows the creamy chicken filling. */
export function coxinhaPiece(p: Painter, x: number, y: number, w: number, cut = false): string {
	const { rng } = p
	const h = w * 1.25
	const outline = coxinhaOutline(w, h)
	const crumbs: Pt[] = []
	const dark: Pt[] = []
	for (let i = 0; i < w * 0.9; i++) {
		const t = rng.next()
		const py = -h * (0.05 + 0.85 * t)
		const half = w * 0.5 * Math.sin(Math.PI * Math.min(1, (1 - t) * 1.25)) * 0.9
		crumbs.push([rng.spread(0, half), py])
		if (i % 2 === 0) dark.push([rng.spread(0, half), -h * (0.05 + 0.85 * rng.next())])
	}
	const parts = [
		contactShadow(p, w * 0.05, 0, w * 0.6, w * 0.1, 0.5, 0.2),
		el('path', { d: outline, fill: cylinderFill(p, '#d88b38', 0.8) }),
		textured(p, outline, 'crumb', 0.6),
		el('path', { d: dotsPath(dark, (i) => 2 + (i % 3)), fill: '#8a4515', opacity: 0.45 }),
		el('path', { d: dotsPath(crumbs, (i) => 2 + (i % 4) * 0.8), fill: '#f5c47a', opacity: 0.7 }),
		el('path', {
			d: outline,
			fill: p.radial(
				[
					[0, '#fff3d6', 0.3],
					[0.5, '#fff3d6', 0],
					[1, '#2a1204', 0.35],
				],
				{ cx: 0.4, cy: 0.55, r: 0.7, fx: 0.32, fy: 0.45 },
			),
		}),
	]
	if (cut) {
		// The front half is bitten away: pale dough around a creamy chicken filling.
		const face = coxinhaOutline(w * 0.82, h * 0.86)
		const filling = coxinhaOutline(w * 0.5, h * 0.55)
		let shreds = ''
		for (let i = 0; i < 30; i++) {
			const sx = rng.spread(0, w * 0.18)
			const sy = -rng.range(h * 0.08, h * 0.45)
			const a = rng.next() * TAU
			shreds += `M${num(sx)} ${num(sy)}l${num(Math.cos(a) * w * 0.07)} ${num(Math.sin(a) * w * 0.07)}`
		}
		parts.push(
			el('path', {
				d: face,
				fill: p.linear([
					[0, '#f6e3bb'],
					[1, '#e8cc98'],
				]),
				transform: `translate(0 ${num(-h * 0.04)})`,
			}),
			el('path', { d: filling, fill: '#f0c98a', transform: `translate(0 ${num(-h * 0.08)})` }),
			el('path', { d: shreds, stroke: '#d9934a', 'stroke-width': w * 0.03, 'stroke-linecap': 'round' }),
			el('path', {
				d: shreds,
				stroke: '#fbefd8',
				'stroke-width': w * 0.012,
				'stroke-linecap': 'round',
				transform: 'translate(3 2)',
			}),
			el('path', {
				d: dotsPath(
					Array.from({ length: 7 }, () => [rng.spread(0, w * 0.14), -rng.range(h * 0.12, h * 0.42)] as Pt),
					w * 0.014,
				),
				fill: '#4f8a34',
			}),
		)
	}
	return group({ transform: transform({ x, y }) }, parts)
}

/** A small ramekin seen from the side with sauce inside. */
function ramekinSide(p: Painter, x: number, y: number, w: number, sauce: string): string {
	const rx = w / 2
	const ry = w * 0.16
	const h = w * 0.45
	return [
		contactShadow(p, x + rx * 0.1, y, rx * 1.1, ry, 0.45, 0.2),
		el('path', {
			d: `M${num(x - rx)} ${num(y - h)}V${num(y)}A${num(rx)} ${num(ry)} 0 0 0 ${num(x + rx)} ${num(y)}V${num(y - h)}Z`,
			fill: cylinderFill(p, '#f1ebe0', 0.6),
		}),
		el('ellipse', { cx: x, cy: y - h, rx, ry, fill: '#f8f4ec' }),
		el('ellipse', {
			cx: x,
			cy: y - h + ry * 0.15,
			rx: rx * 0.86,
			ry: ry * 0.78,
			fill: p.radial([
				[0, shade(sauce, 0.15)],
				[1, shade(sauce, -0.2)],
			]),
		}),
		glint(p, x - rx * 0.3, y - h, rx * 0.25, ry * 0.2, 0, 0.6),
	].join('')
}

/** A lime wedge lying on its side. */
function limeWedge(p: Painter, x: number, y: number, w: number): string {
	return group({ transform: transform({ x, y }) }, [
		contactShadow(p, 0, 0, w * 0.5, w * 0.08, 0.4, 0.2),
		el('path', { d: `M${num(-w / 2)} 0Q0 ${num(-w * 0.75)} ${num(w / 2)} 0Z`, fill: '#4f8f2a' }),
		el('path', {
			d: `M${num(-w * 0.44)} ${num(-w * 0.04)}Q0 ${num(-w * 0.62)} ${num(w * 0.44)} ${num(-w * 0.04)}Z`,
			fill: '#d3e79c',
		}),
		el('path', {
			d: [-0.3, -0.1, 0.1, 0.3]
				.map((t) => `M0 ${num(-w * 0.05)}L${num(t * w)} ${num(-w * (0.35 - Math.abs(t) * 0.5))}`)
				.join(''),
			stroke: '#f3f8dc',
			'stroke-width': 4,
		}),
	])
}

// ---------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------

export function paoDeQueijo(p: Painter): string {
	const { rng } = p
	const parts = [woodTable(p, 'walnut'), napkin(p, 290, 940, 720, 560, -14)]
	const cx = 860
	const cy = 590
	parts.push(plate(p, cx, cy, 430, 'talavera'))
	const spots: Array<[number, number, number]> = [[cx, cy, 112]]
	for (let i = 0; i < 7; i++) {
		const [x, y] = polar(cx, cy, 205 + rng.spread(0, 12), (i / 7) * TAU + 0.3)
		spots.push([x, y, rng.range(98, 112)])
	}
	spots.push([300, 880, 104], [480, 1030, 96])
	spots.sort((a, b) => a[1] - b[1])
	for (const [x, y, r] of spots) parts.push(cheeseBread(p, x, y, r))
	parts.push(
		coffeeBeans(
			p,
			[
				[1420, 180],
				[1470, 260],
				[1380, 290],
				[1500, 140],
				[1350, 1050],
				[1440, 1000],
			],
			22,
		),
	)
	parts.push(finish(p))
	return parts.join('')
}

export function coxinha(p: Painter): string {
	return [
		cafeSetting(p, 560, '#7a4a2c', 'walnut'),
		plateSide(p, 760, 930, 560, 150, '#f3eee6'),
		coxinhaPiece(p, 560, 900, 300),
		coxinhaPiece(p, 930, 890, 310),
		coxinhaPiece(p, 740, 1010, 330, true),
		limeWedge(p, 1120, 990, 170),
		ramekinSide(p, 1390, 1000, 220, '#b8321f'),
		finish(p),
	].join('')
}

export function brigadeiros(p: Painter): string {
	const parts = [marble(p)]
	const cups = [palette.milkChocolate, '#c99a4a', '#7a3b2e']
	let i = 0
	for (let row = 0; row < 3; row++) {
		for (let col = 0; col < 4; col++) {
			const x = 320 + col * 320 + (row % 2) * 30 + p.rng.spread(0, 10)
			const y = 260 + row * 330 + p.rng.spread(0, 10)
			parts.push(truffle(p, x, y, 112, 'chocolate', cups[i % cups.length] ?? '#c99a4a'))
			i++
		}
	}
	parts.push(jimmies(p, 800, 620, 780, 30, ['#2a140a', '#3d2012'], 20, 7, false))
	parts.push(finish(p, { light: 0.85 }))
	return parts.join('')
}

export function beijinho(p: Painter): string {
	const parts = [woodTable(p, 'dark'), napkin(p, 1300, 250, 620, 480, 18, '#efe6d6', palette.cobalt)]
	const spots: Pt[] = [
		[420, 380],
		[740, 330],
		[1060, 480],
		[360, 720],
		[690, 660],
		[1000, 820],
		[560, 980],
		[1320, 800],
	]
	for (const [x, y] of spots)
		parts.push(truffle(p, x + p.rng.spread(0, 15), y + p.rng.spread(0, 15), 108, 'coconut', '#d8b25c'))
	parts.push(dust(p, 800, 600, 760, 560, 160, '#f6efe2', 2.2, 0.8))
	parts.push(finish(p))
	return parts.join('')
}

/** A glossy, bright-yellow quindim seen from the side: custard on top, toasted coconut at the base. */
export function quindimPiece(p: Painter, x: number, y: number, w: number): string {
	const rx = w / 2
	const ry = w * 0.2
	const h = w * 0.42
	const topRx = rx * 0.86
	const body = `M${num(x - topRx)} ${num(y - h)}L${num(x - rx)} ${num(y)}A${num(rx)} ${num(ry)} 0 0 0 ${num(x + rx)} ${num(y)}L${num(x + topRx)} ${num(y - h)}Z`
	const coconut = `M${num(x - rx * 0.97)} ${num(y - h * 0.22)}L${num(x - rx)} ${num(y)}A${num(rx)} ${num(ry)} 0 0 0 ${num(x + rx)} ${num(y)}L${num(x + rx * 0.97)} ${num(y - h * 0.22)}A${num(rx * 0.97)} ${num(ry)} 0 0 1 ${num(x - rx * 0.97)} ${num(y - h * 0.22)}Z`
	return [
		contactShadow(p, x + rx * 0.08, y + ry * 0.4, rx * 1.1, ry * 0.9, 0.45, 0.2),
		el('path', { d: body, fill: cylinderFill(p, '#f6b414', 0.7) }),
		el('path', { d: coconut, fill: cylinderFill(p, '#e7bd63', 0.7) }),
		textured(p, coconut, 'crumb', 0.35),
		el('ellipse', {
			cx: x,
			cy: y - h,
			rx: topRx,
			ry: ry * 0.86,
			fill: p.radial(
				[
					[0, '#ffe770'],
					[0.6, '#fbc62a'],
					[1, '#e9a10c'],
				],
				{ fx: 0.4, fy: 0.35 },
			),
		}),
		glint(p, x - topRx * 0.35, y - h - ry * 0.2, topRx * 0.4, ry * 0.22, -4, 0.9),
		el('path', {
			d: `M${num(x - rx * 0.7)} ${num(y - h * 0.85)}L${num(x - rx * 0.74)} ${num(y - h * 0.35)}`,
			stroke: '#fff6cc',
			'stroke-width': w * 0.03,
			'stroke-linecap': 'round',
			opacity: 0.6,
		}),
	].join('')
}

export function quindim(p: Painter): string {
	const spots: Array<[number, number, number]> = [
		[600, 830, 300],
		[990, 820, 300],
		[790, 960, 330],
	]
	return [
		cafeSetting(p, 560, '#85552f', 'oak'),
		plateSide(p, 790, 910, 560, 150, '#f3eee6'),
		// A sheen of syrup on the plate.
		el('ellipse', { cx: 790, cy: 915, rx: 360, ry: 80, fill: '#f4c04a', opacity: 0.25 }),
		...spots.map(([x, y, w]) => quindimPiece(p, x, y, w)),
		finish(p),
	].join('')
}

/** A round slice of bolo de rolo: a tight spiral of sponge and guava. */
export function boloDeRoloSlice(p: Painter, cx: number, cy: number, r: number, turn: number): string {
	const spiral = spiralPath(cx, cy, r * 0.04, r * 0.92, 8, turn)
	return [
		contactShadow(p, cx + r * 0.08, cy + r * 0.14, r * 1.02, r, 0.5, 0.1),
		el('circle', { cx, cy, r, fill: '#b8732c' }),
		el('circle', {
			cx,
			cy,
			r: r * 0.95,
			fill: p.radial([
				[0, '#f6d98e'],
				[1, '#ebbd62'],
			]),
		}),
		el('path', { d: spiral, fill: 'none', stroke: '#7d1d24', 'stroke-width': r * 0.042, 'stroke-linecap': 'round' }),
		el('path', {
			d: spiral,
			fill: 'none',
			stroke: '#b0303f',
			'stroke-width': r * 0.012,
			'stroke-linecap': 'round',
			transform: 'translate(-0.8 -0.8)',
			opacity: 0.8,
		}),
		el('circle', { cx, cy, r: r * 0.94, fill: p.texture('crumb'), opacity: 0.25 }),
		dust(p, cx, cy, r * 1.02, r * 1.02, 40, '#fffaf0', 2, 0.7),
	].join('')
}

export function boloDeRolo(p: Painter): string {
	const parts = [woodTable(p, 'walnut', { vertical: true }), woodBoard(p, 780, 600, 1150, 760, -6, 'oak')]
	// The roll itself, seen from above: a long golden log dusted with sugar.
	const log = 'M-330 -120H330Q370 -120 370 0Q370 120 330 120H-330Q-370 120 -370 0Q-370 -120 -330 -120Z'
	parts.push(
		group({ transform: transform({ x: 640, y: 400, rotate: -6 }) }, [
			shapeShadow(log, { dx: 12, dy: 24, blur: 16, opacity: 0.45 }),
			el('path', {
				d: log,
				fill: p.linear([
					[0, '#9b5b22'],
					[0.3, '#d79b4f'],
					[0.6, '#c98a40'],
					[1, '#7d451a'],
				]),
			}),
			el('path', { d: log, fill: p.texture('mottle'), opacity: 0.35 }),
			dust(p, 0, -20, 340, 80, 260, '#fffaf0', 2.4, 0.85),
		]),
	)
	parts.push(
		boloDeRoloSlice(p, 560, 820, 170, 0.3),
		boloDeRoloSlice(p, 920, 780, 170, 2.2),
		boloDeRoloSlice(p, 1200, 560, 160, 4),
	)
	parts.push(finish(p))
	return parts.join('')
}
