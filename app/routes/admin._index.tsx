import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { startOfBakeryDay } from '~/utils/bakery-time'
import { AdminHeading } from '~/components/admin/admin-ui'
import { countUnreadContactMessages } from '~/models/contact-message.server'
import { countCustomCakeRequestsSince } from '~/models/custom-cake-request.server'
import { countPaidOrdersSince } from '~/models/order.server'
import { requireAdmin } from '~/utils/auth.server'

export { headers } from '~/utils/admin-route'

export const meta = adminMeta('Admin dashboard')

/** Requests are "new" for a week: the owner answers them within days, and the list has no read flag. */
const NEW_REQUEST_DAYS = 7

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request)
	const weekAgo = new Date(Date.now() - NEW_REQUEST_DAYS * 24 * 60 * 60 * 1000)
	const [newRequests, paidOrdersToday, unreadMessages] = await Promise.all([
		countCustomCakeRequestsSince(weekAgo),
		countPaidOrdersSince(startOfBakeryDay()),
		countUnreadContactMessages(),
	])
	return data(
		{ adminName: admin.name, newRequests, paidOrdersToday, unreadMessages },
		{ headers: adminResponseHeaders },
	)
}

function plural(count: number, one: string, many: string) {
	return `${count} ${count === 1 ? one : many}`
}

export default function AdminDashboard() {
	const { adminName, newRequests, paidOrdersToday, unreadMessages } = useLoaderData<typeof loader>()
	const cards = [
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
	]
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title={`Welcome, ${adminName}`} />
			<ul className="grid gap-6 sm:grid-cols-3">
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
					<Link to="/admin/pickup-schedule" className="font-semibold underline underline-offset-4">
						Pickup schedule: opening hours, closures, special hours
					</Link>
				</li>
			</ul>
		</AdminFrame>
	)
}
