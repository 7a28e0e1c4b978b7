/**
 * The part of the item options (app/domain/menu/item-options.ts) the cart needs on every page: a line's
 * identity and the longest text answer. Apart from the pricing so the home page does not load it.
 */
import type { ChosenOption } from '~/domain/menu/item-options'

/** Longest text answer any group may allow (the database's CHECK holds the same bound). */
export const MAX_OPTION_TEXT_LENGTH = 200

/**
 * A cart line's identity: the item and its answers (normalised by `priceChoices`). The same item with two
 * different sizes is two lines; the same answers again add to one line.
 */
export function cartLineKey(menuItemId: string, chosen: readonly ChosenOption[]) {
	if (chosen.length === 0) return menuItemId
	const parts = chosen.map((answer) =>
		answer.text !== undefined
			? `${answer.groupId}="${answer.text}"`
			: `${answer.groupId}=${answer.optionIds?.join('+')}`,
	)
	return `${menuItemId}|${parts.join('|')}`
}
