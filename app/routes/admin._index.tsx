import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { startOfBakeryDay } from '~/utils/bakery-time'
import { AdminHeading } from '~/components/admin/admin-ui'
import { countUnreadContactMessages } from '~/models/contact-message.server'
import { countCustomCakeRequestsSince } from '~/models/custom-cake-request.server'
import { countPaidOrdersSince } from '~/models/owner-orders.server'
import { countPickupOrders, listSoldOutItems } from '~/models/prep-list.server'
import { countPendingReviews } from '~/models/review.server'
import { requireAdmin } from '~/utils/auth.server'
import { ownerDay } from '~/utils/owner-day.server'
import { formatPickupDate } from '~/utils/pickup-display'

export { headers } from '~/utils/admin-route'

export const meta = adminMeta('Admin dashboard')

/** Requests are "new" for a week: the owner answers them within days, and the list has no read flag. */
const NEW_REQUEST_DAYS = 7

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request)
	const weekAgo = new Date(Date.now() - NEW_REQUEST_DAYS * 24 * 60 * 60 * 1000)
	const { today, tomorrow } = await ownerDay(null)
	const [newRequests, paidOrdersToday, unreadMessages, pickups, soldOut, pendingReviews] = await Promise.all([
		countCustomCakeRequestsSince(weekAgo),
		countPaidOrdersSince(startOfBakeryDay()),
		countUnreadContactMessages(),
		countPickupOrders([today, tomorrow]),
		listSoldOutItems([today, tomorrow]),
		countPendingReviews(),
	])
	return data(
		{
			adminName: admin.name,
			newRequests,
			paidOrdersToday,
			unreadMessages,
			today,
			tomorrow,
			pickupsToday: pickups.get(today) ?? 0,
			pickupsTomorrow: pickups.get(tomorrow) ?? 0,
			soldOut,
			pendingReviews,
		},
		{ headers: adminResponseHeaders },
	)
}

function plural(count: number, one: string, many: string) {
	return `${count} ${count === 1 ? one : many}`
}

export default function AdminDashboard() {
	const {
		adminName,
		newRequests,
		paidOrdersToday,
		unreadMessages,
		today,
		tomorrow,
		pickupsToday,
		pickupsTomorrow,
		soldOut,
		pendingReviews,
	} = useLoaderData<typeof loader>()
	const dayName = (date: string) => (date === today ? 'today' : date === tomorrow ? 'tomorrow' : formatPickupDate(date))
	const cards = [
		{
			to: `/admin/orders?date=${today}`,
			title: 'Pickups today',
			count: pickupsToday,
			text: `${plural(pickupsToday, 'paid order', 'paid orders')} to collect today`,
		},
		{
			to: `/admin/orders?date=${tomorrow}`,
			title: 'Pickups tomorrow',
			count: pickupsTomorrow,
			text: `${plural(pickupsTomorrow, 'paid order', 'paid orders')} to collect tomorrow`,
		},
		{
			to: '/admin/custom-cakes',
			title: 'Custom cake requests',
			count: newRequests,
			text: `${plural(newRequests, 'new request', 'new requests')} in the last ${NEW_REQUEST_DAYS} days`,
		},
		{
			to: '/admin/orders?status=PAID',
			title: 'Orders',
			count: paidOrdersToday,
			text: `${plural(paidOrdersToday, 'paid order', 'paid orders')} today`,
		},
		{
			to: '/admin/messages',
			title: 'Messages',
			count: unreadMessages,
			text: `${plural(unreadMessages, 'unread message', 'unread messages')}`,
		},
		{
			to: '/admin/reviews',
			title: 'Reviews',
			count: pendingReviews,
			text: `${plural(pendingReviews, 'review', 'reviews')} awaiting approval`,
		},
	]
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title={`Welcome, ${adminName}`} />
			<ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
				{cards.map((card) => (
					<li key={card.to}>
						<Link
							to={card.to}
							className="block h-full rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough hover:ring-cinnamon"
						>
							<h2 className="font-display text-xl font-bold">{card.title}</h2>
							<p className="mt-3 text-4xl font-bold text-cinnamon" aria-hidden="true">
								{card.count}
							</p>
							<p className="mt-1">{card.text}</p>
						</Link>
					</li>
				))}
			</ul>
			<section aria-labelledby="sold-out-heading" className="mt-10">
				<h2 id="sold-out-heading" className="font-display text-2xl font-bold">
					Sold out today and tomorrow
				</h2>
				{soldOut.length === 0 ? (
					<p className="mt-3">Nothing is sold out.</p>
				) : (
					<ul className="mt-3 grid gap-2">
						{soldOut.map((item) => (
							<li key={item.id}>
								<strong>{item.name}</strong>
								{': '}
								{[
									...(item.flagged ? ['marked sold out'] : []),
									...item.limitReachedOn.map((date) => `daily limit reached ${dayName(date)}`),
								].join('; ')}
							</li>
						))}
					</ul>
				)}
				<p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
					<Link to="/admin/menu" className="font-semibold underline underline-offset-4">
						Edit sold out and daily limits on the menu
					</Link>
					<Link to={`/admin/prep-list?date=${today}`} className="font-semibold underline underline-offset-4">
						Today’s prep list
					</Link>
				</p>
			</section>
			<h2 className="mt-10 font-display text-2xl font-bold">Manage</h2>
			<ul className="mt-4 grid gap-3 sm:grid-cols-2">
				<li>
					<Link to="/admin-upload" className="font-semibold underline underline-offset-4">
						Upload a menu item
					</Link>
				</li>
				<li>
					<Link to="/admin/menu" className="font-semibold underline underline-offset-4">
						Edit the menu: prices, photos, sold out, order
					</Link>
				</li>
				<li>
					<Link to="/admin/gallery" className="font-semibold underline underline-offset-4">
						Gallery pictures
					</Link>
				</li>
				<li>
					<Link to="/admin/orders" className="font-semibold underline underline-offset-4">
						All orders
					</Link>
				</li>
				<li>
					<Link to={`/admin/prep-list?date=${tomorrow}`} className="font-semibold underline underline-offset-4">
						Tomorrow’s prep list
					</Link>
				</li>
				<li>
					<Link to="/admin/pickup-schedule" className="font-semibold underline underline-offset-4">
						Pickup schedule: opening hours, closures, special hours
					</Link>
				</li>
			</ul>
		</AdminFrame>
	)
}
