import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react'
import {
	CART_STORAGE_KEY,
	PENDING_PAYMENT_STORAGE_KEY,
	cartCount,
	cartReducer,
	cartTotalCents,
	parseStoredCart,
	serializeCart,
	type CartItem,
	type CartProduct,
} from '~/domain/orders/cart'

interface CartContextValue {
	items: CartItem[]
	/** False until the stored cart has been read: render a neutral placeholder, not "empty". */
	hydrated: boolean
	count: number
	totalCents: number
	add: (item: CartProduct, quantity?: number) => void
	/** Lines are addressed by their key (the item and its chosen options). */
	updateQuantity: (key: string, quantity: number) => void
	remove: (key: string) => void
	clear: () => void
	/** Stores the menu's current unit prices of some lines (app/domain/orders/cart-prices.ts). */
	reprice: (prices: ReadonlyArray<Pick<CartItem, 'key' | 'priceCents'>>) => void
	/** Right before leaving for payment: empty the cart but keep a copy in case the customer cancels. */
	stashForPayment: () => void
	/** Back on /cancel: put the stashed cart back (unless a new cart was started meanwhile). */
	restoreAfterCancel: () => void
	/** On a confirmed order: the stashed copy is no longer needed. */
	forgetStash: () => void
}

/** What changes the cart, never the cart itself: stable for the page's life. */
export type CartActions = Pick<
	CartContextValue,
	'add' | 'updateQuantity' | 'remove' | 'clear' | 'reprice' | 'restoreAfterCancel' | 'forgetStash'
>

const CartContext = createContext<CartContextValue | null>(null)
const CartActionsContext = createContext<CartActions | null>(null)

function readStorage(key = CART_STORAGE_KEY) {
	try {
		return window.localStorage.getItem(key)
	} catch {
		return null // storage disabled (privacy mode): the cart still works for this page
	}
}

function writeStorage(value: string | null, key = CART_STORAGE_KEY) {
	try {
		if (value === null) window.localStorage.removeItem(key)
		else if (window.localStorage.getItem(key) !== value) window.localStorage.setItem(key, value)
	} catch {
		// quota or privacy mode: keep the in-memory cart
	}
}

/** The cart lives in the browser, persisted to localStorage and kept in sync across tabs. */
export function CartProvider({ children }: { children: ReactNode }) {
	const [items, dispatch] = useReducer(cartReducer, [])
	const [hydrated, setHydrated] = useState(false)

	useEffect(() => {
		dispatch({ type: 'replace', items: parseStoredCart(readStorage()) })
		setHydrated(true)
		const onStorage = (event: StorageEvent) => {
			if (event.key === CART_STORAGE_KEY || event.key === null) {
				dispatch({ type: 'replace', items: parseStoredCart(event.newValue) })
			}
		}
		window.addEventListener('storage', onStorage)
		return () => window.removeEventListener('storage', onStorage)
	}, [])

	useEffect(() => {
		if (hydrated) writeStorage(serializeCart(items))
	}, [hydrated, items])

	const add = useCallback((item: CartProduct, quantity = 1) => dispatch({ type: 'add', item, quantity }), [])
	const updateQuantity = useCallback(
		(key: string, quantity: number) => dispatch({ type: 'updateQuantity', key, quantity }),
		[],
	)
	const remove = useCallback((key: string) => dispatch({ type: 'remove', key }), [])
	const clear = useCallback(() => dispatch({ type: 'clear' }), [])
	const reprice = useCallback(
		(prices: ReadonlyArray<Pick<CartItem, 'key' | 'priceCents'>>) => dispatch({ type: 'reprice', prices }),
		[],
	)
	const stashForPayment = useCallback(() => {
		writeStorage(serializeCart(items), PENDING_PAYMENT_STORAGE_KEY)
		writeStorage(serializeCart([]))
		dispatch({ type: 'clear' })
	}, [items])
	const restoreAfterCancel = useCallback(() => {
		const stashed = parseStoredCart(readStorage(PENDING_PAYMENT_STORAGE_KEY))
		writeStorage(null, PENDING_PAYMENT_STORAGE_KEY)
		const current = parseStoredCart(readStorage())
		if (stashed.length > 0 && current.length === 0) dispatch({ type: 'replace', items: stashed })
	}, [])
	const forgetStash = useCallback(() => writeStorage(null, PENDING_PAYMENT_STORAGE_KEY), [])

	const actions = useMemo(
		() => ({ add, updateQuantity, remove, clear, reprice, restoreAfterCancel, forgetStash }),
		[add, updateQuantity, remove, clear, reprice, restoreAfterCancel, forgetStash],
	)
	const value = useMemo(
		() => ({
			...actions,
			items,
			hydrated,
			count: cartCount(items),
			totalCents: cartTotalCents(items),
			stashForPayment,
		}),
		[actions, items, hydrated, stashForPayment],
	)
	return (
		<CartActionsContext.Provider value={actions}>
			<CartContext.Provider value={value}>{children}</CartContext.Provider>
		</CartActionsContext.Provider>
	)
}

export function useCart() {
	const cart = useContext(CartContext)
	if (!cart) throw new Error('useCart must be used inside <CartProvider>')
	return cart
}

/**
 * Only the actions: a component that adds to the cart without showing it (the menu grid) does not render
 * again when the cart changes, e.g. when the stored cart is read right after hydration.
 */
export function useCartActions(): CartActions {
	const actions = useContext(CartActionsContext)
	if (!actions) throw new Error('useCartActions must be used inside <CartProvider>')
	return actions
}
