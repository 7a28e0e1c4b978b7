import { Link } from '@remix-run/react'
import { memo, useCallback, useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import { ServerMarkup } from '~/components/ui/server-markup'
import { useCartActions } from '~/components/cart-provider'
import { lineName } from '~/domain/menu/item-options'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import { ItemDialog, type PricedLine } from './item-dialog'
import { MenuCard, menuGridClass, OPENS_ITEM } from './menu-grid'
import type { MenuItemView } from '~/domain/menu/menu-item-view'

const TOAST_MS = 6_000

interface Toast {
	id: number
	text: string
}

/**
 * A menu grid with the item dialog, add-to-cart and the 'Added to cart' confirmation. Add closes the dialog (focus
 * goes back to what opened it) and the confirmation, with 'View cart', shows over the page once the dialog is gone:
 * the live region it is written into is no longer inert then, so screen readers announce it. It stays while the
 * pointer or the focus is on it (decision 051).
 */
export function MenuBrowser({
	items,
	emptyMessage,
	showDescription = false,
	cardFooter,
}: {
	items: readonly MenuItemView[]
	emptyMessage: string
	showDescription?: boolean
	/** Extra content under a card; a button in it marked with `OPENS_ITEM` opens the item dialog. */
	cardFooter?: (item: MenuItemView) => ReactNode
}) {
	const cart = useCartActions()
	const t = useT()
	const localize = useLocalizedPath()
	const [openItem, setOpenItem] = useState<MenuItemView | null>(null)
	const [added, setAdded] = useState<Toast | null>(null)
	const [toast, setToast] = useState<Toast | null>(null)
	const [toastHeld, setToastHeld] = useState(false)

	// After the commit that closed the dialog (its effect's cleanup has closed it and restored focus).
	useEffect(() => {
		if (!added || openItem) return
		setToast(added)
		setAdded(null)
	}, [added, openItem])

	useEffect(() => {
		if (!toast || toastHeld) return
		const timer = setTimeout(() => setToast(null), TOAST_MS)
		return () => clearTimeout(timer)
	}, [toast, toastHeld])

	// Stable, so the memoized grid is not rendered again when the dialog or the confirmation changes.
	const open = useCallback((item: MenuItemView) => {
		// A dialog covers the page: a confirmation left under its backdrop could not be read or used.
		setToast(null)
		setToastHeld(false)
		setOpenItem(item)
	}, [])

	function addToCart(item: MenuItemView, quantity: number, line?: PricedLine) {
		const { id, name, imageKey, imageAlt, priceCents } = item
		if (line) {
			const { unitPriceCents, chosen, options } = line
			cart.add({ id, name, imageKey, imageAlt, priceCents: unitPriceCents, choices: chosen, options }, quantity)
		} else {
			cart.add({ id, name, imageKey, imageAlt, priceCents }, quantity)
		}
		const described = lineName(name, line?.options ?? [])
		setOpenItem(null)
		setAdded({ id: Date.now(), text: t('shop.addedToCart', { quantity, name: described }) })
	}

	return (
		<>
			{items.length === 0 ? (
				<p className="rounded-xl bg-dough/60 p-6 text-center text-lg">{emptyMessage}</p>
			) : (
				<MenuGrid items={items} showDescription={showDescription} cardFooter={cardFooter} onOpen={open} />
			)}
			<ItemDialog item={openItem} onClose={() => setOpenItem(null)} onAdd={addToCart} />
			<div
				role="status"
				aria-live="polite"
				className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 md:bottom-6"
			>
				{toast ? (
					<p
						key={toast.id}
						className="pointer-events-auto flex flex-wrap items-center justify-center gap-x-4 gap-y-1 rounded-3xl bg-cocoa px-5 py-3 text-center text-cream shadow-xl"
						onPointerEnter={() => setToastHeld(true)}
						onPointerLeave={() => setToastHeld(false)}
					>
						<span>{toast.text}</span>
						<Link
							to={localize('/cart')}
							className="font-semibold underline"
							onFocus={() => setToastHeld(true)}
							onBlur={() => setToastHeld(false)}
						>
							{t('shop.viewCartLink')}
						</Link>
					</p>
				) : null}
			</div>
		</>
	)
}

/**
 * The cards, rendered again only when the items change: opening the dialog, the 'Added' announcement and
 * the cart do not re-render two dozen cards. They hydrate as the server's markup, and their buttons are
 * handled here by delegation (the /shop hydration trace, docs/performance.md).
 */
const MenuGrid = memo(function MenuGrid({
	items,
	showDescription,
	cardFooter,
	onOpen,
}: {
	items: readonly MenuItemView[]
	showDescription: boolean
	cardFooter?: (item: MenuItemView) => ReactNode
	onOpen: (item: MenuItemView) => void
}) {
	function openClickedItem(event: MouseEvent<HTMLElement>) {
		const opener = (event.target as Element).closest<HTMLButtonElement>(`button[${OPENS_ITEM}]`)
		const item = opener && items.find((each) => each.id === opener.getAttribute(OPENS_ITEM))
		if (item) onOpen(item)
	}
	return (
		<ServerMarkup
			as="ul"
			className={menuGridClass}
			inputs={[items, showDescription, cardFooter]}
			onClick={openClickedItem}
		>
			{items.map((item, index) => (
				<MenuCard
					key={item.id}
					item={item}
					eagerImage={index === 0}
					showDescription={showDescription}
					footer={cardFooter?.(item)}
				/>
			))}
		</ServerMarkup>
	)
})
