import { useEffect, useMemo, useState } from 'react'
import { useCart } from '~/components/cart-provider'
import {
	currentCart,
	type CartLineProblem,
	type CartMenu,
	type CartPriceChange,
	type CurrentCart,
} from '~/domain/orders/cart-prices'
import { lineName, optionProblemMessage } from '~/domain/menu/item-options'
import type { Translate } from '~/utils/i18n'
import { useLocale, useT } from '~/utils/i18n-react'
import { formatPrice } from '~/utils/money'

/**
 * The stored cart at the server's current prices (`menu`, from the page's loader; null while the database is
 * unavailable): what the cart and the checkout show and send. A price that changed is stored, so each change is
 * said once, and kept in `changes` for the page to say. `repricings` counts the times prices were stored.
 */
export function useCurrentCart(menu: CartMenu | null): {
	current: CurrentCart | null
	changes: CartPriceChange[]
	repricings: number
} {
	const { items, hydrated, reprice } = useCart()
	const current = useMemo(() => (menu ? currentCart(items, menu) : null), [items, menu])
	const [said, setSaid] = useState({ changes: [] as CartPriceChange[], repricings: 0 })

	useEffect(() => {
		if (!hydrated || !current?.changes.length) return
		const fresh = current.changes
		setSaid(({ changes, repricings }) => ({
			changes: [...changes.filter((change) => !fresh.some(({ key }) => key === change.key)), ...fresh],
			repricings: repricings + 1,
		}))
		// Only the prices: the names and options' words are the page's language, another tab's may be another.
		reprice(fresh.map(({ key, priceCents }) => ({ key, priceCents })))
	}, [hydrated, current, reprice])

	return { current, ...said }
}

/** 'Prices have changed…' and 'Tres Leches Cake is now $42.00.' for each line; an empty live region otherwise. */
export function PriceChanges({ changes }: { changes: readonly CartPriceChange[] }) {
	const t = useT()
	const locale = useLocale()
	return (
		<div role="status">
			{changes.length ? (
				<div className="mb-6 rounded-xl border-2 border-cinnamon bg-white p-4">
					<p className="font-semibold">{t('shop.pricesChanged')}</p>
					<ul className="mt-2 list-disc space-y-1 pl-5">
						{changes.map((change) => (
							<li key={change.key}>
								{t('shop.priceNow', {
									name: lineName(change.name, change.options),
									price: formatPrice(change.priceCents, locale),
								})}
							</li>
						))}
					</ul>
				</div>
			) : null}
		</div>
	)
}

/** Why a line cannot be bought now, naming it. */
export function lineProblemText(name: string, problem: CartLineProblem, t: Translate) {
	switch (problem.kind) {
		case 'off-menu':
			return t('shop.lineOffMenu', { name })
		case 'sold-out':
			return t('shop.itemSoldOut', { name })
		case 'not-online':
			return t('shop.lineNotOnline', { name })
		case 'options':
			return optionProblemMessage(name, problem.problem, t)
	}
}
