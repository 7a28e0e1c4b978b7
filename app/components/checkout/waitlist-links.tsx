import { Link } from '@remix-run/react'
import { lineName } from '~/domain/menu/item-options'
import type { CartItem } from '~/domain/orders/cart'
import type { PickupDay } from '~/domain/pickup/pickup-schedule'
import { useLocalizedPath, useT } from '~/utils/i18n-react'

/**
 * Whether a place may free up for the cart: a day sold out (its items' limits or the kitchen's), or a time that is
 * full on a day that can still be ordered.
 */
export function hasSoldOutDay(days: readonly PickupDay[] | null | undefined) {
	return Boolean(
		days?.some(
			(day) =>
				day.reason === 'item-limit' ||
				day.reason === 'fully-booked' ||
				(day.available && day.slots.some((slot) => slot.reason === 'fully-booked')),
		),
	)
}

/**
 * "Sold out on the day you want, or your time is full? Join the waitlist for …": one link per cart line to its waitlist
 * page (decision 091), which lists the days that line is sold out and the full times, and puts the customer in line.
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
