/**
 * The cart at the menu's current prices (decision 051). The cart keeps each line's price in the browser, and the
 * owner may change a price or an option after the customer added it (or the stored cart may be edited): the cart
 * and the checkout show every line as the server prices it now, with the same `priceChoices` the checkout charges
 * with (app/domain/orders/checkout.server.ts), from the server's current menu (`loadCartMenu`). Pure.
 */
import type { CartItem } from './cart'
import { priceChoices, type OptionGroupView, type OptionProblem } from '~/domain/menu/item-options'

/** A menu item as the cart prices it, in the page's language. */
export type CartMenuItem =
	| {
			state: 'for-sale'
			name: string
			priceCents: number
			/** Absent when the item has no options. */
			optionGroups?: OptionGroupView[]
			/** Why no pickup day of the ordering horizon can take it ('Sold out for the next 14 days'), if none can. */
			unavailable?: string
	  }
	/** Marked sold out by the owner, or not sold in the online shop. */
	| { state: 'sold-out' | 'not-online'; name: string }

/** The server's current menu for the cart, by item id; an item that is not in it is no longer on the menu. */
export type CartMenu = Record<string, CartMenuItem>

/** Why a line cannot be bought now (the words are the page's). */
export type CartLineProblem =
	{ kind: 'off-menu' } | { kind: 'sold-out' } | { kind: 'not-online' } | { kind: 'options'; problem: OptionProblem }

/** A line whose unit price is not the one the cart had stored: what it costs now. */
export interface CartPriceChange {
	key: string
	name: string
	options: CartItem['options']
	priceCents: number
}

export interface CurrentCart {
	/** Every line: those that can be bought with the menu's current name, options and unit price. */
	lines: CartItem[]
	/** The lines that cannot be bought now, by key: they show no price and count in no total. */
	problems: Record<string, CartLineProblem>
	/** The lines that can be bought (what the checkout sends). */
	payable: CartItem[]
	/** Lines that can be bought but that no pickup day of the horizon can take, by key: the words that say why. */
	unpickable: Record<string, string>
	totalCents: number
	/** Lines whose price differs from the stored one. */
	changes: CartPriceChange[]
}

/** Prices every line of `items` from `menu`, as the checkout will. */
export function currentCart(items: readonly CartItem[], menu: CartMenu): CurrentCart {
	// By line key; a stored key is the browser's, so no key may reach a prototype ('__proto__', 'constructor').
	const problems: Record<string, CartLineProblem> = Object.create(null)
	const unpickable: Record<string, string> = Object.create(null)
	const changes: CartPriceChange[] = []
	const lines = items.map((item): CartItem => {
		const entry = Object.hasOwn(menu, item.id) ? menu[item.id] : undefined
		if (!entry) {
			problems[item.key] = { kind: 'off-menu' }
			return item
		}
		if (entry.state !== 'for-sale') {
			problems[item.key] = { kind: entry.state }
			return { ...item, name: entry.name }
		}
		const priced = priceChoices(entry.priceCents, entry.optionGroups ?? [], item.choices)
		if (!priced.ok) {
			problems[item.key] = { kind: 'options', problem: priced.problem }
			return { ...item, name: entry.name }
		}
		const line = { ...item, name: entry.name, priceCents: priced.unitPriceCents, options: priced.options }
		if (entry.unavailable) unpickable[line.key] = entry.unavailable
		if (line.priceCents !== item.priceCents) {
			changes.push({ key: line.key, name: line.name, options: line.options, priceCents: line.priceCents })
		}
		return line
	})
	const payable = lines.filter((line) => !problems[line.key])
	const totalCents = payable.reduce((total, line) => total + line.priceCents * line.quantity, 0)
	return { lines, problems, payable, unpickable, totalCents, changes }
}
