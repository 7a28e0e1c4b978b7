import { z } from 'zod'

/**
 * The cart: a pure reducer over the spec's operations (§3, §4). Prices here are for display;
 * checkout recomputes every amount on the server from the database.
 */
export const MAX_QUANTITY_PER_LINE = 50
export const MAX_CART_LINES = 30

export const cartItemSchema = z.object({
	id: z.string().min(1).max(100),
	name: z.string().max(200),
	imageKey: z.string().max(300).nullable(),
	imageAlt: z.string().max(500),
	priceCents: z.number().int().nonnegative(),
	quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
})

export type CartItem = z.infer<typeof cartItemSchema>
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

const storedCartSchema = z.object({ version: z.literal(1), items: z.array(cartItemSchema).max(MAX_CART_LINES) })

export const CART_STORAGE_KEY = 'bakery-cart'
export const PENDING_PAYMENT_STORAGE_KEY = 'bakery-cart-pending-payment'

export function serializeCart(items: readonly CartItem[]) {
	return JSON.stringify({ version: 1, items })
}

/** Stored data that is corrupt, outdated or tampered with becomes an empty cart, never a crash. */
export function parseStoredCart(raw: string | null): CartItem[] {
	if (!raw) return []
	try {
		const parsed = storedCartSchema.safeParse(JSON.parse(raw))
		if (!parsed.success) return []
		const seen = new Set<string>()
		return parsed.data.items.filter((item) => !seen.has(item.id) && seen.add(item.id))
	} catch {
		return []
	}
}
