/**
 * Site and gallery scenes: coffee, latte art, a pastry spread, the morning
 * bake, a donut box (flat lays) and the display case, café corner, home
 * kitchen "story" scene (eye level).
 */
import { el, ellipsePath, group, num, polar, shade, smoothPath, transform, type Painter, type Pt } from './core.js'
import {
	bokehBackdrop,
	coffeeBeans,
	contactShadow,
	cupSide,
	cylinderFill,
	dotsPath,
	dust,
	finish,
	latteArt,
	linen,
	marble,
	napkin,
	palette,
	parchment,
	plate,
	plateSide,
	shapeShadow,
	steam,
	tableFront,
	woodTable,
	type LatteArt,
} from './kit.js'
import { cheeseBread, truffle } from './brazilian.js'
import { churro, concha, type ConchaFlavor } from './mexican.js'
import { brigadeiroDonutPiece, donutStyles, filledDonut, ringDonut } from './donuts.js'

// ---------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------

/** A cup on its saucer seen from directly above. */
export function cupTop(
	p: Painter,
	cx: number,
	cy: number,
	r: number,
	opts: { art?: LatteArt; coffee?: string; color?: string; handleAngle?: number } = {},
): string {
	const { art = 'heart', coffee = '#b8743c', color = '#f6f1e8', handleAngle = 20 } = opts
	const crema = art === 'none'
	const [hx, hy] = polar(cx, cy, r * 1.2, (handleAngle * Math.PI) / 180)
	return [
		plate(p, cx, cy, r * 1.62, 'white'),
		contactShadow(p, cx + r * 0.06, cy + r * 0.12, r, r, 0.45, 0.12),
		group({ transform: transform({ x: hx, y: hy, rotate: handleAngle }) }, [
			el('rect', {
				x: -r * 0.3,
				y: -r * 0.12,
				width: r * 0.52,
				height: r * 0.24,
				rx: r * 0.12,
				fill: '#1e0d04',
				opacity: 0.25,
				transform: `translate(${num(r * 0.04)} ${num(r * 0.08)})`,
			}),
			el('rect', {
				x: -r * 0.3,
				y: -r * 0.12,
				width: r * 0.52,
				height: r * 0.24,
				rx: r * 0.12,
				fill: p.linear([
					[0, shade(color, 0.08)],
					[1, shade(color, -0.12)],
				]),
			}),
			el('rect', {
				x: -r * 0.08,
				y: -r * 0.05,
				width: r * 0.2,
				height: r * 0.1,
				rx: r * 0.05,
				fill: shade(color, -0.22),
			}),
		]),
		el('circle', {
			cx,
			cy,
			r,
			fill: p.radial(
				[
					[0, shade(color, 0.1)],
					[0.9, color],
					[1, shade(color, -0.15)],
				],
				{ fx: 0.35, fy: 0.3 },
			),
		}),
		el('circle', {
			cx,
			cy,
			r: r * 0.86,
			fill: p.radial([
				[0, shade(coffee, 0.15)],
				[0.75, coffee],
				[0.92, shade(coffee, -0.35)],
				[1, shade(coffee, -0.55)],
			]),
		}),
		crema
			? el('circle', { cx, cy, r: r * 0.8, fill: 'none', stroke: '#c98b52', 'stroke-width': r * 0.08, opacity: 0.7 })
			: '',
		latteArt(cx, cy, r * 0.78, art),
		el('path', {
			d: `M${num(cx - r * 0.72)} ${num(cy - r * 0.3)}A${num(r * 0.78)} ${num(r * 0.78)} 0 0 1 ${num(cx - r * 0.3)} ${num(cy - r * 0.72)}`,
			fill: 'none',
			stroke: '#ffffff',
			'stroke-width': r * 0.04,
			'stroke-linecap': 'round',
			opacity: 0.35,
		}),
	].join('')
}

/** A string of papel picado flags between two points, sagging in the middle. */
export function papelPicado(p: Painter, x0: number, x1: number, y: number, sag: number, flagW = 90): string {
	const { rng } = p
	const colors = ['#e8467c', '#f59a23', '#f6d23c', '#3fae6a', '#2f8fd8', '#9b5bd4']
	const count = Math.floor((x1 - x0) / (flagW * 1.15))
	const at = (t: number): Pt => [x0 + (x1 - x0) * t, y + sag * 4 * t * (1 - t)]
	const parts = [
		el('path', {
			d: `M${num(x0)} ${num(y)}Q${num((x0 + x1) / 2)} ${num(y + sag * 2)} ${num(x1)} ${num(y)}`,
			fill: 'none',
			stroke: '#5b4636',
			'stroke-width': 3,
		}),
	]
	for (let i = 0; i < count; i++) {
		const t = (i + 0.5) / count
		const [fx, fy] = at(t)
		const slope = (Math.atan2(sag * 4 * (1 - 2 * t), x1 - x0) * 180) / Math.PI
		const w = flagW
		const h = flagW * 1.2
		let outline = `M${num(-w / 2)} 0H${num(w / 2)}V${num(h * 0.85)}`
		for (let k = 6; k >= 0; k--) outline += `L${num(-w / 2 + (k / 6) * w)} ${num(h * (k % 2 === 0 ? 0.85 : 1))}`
		outline += 'Z'
		let holes = ''
		holes += ellipsePath(0, h * 0.42, w * 0.14, w * 0.14)
		for (let k = 0; k < 4; k++) {
			const [hx, hy] = polar(0, h * 0.42, w * 0.28, (k * Math.PI) / 2 + Math.PI / 4)
			holes += `M${num(hx)} ${num(hy - w * 0.06)}L${num(hx + w * 0.06)} ${num(hy)}L${num(hx)} ${num(hy + w * 0.06)}L${num(hx - w * 0.06)} ${num(hy)}Z`
		}
		for (let k = 0; k < 5; k++) holes += ellipsePath(-w * 0.32 + k * w * 0.16, h * 0.12, w * 0.035, w * 0.035)
		const color = colors[i % colors.length] ?? '#e8467c'
		parts.push(
			group({ transform: transform({ x: fx, y: fy - 2, rotate: slope + rng.spread(0, 4) }) }, [
				el('path', {
					d: outline + holes,
					'fill-rule': 'evenodd',
					fill: '#000000',
					opacity: 0.12,
					transform: 'translate(6 10)',
				}),
				el('path', { d: outline + holes, 'fill-rule': 'evenodd', fill: color, opacity: 0.95 }),
			]),
		)
	}
	return parts.join('')
}

/** A pendant lamp hanging from the top edge with a warm glow. */
export function pendantLamp(p: Painter, x: number, y: number, r: number, shadeColor = '#2f4f4a'): string {
	return [
		el('circle', {
			cx: x,
			cy: y + r * 0.6,
			r: r * 3.2,
			fill: p.radial([
				[0, '#ffd98c', 0.55],
				[0.4, '#ffc870', 0.18],
				[1, '#ffc870', 0],
			]),
		}),
		el('path', { d: `M${num(x)} 0V${num(y - r * 0.5)}`, stroke: '#2a1c14', 'stroke-width': 4 }),
		el('path', {
			d: `M${num(x - r)} ${num(y + r * 0.5)}C${num(x - r)} ${num(y - r * 0.6)} ${num(x + r)} ${num(y - r * 0.6)} ${num(x + r)} ${num(y + r * 0.5)}Z`,
			fill: cylinderFill(p, shadeColor, 0.8),
		}),
		el('ellipse', { cx: x, cy: y + r * 0.5, rx: r, ry: r * 0.18, fill: '#fff1c9' }),
		el('ellipse', { cx: x, cy: y + r * 0.56, rx: r * 0.4, ry: r * 0.12, fill: '#ffffff' }),
	].join('')
}

