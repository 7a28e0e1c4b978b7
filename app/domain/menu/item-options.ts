import type { Translate } from '~/utils/i18n'
/**
 * Item options (Size, Toppings, Message on the cake): what a customer may choose, what it costs, and how
 * a choice is written on a cart line, an order and a prep list. Pure, and shared by the item dialog (the
 * price it shows) and the checkout (the price it charges, from the database's rows only). Decision 038.
 * Hand-written rather than Zod: the dialog ships it (docs/performance.md).
 */

// On every page through the cart (app/domain/orders/cart.ts), so kept apart from the pricing here (docs/performance.md).
export { cartLineKey, MAX_OPTION_TEXT_LENGTH } from '~/domain/orders/cart-line-key'

type OptionGroupKind = 'SINGLE' | 'MULTIPLE' | 'TEXT'

export interface OptionChoiceView {
	id: string
	name: string
	priceDeltaCents: number
	soldOut: boolean
}

export interface OptionGroupView {
	id: string
	name: string
	kind: OptionGroupKind
	/** SINGLE and TEXT: an answer is needed. */
	required: boolean
	/** MULTIPLE: at least this many choices. */
	minChoices: number
	/** MULTIPLE: at most this many; null: any number. */
	maxChoices: number | null
	/** TEXT: the longest answer accepted. */
	maxLength: number
	options: OptionChoiceView[]
}

/** A customer's answer to one group: choice ids (SINGLE, MULTIPLE) or text (TEXT). */
export interface ChosenOption {
	groupId: string
	optionIds?: string[]
	text?: string
}

/** One chosen option as an order line keeps it (names, not ids: the owner may rename or delete later). */
export interface LineOption {
	group: string
	/** The choice's name (SINGLE, MULTIPLE). */
	choice?: string
	/** The customer's words (TEXT). */
	text?: string
	priceDeltaCents: number
}

export type OptionProblem =
	| { kind: 'unknown-group' }
	| { kind: 'unknown-choice'; group: string }
	| { kind: 'sold-out'; group: string; choice: string }
	| { kind: 'required'; group: string }
	| { kind: 'too-few'; group: string; limit: number }
	| { kind: 'too-many'; group: string; limit: number }
	| { kind: 'too-long'; group: string; limit: number }

export type PricedChoices =
	| { ok: true; unitPriceCents: number; options: LineOption[]; chosen: ChosenOption[] }
	| { ok: false; problem: OptionProblem }

const MAX_CHOICES_PER_GROUP = 20

/** Text as the customer meant it: trimmed, inner runs of spaces and line breaks made one space. */
export function normalizeOptionText(text: string) {
	return text.replace(/\s+/g, ' ').trim()
}

/**
 * Checks a customer's answers against the item's groups and prices them: the item's price plus every
 * chosen option's delta. Unknown groups or choices, sold-out choices, missing required answers, too few
 * or too many choices and over-long text are refused, naming the group and the choice. The answers come
 * back normalised (groups in the item's order, choices in the group's order) so equal answers are equal.
 */
export function priceChoices(
	basePriceCents: number,
	groups: readonly OptionGroupView[],
	answers: readonly ChosenOption[],
): PricedChoices {
	const byGroup = new Map<string, ChosenOption>()
	for (const answer of answers) {
		if (!groups.some((group) => group.id === answer.groupId) || byGroup.has(answer.groupId)) {
			return { ok: false, problem: { kind: 'unknown-group' } }
		}
		byGroup.set(answer.groupId, answer)
	}
	let unitPriceCents = basePriceCents
	const options: LineOption[] = []
	const chosen: ChosenOption[] = []
	for (const group of groups) {
		const answer = byGroup.get(group.id)
		if (group.kind === 'TEXT') {
			const text = normalizeOptionText(answer?.text ?? '')
			if (answer?.optionIds?.length) return { ok: false, problem: { kind: 'unknown-choice', group: group.name } }
			if (!text) {
				if (group.required) return { ok: false, problem: { kind: 'required', group: group.name } }
				continue
			}
			if ([...text].length > group.maxLength) {
				return { ok: false, problem: { kind: 'too-long', group: group.name, limit: group.maxLength } }
			}
			options.push({ group: group.name, text, priceDeltaCents: 0 })
			chosen.push({ groupId: group.id, text })
			continue
		}
		const ids = new Set(answer?.optionIds ?? [])
		if (answer?.text || ids.size !== (answer?.optionIds?.length ?? 0) || ids.size > MAX_CHOICES_PER_GROUP) {
			return { ok: false, problem: { kind: 'unknown-choice', group: group.name } }
		}
		const picked = group.options.filter((option) => ids.has(option.id))
		if (picked.length !== ids.size) return { ok: false, problem: { kind: 'unknown-choice', group: group.name } }
		const soldOut = picked.find((option) => option.soldOut)
		if (soldOut) return { ok: false, problem: { kind: 'sold-out', group: group.name, choice: soldOut.name } }
		const problem = countProblem(group, picked.length)
		if (problem) return { ok: false, problem }
		if (picked.length === 0) continue
		for (const option of picked) {
			unitPriceCents += option.priceDeltaCents
			options.push({ group: group.name, choice: option.name, priceDeltaCents: option.priceDeltaCents })
		}
		chosen.push({ groupId: group.id, optionIds: picked.map((option) => option.id) })
	}
	return { ok: true, unitPriceCents, options, chosen }
}

