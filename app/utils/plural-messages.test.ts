import { setupI18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { catalogs } from '~/locales/catalogs.server'
import { INTL_LOCALES, LOCALES } from './i18n'
import { translate, withoutNumberFormats } from './plural-messages'

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 1000, 1234, 1_000_000, 4.5, 4.75, -1]

/** Lingui's own output and ours, for one message in one language. */
function bothWays(locale: (typeof LOCALES)[number], message: string, values: Record<string, string | number>) {
	const tag = INTL_LOCALES[locale]
	const lingui = setupI18n({ locale: tag, messages: { [tag]: { message: compileMessage(message) } } })
	const ours = setupI18n({
		locale: tag,
		messages: { [tag]: { message: withoutNumberFormats(compileMessage(message)) } },
	})
	return { lingui: lingui._('message', values), ours: translate(ours, 'message', values) }
}

describe('plural messages without number formats', () => {
	afterEach(() => vi.restoreAllMocks())

	it('say exactly what Lingui says, for every plural message of every language and many counts', () => {
		let checked = 0
		for (const locale of LOCALES) {
			for (const [namespace, entries] of Object.entries(catalogs[locale])) {
				for (const [key, message] of Object.entries(entries as Record<string, string>)) {
					if (!message.includes('plural,')) continue
					const names = [...message.matchAll(/\{(\w+), plural,/g)].map((match) => match[1]!)
					for (const count of COUNTS) {
						const values = Object.fromEntries([...names.map((name) => [name, count]), ['name', 'Ana']])
						const { lingui, ours } = bothWays(locale, message, values)
						expect(ours, `${locale} ${namespace}.${key} with ${count}`).toBe(lingui)
						checked++
					}
				}
			}
		}
		// The header's cart link, the rate-limit answers, ratings, reviews and the allergen filter, in 3 languages.
		expect(checked).toBeGreaterThanOrEqual(7 * 3 * COUNTS.length)
	})

	it('keep exact cases, selects inside plurals and a literal # outside them', () => {
		const message =
			'{n, plural, =0 {no items} one {# item for {who, select, me {me} other {#}}} other {# items}}, # left'
		for (const locale of LOCALES) {
			for (const count of COUNTS) {
				const { lingui, ours } = bothWays(locale, message, { n: count, who: count % 2 ? 'me' : 'you' })
				expect(ours, `${locale} ${count}`).toBe(lingui)
			}
		}
		expect(bothWays('en', message, { n: 0, who: 'me' }).ours).toBe('no items, # left')
		expect(bothWays('pt-BR', message, { n: 1234, who: 'me' }).ours).toBe('1.234 items, # left')
	})

	it('create no number format when translating', () => {
		const numberFormat = vi.spyOn(Intl, 'NumberFormat')
		const { ours } = bothWays('es', 'Carrito, {count, plural, one {# artículo} other {# artículos}}', { count: 2 })
		expect(ours).toBe('Carrito, 2 artículos')
		// bothWays ran Lingui's own version too: only that one may have created a number format.
		expect(numberFormat.mock.calls.length).toBeLessThanOrEqual(1)
		numberFormat.mockClear()
		const tag = INTL_LOCALES.es
		const i18n = setupI18n({
			locale: tag,
			messages: { [tag]: { cart: withoutNumberFormats(compileMessage('{count, plural, one {# x} other {# xs}}')) } },
		})
		expect(translate(i18n, 'cart', { count: 3 })).toBe('3 xs')
		expect(numberFormat).not.toHaveBeenCalled()
	})
})
