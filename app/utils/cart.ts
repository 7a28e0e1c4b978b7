/**
 * The cart: a pure reducer (add, update quantity, remove, clear). Prices here are for display;
 * checkout recomputes every amount on the server from the database.
 */
export const MAX_QUANTITY_PER_LINE = 50
export const MAX_CART_LINES = 30

export interface CartItem {
	id: string
	name: string
	imageKey: string | null
	imageAlt: string
	priceCents: number
	quantity: number
}

// Hand-written rather than Zod: this module is in every page's bundle, and Zod would add ~13 KB gzip (docs/performance.md).
function isShortString(value: unknown, max: number, min = 0): value is string {
	return typeof value === 'string' && value.length >= min && value.length <= max
}

function isCartItem(value: unknown): value is CartItem {
	if (typeof value !== 'object' || value === null) return false
	const item = value as Record<string, unknown>
	return (
		isShortString(item.id, 100, 1) &&
		isShortString(item.name, 200) &&
		(item.imageKey === null || isShortString(item.imageKey, 300)) &&
		isShortString(item.imageAlt, 500) &&
		Number.isInteger(item.priceCents) &&
		(item.priceCents as number) >= 0 &&
		Number.isInteger(item.quantity) &&
		(item.quantity as number) >= 1 &&
		(item.quantity as number) <= MAX_QUANTITY_PER_LINE
	)
}

export type CartProduct = Omit<CartItem, 'quantity'>

export type CartAction =
	| { type: 'add'; item: CartProduct; quantity?: number }
	| { type: 'updateQuantity'; id: string; quantity: number }
	| { type: 'remove'; id: string }
	| { type: 'clear' }
	| { type: 'replace'; items: CartItem[] }

function clampQuantity(quantity: number) {
	if (!Number.isFinite(quantity)) return 1
	return Math.min(MAX_QUANTITY_PER_LINE, Math.max(1, Math.floor(quantity)))
}

export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
	switch (action.type) {
		case 'add': {
			const quantity = clampQuantity(action.quantity ?? 1)
			const existing = items.find((item) => item.id === action.item.id)
			if (existing) {
				return items.map((item) =>
					item.id === action.item.id ? { ...item, quantity: clampQuantity(item.quantity + quantity) } : item,
				)
			}
			if (items.length >= MAX_CART_LINES) return items
			return [...items, { ...action.item, quantity }]
		}
		case 'updateQuantity':
			return items.map((item) => (item.id === action.id ? { ...item, quantity: clampQuantity(action.quantity) } : item))
		case 'remove':
			return items.filter((item) => item.id !== action.id)
		case 'clear':
			return []
		case 'replace':
			return action.items
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

export function serializeCart(items: readonly CartItem[]) {
	return JSON.stringify({ version: 1, items })
}

/** Stored data that is corrupt, outdated or tampered with becomes an empty cart, never a crash. */
export function parseStoredCart(raw: string | null): CartItem[] {
	if (!raw) return []
	try {
		const parsed = JSON.parse(raw) as { version?: unknown; items?: unknown } | null
		const items = parsed?.version === 1 ? parsed.items : undefined
		if (!Array.isArray(items) || items.length > MAX_CART_LINES || !items.every(isCartItem)) return []
		const seen = new Set<string>()
		return items.filter((item) => !seen.has(item.id) && seen.add(item.id))
	} catch {
		return []
	}
}
