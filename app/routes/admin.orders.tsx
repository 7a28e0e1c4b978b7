import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { formatBakeryDateTime } from '~/utils/bakery-time'
import { AdminHeading, secondaryButtonClass, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import type { OrderStatus } from '~/generated/prisma/enums'
import { listOrdersForAdmin, markOrderPickedUp, orderNumber, type AdminOrder } from '~/models/order.server'
import { adminReply, readAdminForm, refuseAdminAction } from '~/utils/admin-actions.server'
import { requireAdmin } from '~/utils/auth.server'
import { formatPrice } from '~/utils/money'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Orders')

const statusLabels: Record<OrderStatus, string> = {
	PENDING: 'Pending',
	PAID: 'Paid',
	READY: 'Ready',
	PICKED_UP: 'Picked up',
	CANCELLED: 'Cancelled',
	EXPIRED: 'Expired',
	REFUNDED: 'Refunded',
}

const statusBadgeClass: Record<OrderStatus, string> = {
	PENDING: 'bg-amber-100 text-amber-900',
	PAID: 'bg-green-100 text-green-900',
	READY: 'bg-violet-100 text-violet-900',
	PICKED_UP: 'bg-sky-100 text-sky-900',
	CANCELLED: 'bg-stone-200 text-stone-800',
	EXPIRED: 'bg-stone-200 text-stone-800',
	REFUNDED: 'bg-rose-100 text-rose-900',
}

function isOrderStatus(value: string | null): value is OrderStatus {
	return value !== null && value in statusLabels
}

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request)
	const params = new URL(request.url).searchParams
	const statusParam = params.get('status')
	const status = isOrderStatus(statusParam) ? statusParam : undefined
	const page = Math.min(Math.max(1, Math.floor(Number(params.get('page')) || 1)), 10_000)
	const { orders, hasMore } = await listOrdersForAdmin({ status, page })
	const numbered = orders.map((order) => ({ ...order, number: orderNumber(order.id) }))
	return data(
		{ adminName: admin.name, orders: numbered, hasMore, page, status: status ?? null },
		{ headers: adminResponseHeaders },
	)
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request)
	const { form, id, intent, problemReply } = await readAdminForm(request)
	if (!form) return problemReply
	if (intent !== 'picked-up') refuseAdminAction()
	const changed = await markOrderPickedUp(id)
	const message = changed
		? `Order ${orderNumber(id)} is marked as picked up.`
		: `Order ${orderNumber(id)} was not changed: only a paid order can be picked up.`
	return adminReply({ message })
}

function pageLink(status: OrderStatus | null, page: number) {
	const params = new URLSearchParams()
	if (status) params.set('status', status)
	if (page > 1) params.set('page', String(page))
	const search = params.toString()
	return search ? `/admin/orders?${search}` : '/admin/orders'
}

export default function AdminOrders() {
	const { adminName, orders, hasMore, page, status } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<AdminFrame adminName={adminName}>
			<AdminHeading title="Orders">
				<Form method="get" className="flex flex-wrap items-end gap-2">
					<div>
						<label htmlFor="order-status" className="block font-semibold">
							Status
						</label>
						<select
							id="order-status"
							name="status"
							defaultValue={status ?? ''}
							key={status ?? ''}
							className="mt-1 rounded-lg border border-cocoa/30 bg-white px-3 py-2"
						>
							<option value="">All orders</option>
							{Object.entries(statusLabels).map(([value, label]) => (
								<option key={value} value={value}>
									{label}
								</option>
							))}
						</select>
					</div>
					<button type="submit" className={secondaryButtonClass}>
						Filter
					</button>
				</Form>
			</AdminHeading>
			<StatusRegion message={actionData?.message} />
			{orders.length === 0 ? (
				<p className="text-lg">{status ? `No ${statusLabels[status].toLowerCase()} orders.` : 'No orders yet.'}</p>
			) : (
				<ul className="grid gap-4">
					{orders.map((order) => (
						<OrderCard key={order.id} order={order} />
					))}
				</ul>
			)}
			{page > 1 || hasMore ? (
				<nav aria-label="Pages of orders" className="mt-6 flex justify-between">
					{page > 1 ? (
						<Link to={pageLink(status, page - 1)} className="font-semibold underline underline-offset-4">
							Newer orders
						</Link>
					) : (
						<span />
					)}
					{hasMore ? (
						<Link to={pageLink(status, page + 1)} className="font-semibold underline underline-offset-4">
							Older orders
						</Link>
					) : null}
				</nav>
			) : null}
		</AdminFrame>
	)
}

function OrderCard({ order }: { order: AdminOrder & { number: string } }) {
	const navigation = useNavigation()
	const marking = navigation.state !== 'idle' && navigation.formData?.get('id') === order.id
	const { number } = order
	const headingId = `order-${order.id}`
	return (
		<li>
			<article aria-labelledby={headingId} className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-dough">
				<div className="flex flex-wrap items-start justify-between gap-3">
					<div>
						<h2 id={headingId} className="font-display text-xl font-bold">
							Order {number}
						</h2>
						<p className="text-sm text-cocoa/80">
							Placed <time dateTime={order.createdAt.toISOString()}>{formatBakeryDateTime(order.createdAt)}</time>
							{order.paidAt ? (
								<>
									{' · '}paid <time dateTime={order.paidAt.toISOString()}>{formatBakeryDateTime(order.paidAt)}</time>
								</>
							) : null}
						</p>
					</div>
					<span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusBadgeClass[order.status]}`}>
						{statusLabels[order.status]}
					</span>
				</div>
				<div className="mt-3 grid gap-4 md:grid-cols-2">
					<div>
						<h3 className="font-semibold">Customer</h3>
						<p>{order.customerName}</p>
						<p className="break-all">
							<a href={`mailto:${order.customerEmail}`} className="underline underline-offset-4">
								{order.customerEmail}
							</a>
						</p>
						{order.customerPhone ? <p>{order.customerPhone}</p> : null}
					</div>
					<div>
						<h3 className="font-semibold">Items</h3>
						<ul>
							{order.items.map((line) => (
								<li key={line.id} className="flex justify-between gap-4">
									<span>
										{line.name} × {line.quantity}
									</span>
									<span>{formatPrice(line.unitPriceCents * line.quantity)}</span>
								</li>
							))}
						</ul>
						<p className="mt-1 flex justify-between gap-4 border-t border-dough pt-1 font-semibold">
							<span>Total</span>
							<span>{formatPrice(order.totalCents)}</span>
						</p>
					</div>
				</div>
				{order.status === 'PAID' ? (
					<Form method="post" className="mt-4">
						<input type="hidden" name="id" value={order.id} />
						<button type="submit" name="intent" value="picked-up" className={secondaryButtonClass} disabled={marking}>
							{marking ? 'Saving...' : 'Mark as picked up'}
							<VisuallyHidden>: order {number}</VisuallyHidden>
						</button>
					</Form>
				) : null}
			</article>
		</li>
	)
}