/** Concha seen from the side, as it sits in a display case. */
function conchaSide(p: Painter, x: number, y: number, w: number, flavor: ConchaFlavor): string {
	const toppings: Record<ConchaFlavor, string> = { pink: '#f3aebd', vanilla: '#f6e4bd', chocolate: '#6e3c22' }
	const top = toppings[flavor]
	const h = w * 0.42
	const dome = `M${num(x - w / 2)} ${num(y)}C${num(x - w / 2)} ${num(y - h * 1.3)} ${num(x + w / 2)} ${num(y - h * 1.3)} ${num(x + w / 2)} ${num(y)}Z`
	const cap = `M${num(x - w * 0.47)} ${num(y - h * 0.25)}C${num(x - w * 0.45)} ${num(y - h * 1.28)} ${num(x + w * 0.45)} ${num(y - h * 1.28)} ${num(x + w * 0.47)} ${num(y - h * 0.25)}Q${num(x)} ${num(y - h * 0.1)} ${num(x - w * 0.47)} ${num(y - h * 0.25)}Z`
	let grooves = ''
	for (let i = -2; i <= 2; i++)
		grooves += `M${num(x + i * w * 0.04)} ${num(y - h * 0.2)}Q${num(x + i * w * 0.2)} ${num(y - h * 0.75)} ${num(x + i * w * 0.16)} ${num(y - h * 0.95)}`
	return [
		contactShadow(p, x, y, w * 0.5, w * 0.06, 0.4, 0.2),
		el('path', { d: dome, fill: cylinderFill(p, '#cf8c42', 0.8) }),
		el('path', { d: cap, fill: cylinderFill(p, top, 0.5) }),
		el('path', { d: grooves, fill: 'none', stroke: '#cf8c42', 'stroke-width': w * 0.03, 'stroke-linecap': 'round' }),
	].join('')
}

/** Glazed ring donut seen from the side. */
function donutSide(p: Painter, x: number, y: number, w: number, glaze: string): string {
	const rx = w / 2
	const ry = w * 0.22
	return [
		contactShadow(p, x, y, rx * 1.02, ry * 0.4, 0.4, 0.2),
		el('ellipse', { cx: x, cy: y - ry * 0.9, rx, ry: ry * 1.05, fill: cylinderFill(p, '#d08a3e', 0.8) }),
		el('path', {
			d: `M${num(x - rx * 0.98)} ${num(y - ry * 1.1)}C${num(x - rx)} ${num(y - ry * 2.2)} ${num(x + rx)} ${num(y - ry * 2.2)} ${num(x + rx * 0.98)} ${num(y - ry * 1.1)}Q${num(x + rx * 0.7)} ${num(y - ry * 0.6)} ${num(x + rx * 0.4)} ${num(y - ry * 0.75)}Q${num(x)} ${num(y - ry * 0.5)} ${num(x - rx * 0.4)} ${num(y - ry * 0.75)}Q${num(x - rx * 0.7)} ${num(y - ry * 0.6)} ${num(x - rx * 0.98)} ${num(y - ry * 1.1)}Z`,
			fill: cylinderFill(p, glaze, 0.5),
		}),
		el('ellipse', { cx: x, cy: y - ry * 1.45, rx: rx * 0.22, ry: ry * 0.22, fill: shade(glaze, -0.4) }),
	].join('')
}

/** Sphere-like round pastry (brigadeiro, pão de queijo) seen from the side. */
function ball(p: Painter, x: number, y: number, r: number, color: string): string {
	return [
		contactShadow(p, x, y, r * 0.9, r * 0.18, 0.45, 0.2),
		el('circle', {
			cx: x,
			cy: y - r * 0.95,
			r,
			fill: p.radial(
				[
					[0, shade(color, 0.25)],
					[0.6, color],
					[1, shade(color, -0.45)],
				],
				{ fx: 0.35, fy: 0.3 },
			),
		}),
	].join('')
}

/** A flat metal tray seen from the front. */
function trayFront(p: Painter, x0: number, x1: number, y: number): string {
	return el('path', {
		d: `M${num(x0)} ${num(y)}H${num(x1)}L${num(x1 - 14)} ${num(y + 12)}H${num(x0 + 14)}Z`,
		fill: p.linear([
			[0, '#d9d4cc'],
			[1, '#8d877e'],
		]),
	})
}

/** Perspective floor tiles from the horizon down. */
function tileFloor(p: Painter, horizon: number, color = '#b9673f'): string {
	const parts = [
		el('rect', {
			x: 0,
			y: horizon,
			width: p.width,
			height: p.height - horizon,
			fill: p.linear([
				[0, shade(color, -0.15)],
				[1, color],
			]),
		}),
	]
	let lines = ''
	let y = horizon
	let h = 26
	while (y < p.height) {
		lines += `M0 ${num(y)}H${num(p.width)}`
		y += h
		h *= 1.35
	}
	const vx = p.width * 0.55
	for (let i = -14; i <= 14; i++) lines += `M${num(vx + i * 70)} ${num(horizon)}L${num(vx + i * 420)} ${num(p.height)}`
	parts.push(el('path', { d: lines, stroke: '#e9d6bf', 'stroke-width': 4, opacity: 0.55 }))
	parts.push(
		el('rect', {
			x: 0,
			y: horizon,
			width: p.width,
			height: p.height - horizon,
			fill: p.texture('mottle'),
			opacity: 0.25,
		}),
	)
	return parts.join('')
}

/** Warm plaster wall with a subtle texture. */
function plasterWall(p: Painter, y0: number, y1: number, color: string): string {
	return (
		el('rect', { x: 0, y: y0, width: p.width, height: y1 - y0, fill: color }) +
		el('rect', { x: 0, y: y0, width: p.width, height: y1 - y0, fill: p.texture('mottle'), opacity: 0.05 })
	)
}

/** Leafy potted plant. */
function pottedPlant(p: Painter, x: number, y: number, size: number, pot: string = palette.terracotta): string {
	const { rng } = p
	const leaves: string[] = []
	for (let i = 0; i < 9; i++) {
		const a = -Math.PI / 2 + rng.spread(0, 1.2)
		const len = size * rng.range(0.6, 1)
		const [tx, ty] = polar(x, y - size * 0.35, len, a)
		const mid = polar(x, y - size * 0.35, len * 0.5, a + 0.25)
		const w = size * 0.16
		leaves.push(
			`M${num(x)} ${num(y - size * 0.35)}Q${num(mid[0] - w)} ${num(mid[1])} ${num(tx)} ${num(ty)}Q${num(mid[0] + w)} ${num(mid[1] + w)} ${num(x)} ${num(y - size * 0.35)}Z`,
		)
	}
	const potD = `M${num(x - size * 0.32)} ${num(y - size * 0.4)}H${num(x + size * 0.32)}L${num(x + size * 0.24)} ${num(y)}H${num(x - size * 0.24)}Z`
	return [
		contactShadow(p, x, y, size * 0.3, size * 0.05, 0.4, 0.2),
		el('path', {
			d: leaves.join(''),
			fill: p.linear([
				[0, '#6fa356'],
				[1, '#2f5e2c'],
			]),
		}),
		el('path', { d: potD, fill: cylinderFill(p, pot, 0.7) }),
		el('rect', {
			x: x - size * 0.35,
			y: y - size * 0.45,
			width: size * 0.7,
			height: size * 0.09,
			rx: 4,
			fill: cylinderFill(p, shade(pot, 0.08), 0.7),
		}),
	].join('')
}

