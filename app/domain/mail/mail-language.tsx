import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react'
import type { Locale, MessageKey, Translate } from '~/utils/i18n'

/** The language a customer mail is written in, and its translator (`translator(locale)`). */
export interface MailLanguage {
	locale: Locale
	t: Translate
}

/** The customer's language as the owner's (English) mails name it. */
export const LANGUAGE_NAMES_IN_ENGLISH = {
	en: 'English',
	es: 'Spanish',
	'pt-BR': 'Portuguese (Brazil)',
} as const satisfies Record<Locale, string>

const MARK = '\uE000'
const TOKEN = /<(\d+)>([\s\S]*?)<\/\1>|\uE000(\d+)\uE000/g

/**
 * A message with `<0>…</0>` tags rendered as the given elements (`<strong/>`, a link). The values
 * (customers' names, numbers already in words) go in as markers and come back as plain text, so a
 * name that looks like a tag stays text.
 */
export function richText(
	t: Translate,
	key: MessageKey,
	values: Record<string, string | number>,
	elements: readonly ReactElement[] = [],
): ReactNode {
	const texts: string[] = []
	const marked: Record<string, string | number> = {}
	for (const [name, value] of Object.entries(values)) {
		if (typeof value === 'number') marked[name] = value
		else marked[name] = `${MARK}${texts.push(value) - 1}${MARK}`
	}
	const build = (message: string): ReactNode[] => {
		const nodes: ReactNode[] = []
		let last = 0
		for (const match of message.matchAll(TOKEN)) {
			if (match.index > last) nodes.push(message.slice(last, match.index))
			if (match[3] !== undefined) nodes.push(texts[Number(match[3])])
			else {
				const element = elements[Number(match[1])]
				const children = build(match[2] ?? '')
				nodes.push(element ? cloneElement(element, { key: nodes.length }, ...children) : children)
			}
			last = match.index + match[0].length
		}
		if (last < message.length) nodes.push(message.slice(last))
		return nodes
	}
	return <Fragment>{build(t(key, marked))}</Fragment>
}
