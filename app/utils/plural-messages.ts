import type { I18n } from '@lingui/core'
import type { CompiledMessage } from '@lingui/message-utils/compileMessage'
import { localeOfTag, type MessageValues } from './i18n'
import { formatNumber } from './numbers'

/*
 * Plural messages without `Intl.NumberFormat`. Lingui writes a plural's `#` with a number format, and
 * creates one for every plural message, `#` or not. The first number format a page creates loads the
 * language's number data: ~15 ms on this machine, ~60 ms on a mid-range phone, inside the hydration of
 * every page whose header shows "Cart, 2 items" (docs/performance.md).
 *
 * So the compiled messages are rewritten once: `{count, plural, one {# item} other {# items}}` becomes a
 * select on the count's plural category, with `#` a placeholder for the count already written out, and
 * `translate` adds those two values. Plural categories still come from `Intl.PluralRules`, which is cheap.
 * plural-messages.test.ts checks every plural message of every language against Lingui's own output.
 */

type Token = string | [name: string, type?: string, format?: Record<string, unknown>]

const categoryOf = (name: string) => `${name}:plural`
const countOf = (name: string) => `${name}:#`
const exactOf = (name: string) => `${name}:=`

function rewriteTokens(tokens: readonly Token[], pluralName?: string): Token[] {
	return tokens.map((token) => {
		if (typeof token === 'string') return pluralName !== undefined && token === '#' ? [countOf(pluralName)] : token
		const [name, type, format] = token
		if (!format || (type !== 'plural' && type !== 'select')) return token
		if (type === 'select') return [name, type, rewriteCases(format)]
		const { offset, ...rest } = format
		if (offset) throw new Error(`Plural offsets are not supported (message argument "${name}")`)
		const { other, ...cases } = rewriteCases(rest, name)
		const isExact = ([key]: [string, unknown]) => /^\d+$/.test(key)
		const exact = Object.fromEntries(Object.entries(cases).filter(isExact))
		const categories = Object.fromEntries(Object.entries(cases).filter((entry) => !isExact(entry)))
		const byCategory: Token = [categoryOf(name), 'select', { ...categories, other }]
		// `=0 {none}` wins over the category, as in Lingui: an outer select on the exact number.
		return Object.keys(exact).length ? [exactOf(name), 'select', { ...exact, other: [byCategory] }] : byCategory
	})
}

function rewriteCases(cases: Record<string, unknown>, pluralName?: string): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(cases).map(([key, value]) => [
			key,
			Array.isArray(value) ? rewriteTokens(value as Token[], pluralName) : value,
		]),
	)
}

/** A compiled message whose plurals need no number format (see above). */
export function withoutNumberFormats(message: CompiledMessage): CompiledMessage {
	return typeof message === 'string' ? message : (rewriteTokens(message as Token[]) as CompiledMessage)
}

const pluralRules = new Map<string, Intl.PluralRules>()

/** `i18n._(key, values)` for messages compiled with `withoutNumberFormats`. */
export function translate(i18n: I18n, key: string, values: MessageValues = {}): string {
	const all: Record<string, unknown> = { ...values }
	for (const [name, value] of Object.entries(values)) {
		if (typeof value !== 'number') continue
		let rules = pluralRules.get(i18n.locale)
		if (!rules) pluralRules.set(i18n.locale, (rules = new Intl.PluralRules(i18n.locale)))
		all[categoryOf(name)] = rules.select(value)
		all[countOf(name)] = formatNumber(value, localeOfTag(i18n.locale))
		all[exactOf(name)] = String(value)
	}
	// The one place that calls Lingui directly (eslint.config.js sends everything else here).
	// eslint-disable-next-line no-restricted-syntax
	return i18n._(key, all)
}
