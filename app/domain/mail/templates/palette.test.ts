import { describe, expect, it } from 'vitest'
import { darkPalette, palette } from './layout'

/** WCAG 2.x relative luminance and contrast ratio. */
function luminance(hex: string) {
	const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => {
		const channel = parseInt(hex.slice(start, start + 2), 16) / 255
		return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
	})
	return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(foreground: string, background: string) {
	const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a)
	return (light! + 0.05) / (dark! + 0.05)
}

describe('the mail colours', () => {
	for (const [scheme, colours] of [
		['light', palette],
		['dark', darkPalette],
	] as const) {
		it(`pass WCAG AA for normal text in the ${scheme} scheme`, () => {
			for (const background of [colours.card, colours.page]) {
				for (const foreground of [colours.text, colours.muted, colours.accent]) {
					expect(contrast(foreground, background), `${foreground} on ${background}`).toBeGreaterThanOrEqual(4.5)
				}
			}
			expect(contrast(colours.onAccent, colours.accent), 'button text').toBeGreaterThanOrEqual(4.5)
		})
	}

	it('measures contrast as WCAG does', () => {
		expect(contrast('#000000', '#ffffff')).toBeCloseTo(21)
		expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
	})
})
