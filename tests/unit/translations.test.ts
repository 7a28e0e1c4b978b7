import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse, type Token } from '@messageformat/parser'
import { describe, expect, test } from 'vitest'
import { catalogs } from '~/locales/catalogs.server'
import { LOCALES } from '~/utils/i18n'

/**
 * Every language says everything, and nothing is said that the site never shows: the JSON
 * catalogs in app/locales must have the same keys in every language, each message must parse as
 * ICU MessageFormat with the same placeholders as English, every key must appear in the code, and
 * every key-shaped string in the code must exist.
 */
const english = catalogs.en as Record<string, Record<string, string>>
const namespaces = Object.keys(english)
const appDir = path.resolve('app')

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full)
		return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
	})
}

function placeholders(message: string): string[] {
	const names = new Set<string>()
	const visit = (tokens: Token[]) => {
		for (const token of tokens) {
			if (token.type === 'argument' || token.type === 'function') names.add(token.arg)
			if (token.type === 'plural' || token.type === 'select') {
				names.add(token.arg)
				for (const item of token.cases) visit(item.tokens)
			}
		}
	}
	visit(parse(message))
	return [...names].sort()
}

/** `<0>…</0>` tags that <Trans> fills with elements. */
function tags(message: string) {
	return [...message.matchAll(/<(\d+)>/g)].map((match) => match[1]).sort()
}

describe.each(LOCALES.filter((locale) => locale !== 'en'))('%s', (locale) => {
	const catalog = catalogs[locale] as Record<string, Record<string, string>>

	test('has every namespace and key English has, and no other', () => {
		expect(Object.keys(catalog).sort()).toEqual([...namespaces].sort())
		for (const namespace of namespaces) {
			expect(Object.keys(catalog[namespace]!).sort(), namespace).toEqual(Object.keys(english[namespace]!).sort())
		}
	})

	test('says every message with the same placeholders and tags as English, and none empty', () => {
		for (const namespace of namespaces) {
			for (const [key, message] of Object.entries(catalog[namespace]!)) {
				const id = `${namespace}.${key}`
				const source = english[namespace]![key]!
				expect(message.trim(), id).not.toBe('')
				expect(placeholders(message), id).toEqual(placeholders(source))
				expect(tags(message), id).toEqual(tags(source))
			}
		}
	})
})

test('every English message parses and none is empty', () => {
	for (const namespace of namespaces) {
		for (const [key, message] of Object.entries(english[namespace]!)) {
			expect(message.trim(), `${namespace}.${key}`).not.toBe('')
			expect(() => parse(message), `${namespace}.${key}`).not.toThrow()
		}
	}
})

describe('the code and the catalogs agree', () => {
	const code = sourceFiles(appDir)
		.map((file) => readFileSync(file, 'utf8'))
		.join('\n')
	const keyPattern = new RegExp(`['"\`](${namespaces.join('|')})\\.([A-Za-z0-9_]+)['"\`]`, 'g')
	const used = new Set([...code.matchAll(keyPattern)].map((match) => `${match[1]}.${match[2]}`))

	test('every key is used somewhere in app/ (written out in full, so it can be found)', () => {
		const unused = namespaces.flatMap((namespace) =>
			Object.keys(english[namespace]!)
				.map((key) => `${namespace}.${key}`)
				.filter((id) => !used.has(id)),
		)
		expect(unused).toEqual([])
	})

	test('every key the code names exists', () => {
		const known = new Set(
			namespaces.flatMap((namespace) => Object.keys(english[namespace]!).map((key) => `${namespace}.${key}`)),
		)
		expect([...used].filter((id) => !known.has(id))).toEqual([])
	})
})
