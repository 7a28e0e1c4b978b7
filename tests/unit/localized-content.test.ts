import { describe, expect, it } from 'vitest'
import {
	localizedLineText,
	localizeRow,
	missingTranslations,
	pickLocalized,
	translationColumn,
} from '~/utils/localized-content'

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

describe('localizedLineText', () => {
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

	it('names the line and its options in the customer’s language, English where untranslated', () => {
		expect(localizedLineText(cake, line, 'es')).toEqual({
			name: 'Pastel personalizado',
			description: 'Tamaño: Grande · Mensaje: “Feliz”',
		})
		expect(localizedLineText(cake, line, 'pt-BR')).toEqual({
			name: 'Bolo personalizado',
			description: 'Size: Grande · Mensagem: “Feliz”',
		})
		expect(localizedLineText(cake, line, 'en')).toEqual({
			name: 'Custom cake',
			description: 'Size: Large · Message: “Feliz”',
		})
	})

	it('keeps the line’s own words when the item is gone, and no description without options', () => {
		expect(localizedLineText(undefined, { name: 'Old cake', options: [] }, 'es')).toEqual({
			name: 'Old cake',
			description: undefined,
		})
	})
})
