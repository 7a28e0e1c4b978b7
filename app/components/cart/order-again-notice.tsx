import { useEffect, useRef, useState } from 'react'
import { useCart } from '~/components/cart-provider'
import { lineProblemText } from '~/components/cart/current-cart'
import type { OrderAgainLines } from '~/domain/orders/order-again'
import { useLocale, useT } from '~/utils/i18n-react'
import { formatPrice } from '~/utils/money'

/**
 * "Order again" on the cart (decision 065): the order's lines go into the stored cart through the cart's own `add`,
 * once, as soon as the stored cart has been read; the lines left out (naming each and why) and the prices that
 * changed since the order are said here, also without JavaScript (then the cart itself cannot be shown).
 */
export function OrderAgainNotice({ again }: { again: OrderAgainLines & { number: string } }) {
	const { hydrated, add } = useCart()
	const t = useT()
	const locale = useLocale()
	const added = useRef<typeof again | null>(null)
	const [addedCount, setAddedCount] = useState<number | null>(null)

	useEffect(() => {
		if (!hydrated || added.current === again) return
		added.current = again
		for (const line of again.lines) add(line.item, line.quantity)
		setAddedCount(again.lines.length)
	}, [hydrated, again, add])

	return (
		<section aria-labelledby="order-again-heading" className="mt-6 rounded-xl border-2 border-cinnamon bg-white p-4">
			<h2 id="order-again-heading" className="font-display text-2xl font-bold">
				{t('shop.orderAgainHeading', { number: again.number })}
			</h2>
			<p role="status">
				{addedCount === null ? null : addedCount > 0 ? t('shop.orderAgainAdded') : t('shop.orderAgainNothing')}
			</p>
			{again.priceChanges.length ? (
				<>
					<p className="mt-2 font-semibold">{t('shop.orderAgainPricesHeading')}</p>
					<ul className="mt-1 list-disc space-y-1 pl-5">
						{again.priceChanges.map((change) => (
							<li key={change.name}>
								{t('shop.orderAgainPrice', {
									name: change.name,
									price: formatPrice(change.priceCents, locale),
									was: formatPrice(change.wasCents, locale),
								})}
							</li>
						))}
					</ul>
				</>
			) : null}
			{again.leftOut.length ? (
				<>
					<p className="mt-2 font-semibold">{t('shop.orderAgainLeftOutHeading')}</p>
					<ul className="mt-1 list-disc space-y-1 pl-5">
						{again.leftOut.map((line, index) => (
							<li key={index}>
								{'problem' in line
									? lineProblemText(line.name, line.problem, t)
									: t('shop.orderAgainUnavailable', { name: line.name, reason: line.unavailable })}
							</li>
						))}
					</ul>
				</>
			) : null}
		</section>
	)
}