/** Rain-streaked window pane with evergreen trees outside. */
function rainyView(p: Painter, x0: number, y0: number, x1: number, y1: number): string {
	const { rng } = p
	const w = x1 - x0
	const h = y1 - y0
	const clip = p.clip(el('rect', { x: x0, y: y0, width: w, height: h }))
	const trees = (baseY: number, count: number, color: string, scale: number) => {
		let d = ''
		for (let i = 0; i < count; i++) {
			const tx = x0 + rng.range(-0.05, 1.05) * w
			const th = h * scale * rng.range(0.7, 1.1)
			const tw = th * 0.32
			for (let k = 0; k < 4; k++) {
				const ty = baseY - th * (k / 4)
				const kw = tw * (1 - k / 5)
				d += `M${num(tx - kw)} ${num(ty)}L${num(tx)} ${num(ty - th * 0.42)}L${num(tx + kw)} ${num(ty)}Z`
			}
		}
		return el('path', { d, fill: color })
	}
	let streaks = ''
	for (let i = 0; i < 40; i++) {
		const sx = x0 + rng.next() * w
		const sy = y0 + rng.next() * h
		streaks += `M${num(sx)} ${num(sy)}l${num(-6)} ${num(rng.range(30, 70))}`
	}
	const drops: Pt[] = []
	for (let i = 0; i < 50; i++) drops.push([x0 + rng.next() * w, y0 + rng.next() * h])
	return group({ 'clip-path': clip }, [
		el('rect', {
			x: x0,
			y: y0,
			width: w,
			height: h,
			fill: p.linear([
				[0, '#c9d3d6'],
				[0.7, '#e7e3d8'],
				[1, '#d9d2c2'],
			]),
		}),
		trees(y0 + h * 0.85, 9, '#93a5a2', 0.55),
		trees(y0 + h * 1.02, 7, '#4f6b57', 0.8),
		el('rect', { x: x0, y: y0 + h * 0.88, width: w, height: h * 0.12, fill: '#5e6f5c' }),
		el('path', { d: streaks, stroke: '#ffffff', 'stroke-width': 2, opacity: 0.35, 'stroke-linecap': 'round' }),
		el('path', { d: dotsPath(drops, (i) => 2 + (i % 3)), fill: '#ffffff', opacity: 0.45 }),
		el('rect', {
			x: x0,
			y: y0,
			width: w,
			height: h,
			fill: p.linear(
				[
					[0, '#ffffff', 0.12],
					[0.5, '#ffffff', 0],
					[1, '#ffffff', 0.08],
				],
				0,
				0,
				1,
				1,
			),
		}),
	])
}

// ---------------------------------------------------------------------------
// Flat lays
// ---------------------------------------------------------------------------

export function latteArtScene(p: Painter): string {
	const { rng } = p
	const beans: Pt[] = []
	for (let i = 0; i < 14; i++) beans.push([rng.range(1050, 1500), rng.range(650, 1120)])
	return [
		linen(p, '#e6d8c2'),
		napkin(p, 220, 980, 560, 460, 12, '#f3ebde', palette.cobalt),
		cupTop(p, 700, 560, 250, { art: 'rosetta', handleAngle: 30 }),
		cupTop(p, 1310, 290, 110, { art: 'none', coffee: '#4a2310', handleAngle: 150 }),
		coffeeBeans(p, beans, 24),
		truffle(p, 1260, 640, 58, 'chocolate', '#c99a4a'),
		truffle(p, 1420, 560, 58, 'coconut', '#d8b25c'),
		finish(p),
	].join('')
}

export function pastrySpread(p: Painter): string {
	const { rng } = p
	const parts = [woodTable(p, 'walnut'), parchment(p, 620, 520, 900, 760, -6)]
	parts.push(
		concha(p, 380, 320, 170, 'pink', -10),
		concha(p, 700, 280, 160, 'chocolate', 14),
		concha(p, 560, 600, 160, 'vanilla', 4),
	)
	parts.push(cupTop(p, 1300, 300, 140, { art: 'heart', handleAngle: 40 }))
	parts.push(ringDonut(p, 980, 600, 170, donutStyles.guava))
	parts.push(churro(p, 560, 960, 620, -8, 86), churro(p, 600, 1070, 600, -4, 86))
	parts.push(plate(p, 1280, 900, 270, 'talavera'))
	const breads: Pt[] = [
		[1210, 830],
		[1350, 830],
		[1280, 950],
		[1180, 960],
		[1380, 960],
	]
	for (const [x, y] of breads.sort((a, b) => a[1] - b[1])) parts.push(cheeseBread(p, x, y, 72))
	for (const [x, y] of [
		[180, 620],
		[300, 700],
		[170, 780],
		[290, 860],
	] as const)
		parts.push(truffle(p, x, y, 48, 'chocolate', rng.pick(['#c99a4a', palette.milkChocolate])))
	parts.push(finish(p))
	return parts.join('')
}

export function morningBake(p: Painter): string {
	const { rng } = p
	const parts = [woodTable(p, 'oak', { vertical: true })]
	// Flour dusted over the table.
	for (const [x, y, r] of [
		[180, 260, 200],
		[1430, 1000, 220],
		[1450, 220, 150],
	] as const) {
		parts.push(
			el('ellipse', {
				cx: x,
				cy: y,
				rx: r,
				ry: r * 0.7,
				fill: p.radial([
					[0, '#fbf7ef', 0.6],
					[1, '#fbf7ef', 0],
				]),
			}),
		)
		parts.push(dust(p, x, y, r, r * 0.7, 160, '#fbf7ef', 2, 0.8))
	}
	// Baking sheet.
	const tray = 'M-560 -420H560Q600 -420 600 -380V380Q600 420 560 420H-560Q-600 420 -600 380V-380Q-600 -420 -560 -420Z'
	const inner = 'M-540 -400H540V400H-540Z'
	parts.push(
		group({ transform: transform({ x: 800, y: 610, rotate: -2 }) }, [
			shapeShadow(tray, { dx: 14, dy: 24, blur: 20, opacity: 0.45 }),
			el('path', {
				d: tray,
				fill: p.linear(
					[
						[0, '#d6d2cb'],
						[1, '#8f8a82'],
					],
					0,
					0,
					1,
					1,
				),
			}),
			el('path', {
				d: inner,
				fill: p.linear(
					[
						[0, '#a9a49c'],
						[1, '#c9c4bc'],
					],
					0,
					0,
					1,
					1,
				),
			}),
			el('path', { d: inner, fill: p.texture('mottle'), opacity: 0.25 }),
			el('path', { d: tray, fill: 'none', stroke: '#f3f0ea', 'stroke-width': 4, opacity: 0.6 }),
		]),
	)
	const flavors: ConchaFlavor[] = ['pink', 'vanilla', 'chocolate']
	for (let row = 0; row < 3; row++) {
		for (let col = 0; col < 4; col++) {
			const x = 800 + (col - 1.5) * 260 + rng.spread(0, 10)
			const y = 610 + (row - 1) * 255 + rng.spread(0, 10) - col * 5
			parts.push(concha(p, x, y, 108, flavors[(row + col) % 3] ?? 'pink', rng.range(-30, 30)))
		}
	}
	parts.push(finish(p))
	return parts.join('')
}

