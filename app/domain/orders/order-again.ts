/**
 * "Order again" (decision 065): a past order's lines as cart lines at today's prices. Each stored line names its
 * item by id and its choices by their English names (the owner may rename or delete them later), so a choice is
 * found again by its group's and its own English name in today's menu, then priced as the cart and the checkout
 * price it (`priceChoices`). A line whose item is gone, not sold online, sold out, not available in the ordering
 * window, or whose choice is gone or sold out is left out, with why. Pure.
 */
import { MAX_QUANTITY_PER_LINE, type CartProduct } from './cart'
import type { CartLineProblem, CartMenu } from './cart-prices'
import { lineName, priceChoices, type ChosenOption, type LineOption } from '~/domain/menu/item-options'

/** An ordered line as order-again reads it. */
export interface OrderedLine {
	/** Null when the item was deleted since. */
	menuItemId: string | null
	/** The name and choices the customer saw (their language). */
	name: string
	options: readonly LineOption[]
	/** The choices with the owner's English names, as stored: how they are found again. */
	englishOptions: readonly LineOption[]
	unitPriceCents: number
	quantity: number
	image: { imageKey: string | null; imageAlt: string } | null
}

type LeftOutLine =
	| { name: string; problem: CartLineProblem }
	/** For sale, but no pickup day of the ordering window can take it ('Sold out for the next 14 days'). */
	| { name: string; unavailable: string }

export interface OrderAgainLines {
	/** What goes in the cart, at today's prices, names and choices in the page's language. */
	lines: Array<{ item: CartProduct; quantity: number }>
	leftOut: LeftOutLine[]
	/** Lines whose unit price today differs from what the order paid. */
	priceChanges: Array<{ name: string; priceCents: number; wasCents: number }>
}

/** The stored choices as today's answers (ids), or the group whose choice is no longer offered. */
function answersFor(
	options: readonly LineOption[],
	groups: NonNullable<Extract<CartMenu[string], { state: 'for-sale' }>['optionGroups']>,
): { ok: true; chosen: ChosenOption[] } | { ok: false; group: string } {
	const byGroup = new Map<string, ChosenOption>()
	for (const option of options) {
		const group = groups.find((candidate) => candidate.name === option.group)
		if (!group) return { ok: false, group: option.group }
		if (option.text !== undefined) {
			byGroup.set(group.id, { groupId: group.id, text: option.text })
			continue
		}
		const choice = group.options.find((candidate) => candidate.name === option.choice)
		if (!choice) return { ok: false, group: option.group }
		const answer = byGroup.get(group.id) ?? { groupId: group.id, optionIds: [] }
		byGroup.set(group.id, { ...answer, optionIds: [...(answer.optionIds ?? []), choice.id] })
	}
	return { ok: true, chosen: [...byGroup.values()] }
}

/**
 * The order's lines against today's menu: `english` finds the choices by the names stored with the order, `menu`
 * (the page's language, the same ids) prices them and names them.
 */
export function orderAgainLines(ordered: readonly OrderedLine[], english: CartMenu, menu: CartMenu): OrderAgainLines {
	const result: OrderAgainLines = { lines: [], leftOut: [], priceChanges: [] }
	for (const line of ordered) {
		const name = lineName(line.name, line.options)
		const leaveOut = (problem: CartLineProblem) => result.leftOut.push({ name, problem })
		const entry = line.menuItemId && Object.hasOwn(menu, line.menuItemId) ? menu[line.menuItemId] : undefined
		const source = line.menuItemId && Object.hasOwn(english, line.menuItemId) ? english[line.menuItemId] : undefined
		if (!line.menuItemId || !entry || !source) {
			leaveOut({ kind: 'off-menu' })
			continue
		}
		if (entry.state !== 'for-sale' || source.state !== 'for-sale') {
			leaveOut({ kind: entry.state === 'for-sale' ? 'off-menu' : entry.state })
			continue
		}
		const answers = answersFor(line.englishOptions, source.optionGroups ?? [])
		if (!answers.ok) {
			leaveOut({ kind: 'options', problem: { kind: 'unknown-choice', group: groupNameIn(line, answers.group) } })
			continue
		}
		const priced = priceChoices(entry.priceCents, entry.optionGroups ?? [], answers.chosen)
		if (!priced.ok) {
			leaveOut({ kind: 'options', problem: priced.problem })
			continue
		}
		if (entry.unavailable) {
			result.leftOut.push({ name, unavailable: entry.unavailable })
			continue
		}
		result.lines.push({
			item: {
				id: line.menuItemId,
				name: entry.name,
				imageKey: line.image?.imageKey ?? null,
				imageAlt: line.image?.imageAlt ?? '',
				priceCents: priced.unitPriceCents,
				choices: priced.chosen,
				options: priced.options,
			},
			quantity: Math.min(line.quantity, MAX_QUANTITY_PER_LINE),
		})
		if (priced.unitPriceCents !== line.unitPriceCents) {
			result.priceChanges.push({
				name: lineName(entry.name, priced.options),
				priceCents: priced.unitPriceCents,
				wasCents: line.unitPriceCents,
			})
		}
	}
	return result
}

/** A stored group's name as the customer saw it (the choices in their language are stored in the same order). */
function groupNameIn(line: OrderedLine, englishGroup: string) {
	const index = line.englishOptions.findIndex((option) => option.group === englishGroup)
	return line.options[index]?.group ?? englishGroup
}
