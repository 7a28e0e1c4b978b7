import type { Locale } from '~/utils/i18n'
import type { LineOption } from '~/domain/menu/item-options'

/**
 * The owner's translations of their own content (menu items, options, closure notes, site texts) live next to
 * the English text as `<field>Es` / `<field>PtBr` (null: not translated). These pure helpers pick the
 * visitor's language with English as the fallback, once, where public data is loaded.
 */
export type TranslatedColumns<Field extends string> = { [K in Field]: string } & {
	[K in `${Field}Es` | `${Field}PtBr`]: string | null
}

const SUFFIX = { es: 'Es', 'pt-BR': 'PtBr' } as const satisfies Record<Exclude<Locale, 'en'>, string>

/** The text of `field` in `locale`, or the English one when that translation is missing or blank. */
export function pickLocalized<Field extends string>(
	row: TranslatedColumns<Field>,
	field: Field,
	locale: Locale,
): string {
	if (locale === 'en') return row[field]
	const translated = (row as Record<string, string | null | undefined>)[`${field}${SUFFIX[locale]}`]
	return translated && translated.trim() ? translated : row[field]
}

/** The row with `fields` in `locale` and the translation columns left out (the page gets one language). */
export function localizeRow<Row extends Record<string, unknown>, Field extends string>(
	row: Row & TranslatedColumns<Field>,
	fields: readonly Field[],
	locale: Locale,
): Omit<Row, `${Field}Es` | `${Field}PtBr`> {
	const result: Record<string, unknown> = { ...row }
	for (const field of fields) {
		result[field] = pickLocalized(row, field, locale)
		delete result[`${field}Es`]
		delete result[`${field}PtBr`]
	}
	return result as Omit<Row, `${Field}Es` | `${Field}PtBr`>
}

/** Which translations a row lacks (for the owner's "Needs Spanish" badges): non-English locales with a field empty. */
export function missingTranslations<Field extends string>(
	row: TranslatedColumns<Field>,
	fields: readonly Field[],
): Array<Exclude<Locale, 'en'>> {
	const missing: Array<Exclude<Locale, 'en'>> = []
	for (const locale of ['es', 'pt-BR'] as const) {
		const lacks = fields.some((field) => {
			if (!row[field].trim()) return false // nothing to translate
			const value = (row as Record<string, string | null>)[`${field}${SUFFIX[locale]}`]
			return !value || !value.trim()
		})
		if (lacks) missing.push(locale)
	}
	return missing
}

/** A form's optional translation: an empty field is stored as null (the database refuses blank strings). */
export function translationColumn(value: string | undefined | null): string | null {
	const trimmed = value?.trim()
	return trimmed ? trimmed : null
}

type NamedRow = TranslatedColumns<'name'>

/**
 * A priced line's name and options in `locale`, from the item's translated names: what the customer sees on the
 * payment page and what their order keeps for their mails (English where untranslated; the line's own words when
 * the item or an option is gone). The line's own (English) name and options stay as they are: the owner's words.
 */
export function localizedLine(
	item: (NamedRow & { optionGroups: ReadonlyArray<NamedRow & { options: readonly NamedRow[] }> }) | undefined,
	line: { name: string; options: readonly LineOption[] },
	locale: Locale,
): { name: string; options: LineOption[] } {
	const options = line.options.map((option) => {
		const group = item?.optionGroups.find((entry) => entry.name === option.group)
		const choice = option.choice === undefined ? undefined : group?.options.find((o) => o.name === option.choice)
		return {
			...option,
			group: group ? pickLocalized(group, 'name', locale) : option.group,
			...(option.choice !== undefined
				? { choice: choice ? pickLocalized(choice, 'name', locale) : option.choice }
				: {}),
		}
	})
	return { name: item ? pickLocalized(item, 'name', locale) : line.name, options }
}