export function donutBox(p: Painter): string {
	const pink = '#f3b0c0'
	const parts = [marble(p)]
	const box = { x0: 250, x1: 1350, y0: 330, y1: 1160 }
	const lid = 'M250 330H1350L1320 30H280Z'
	parts.push(
		shapeShadow(`M${box.x0} ${box.y0}H${box.x1}V${box.y1}H${box.x0}Z`, { dx: 14, dy: 22, blur: 18, opacity: 0.4 }),
	)
	parts.push(
		el('path', {
			d: lid,
			fill: p.linear([
				[0, shade(pink, 0.1)],
				[1, pink],
			]),
		}),
	)
	parts.push(el('path', { d: lid, fill: p.texture('mottle'), opacity: 0.12 }))
	parts.push(
		el('rect', { x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0, fill: shade(pink, -0.08) }),
	)
	const i = 34
	parts.push(
		el('rect', {
			x: box.x0 + i,
			y: box.y0 + i,
			width: box.x1 - box.x0 - 2 * i,
			height: box.y1 - box.y0 - 2 * i,
			fill: shade(pink, -0.2),
		}),
	)
	parts.push(
		el('rect', {
			x: box.x0 + i,
			y: box.y0 + i,
			width: box.x1 - box.x0 - 2 * i,
			height: 60,
			fill: p.linear([
				[0, '#5a2030', 0.3],
				[1, '#5a2030', 0],
			]),
		}),
	)
	parts.push(parchment(p, 800, 760, 980, 700, 1))
	parts.push(el('path', { d: `M${box.x0} ${box.y0}H${box.x1}`, stroke: shade(pink, -0.3), 'stroke-width': 4 }))
	const spots: Array<readonly [number, number]> = [
		[500, 580],
		[800, 580],
		[1100, 580],
		[500, 920],
		[800, 920],
		[1100, 920],
	]
	const r = 150
	const [a, b, c, d, e, f] = spots
	if (a && b && c && d && e && f) {
		parts.push(ringDonut(p, a[0], a[1], r, donutStyles.guava))
		parts.push(ringDonut(p, b[0], b[1], r, donutStyles.horchata))
		parts.push(brigadeiroDonutPiece(p, c[0], c[1], r))
		parts.push(ringDonut(p, d[0], d[1], r, donutStyles.churro))
		parts.push(filledDonut(p, e[0], e[1], r * 0.95))
		parts.push(ringDonut(p, f[0], f[1], r, donutStyles.guava))
	}
	parts.push(finish(p, { light: 0.85 }))
	return parts.join('')
}

// ---------------------------------------------------------------------------
// Eye-level scenes
// ---------------------------------------------------------------------------

export function coffee(p: Painter): string {
	const { rng } = p
	const horizon = 560
	const beans: Pt[] = []
	for (let i = 0; i < 10; i++) beans.push([rng.range(120, 480), rng.range(960, 1150)])
	const breads: Array<[number, number, number]> = [
		[1250, 842, 72],
		[1370, 850, 70],
		[1310, 905, 76],
	]
	return [
		bokehBackdrop(p, horizon, { wall: '#6b4329' }),
		tableFront(p, horizon, 'walnut'),
		steam(p, 760, 520, 360),
		cupSide(p, 760, 600, 520, { art: 'heart', color: '#f5f0e8' }),
		plateSide(p, 1310, 900, 240, 60, '#f3eee6'),
		...breads.map(([x, y, r]) => cheeseBread(p, x, y - r * 0.5, r)),
		coffeeBeans(p, beans, 20),
		finish(p),
	].join('')
}

export function displayCase(p: Painter): string {
	const { rng } = p
	const parts = [plasterWall(p, 0, 640, '#f0dcc0')]
	// Chalk menu board (no words, just doodles) and a shelf of jars and bread.
	parts.push(
		el('rect', { x: 960, y: 150, width: 480, height: 300, rx: 8, fill: '#6b4327' }),
		el('rect', { x: 978, y: 168, width: 444, height: 264, fill: '#2c302c' }),
	)
	let chalk = ''
	for (let i = 0; i < 6; i++) {
		const y = 210 + i * 36
		chalk += `M1010 ${y}q20 -8 40 0t40 0t40 0M${1140 + rng.range(0, 60)} ${y}h${rng.range(80, 160)}M1370 ${y}h20`
	}
	parts.push(
		el('path', {
			d: chalk,
			fill: 'none',
			stroke: '#f3efe6',
			'stroke-width': 4,
			'stroke-linecap': 'round',
			opacity: 0.7,
		}),
	)
	parts.push(el('rect', { x: 140, y: 330, width: 620, height: 22, fill: cylinderFill(p, '#7a4a2a', 0.4) }))
	for (let i = 0; i < 5; i++) {
		const x = 200 + i * 120
		if (i % 2 === 0)
			parts.push(
				el('path', {
					d: `M${x - 40} 330Q${x - 40} 250 ${x} 250Q${x + 40} 250 ${x + 40} 330Z`,
					fill: cylinderFill(p, '#b9732f', 0.7),
				}),
			)
		else
			parts.push(
				el('rect', { x: x - 30, y: 240, width: 60, height: 90, rx: 10, fill: '#e9eef0', opacity: 0.55 }),
				el('rect', { x: x - 26, y: 270, width: 52, height: 56, rx: 6, fill: i === 1 ? '#b5651d' : '#e2b13c' }),
			)
	}
	parts.push(papelPicado(p, -20, 1620, 40, 60, 86))
	parts.push(pendantLamp(p, 420, 150, 70), pendantLamp(p, 1180, 130, 70))
	// Counter top and glass case.
	const caseTop = 600
	const caseBottom = 1010
	parts.push(el('rect', { x: 0, y: caseTop - 24, width: p.width, height: 30, fill: cylinderFill(p, '#8a5632', 0.2) }))
	parts.push(
		el('rect', {
			x: 0,
			y: caseTop,
			width: p.width,
			height: caseBottom - caseTop,
			fill: p.linear([
				[0, '#fbe9cc'],
				[1, '#f2d2a6'],
			]),
		}),
	)
	// Upper shelf: conchas and donuts on trays.
	const shelf1 = 800
	parts.push(trayFront(p, 80, 760, shelf1))
	const flavors: ConchaFlavor[] = ['pink', 'vanilla', 'chocolate', 'pink', 'vanilla']
	flavors.forEach((f, i) => parts.push(conchaSide(p, 150 + i * 135, shelf1, 130, f)))
	parts.push(trayFront(p, 840, 1520, shelf1))
	const glazes = ['#e2607c', '#efe0c4', '#4a2414', '#e2607c', '#efe0c4']
	glazes.forEach((g, i) => parts.push(donutSide(p, 910 + i * 135, shelf1, 124, g)))
	parts.push(el('rect', { x: 40, y: shelf1 + 12, width: 1520, height: 8, fill: '#ffffff', opacity: 0.5 }))
	// Lower shelf: brigadeiros, beijinhos, churros and a cake.
	const shelf2 = 990
	parts.push(trayFront(p, 80, 700, shelf2))
	for (let i = 0; i < 9; i++) parts.push(ball(p, 120 + i * 66, shelf2, 30, i % 3 === 2 ? '#f4efe6' : '#4a2716'))
	const tallGlass = `M820 ${shelf2}L800 ${shelf2 - 170}H960L940 ${shelf2}Z`
	for (let i = 0; i < 5; i++)
		parts.push(
			el('rect', {
				x: 815 + i * 26,
				y: shelf2 - 260 + (i % 2) * 20,
				width: 22,
				height: 220,
				rx: 8,
				fill: cylinderFill(p, '#c98135', 0.6),
				transform: `rotate(${(i - 2) * 5} ${830 + i * 26} ${shelf2})`,
			}),
		)
	parts.push(el('path', { d: tallGlass, fill: '#e8f0f0', opacity: 0.45 }))
	parts.push(el('ellipse', { cx: 1260, cy: shelf2 - 8, rx: 220, ry: 30, fill: '#ece7df' }))
	parts.push(
		el('path', {
			d: `M1080 ${shelf2 - 170}V${shelf2 - 40}A180 36 0 0 0 1440 ${shelf2 - 40}V${shelf2 - 170}Z`,
			fill: cylinderFill(p, '#f8f0e2', 0.5),
		}),
	)
	parts.push(el('ellipse', { cx: 1260, cy: shelf2 - 170, rx: 180, ry: 36, fill: '#fffaf0' }))
	parts.push(
		el('path', {
			d: `M1080 ${shelf2 - 150}A180 36 0 0 0 1440 ${shelf2 - 150}`,
			fill: 'none',
			stroke: '#f29bb0',
			'stroke-width': 10,
		}),
	)
	for (let i = 0; i < 6; i++)
		parts.push(el('circle', { cx: 1130 + i * 52, cy: shelf2 - 176 + Math.sin(i) * 6, r: 14, fill: '#d72f3a' }))
	// Glass reflections and case frame.
	let glare = ''
	for (const x of [160, 620, 1080, 1380])
		glare += `M${x} ${caseTop}L${x + 120} ${caseTop}L${x - 40} ${caseBottom}L${x - 160} ${caseBottom}Z`
	parts.push(el('path', { d: glare, fill: '#ffffff', opacity: 0.1 }))
	parts.push(
		el('rect', {
			x: 0,
			y: caseTop,
			width: p.width,
			height: caseBottom - caseTop,
			fill: 'none',
			stroke: '#7a4a2a',
			'stroke-width': 14,
		}),
	)
	// Wooden base with slats.
	parts.push(el('rect', { x: 0, y: caseBottom, width: p.width, height: p.height - caseBottom, fill: '#9a5f34' }))
	let slats = ''
	for (let x = 40; x < p.width; x += 80) slats += `M${x} ${caseBottom + 10}V${p.height}`
	parts.push(el('path', { d: slats, stroke: '#5e3519', 'stroke-width': 5, opacity: 0.5 }))
	parts.push(
		el('rect', {
			x: 0,
			y: caseBottom,
			width: p.width,
			height: p.height - caseBottom,
			fill: p.texture('woodV'),
			opacity: 0.5,
		}),
	)
	parts.push(el('rect', { x: 0, y: caseBottom, width: p.width, height: 30, fill: '#2a1608', opacity: 0.35 }))
	parts.push(finish(p))
	return parts.join('')
}

