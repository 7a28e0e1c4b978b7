import type { CartItem } from '~/domain/orders/cart'
import { lineName, lineOptionsText } from '~/domain/menu/item-options'

/**
 * How a line is named in its buttons' labels: two sizes of one cake are two lines, so the options
 * tell 'Remove Tres Leches Cake (Size: 8″)' from 'Remove Tres Leches Cake (Size: 10″)'.
 */
export function cartLineName(item: CartItem) {
	return lineName(item.name, item.options)
}

/** The line's options under its name ('Size: 8″ · Message on the cake: “Feliz cumpleaños Ana”'). */
export function CartLineOptions({ item, className = 'text-sm' }: { item: CartItem; className?: string }) {
	return item.options.length ? <p className={`break-words ${className}`}>{lineOptionsText(item.options)}</p> : null
}
