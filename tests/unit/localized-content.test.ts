import { describe, expect, it } from 'vitest'
import { lineOptionsText } from '~/domain/menu/item-options'
import {
	localizedLine,
	localizeRow,
	missingTranslations,
	pickLocalized,
	translationColumn,
} from '~/domain/content/localized-content'

const item = {
	id: 'a',
	name: 'Cheese bread',
	nameEs: 'Pan de queso',
	namePtBr: null,
	description: 'Warm.',
	descriptionEs: '  ',
	descriptionPtBr: 'Quentinho.',
}

describe('pickLocalized', () => {
	it('gives the translation in its language, English otherwise (missing or blank)', () => {
		expect(pickLocalized(item, 'name', 'en')).toBe('Cheese bread')
		expect(pickLocalized(item, 'name', 'es')).toBe('Pan de queso')
		expect(pickLocalized(item, 'name', 'pt-BR')).toBe('Cheese bread')
		expect(pickLocalized(item, 'description', 'es')).toBe('Warm.')
		expect(pickLocalized(item, 'description', 'pt-BR')).toBe('Quentinho.')
	})
})

describe('localizeRow', () => {
	it('keeps one language and leaves the translation columns out', () => {
		expect(localizeRow(item, ['name', 'description'], 'pt-BR')).toEqual({
			id: 'a',
			name: 'Cheese bread',
			description: 'Quentinho.',
		})
		expect(localizeRow(item, ['name', 'description'], 'en')).toEqual({
			id: 'a',
			name: 'Cheese bread',
			description: 'Warm.',
		})
	})
})

describe('missingTranslations', () => {
	it('lists the languages with an untranslated field; an empty English field needs nothing', () => {
		expect(missingTranslations(item, ['name', 'description'])).toEqual(['es', 'pt-BR'])
		expect(missingTranslations({ ...item, descriptionEs: 'Caliente.' }, ['name', 'description'])).toEqual(['pt-BR'])
		const noDescription = { ...item, description: '', namePtBr: 'Pão de queijo' }
		expect(missingTranslations(noDescription, ['name', 'description'])).toEqual([])
	})
})

describe('translationColumn', () => {
	it('stores an empty field as null, and trims', () => {
		expect(translationColumn(undefined)).toBeNull()
		expect(translationColumn('   ')).toBeNull()
		expect(translationColumn(' Conchas ')).toBe('Conchas')
	})
})

describe('localizedLine', () => {
	const cake = {
		name: 'Custom cake',
		nameEs: 'Pastel personalizado',
		namePtBr: 'Bolo personalizado',
		optionGroups: [
			{
				name: 'Size',
				nameEs: 'Tamaño',
				namePtBr: null,
				options: [
					{ name: '8″', nameEs: null, namePtBr: null },
					{ name: 'Large', nameEs: 'Grande', namePtBr: 'Grande' },
				],
			},
			{ name: 'Message', nameEs: 'Mensaje', namePtBr: 'Mensagem', options: [] },
		],
	}
	const line = {
		name: 'Custom cake',
		options: [
			{ group: 'Size', choice: 'Large', priceDeltaCents: 0 },
			{ group: 'Message', text: 'Feliz', priceDeltaCents: 0 },
		],
	}

	/** The name and the options as the payment page and the customer's mails write them. */
	const text = (locale: 'en' | 'es' | 'pt-BR') => {
		const localized = localizedLine(cake, line, locale)
		return { name: localized.name, options: lineOptionsText(localized.options) }
	}

	it('names the line and its options in the customer’s language, English where untranslated', () => {
		expect(text('es')).toEqual({ name: 'Pastel personalizado', options: 'Tamaño: Grande · Mensaje: “Feliz”' })
		expect(text('pt-BR')).toEqual({ name: 'Bolo personalizado', options: 'Size: Grande · Mensagem: “Feliz”' })
		expect(text('en')).toEqual({ name: 'Custom cake', options: 'Size: Large · Message: “Feliz”' })
		// Prices and the customer's own words are kept as they were.
		expect(localizedLine(cake, line, 'es').options).toEqual([
			{ group: 'Tamaño', choice: 'Grande', priceDeltaCents: 0 },
			{ group: 'Mensaje', text: 'Feliz', priceDeltaCents: 0 },
		])
	})

	it('keeps the line’s own words when the item is gone', () => {
		const gone = { name: 'Old cake', options: [{ group: 'Size', choice: 'Large', priceDeltaCents: 0 }] }
		expect(localizedLine(undefined, gone, 'es')).toEqual(gone)
	})
})
