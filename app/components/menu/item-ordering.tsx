import { Link } from '@remix-run/react'
import { streetAddressLine, useBusiness } from '~/config/business'
import { OrderOnlineLink, orderButtonClass } from '~/components/order-online-link'
import { useLocalizedPath, useT } from '~/utils/i18n-react'
import { itemOrdering, type ItemOrdering, type MenuItemView } from '~/domain/menu/menu-item-view'
import { OPENS_ITEM } from './menu-grid'

const linkClass = 'font-semibold text-cinnamon underline underline-offset-4 hover:text-cocoa'

/** How this item is ordered: the site's cart, the bakery's ordering page, or the shop (decision 051). */
export function useItemOrdering(item: Pick<MenuItemView, 'orderable'>): ItemOrdering {
	return itemOrdering(item, useBusiness())
}

/**
 * A menu card's call to action, the same as its dialog says: 'Order Now' opens the dialog of an item sold in the
 * cart, or the ordering page (new tab) for one ordered there; an item sold only in the shop says so.
 */
export function CardOrderAction({ item }: { item: MenuItemView }) {
	const ordering = useItemOrdering(item)
	const t = useT()
	if (ordering.way === 'cart') {
		return (
			<button
				type="button"
				className={linkClass}
				aria-label={t('shop.orderNowItem', { name: item.name })}
				{...{ [OPENS_ITEM]: item.id }}
			>
				{t('shop.orderNow')}
			</button>
		)
	}
	if (ordering.way === 'ordering-page') {
		return (
			<OrderOnlineLink className={linkClass}>
				{t('shop.orderNow')}
				<span className="sr-only"> {item.name}</span>
			</OrderOnlineLink>
		)
	}
	return <p className="font-semibold">{t('shop.inShopOnly')}</p>
}

/** In the dialog of an item not sold in the cart, instead of a quantity and a button: where to get it. */
export function OrderElsewhere({ ordering }: { ordering: Exclude<ItemOrdering, { way: 'cart' }> }) {
	const t = useT()
	const localize = useLocalizedPath()
	const business = useBusiness()
	if (ordering.way === 'ordering-page') {
		return (
			<div className="mt-4">
				<p>{t('shop.orderOnOrderingPage')}</p>
				<OrderOnlineLink className={`${orderButtonClass} mt-3`}>{t('shop.orderNow')}</OrderOnlineLink>
			</div>
		)
	}
	return (
		<div className="mt-4 rounded-xl bg-dough/60 p-4">
			<p className="font-semibold">{t('shop.inShopOnly')}</p>
			<p className="mt-1">{t('shop.inShopWhere', { address: streetAddressLine(business) })}</p>
			<Link to={localize('/contact')} className={`${linkClass} mt-2 inline-block`}>
				{t('shop.hoursAndDirections')}
			</Link>
		</div>
	)
}