export function cafeCorner(p: Painter): string {
	const horizon = 820
	const parts = [plasterWall(p, 0, horizon, '#e9c7a2')]
	parts.push(el('rect', { x: 0, y: 560, width: p.width, height: 14, fill: '#7a4a2a' }))
	// Window with rain and evergreens outside.
	const win = { x0: 140, y0: 110, x1: 1000, y1: 700 }
	parts.push(
		el('rect', {
			x: win.x0 - 30,
			y: win.y0 - 30,
			width: win.x1 - win.x0 + 60,
			height: win.y1 - win.y0 + 60,
			fill: '#2f5752',
		}),
	)
	parts.push(rainyView(p, win.x0, win.y0, win.x1, win.y1))
	const mx = (win.x0 + win.x1) / 2
	const my = win.y0 + (win.y1 - win.y0) * 0.42
	parts.push(
		el('path', { d: `M${mx} ${win.y0}V${win.y1}M${win.x0} ${my}H${win.x1}`, stroke: '#2f5752', 'stroke-width': 18 }),
	)
	parts.push(
		el('rect', {
			x: win.x0 - 60,
			y: win.y1 + 20,
			width: win.x1 - win.x0 + 120,
			height: 34,
			fill: cylinderFill(p, '#f1e6d6', 0.3),
		}),
	)
	parts.push(pottedPlant(p, 260, win.y1 + 22, 200), pottedPlant(p, 880, win.y1 + 22, 170, '#e7dccb'))
	// Floor.
	parts.push(tileFloor(p, horizon))
	parts.push(papelPicado(p, 1040, 1640, 60, 50, 70))
	parts.push(pendantLamp(p, 1250, 230, 80, '#b85a3a'))
	// Bentwood bistro chair beside the table.
	const wood = '#3b2416'
	parts.push(contactShadow(p, 1470, 1130, 140, 22, 0.4, 0.2))
	parts.push(
		el('path', {
			d: 'M1395 800V560Q1395 470 1470 470Q1545 470 1545 560V800',
			fill: 'none',
			stroke: wood,
			'stroke-width': 16,
			'stroke-linecap': 'round',
		}),
	)
	parts.push(
		el('path', {
			d: 'M1410 600Q1470 580 1530 600M1410 650Q1470 630 1530 650',
			fill: 'none',
			stroke: wood,
			'stroke-width': 9,
		}),
	)
	parts.push(
		el('path', {
			d: 'M1385 830L1360 1120M1555 830L1580 1120M1420 850L1430 1090M1520 850L1510 1090',
			stroke: wood,
			'stroke-width': 13,
			'stroke-linecap': 'round',
		}),
	)
	parts.push(el('path', { d: 'M1372 990Q1470 1020 1568 990', fill: 'none', stroke: wood, 'stroke-width': 8 }))
	parts.push(el('ellipse', { cx: 1470, cy: 822, rx: 100, ry: 26, fill: '#4a2e1c' }))
	parts.push(
		el('ellipse', {
			cx: 1470,
			cy: 814,
			rx: 100,
			ry: 26,
			fill: p.linear([
				[0, '#7a4a2c'],
				[1, '#5a3520'],
			]),
		}),
	)
	// Round bistro table.
	const tx = 1080
	const ty = 780
	parts.push(contactShadow(p, tx, 1130, 240, 40, 0.45, 0.2))
	parts.push(
		el('path', {
			d: `M${tx - 16} ${ty}V1110M${tx - 120} 1130Q${tx} 1090 ${tx + 120} 1130`,
			fill: 'none',
			stroke: '#2a2420',
			'stroke-width': 22,
			'stroke-linecap': 'round',
		}),
	)
	parts.push(el('ellipse', { cx: tx, cy: ty + 14, rx: 330, ry: 76, fill: '#b9b2a6' }))
	parts.push(
		el('ellipse', {
			cx: tx,
			cy: ty,
			rx: 330,
			ry: 76,
			fill: p.linear([
				[0, '#f3efe9'],
				[1, '#ddd6cb'],
			]),
		}),
	)
	parts.push(el('ellipse', { cx: tx, cy: ty, rx: 330, ry: 76, fill: p.texture('mottle'), opacity: 0.12 }))
	parts.push(steam(p, tx - 120, 640, 180))
	parts.push(cupSide(p, tx - 120, 700, 170, { art: 'heart', color: '#f6f1e8' }))
	parts.push(plateSide(p, tx + 140, 780, 140, 32, '#f6f1e8'))
	parts.push(conchaSide(p, tx + 140, 786, 170, 'pink'))
	parts.push(finish(p))
	return parts.join('')
}

