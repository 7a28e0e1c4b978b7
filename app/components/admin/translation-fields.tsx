import type { FieldMetadata } from '@conform-to/react'
import { TextareaField, TextField } from '~/components/ui/forms'

type TextMeta = FieldMetadata<string | undefined>

/**
 * The owner's Spanish and Portuguese versions of one of their texts (a name, a note, a page text): optional,
 * each marked with its language so screen readers and spell checkers read it right; empty shows the English.
 */
export function TranslationFields({
	what,
	es,
	ptBr,
	hint = 'Optional: empty shows the English.',
	rows,
	sideBySide = true,
}: {
	/** What is translated, as the labels say it: 'Name' → 'Name in Spanish'. */
	what: string
	es: TextMeta
	ptBr: TextMeta
	hint?: string
	/** A multi-line text: the fields are text areas of this many rows. */
	rows?: number
	sideBySide?: boolean
}) {
	const fields = [
		{ meta: es, language: 'Spanish', lang: 'es' },
		{ meta: ptBr, language: 'Portuguese', lang: 'pt-BR' },
	]
	return (
		<div className={sideBySide ? 'grid gap-x-6 sm:grid-cols-2' : undefined}>
			{fields.map(({ meta, language, lang }) =>
				rows ? (
					<TextareaField key={lang} meta={meta} label={`${what} in ${language}`} hint={hint} rows={rows} lang={lang} />
				) : (
					<TextField
						key={lang}
						meta={meta}
						label={`${what} in ${language}`}
						hint={hint}
						autoComplete="off"
						lang={lang}
					/>
				),
			)}
		</div>
	)
}
