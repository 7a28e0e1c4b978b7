/**
 * The cart: a pure reducer (add, update quantity, remove, clear). Prices here are for display;
 * checkout recomputes every amount on the server from the database.
 */
import { cartLineKey, MAX_OPTION_TEXT_LENGTH } from './cart-line-key'
import type { ChosenOption, LineOption } from '~/domain/menu/item-options'

export const MAX_QUANTITY_PER_LINE = 50
export const MAX_CART_LINES = 30

export interface CartItem {
	/** The line's identity: the item and its chosen options (`cartLineKey`). */
	key: string
	/** The menu item's id. */
	id: string
	name: string
	imageKey: string | null
	imageAlt: string
	/** The unit price with the chosen options, as the dialog showed it (the server prices it again). */
	priceCents: number
	quantity: number
	/** The customer's answers, sent to the checkout. */
	choices: ChosenOption[]
	/** The same answers in words, for the cart and the checkout lines. */
	options: LineOption[]
}

// Hand-written rather than Zod: this module is in every page's bundle, and Zod would add ~13 KB gzip (docs/performance.md).
function isShortString(value: unknown, max: number, min = 0): value is string {
	return typeof value === 'string' && value.length >= min && value.length <= max
}

function isChosenOption(value: unknown): value is ChosenOption {
	if (typeof value !== 'object' || value === null) return false
	const { groupId, optionIds, text } = value as Record<string, unknown>
	return (
		isShortString(groupId, 100, 1) &&
		(optionIds === undefined ||
			(Array.isArray(optionIds) && optionIds.length <= 20 && optionIds.every((id) => isShortString(id, 100, 1)))) &&
		(text === undefined || isShortString(text, MAX_OPTION_TEXT_LENGTH))
	)
}

function isLineOption(value: unknown): value is LineOption {
	if (typeof value !== 'object' || value === null) return false
	const { group, choice, text, priceDeltaCents } = value as Record<string, unknown>
	return (
		isShortString(group, 100) &&
		(choice === undefined || isShortString(choice, 100)) &&
		(text === undefined || isShortString(text, MAX_OPTION_TEXT_LENGTH)) &&
		Number.isInteger(priceDeltaCents)
	)
}

function isCartItem(value: unknown): value is CartItem {
	if (typeof value !== 'object' || value === null) return false
	const item = value as Record<string, unknown>
	return (
		isShortString(item.key, 1000, 1) &&
		isShortString(item.id, 100, 1) &&
		Array.isArray(item.choices) &&
		item.choices.length <= 20 &&
		item.choices.every(isChosenOption) &&
		Array.isArray(item.options) &&
		item.options.length <= 40 &&
		item.options.every(isLineOption) &&
		isShortString(item.name, 200) &&
		(item.imageKey === null || isShortString(item.imageKey, 300)) &&
		isShortString(item.imageAlt, 500) &&
		Number.isInteger(item.priceCents) &&
		(item.priceCents as number) >= 0 &&
		Number.isInteger(item.quantity) &&
		(item.quantity as number) >= 1 &&
		(item.quantity as number) <= MAX_QUANTITY_PER_LINE &&
		item.key === cartLineKey(item.id, item.choices)
	)
}

/** What the menu adds: an item with its answers (none for an item without options). */
export type CartProduct = Omit<CartItem, 'quantity' | 'key' | 'choices' | 'options'> &
	Partial<Pick<CartItem, 'choices' | 'options'>>

export type CartAction =
	| { type: 'add'; item: CartProduct; quantity?: number }
	| { type: 'updateQuantity'; key: string; quantity: number }
	| { type: 'remove'; key: string }
	| { type: 'clear' }
	| { type: 'replace'; items: CartItem[] }
	/** The menu's current unit prices of some lines (app/domain/orders/cart-prices.ts). */
	| { type: 'reprice'; prices: ReadonlyArray<Pick<CartItem, 'key' | 'priceCents'>> }

function clampQuantity(quantity: number) {
	if (!Number.isFinite(quantity)) return 1
	return Math.min(MAX_QUANTITY_PER_LINE, Math.max(1, Math.floor(quantity)))
}

export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
	switch (action.type) {
		case 'add': {
			const quantity = clampQuantity(action.quantity ?? 1)
			const choices = action.item.choices ?? []
			const key = cartLineKey(action.item.id, choices)
			if (items.some((item) => item.key === key)) {
				return items.map((item) =>
					item.key === key ? { ...item, quantity: clampQuantity(item.quantity + quantity) } : item,
				)
			}
			if (items.length >= MAX_CART_LINES) return items
			return [...items, { ...action.item, key, choices, options: action.item.options ?? [], quantity }]
		}
		case 'updateQuantity':
			return items.map((item) =>
				item.key === action.key ? { ...item, quantity: clampQuantity(action.quantity) } : item,
			)
		case 'remove':
			return items.filter((item) => item.key !== action.key)
		case 'clear':
			return []
		case 'replace':
			return action.items
		case 'reprice':
			return items.map((item) => ({ ...item, ...action.prices.find(({ key }) => key === item.key) }))
	}
}

export function cartTotalCents(items: readonly CartItem[]) {
	return items.reduce((total, item) => total + item.priceCents * item.quantity, 0)
}

export function cartCount(items: readonly CartItem[]) {
	return items.reduce((count, item) => count + item.quantity, 0)
}

export const CART_STORAGE_KEY = 'bakery-cart'
export const PENDING_PAYMENT_STORAGE_KEY = 'bakery-cart-pending-payment'

const CART_VERSION = 2

export function serializeCart(items: readonly CartItem[]) {
	return JSON.stringify({ version: CART_VERSION, items })
}

/** A version 1 line (before options): the same item with no answers, keyed by its id. */
function fromVersion1(item: unknown): unknown {
	if (typeof item !== 'object' || item === null) return item
	const line = item as Record<string, unknown>
	return { ...line, key: line.id, choices: [], options: [] }
}

/**
 * Stored data that is corrupt, outdated or tampered with becomes an empty cart, never a crash. A cart
 * stored before options (version 1) is carried over line by line.
 */
export function parseStoredCart(raw: string | null): CartItem[] {
	if (!raw) return []
	try {
		const parsed = JSON.parse(raw) as { version?: unknown; items?: unknown } | null
		const stored = parsed?.version === 1 || parsed?.version === CART_VERSION ? parsed.items : undefined
		if (!Array.isArray(stored) || stored.length > MAX_CART_LINES) return []
		const items = parsed?.version === 1 ? stored.map(fromVersion1) : stored
		if (!items.every(isCartItem)) return []
		const seen = new Set<string>()
		return items.filter((item) => !seen.has(item.key) && seen.add(item.key))
	} catch {
		return []
	}
}