export function story(p: Painter): string {
	const { rng } = p
	const horizon = 640
	const parts = [plasterWall(p, 0, 300, '#f2e4cc')]
	// Talavera tile backsplash (one pattern tile, repeated).
	const tile = 110
	const tileId = p.define('talavera-tile', (id) =>
		el('pattern', { id, width: tile, height: tile, patternUnits: 'userSpaceOnUse' }, [
			el('rect', { width: tile, height: tile, fill: '#f7f2e7' }),
			el('rect', { width: tile, height: tile, fill: 'none', stroke: '#d9cfbd', 'stroke-width': 4 }),
			el('circle', { cx: tile / 2, cy: tile / 2, r: 14, fill: palette.cobalt }),
			...[0, 1, 2, 3].map((k) => {
				const [x, y] = polar(tile / 2, tile / 2, 28, (k * Math.PI) / 2)
				return el('ellipse', { cx: x, cy: y, rx: 12, ry: 12, fill: palette.cobalt, opacity: 0.85 })
			}),
			...[
				[0, 0],
				[tile, 0],
				[0, tile],
				[tile, tile],
			].map(([x, y]) => el('circle', { cx: x, cy: y, r: 20, fill: '#e0a33a' })),
			el('circle', { cx: tile / 2, cy: tile / 2, r: 5, fill: '#e0a33a' }),
		]),
	)
	parts.push(el('rect', { x: 0, y: 300, width: p.width, height: horizon - 300, fill: tileId }))
	// Window with morning light.
	parts.push(el('rect', { x: 930, y: 40, width: 560, height: 420, fill: '#f6efe0' }))
	parts.push(
		el('rect', {
			x: 960,
			y: 70,
			width: 500,
			height: 360,
			fill: p.linear([
				[0, '#bcd9e8'],
				[0.7, '#f8e4c2'],
				[1, '#f6d3a0'],
			]),
		}),
	)
	parts.push(el('path', { d: 'M1210 70V430M960 250H1460', stroke: '#f6efe0', 'stroke-width': 16 }))
	parts.push(pottedPlant(p, 1080, 470, 150), pottedPlant(p, 1330, 470, 120, '#e7dccb'))
	parts.push(el('rect', { x: 900, y: 460, width: 620, height: 26, fill: '#e9dfcf' }))
	// Sunbeams across the scene.
	parts.push(
		el('path', {
			d: 'M960 70L1460 70L900 1200L200 1200Z',
			fill: p.linear([
				[0, '#fff3d6', 0.35],
				[1, '#fff3d6', 0],
			]),
		}),
	)
	parts.push(tableFront(p, horizon, 'oak'))
	// Flour on the table.
	for (const [x, y, r] of [
		[520, 900, 240],
		[1000, 1000, 200],
	] as const) {
		parts.push(
			el('ellipse', {
				cx: x,
				cy: y,
				rx: r,
				ry: r * 0.35,
				fill: p.radial([
					[0, '#fbf7ef', 0.7],
					[1, '#fbf7ef', 0],
				]),
			}),
		)
		parts.push(dust(p, x, y, r, r * 0.35, 200, '#fbf7ef', 2, 0.85))
	}
	// Mixing bowl with dough.
	const bx = 420
	const by = 760
	parts.push(contactShadow(p, bx, by + 170, 260, 40, 0.45, 0.2))
	parts.push(
		el('ellipse', {
			cx: bx,
			cy: by,
			rx: 250,
			ry: 60,
			fill: p.linear([
				[0, '#b9c7d6'],
				[1, '#eef2f5'],
			]),
		}),
	)
	parts.push(
		el('path', {
			d: `M${bx - 215} ${by + 12}C${bx - 200} ${by - 120} ${bx + 200} ${by - 120} ${bx + 215} ${by + 12}Z`,
			fill: p.radial(
				[
					[0, '#fdf3de'],
					[0.7, '#f1ddb4'],
					[1, '#dcbf8a'],
				],
				{ fx: 0.4, fy: 0.3 },
			),
		}),
	)
	parts.push(
		el('path', {
			d: `M${bx - 215} ${by + 12}C${bx - 200} ${by - 120} ${bx + 200} ${by - 120} ${bx + 215} ${by + 12}Z`,
			fill: p.texture('mottle'),
			opacity: 0.15,
		}),
	)
	parts.push(
		el('path', {
			d: `M${bx - 250} ${by}C${bx - 240} ${by + 150} ${bx - 120} ${by + 180} ${bx} ${by + 180}C${bx + 120} ${by + 180} ${bx + 240} ${by + 150} ${bx + 250} ${by}A250 60 0 0 1 ${bx - 250} ${by}Z`,
			fill: cylinderFill(p, '#3d6fa8', 0.7),
		}),
	)
	parts.push(
		el('path', {
			d: `M${bx - 240} ${by + 40}C${bx - 100} ${by + 90} ${bx + 100} ${by + 90} ${bx + 240} ${by + 40}`,
			fill: 'none',
			stroke: '#f6efe0',
			'stroke-width': 8,
			opacity: 0.8,
		}),
	)
	// A crock of wooden spoons at the back.
	const kx = 150
	const ky = 650
	for (const [dx, angle] of [
		[-30, -14],
		[0, 3],
		[28, 16],
	] as const) {
		parts.push(
			group({ transform: transform({ x: kx + dx, y: ky - 120, rotate: angle }) }, [
				el('rect', { x: -7, y: -150, width: 14, height: 200, rx: 7, fill: cylinderFill(p, '#c08a52', 0.5) }),
				el('ellipse', { cx: 0, cy: -170, rx: 26, ry: 40, fill: cylinderFill(p, '#c9955e', 0.5) }),
			]),
		)
	}
	parts.push(contactShadow(p, kx + 10, ky + 8, 100, 18, 0.4, 0.2))
	parts.push(
		el('path', {
			d: `M${kx - 90} ${ky - 170}V${ky}A90 20 0 0 0 ${kx + 90} ${ky}V${ky - 170}Z`,
			fill: cylinderFill(p, '#b85a3a', 0.7),
		}),
	)
	parts.push(el('ellipse', { cx: kx, cy: ky - 170, rx: 90, ry: 20, fill: '#8e3f24' }))
	parts.push(
		el('path', {
			d: `M${kx - 90} ${ky - 120}A90 20 0 0 0 ${kx + 90} ${ky - 120}`,
			fill: 'none',
			stroke: '#f2d9a8',
			'stroke-width': 6,
		}),
	)
	// Rolling pin.
	parts.push(
		group({ transform: transform({ x: 980, y: 900, rotate: -8 }) }, [
			contactShadow(p, 0, 50, 340, 26, 0.4, 0.2),
			el('rect', {
				x: -330,
				y: -14,
				width: 660,
				height: 28,
				rx: 14,
				fill: p.linear([
					[0, '#b07a48'],
					[1, '#6e4426'],
				]),
			}),
			el('rect', {
				x: -240,
				y: -44,
				width: 480,
				height: 88,
				rx: 16,
				fill: p.linear([
					[0, '#e3b986'],
					[0.4, '#d29d62'],
					[1, '#9a6336'],
				]),
			}),
			el('rect', { x: -240, y: -44, width: 480, height: 88, rx: 16, fill: p.texture('wood'), opacity: 0.35 }),
		]),
	)
	// Eggs.
	for (const [x, y] of [
		[1300, 800],
		[1390, 820],
		[1340, 880],
	] as const) {
		parts.push(contactShadow(p, x, y + 40, 44, 10, 0.45, 0.2))
		parts.push(
			el('ellipse', {
				cx: x,
				cy: y,
				rx: 44,
				ry: 56,
				fill: p.radial(
					[
						[0, '#fff4e2'],
						[0.7, '#ecd3ad'],
						[1, '#c9a57a'],
					],
					{ fx: 0.35, fy: 0.3 },
				),
			}),
		)
	}
	// Handwritten recipe card.
	const card = 'M-170 -110H170V110H-170Z'
	let writing = ''
	for (let i = 0; i < 6; i++) {
		let x = -140
		const y = -70 + i * 30
		writing += `M${x} ${y}`
		while (x < 120 - (i === 5 ? 120 : 0)) {
			const step = rng.range(12, 22)
			writing += `q${num(step / 2)} ${num(rng.spread(-6, 4))} ${num(step)} 0`
			x += step
			if (rng.chance(0.15)) {
				x += 10
				writing += `m10 0`
			}
		}
	}
	parts.push(
		group({ transform: transform({ x: 700, y: 1060, rotate: 6 }) }, [
			shapeShadow(card, { dx: 6, dy: 10, blur: 8, opacity: 0.3 }),
			el('path', { d: card, fill: '#fbf6ea' }),
			el('path', { d: 'M-170 -86H170', stroke: '#d9776a', 'stroke-width': 2 }),
			el('path', {
				d: writing,
				fill: 'none',
				stroke: '#2b3f7a',
				'stroke-width': 3,
				'stroke-linecap': 'round',
				opacity: 0.75,
			}),
		]),
	)
	parts.push(finish(p))
	return parts.join('')
}