function countProblem(group: OptionGroupView, count: number): OptionProblem | null {
	if (group.kind === 'SINGLE') {
		if (count > 1) return { kind: 'too-many', group: group.name, limit: 1 }
		if (count === 0 && group.required) return { kind: 'required', group: group.name }
		return null
	}
	if (count < group.minChoices) return { kind: 'too-few', group: group.name, limit: group.minChoices }
	if (group.maxChoices !== null && count > group.maxChoices) {
		return { kind: 'too-many', group: group.name, limit: group.maxChoices }
	}
	return null
}

/** The customer's words for a refused answer, naming the item, the group and the choice (English without `t`). */
export function optionProblemMessage(itemName: string, problem: OptionProblem, t?: Translate) {
	if (t) return translatedOptionProblem(itemName, problem, t)
	switch (problem.kind) {
		case 'unknown-group':
			return `${itemName}: its options have changed.`
		case 'unknown-choice':
			return `${itemName}: a choice for “${problem.group}” is no longer offered.`
		case 'sold-out':
			return `${itemName}: “${problem.choice}” (${problem.group}) is sold out.`
		case 'required':
			return `${itemName}: please choose ${problem.group}.`
		case 'too-few':
			return `${itemName}: please choose at least ${problem.limit} for ${problem.group}.`
		case 'too-many':
			return `${itemName}: please choose at most ${problem.limit} for ${problem.group}.`
		case 'too-long':
			return `${itemName}: ${problem.group} can be at most ${problem.limit} characters.`
	}
}

function translatedOptionProblem(item: string, problem: OptionProblem, t: Translate) {
	switch (problem.kind) {
		case 'unknown-group':
			return t('shop.optionChanged', { item })
		case 'unknown-choice':
			return t('shop.optionGone', { item, group: problem.group })
		case 'sold-out':
			return t('shop.optionSoldOut', { item, choice: problem.choice, group: problem.group })
		case 'required':
			return t('shop.optionRequired', { item, group: problem.group })
		case 'too-few':
			return t('shop.optionTooFew', { item, group: problem.group, limit: problem.limit })
		case 'too-many':
			return t('shop.optionTooMany', { item, group: problem.group, limit: problem.limit })
		case 'too-long':
			return t('shop.optionTooLong', { item, group: problem.group, limit: problem.limit })
	}
}

/** 'Size: 8″ · Toppings: Strawberries, Coconut · Message on the cake: “Feliz cumpleaños Ana”'. */
export function lineOptionsText(options: readonly LineOption[]) {
	const groups = new Map<string, string[]>()
	for (const option of options) {
		const value = option.text !== undefined ? `“${option.text}”` : (option.choice ?? '')
		groups.set(option.group, [...(groups.get(option.group) ?? []), value])
	}
	return [...groups].map(([group, values]) => `${group}: ${values.join(', ')}`).join(' · ')
}

/** A line named with its options, where two sizes of one cake must be told apart: 'Tres Leches Cake (Size: 8″)'. */
export function lineName(name: string, options: readonly LineOption[]) {
	return options.length ? `${name} (${lineOptionsText(options)})` : name
}

/** The short form a prep list groups by: the choices only, no group names and no messages ('8″, Strawberries'). */
export function lineChoicesText(options: readonly LineOption[]) {
	return options
		.filter((option) => option.choice !== undefined)
		.map((option) => option.choice)
		.join(', ')
}

/** Reads an order line's stored options (jsonb) defensively: anything malformed is left out. */
export function readLineOptions(value: unknown): LineOption[] {
	if (!Array.isArray(value)) return []
	return value.flatMap((entry: unknown): LineOption[] => {
		if (typeof entry !== 'object' || entry === null) return []
		const { group, choice, text, priceDeltaCents } = entry as Record<string, unknown>
		if (typeof group !== 'string' || !Number.isInteger(priceDeltaCents)) return []
		if (typeof choice === 'string') return [{ group, choice, priceDeltaCents: priceDeltaCents as number }]
		if (typeof text === 'string') return [{ group, text, priceDeltaCents: priceDeltaCents as number }]
		return []
	})
}
