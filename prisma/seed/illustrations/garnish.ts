/**
 * Garnishes and props seen from above: coffee beans, cinnamon sticks, sugar
 * dust, sprinkles, mint and strawberries.
 */
import { TAU, el, group, num, polar, shade, transform, type Painter, type Pt } from './core.js'
import { contactShadow, dotsPath, glint, palette, scatterInEllipse, segmentsPath } from './shapes.js'

// ---------------------------------------------------------------------------
// Garnishes and props (top-down)
// ---------------------------------------------------------------------------

/** Coffee beans, each with its centre crease. */
export function coffeeBeans(p: Painter, spots: readonly Pt[], size = 22): string {
	const { rng } = p
	const parts: string[] = []
	for (const [x, y] of spots) {
		const rot = rng.range(0, 180)
		const s = size * rng.range(0.85, 1.1)
		parts.push(
			group({ transform: transform({ x, y, rotate: rot }) }, [
				contactShadow(p, 3, 5, s, s * 0.72, 0.4, 0.3),
				el('ellipse', {
					cx: 0,
					cy: 0,
					rx: s,
					ry: s * 0.72,
					fill: p.radial(
						[
							[0, '#7a4628'],
							[0.7, '#4a2614'],
							[1, '#2a1408'],
						],
						{ fx: 0.35, fy: 0.3 },
					),
				}),
				el('path', {
					d: `M${num(-s * 0.8)} ${num(s * 0.05)}C${num(-s * 0.3)} ${num(-s * 0.25)} ${num(s * 0.3)} ${num(s * 0.3)} ${num(s * 0.8)} 0`,
					fill: 'none',
					stroke: '#1a0b04',
					'stroke-width': s * 0.14,
					'stroke-linecap': 'round',
				}),
			]),
		)
	}
	return parts.join('')
}

/** A rolled cinnamon stick (quill). */
export function cinnamonStick(p: Painter, x: number, y: number, length: number, angle: number, width = 34): string {
	const c = palette.cinnamon
	const rect = { x: -length / 2, y: -width / 2, width: length, height: width, rx: 6 }
	return group({ transform: transform({ x, y, rotate: angle }) }, [
		contactShadow(p, 6, 10, length / 2, width / 2, 0.35, 0.25),
		el('rect', {
			...rect,
			fill: p.linear([
				[0, shade(c, 0.25)],
				[0.35, c],
				[0.7, shade(c, -0.25)],
				[1, shade(c, 0.05)],
			]),
		}),
		el('path', {
			d: `M${num(-length / 2 + 10)} ${num(-width * 0.05)}H${num(length / 2 - 10)}`,
			stroke: shade(c, -0.45),
			'stroke-width': 3,
			opacity: 0.6,
		}),
		el('rect', { ...rect, fill: p.texture('wood'), opacity: 0.35 }),
		el('path', {
			d: spiralPathSimple(length / 2 - 4, 0, width * 0.45),
			fill: 'none',
			stroke: shade(c, -0.4),
			'stroke-width': 3,
		}),
	])
}

function spiralPathSimple(cx: number, cy: number, r: number): string {
	return `M${num(cx)} ${num(cy - r)}a${num(r * 0.35)} ${num(r)} 0 1 1 0 ${num(r * 2)}a${num(r * 0.25)} ${num(r * 0.6)} 0 1 1 0 ${num(-r * 1.2)}`
}

/** Dusting of powdered sugar or cinnamon. */
export function dust(
	p: Painter,
	cx: number,
	cy: number,
	rx: number,
	ry: number,
	count: number,
	color: string,
	size = 2.2,
	opacity = 0.8,
): string {
	const pts = scatterInEllipse(p, cx, cy, rx, ry, count, 0.7)
	return el('path', { d: dotsPath(pts, (i) => size * (0.5 + ((i * 7919) % 10) / 10)), fill: color, opacity })
}