// ---------------------------------------------------------------------------
// Storefront (16:9)
// ---------------------------------------------------------------------------

/** Warm, glowing shop window interior with pendant lamps, shelves and pastries. */
function windowInterior(
	p: Painter,
	x0: number,
	y0: number,
	x1: number,
	y1: number,
	display: 'cake' | 'donuts' | 'none',
): string {
	const { rng } = p
	const w = x1 - x0
	const h = y1 - y0
	const clip = p.clip(el('rect', { x: x0, y: y0, width: w, height: h }))
	const parts = [
		el('rect', {
			x: x0,
			y: y0,
			width: w,
			height: h,
			fill: p.radial(
				[
					[0, '#ffe2a8'],
					[0.6, '#f0b066'],
					[1, '#b86a32'],
				],
				{ cy: 0.35 },
			),
		}),
	]
	// Back shelves with loaves.
	for (let s = 0; s < 2; s++) {
		const sy = y0 + h * (0.32 + s * 0.2)
		parts.push(el('rect', { x: x0, y: sy, width: w, height: 10, fill: '#6b3d1f', opacity: 0.7 }))
		for (let x = x0 + 30; x < x1 - 40; x += rng.range(60, 90))
			parts.push(
				el('path', {
					d: `M${num(x)} ${num(sy)}q30 -46 60 0Z`,
					fill: shade('#b9732f', rng.spread(0, 0.1)),
					opacity: 0.85,
				}),
			)
	}
	// Lamps.
	for (let i = 0; i < 3; i++) {
		const lx = x0 + w * (0.2 + i * 0.3)
		parts.push(
			el('circle', {
				cx: lx,
				cy: y0 + h * 0.16,
				r: 90,
				fill: p.radial([
					[0, '#fff3cf', 0.8],
					[1, '#fff3cf', 0],
				]),
			}),
		)
		parts.push(el('path', { d: `M${num(lx)} ${num(y0)}V${num(y0 + h * 0.1)}`, stroke: '#3a2414', 'stroke-width': 3 }))
		parts.push(
			el('path', {
				d: `M${num(lx - 30)} ${num(y0 + h * 0.16)}Q${num(lx)} ${num(y0 + h * 0.06)} ${num(lx + 30)} ${num(y0 + h * 0.16)}Z`,
				fill: '#2f5752',
			}),
		)
	}
	// Window display.
	const base = y1 - h * 0.1
	if (display !== 'none') parts.push(el('rect', { x: x0, y: base, width: w, height: h * 0.1, fill: '#7a4a2a' }))
	if (display === 'cake') {
		const cx = x0 + w * 0.3
		parts.push(
			el('path', {
				d: `M${num(cx - 20)} ${num(base)}L${num(cx - 10)} ${num(base - 70)}H${num(cx + 10)}L${num(cx + 20)} ${num(base)}Z`,
				fill: '#f2ede4',
			}),
		)
		parts.push(el('ellipse', { cx, cy: base - 70, rx: 120, ry: 20, fill: '#f2ede4' }))
		parts.push(
			el('path', {
				d: `M${num(cx - 90)} ${num(base - 200)}V${num(base - 75)}A90 18 0 0 0 ${num(cx + 90)} ${num(base - 75)}V${num(base - 200)}Z`,
				fill: cylinderFill(p, '#4a2515', 0.6),
			}),
		)
		parts.push(el('ellipse', { cx, cy: base - 200, rx: 90, ry: 18, fill: '#5a2e18' }))
		for (let i = 0; i < 5; i++)
			parts.push(el('circle', { cx: cx - 60 + i * 30, cy: base - 210, r: 12, fill: '#3a1d0e' }))
		const tx = x0 + w * 0.68
		parts.push(el('rect', { x: tx - 170, y: base - 8, width: 340, height: 8, fill: '#d8d2c8' }))
		const colors = ['#f3aebd', '#f6e4bd', '#6e3c22', '#f3aebd', '#f6e4bd']
		colors.forEach((c, i) => {
			const bx = tx - 136 + i * 68
			parts.push(
				el('path', {
					d: `M${num(bx - 32)} ${num(base - 8)}C${num(bx - 32)} ${num(base - 60)} ${num(bx + 32)} ${num(base - 60)} ${num(bx + 32)} ${num(base - 8)}Z`,
					fill: '#cf8c42',
				}),
			)
			parts.push(
				el('path', {
					d: `M${num(bx - 29)} ${num(base - 16)}C${num(bx - 29)} ${num(base - 60)} ${num(bx + 29)} ${num(base - 60)} ${num(bx + 29)} ${num(base - 16)}Z`,
					fill: c,
				}),
			)
		})
	} else if (display === 'donuts') {
		const glazes = ['#e2607c', '#efe0c4', '#4a2414']
		for (let i = 0; i < 3; i++)
			parts.push(donutSide(p, x0 + w * (0.22 + i * 0.28), base, w * 0.24, glazes[i] ?? '#e2607c'))
	}
	// Reflections on the glass.
	parts.push(
		el('path', {
			d: `M${num(x0 + w * 0.1)} ${num(y0)}h${num(w * 0.12)}L${num(x0 + w * 0.02)} ${num(y1)}h${num(-w * 0.12)}ZM${num(x0 + w * 0.55)} ${num(y0)}h${num(w * 0.05)}L${num(x0 + w * 0.5)} ${num(y1)}h${num(-w * 0.05)}Z`,
			fill: '#ffffff',
			opacity: 0.14,
		}),
	)
	return group({ 'clip-path': clip }, parts)
}

