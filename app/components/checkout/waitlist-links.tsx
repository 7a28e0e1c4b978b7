import { Link } from '@remix-run/react'
import { lineName } from '~/domain/menu/item-options'
import type { CartItem } from '~/domain/orders/cart'
import type { PickupDay } from '~/domain/pickup/pickup-schedule'
import { useLocalizedPath, useT } from '~/utils/i18n-react'

/** Whether any of the days is sold out for the cart (its items' limits or the kitchen's), so a place may free up. */
export function hasSoldOutDay(days: readonly PickupDay[] | null | undefined) {
	return Boolean(days?.some((day) => day.reason === 'item-limit' || day.reason === 'fully-booked'))
}

/**
 * "Sold out on the day you want? Join the waitlist for …": one link per cart line to its waitlist page (decision 091),
 * which says on which days that line is sold out and puts the customer in line for one of them.
 */
export function WaitlistLinks({ lines }: { lines: readonly CartItem[] }) {
	const t = useT()
	const localize = useLocalizedPath()
	return (
		<div className="text-sm">
			<p className="font-semibold">{t('shop.waitlistLinkIntro')}</p>
			<ul className="mt-1 space-y-1">
				{lines.map((line) => {
					const query = new URLSearchParams({ item: line.id, quantity: String(line.quantity) })
					if (line.choices.length > 0) query.set('choices', JSON.stringify(line.choices))
					return (
						<li key={line.key}>
							<Link to={`${localize('/waitlist')}?${query}`} className="underline underline-offset-4">
								{t('shop.waitlistLink', { item: lineName(line.name, line.options) })}
							</Link>
						</li>
					)
				})}
			</ul>
		</div>
	)
}