/** Rod-shaped sprinkles ("jimmies") on a disc, shortened near the rim to suggest a curved surface. */
export function jimmies(
	p: Painter,
	cx: number,
	cy: number,
	r: number,
	count: number,
	colors: readonly string[],
	length = 16,
	width = 5,
	dome = true,
): string {
	const { rng } = p
	const byColor = new Map<string, Array<readonly [Pt, Pt]>>()
	for (let i = 0; i < count; i++) {
		const a = rng.next() * TAU
		const d = Math.sqrt(rng.next()) * r
		const x = cx + Math.cos(a) * d
		const y = cy + Math.sin(a) * d
		const squash = dome ? Math.sqrt(Math.max(0.05, 1 - (d / r) ** 2)) : 1
		const len = length * rng.range(0.7, 1.1)
		const rot = rng.next() * TAU
		// Foreshorten along the radial direction.
		const ux = Math.cos(rot)
		const uy = Math.sin(rot)
		const radial = ux * Math.cos(a) + uy * Math.sin(a)
		const tx = ux - radial * Math.cos(a) * (1 - squash)
		const ty = uy - radial * Math.sin(a) * (1 - squash)
		const half = len / 2
		const color = rng.pick(colors)
		const list = byColor.get(color) ?? []
		list.push([
			[x - tx * half, y - ty * half],
			[x + tx * half, y + ty * half],
		])
		byColor.set(color, list)
	}
	return [...byColor.entries()]
		.map(([color, segs]) =>
			el('path', {
				d: segmentsPath(segs),
				stroke: color,
				'stroke-width': width,
				'stroke-linecap': 'round',
				fill: 'none',
			}),
		)
		.join('')
}

/** A fresh mint leaf. */
export function mintLeaf(p: Painter, x: number, y: number, size: number, angle: number): string {
	const leaf = `M0 0C${num(size * 0.3)} ${num(-size * 0.45)} ${num(size * 0.8)} ${num(-size * 0.4)} ${num(size)} 0C${num(size * 0.8)} ${num(size * 0.4)} ${num(size * 0.3)} ${num(size * 0.45)} 0 0Z`
	return group({ transform: transform({ x, y, rotate: angle }) }, [
		el('path', {
			d: leaf,
			fill: p.linear(
				[
					[0, '#7fae5f'],
					[1, '#3f6e33'],
				],
				0,
				0,
				1,
				1,
			),
		}),
		el('path', { d: `M0 0L${num(size * 0.92)} 0`, stroke: '#a9cf8a', 'stroke-width': 2, opacity: 0.7 }),
	])
}

/** Strawberry seen from above/at an angle, with seeds and a leafy top. */
export function strawberry(p: Painter, x: number, y: number, size: number, angle = 0): string {
	const { rng } = p
	const body = `M0 ${num(-size * 0.45)}C${num(size * 0.55)} ${num(-size * 0.55)} ${num(size * 0.6)} ${num(size * 0.1)} 0 ${num(size * 0.6)}C${num(-size * 0.6)} ${num(size * 0.1)} ${num(-size * 0.55)} ${num(-size * 0.55)} 0 ${num(-size * 0.45)}Z`
	const seeds: Pt[] = []
	for (let i = 0; i < 16; i++) seeds.push([rng.spread(0, size * 0.32), rng.range(-size * 0.3, size * 0.38)])
	const leaves: string[] = []
	for (let i = 0; i < 5; i++) {
		const a = -Math.PI / 2 + (i - 2) * 0.55
		const tip = polar(0, -size * 0.45, size * 0.32, a)
		leaves.push(
			`M${num(-size * 0.06)} ${num(-size * 0.45)}Q${num(tip[0] - size * 0.1)} ${num(tip[1])} ${num(tip[0])} ${num(tip[1])}Q${num(tip[0] + size * 0.05)} ${num(tip[1] + size * 0.1)} ${num(size * 0.06)} ${num(-size * 0.43)}Z`,
		)
	}
	return group({ transform: transform({ x, y, rotate: angle }) }, [
		contactShadow(p, size * 0.06, size * 0.12, size * 0.5, size * 0.55, 0.3, 0.4),
		el('path', {
			d: body,
			fill: p.radial(
				[
					[0, '#ff6b6b'],
					[0.6, '#d72f3a'],
					[1, '#8e1421'],
				],
				{ fx: 0.35, fy: 0.35 },
			),
		}),
		el('path', { d: dotsPath(seeds, size * 0.022), fill: '#f7d774', opacity: 0.85 }),
		glint(p, -size * 0.18, -size * 0.12, size * 0.12, size * 0.06, -60, 0.6),
		el('path', { d: leaves.join(''), fill: '#3f7a34' }),
	])
}