export function storefront(p: Painter): string {
	const W = p.width
	const teal = '#2c5a54'
	const parts: string[] = []
	// Sky and the evergreen hills behind.
	parts.push(
		el('rect', {
			width: W,
			height: 200,
			fill: p.linear([
				[0, '#b9cdd6'],
				[1, '#f3dcc0'],
			]),
		}),
	)
	// Facade.
	parts.push(plasterWall(p, 60, 960, '#f1dfc3'))
	parts.push(
		el('rect', { x: 0, y: 40, width: W, height: 40, fill: '#e4ccab' }),
		el('rect', { x: 0, y: 76, width: W, height: 10, fill: '#c9ad88' }),
	)
	// Fascia board above the awning: an emblem but no lettering.
	parts.push(el('rect', { x: 300, y: 130, width: 1320, height: 130, rx: 6, fill: teal }))
	parts.push(
		el('rect', { x: 316, y: 146, width: 1288, height: 98, rx: 4, fill: 'none', stroke: '#d9b36a', 'stroke-width': 4 }),
	)
	parts.push(concha(p, 960, 195, 44, 'pink'))
	// Striped awning with a scalloped valance.
	const ax0 = 160
	const ax1 = 1760
	const ay0 = 290
	const ay1 = 430
	const stripes = 16
	const sw = (ax1 - ax0) / stripes
	const awning: string[] = []
	for (let i = 0; i < stripes; i++) {
		const x = ax0 + i * sw
		const color = i % 2 === 0 ? '#c0583a' : '#f5ead8'
		awning.push(
			el('path', {
				d: `M${num(x + sw * 0.06)} ${ay0}H${num(x + sw * 1.06)}L${num(x + sw)} ${ay1}H${num(x)}Z`,
				fill: color,
			}),
		)
		awning.push(
			el('path', {
				d: `M${num(x)} ${ay1}h${num(sw)}v24a${num(sw / 2)} ${num(sw / 2.6)} 0 0 1 ${num(-sw)} 0Z`,
				fill: color,
			}),
		)
	}
	parts.push(
		el('rect', {
			x: ax0,
			y: ay1,
			width: ax1 - ax0,
			height: 90,
			fill: p.linear([
				[0, '#2a1404', 0.35],
				[1, '#2a1404', 0],
			]),
		}),
	)
	parts.push(...awning)
	parts.push(
		el('rect', {
			x: ax0,
			y: ay0,
			width: ax1 - ax0,
			height: ay1 - ay0,
			fill: p.linear([
				[0, '#2a1404', 0.3],
				[0.4, '#2a1404', 0.05],
				[1, '#fff', 0.1],
			]),
		}),
	)
	parts.push(el('rect', { x: ax0 - 10, y: ay0 - 12, width: ax1 - ax0 + 20, height: 16, rx: 8, fill: '#5a3a26' }))
	// String lights along the valance.
	const bulbs: Pt[] = []
	for (let i = 0; i <= 32; i++) {
		const t = i / 32
		bulbs.push([ax0 + (ax1 - ax0) * t, ay1 + 60 + Math.sin(t * Math.PI * 8) * 10])
	}
	parts.push(el('path', { d: smoothPath(bulbs, false), fill: 'none', stroke: '#3a2a1e', 'stroke-width': 2 }))
	for (const [x, y] of bulbs) {
		parts.push(
			el('circle', {
				cx: x,
				cy: y + 8,
				r: 30,
				fill: p.radial([
					[0, '#fff1c2', 0.9],
					[0.25, '#ffd27a', 0.55],
					[1, '#ffd27a', 0],
				]),
			}),
		)
		parts.push(el('circle', { cx: x, cy: y + 8, r: 6, fill: '#fff8e0' }))
	}
	// Shopfront joinery: two windows and a door.
	const wins: Array<[number, number, number, number]> = [
		[230, 490, 1020, 870],
		[1420, 490, 1700, 870],
	]
	for (const [x0, y0, x1, y1] of wins) {
		parts.push(el('rect', { x: x0 - 24, y: y0 - 24, width: x1 - x0 + 48, height: y1 - y0 + 48, fill: teal }))
		parts.push(windowInterior(p, x0, y0, x1, y1, x0 < 1000 ? 'cake' : 'donuts'))
		parts.push(
			el('rect', {
				x: x0,
				y: y0,
				width: x1 - x0,
				height: y1 - y0,
				fill: 'none',
				stroke: shade(teal, -0.3),
				'stroke-width': 6,
			}),
		)
		parts.push(el('rect', { x: x0 - 24, y: y1 + 24, width: x1 - x0 + 48, height: 66, fill: shade(teal, -0.05) }))
		parts.push(
			el('rect', {
				x: x0,
				y: y1 + 38,
				width: x1 - x0,
				height: 40,
				fill: 'none',
				stroke: shade(teal, 0.15),
				'stroke-width': 4,
			}),
		)
	}
	const door = { x0: 1110, y0: 470, x1: 1330, y1: 960 }
	parts.push(
		el('rect', {
			x: door.x0 - 20,
			y: door.y0 - 20,
			width: door.x1 - door.x0 + 40,
			height: door.y1 - door.y0 + 20,
			fill: shade(teal, -0.2),
		}),
	)
	parts.push(el('rect', { x: door.x0, y: door.y0, width: door.x1 - door.x0, height: door.y1 - door.y0, fill: teal }))
	parts.push(windowInterior(p, door.x0 + 30, door.y0 + 30, door.x1 - 30, door.y0 + 300, 'none'))
	parts.push(
		el('rect', {
			x: door.x0 + 30,
			y: door.y0 + 330,
			width: door.x1 - door.x0 - 60,
			height: 120,
			fill: 'none',
			stroke: shade(teal, 0.15),
			'stroke-width': 4,
		}),
	)
	parts.push(el('rect', { x: door.x1 - 50, y: door.y0 + 300, width: 12, height: 70, rx: 6, fill: '#d9b36a' }))
	// Wall sconces beside the door.
	for (const x of [1060, 1380]) {
		parts.push(
			el('circle', {
				cx: x,
				cy: 560,
				r: 70,
				fill: p.radial([
					[0, '#ffe7b0', 0.7],
					[1, '#ffe7b0', 0],
				]),
			}),
		)
		parts.push(el('path', { d: `M${x - 16} 540h32l-6 40h-20Z`, fill: '#d9b36a' }))
	}
	// Sidewalk.
	parts.push(
		el('rect', {
			x: 0,
			y: 960,
			width: W,
			height: 120,
			fill: p.linear([
				[0, '#b7aea2'],
				[1, '#cfc6b8'],
			]),
		}),
	)
	let joints = ''
	for (let i = -6; i <= 16; i++) joints += `M${num(i * 160)} 960L${num(i * 200 - 200)} 1080`
	joints += 'M0 1010H1920'
	parts.push(el('path', { d: joints, stroke: '#8f877c', 'stroke-width': 3, opacity: 0.6 }))
	parts.push(el('rect', { x: 0, y: 960, width: W, height: 120, fill: p.texture('speckle'), opacity: 0.4 }))
	parts.push(el('rect', { x: 0, y: 955, width: W, height: 12, fill: '#3a2a1e', opacity: 0.35 }))
	// Bench, planters and an A-frame chalkboard.
	parts.push(contactShadow(p, 620, 1000, 300, 26, 0.4, 0.2))
	parts.push(el('rect', { x: 360, y: 900, width: 520, height: 26, rx: 6, fill: cylinderFill(p, '#9a5f34', 0.4) }))
	parts.push(el('rect', { x: 360, y: 860, width: 520, height: 22, rx: 6, fill: cylinderFill(p, '#8a5230', 0.4) }))
	parts.push(el('path', { d: 'M390 926V1000M850 926V1000', stroke: '#2a1c14', 'stroke-width': 14 }))
	parts.push(pottedPlant(p, 150, 1000, 300), pottedPlant(p, 1040, 1000, 220), pottedPlant(p, 1800, 1000, 280))
	const chalk = { x: 1540, y: 760 }
	parts.push(contactShadow(p, chalk.x, 1010, 120, 14, 0.4, 0.2))
	parts.push(
		el('path', {
			d: `M${chalk.x - 110} 1010L${chalk.x - 70} ${chalk.y}H${chalk.x + 70}L${chalk.x + 110} 1010`,
			fill: 'none',
			stroke: '#7a4a2a',
			'stroke-width': 18,
			'stroke-linejoin': 'round',
		}),
	)
	parts.push(
		el('path', {
			d: `M${chalk.x - 90} 990L${chalk.x - 60} ${chalk.y + 20}H${chalk.x + 60}L${chalk.x + 90} 990Z`,
			fill: '#2c302c',
		}),
	)
	parts.push(
		el('path', {
			d: `M${chalk.x - 30} ${chalk.y + 110}h60v40a30 30 0 0 1 -60 0ZM${chalk.x + 30} ${chalk.y + 120}a14 14 0 0 1 0 24M${chalk.x - 50} ${chalk.y + 70}q50 -20 100 0M${chalk.x - 60} ${chalk.y + 200}h120M${chalk.x - 50} ${chalk.y + 230}h100`,
			fill: 'none',
			stroke: '#f3efe6',
			'stroke-width': 5,
			'stroke-linecap': 'round',
			opacity: 0.8,
		}),
	)
	parts.push(finish(p, { light: 0.9 }))
	return parts.join('')
}
