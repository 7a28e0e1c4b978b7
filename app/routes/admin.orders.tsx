import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { ConfirmDeletePanel, DeleteForm } from '~/components/admin/delete-form'
import { StatusFilterForm } from '~/components/admin/status-filter'
import { AdminFrame } from '~/components/admin/admin-frame'
import { DayTabs, PickupDateForm } from '~/components/admin/pickup-day-nav'
import { AdminCard } from '~/components/admin/admin-card'
import { AdminHeading, secondaryButtonClass, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import type { OrderStatus } from '~/generated/prisma/enums'
import { DayCakes } from '~/components/admin/day-cakes'
import { PageLinks } from '~/components/ui/page-links'
import { listCakesForPickupDate } from '~/domain/cake-quotes/models/cake-quote.server'
import { orderNumber } from '~/domain/orders/models/order.server'
import {
	advanceOrder,
	listOrdersForAdmin,
	listOrdersForPickupDate,
	tipsForPickupDate,
	type AdminOrder,
	type OrderStep,
} from '~/domain/orders/models/owner-orders.server'
import { adminMeta, adminResponseHeaders, CONFIRMED_FIELD } from '~/utils/admin-route'
import { readAdminForm, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import type { AdminRole } from '~/domain/admin-auth/roles'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { lineOptionsText } from '~/domain/menu/item-options'
import { formatPrice } from '~/utils/money'
import { cancelOrder, type CancelAndRefundOutcome } from '~/domain/orders/order-refund.server'
import {
	changeOrderPickup,
	orderPickupChoices,
	type ChangePickupOutcome,
	type OrderPickupChoices,
} from '~/domain/orders/index.server'
import { ORDER_MOVES } from '~/domain/orders/order-states'
import { canMove } from '~/utils/state-machine'
import { ownerDay } from '~/domain/pickup/owner-day.server'
import { waitlistsForDate } from '~/domain/waitlist/index.server'
import { formatPickupAt, formatPickupDate, formatPickupDateLong, formatWallTime } from '~/domain/pickup/pickup-display'
import { wallTimeOf } from '~/domain/pickup/pickup-schedule'
import { OrderNotes } from '~/components/admin/order-notes'

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
	NO_SHOW: 'No-show',
}

const statusBadgeClass: Record<OrderStatus, string> = {
	PENDING: 'bg-amber-100 text-amber-900',
	PAID: 'bg-green-100 text-green-900',
	READY: 'bg-violet-100 text-violet-900',
	PICKED_UP: 'bg-sky-100 text-sky-900',
	CANCELLED: 'bg-stone-200 text-stone-800',
	EXPIRED: 'bg-stone-200 text-stone-800',
	REFUNDED: 'bg-rose-100 text-rose-900',
	NO_SHOW: 'bg-orange-100 text-orange-900',
}

const REFUND_QUESTION =
	'Cancel this order and refund the customer in full? Its pickup time and items become free again.'
/** A phone order to be paid at pickup (decision 075): nothing was paid, so nothing is refunded. */
const CANCEL_UNPAID_QUESTION = 'Cancel this order? Nothing was paid yet. Its pickup time and items become free again.'

function isOrderStatus(value: string | null): value is OrderStatus {
	return value !== null && value in statusLabels
}

/** The slots an order may move to, as the "Change pickup" form lists them (available ones only, by day). */
function changeChoices(orderId: string, choices: OrderPickupChoices) {
	const { window, schedule, days } = choices
	return {
		orderId,
		lockHours: schedule.changeLockHours,
		movable: window.changeable || window.reason === 'locked',
		locked: !window.changeable && window.reason === 'locked',
		days: days
			.filter((day) => day.available)
			.map((day) => ({
				date: day.date,
				slots: day.slots.filter((slot) => slot.available).map(({ start, time }) => ({ start, time })),
			}))
			.filter((day) => day.slots.length > 0),
	}
}

async function loadChange(orderId: string | null) {
	if (!orderId) return null
	const choices = await orderPickupChoices(orderId)
	return choices ? changeChoices(orderId, choices) : null
}

/** Staff see the order, not the customer's contact details or account (decision 071). */
function visibleTo(role: AdminRole, order: AdminOrder) {
	return role === 'owner' ? order : { ...order, customerId: null, customerEmail: '', customerPhone: null }
}

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'staff')
	const params = new URL(request.url).searchParams
	const day = await ownerDay(params.get('date'))
	// Staff work with today's and tomorrow's pickups only.
	if (admin.role === 'staff' && (!params.has('date') || (day.date !== day.today && day.date !== day.tomorrow))) {
		throw redirect(`/admin/orders?date=${day.today}`, { headers: adminResponseHeaders })
	}
	const change = await loadChange(params.get('change'))
	const common = {
		adminName: admin.name,
		adminRole: admin.role,
		today: day.today,
		tomorrow: day.tomorrow,
		timeZone: day.timeZone,
		change,
	}
	if (params.has('date')) {
		const [orders, cakes, tips, waitlists] = await Promise.all([
			listOrdersForPickupDate(day.date),
			listCakesForPickupDate(day.date),
			// The day's tips are reported to the owner (decision 080).
			admin.role === 'owner' ? tipsForPickupDate(day.date) : null,
			// Who waits for a sold-out item that day (decision 091): the owner's, like the tips.
			admin.role === 'owner' ? waitlistsForDate(day.date) : [],
		])
		const numbered = orders.map((order) => ({ ...visibleTo(admin.role, order), number: orderNumber(order.id) }))
		return data(
			{
				...common,
				view: 'day' as const,
				date: day.date,
				orders: numbered,
				cakes,
				tips,
				waitlists,
				hasMore: false,
				page: 1,
				status: null,
			},
			{ headers: adminResponseHeaders },
		)
	}
	const statusParam = params.get('status')
	const status = isOrderStatus(statusParam) ? statusParam : undefined
	const page = Math.min(Math.max(1, Math.floor(Number(params.get('page')) || 1)), 10_000)
	const { orders, hasMore } = await listOrdersForAdmin({ status, page })
	const numbered = orders.map((order) => ({ ...visibleTo(admin.role, order), number: orderNumber(order.id) }))
	return data(
		{
			...common,
			view: 'all' as const,
			date: null,
			orders: numbered,
			cakes: [],
			tips: null,
			waitlists: [],
			hasMore,
			page,
			status: status ?? null,
		},
		{ headers: adminResponseHeaders },
	)
}

type OrdersActionData =
	| { message: string; problem?: boolean; confirm?: undefined; movedOrderId?: string }
	| { confirm: string; message?: undefined }

function reply(body: OrdersActionData, status = 200) {
	return data(body, { status, headers: adminResponseHeaders })
}

const stepWords: Record<OrderStep, { done: string; refused: string }> = {
	ready: { done: 'is marked as ready', refused: 'only a paid order can be marked as ready' },
	'picked-up': { done: 'is marked as picked up', refused: 'only a paid order can be picked up' },
}

function isStep(intent: string): intent is OrderStep {
	return intent in stepWords
}

/** Why a refund did not go through, in the owner's words (the provider's own when it refused). */
function refundFailureWords(result: Extract<CancelAndRefundOutcome, { outcome: 'refund-failed' }>) {
	if (result.reason === 'provider-refused') return result.providerMessage
	return result.reason === 'provider-not-set-up'
		? 'The payment provider that took this payment is not set up here.'
		: 'The payment provider could not be reached.'
}

/** The "Change pickup" form: the new slot's start, and the owner's confirmation to move a locked order. */
const changePickupSchema = z.object({
	slot: z
		.string({ required_error: 'Please choose a new pickup time.' })
		.refine((value) => !Number.isNaN(Date.parse(value)), 'Please choose a new pickup time.'),
	overrideLock: z.literal('yes').optional(),
})

/** What a move did, in the owner's words. */
function changeWords(
	number: string,
	result: ChangePickupOutcome,
	timeZone: string,
): { message: string; problem?: boolean } {
	switch (result.outcome) {
		case 'moved':
			return {
				message: `Order ${number} now picks up ${formatPickupAt(result.to, timeZone)} (was ${formatPickupAt(result.from, timeZone)}). The customer gets a mail with the new time.`,
			}
		case 'slot-full':
			return {
				message: `Order ${number} was not moved: that pickup time filled up meanwhile. Please choose another.`,
				problem: true,
			}
		case 'item-limit':
			return {
				message: `Order ${number} was not moved: not enough of one of its items is left on that day (at most ${result.dailyLimit} a day). Please choose another day.`,
				problem: true,
			}
		case 'locked':
			return {
				message: `Order ${number} was not moved: changes closed ${formatPickupAt(result.until, timeZone)}. Tick “Move it anyway” to move it past its lock time.`,
				problem: true,
			}
		case 'slot-not-offered':
			return {
				message: `Order ${number} was not moved: that time is not one the shop offers for its items now (closed, too soon for an item's lead time, or too far ahead).`,
				problem: true,
			}
		case 'same-slot':
			return { message: `Order ${number} already picks up at that time.`, problem: true }
		case 'not-movable':
			return {
				message: `Order ${number} was not moved: only a paid order that is not yet ready or picked up can be moved.`,
				problem: true,
			}
		case 'not-found':
			return { message: `Order ${number} no longer exists.`, problem: true }
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request, 'staff')
	const { form, id, intent, problemReply } = await readAdminForm(request)
	if (!form) return problemReply
	// Staff mark orders ready and picked up; moving and refunding stay the owner's.
	if (!isStep(intent)) await requireAdmin(request, 'owner')
	const number = orderNumber(id)
	if (intent === 'change-pickup') {
		const submission = parseWithZod(form, { schema: changePickupSchema })
		if (submission.status !== 'success') {
			return reply({ message: `Order ${number} was not moved: please choose a new pickup time.`, problem: true }, 400)
		}
		const { slot, overrideLock } = submission.value
		const result = await changeOrderPickup(id, slot, {
			by: 'owner',
			email: admin.email,
			overrideLock: overrideLock === 'yes',
		})
		const { timeZone } = await ownerDay(null)
		const words = changeWords(number, result, timeZone)
		if (result.outcome === 'moved') return reply({ ...words, movedOrderId: id })
		return reply(words, 409)
	}
	if (isStep(intent)) {
		const outcome = await advanceOrder(id, intent)
		if (outcome.changed) return reply({ message: `Order ${number} ${stepWords[intent].done}.` })
		if (!outcome.status) return reply({ message: `Order ${number} no longer exists.`, problem: true })
		const now = statusLabels[outcome.status].toLowerCase()
		return reply({
			message: `Order ${number} was not changed: ${stepWords[intent].refused}, and it is ${now}.`,
			problem: true,
		})
	}
	if (intent === 'refund') {
		if (form.get(CONFIRMED_FIELD) !== 'yes') return reply({ confirm: id })
		const result = await cancelOrder(id, 'owner')
		switch (result.outcome) {
			case 'refunded':
				return reply({
					message: `Order ${number} is cancelled and refunded in full; its pickup time and items are free again.`,
				})
			case 'cancelled-unpaid':
				return reply({
					message: `Order ${number} is cancelled; it was to be paid at pickup, so there is nothing to refund. Its pickup time and items are free again.`,
				})
			case 'refund-failed':
				return reply(
					{
						message: `The refund for order ${number} did not go through, so nothing changed: ${refundFailureWords(result)}`,
						problem: true,
					},
					502,
				)
			case 'refunded-order-moved':
				return reply({
					message: `The payment for order ${number} was refunded, but the order changed meanwhile: check its status.`,
					problem: true,
				})
			case 'not-refundable': {
				const now = result.status ? statusLabels[result.status].toLowerCase() : 'gone'
				return reply({
					message: `Order ${number} was not refunded: only a paid order not yet picked up can be cancelled, and it is ${now}.`,
					problem: true,
				})
			}
		}
	}
	refuseAdminAction()
}

function pageLink(status: OrderStatus | null, page: number) {
	const params = new URLSearchParams()
	if (status) params.set('status', status)
	if (page > 1) params.set('page', String(page))
	const search = params.toString()
	return search ? `/admin/orders?${search}` : '/admin/orders'
}

type LoadedOrder = AdminOrder & { number: string }

export default function AdminOrders() {
	const {
		adminName,
		adminRole,
		view,
		date,
		today,
		tomorrow,
		timeZone,
		orders,
		cakes,
		tips,
		waitlists,
		hasMore,
		page,
		status,
		change,
	} = useLoaderData<typeof loader>()
	const isOwner = adminRole === 'owner'
	const actionData = useActionData<typeof action>()
	const message = actionData && 'message' in actionData ? actionData.message : undefined
	const problem = actionData && 'problem' in actionData && actionData.problem
	const confirming = actionData && 'confirm' in actionData ? actionData.confirm : undefined
	// The form closes once its order moved (the address still names it until the next link).
	const moved = actionData && 'movedOrderId' in actionData ? actionData.movedOrderId : undefined
	const openChange = change && change.orderId !== moved ? change : null
	const tabs = [
		{ to: `/admin/orders?date=${today}`, label: 'Today', current: date === today },
		{ to: `/admin/orders?date=${tomorrow}`, label: 'Tomorrow', current: date === tomorrow },
		...(isOwner ? [{ to: '/admin/orders', label: 'All orders', current: view === 'all' }] : []),
	]
	return (
		<AdminFrame adminName={adminName} adminRole={adminRole}>
			<AdminHeading title="Orders">
				<div className="flex flex-wrap items-end gap-4">
					<Link to="/admin/orders/new" className={secondaryButtonClass}>
						New phone order
					</Link>
					<DayTabs label="Order views" tabs={tabs} />
				</div>
			</AdminHeading>
			<div className="mb-6 flex flex-wrap items-end justify-between gap-4">
				{isOwner ? <PickupDateForm id="order-date" date={date ?? today} /> : null}
				{view === 'all' ? (
					<StatusFilterForm
						id="order-status"
						label="Status"
						everything="All orders"
						current={status ?? undefined}
						options={Object.entries(statusLabels).map(([value, label]) => ({ value, label }))}
					/>
				) : null}
			</div>
			{problem ? (
				<div role="alert" className="mb-4 rounded-lg border border-red-800 bg-red-50 p-3 text-red-900">
					{message}
				</div>
			) : null}
			<StatusRegion message={problem ? undefined : message} />
			{view === 'day' && date ? (
				<>
					<div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
						<h2 className="font-display text-2xl font-bold">Pickups on {formatPickupDateLong(date)}</h2>
						<Link to={`/admin/prep-list?date=${date}`} className="font-semibold underline underline-offset-4">
							Prep list for {formatPickupDate(date)}
						</Link>
					</div>
					{tips ? (
						<p className="mb-4">
							Tips for {formatPickupDate(date)}: <strong>{formatPrice(tips.tipCents)}</strong> from {tips.orders}{' '}
							{tips.orders === 1 ? 'order' : 'orders'}
						</p>
					) : null}
					{waitlists.length > 0 ? <DayWaitlists date={date} waitlists={waitlists} /> : null}
					{orders.length === 0 ? (
						<p className="text-lg">No orders to collect on {formatPickupDate(date)}.</p>
					) : (
						<ol className="grid gap-4" aria-label={`Orders by pickup time, ${formatPickupDate(date)}`}>
							{orders.map((order) => (
								<OrderCard
									key={order.id}
									order={order}
									pickup={order.pickupAt ? formatWallTime(wallTimeOf(order.pickupAt, timeZone)) : null}
									confirming={confirming === order.id}
									change={openChange?.orderId === order.id ? openChange : null}
									timeZone={timeZone}
									isOwner={isOwner}
									level={3}
								/>
							))}
						</ol>
					)}
					<DayCakes cakes={cakes} date={date} timeZone={timeZone} headingLevel={2} />
				</>
			) : (
				<>
					{orders.length === 0 ? (
						<p className="text-lg">{status ? `No ${statusLabels[status].toLowerCase()} orders.` : 'No orders yet.'}</p>
					) : (
						<ul className="grid gap-4">
							{orders.map((order) => (
								<OrderCard
									key={order.id}
									order={order}
									pickup={order.pickupAt ? formatPickupAt(order.pickupAt, timeZone) : null}
									confirming={confirming === order.id}
									change={openChange?.orderId === order.id ? openChange : null}
									timeZone={timeZone}
									isOwner={isOwner}
									level={2}
								/>
							))}
						</ul>
					)}
					<PageLinks
						label="Pages of orders"
						previous={page > 1 ? { to: pageLink(status, page - 1), text: 'Newer orders' } : null}
						next={hasMore ? { to: pageLink(status, page + 1), text: 'Older orders' } : null}
					/>
				</>
			)}
		</AdminFrame>
	)
}

function useBusy(id: string) {
	const navigation = useNavigation()
	return navigation.state !== 'idle' && navigation.formData?.get('id') === id
}

function StepButton({ order, step, children }: { order: LoadedOrder; step: OrderStep; children: string }) {
	const busy = useBusy(order.id)
	return (
		<Form method="post">
			<input type="hidden" name="id" value={order.id} />
			<button type="submit" name="intent" value={step} className={secondaryButtonClass} disabled={busy}>
				{children}
				<VisuallyHidden>: order {order.number}</VisuallyHidden>
			</button>
		</Form>
	)
}

type ChangeChoices = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['change']>

/** This page's address with `?change=<order id>` (the "Change pickup" form opens on that order's card). */
function useChangeLink(orderId: string | null) {
	const location = useLocation()
	const params = new URLSearchParams(location.search)
	if (orderId) params.set('change', orderId)
	else params.delete('change')
	const search = params.toString()
	return `${location.pathname}${search ? `?${search}` : ''}`
}

/** Who waits for a sold-out item that day, the longest line first (decision 091). */
function DayWaitlists({
	date,
	waitlists,
}: {
	date: string
	waitlists: ReadonlyArray<{ menuItemId: string; name: string; waiting: number; offered: number; quantity: number }>
}) {
	return (
		<section aria-labelledby="day-waitlists" className="mb-4 rounded-xl bg-white p-4 ring-1 ring-dough">
			<h3 id="day-waitlists" className="font-semibold">
				Waitlists for {formatPickupDate(date)}
			</h3>
			<ul className="mt-1 list-disc ps-5">
				{waitlists.map((line) => (
					<li key={line.menuItemId}>
						{line.name}: {line.waiting} waiting{line.offered > 0 ? `, ${line.offered} offered a place now` : ''} (
						{line.quantity} asked for)
					</li>
				))}
			</ul>
		</section>
	)
}

/** The owner's "Change pickup": the slots the checkout would offer for the order's items, by day. */
function ChangePickupForm({
	order,
	change,
	timeZone,
}: {
	order: LoadedOrder
	change: ChangeChoices
	timeZone: string
}) {
	const busy = useBusy(order.id)
	const closeLink = useChangeLink(null)
	const selectId = `change-slot-${order.id}`
	const overrideId = `change-override-${order.id}`
	if (!change.movable) {
		return (
			<p className="mt-3" role="note">
				Order {order.number} can no longer be moved: only a paid order that is not yet ready or picked up can be.{' '}
				<Link to={closeLink} className="font-semibold underline underline-offset-4">
					Close
				</Link>
			</p>
		)
	}
	return (
		<Form method="post" className="mt-4 rounded-lg border border-dough bg-cream/60 p-4">
			<input type="hidden" name="id" value={order.id} />
			<p className="font-semibold">Change the pickup of order {order.number}</p>
			{order.pickupAt ? <p className="text-sm">Now: {formatPickupAt(order.pickupAt, timeZone)}</p> : null}
			{change.days.length === 0 ? (
				<p className="mt-2">No other pickup time is open for these items in the ordering window.</p>
			) : (
				<div className="mt-2">
					<label htmlFor={selectId} className="font-semibold">
						New pickup time
					</label>
					<select
						id={selectId}
						name="slot"
						required
						className="mt-1 block w-full max-w-sm rounded-lg border border-cocoa/30 bg-white px-3 py-2 text-cocoa shadow-sm focus:border-cinnamon"
					>
						{change.days.map((day) => (
							<optgroup key={day.date} label={formatPickupDateLong(day.date)}>
								{day.slots.map((slot) => (
									<option key={slot.start} value={slot.start} disabled={slot.start === order.pickupAt?.toISOString()}>
										{formatPickupDate(day.date)}, {formatWallTime(slot.time)}
									</option>
								))}
							</optgroup>
						))}
					</select>
				</div>
			)}
			{change.locked ? (
				<div className="mt-3 flex items-start gap-3">
					<input
						id={overrideId}
						type="checkbox"
						name="overrideLock"
						value="yes"
						className="mt-1 h-5 w-5 accent-cinnamon"
					/>
					<label htmlFor={overrideId}>
						Move it anyway: changes for this order closed {change.lockHours} hours before its pickup, and the customer
						can no longer change it themselves.
					</label>
				</div>
			) : null}
			<div className="mt-3 flex flex-wrap items-center gap-3">
				{change.days.length > 0 ? (
					<button type="submit" name="intent" value="change-pickup" className={secondaryButtonClass} disabled={busy}>
						{busy ? 'Moving...' : 'Move pickup'}
						<VisuallyHidden>: order {order.number}</VisuallyHidden>
					</button>
				) : null}
				<Link to={closeLink} className="font-semibold underline underline-offset-4">
					Cancel the change
				</Link>
			</div>
		</Form>
	)
}

function OrderCard({
	order,
	pickup,
	confirming,
	change,
	timeZone,
	isOwner,
	level,
}: {
	order: LoadedOrder
	pickup: string | null
	confirming: boolean
	change: ChangeChoices | null
	timeZone: string
	/** Staff get the status steps only (decision 071). */
	isOwner: boolean
	/** The card's heading level: under the day's heading in the day view. */
	level: 2 | 3
}) {
	const { number } = order
	const Subheading = level === 2 ? 'h3' : 'h4'
	const headingId = `order-${order.id}`
	const canReady = canMove(ORDER_MOVES.ready, order.status)
	const canPickUp = canMove(ORDER_MOVES['picked-up'], order.status)
	// Unpaid at the counter (decision 075): nothing to refund, and handing it over takes the payment.
	const owedAtPickup = order.payAtPickup && order.paidAt === null
	const refundable = isOwner && canMove(ORDER_MOVES.refund, order.status)
	const movable = isOwner && order.status === 'PAID' && order.pickupAt !== null
	const changeLink = useChangeLink(order.id)
	return (
		<AdminCard
			headingId={headingId}
			headingLevel={level}
			heading={
				<>
					{pickup ? <>{pickup} · </> : null}Order {number}
				</>
			}
			details={
				<p className="text-sm text-cocoa/80">
					Placed <time dateTime={order.createdAt.toISOString()}>{formatBakeryDateTime(order.createdAt)}</time>
					{order.paidAt ? (
						<>
							{' · '}paid <time dateTime={order.paidAt.toISOString()}>{formatBakeryDateTime(order.paidAt)}</time>
						</>
					) : null}
					{order.source === 'PHONE' ? (
						<> · phone order{order.enteredBy ? ` entered by ${order.enteredBy}` : ''}</>
					) : null}
					{order.source === 'SUBSCRIPTION' ? <> · Bread club</> : null}
				</p>
			}
			aside={
				<span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusBadgeClass[order.status]}`}>
					{statusLabels[order.status]}
				</span>
			}
		>
			{order.heldChargeCents !== null ? (
				<p role="note" className="mt-3 rounded-lg bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-200">
					Payment held: Stripe charged {formatPrice(order.heldChargeCents)}, but the order was priced at{' '}
					{formatPrice(order.totalCents)}. The customer got no receipt: check the payment in Stripe, then refund it or
					settle it with the customer before preparing the order.
				</p>
			) : null}
			{owedAtPickup && canPickUp ? (
				<p role="note" className="mt-3 rounded-lg bg-amber-50 p-3 font-semibold text-amber-950 ring-1 ring-amber-300">
					Pay at pickup: unpaid. Take {formatPrice(order.totalCents)} at the counter when handing it over.
				</p>
			) : null}
			<div className="mt-3 grid gap-4 md:grid-cols-2">
				<div>
					<Subheading className="font-semibold">Customer</Subheading>
					<p>
						{order.customerId ? (
							<Link to={`/admin/customers/${order.customerId}`} className="underline underline-offset-4">
								{order.customerName}
								<VisuallyHidden> (customer account)</VisuallyHidden>
							</Link>
						) : (
							order.customerName
						)}
					</p>
					{order.customerEmail ? (
						<p className="break-all">
							<a href={`mailto:${order.customerEmail}`} className="underline underline-offset-4">
								{order.customerEmail}
							</a>
						</p>
					) : null}
					{order.customerPhone ? (
						<p>
							<a href={`tel:${order.customerPhone.replace(/[^\d+]/g, '')}`} className="underline underline-offset-4">
								{order.customerPhone}
							</a>
						</p>
					) : null}
				</div>
				<div>
					<Subheading className="font-semibold">Items</Subheading>
					<ul>
						{order.items.map((line) => (
							<li key={line.id} className="flex justify-between gap-4">
								<span className="min-w-0 break-words">
									{line.name} × {line.quantity}
									{line.options.length ? (
										<span className="block text-sm text-cocoa/80">{lineOptionsText(line.options)}</span>
									) : null}
								</span>
								<span className="shrink-0">{formatPrice(line.unitPriceCents * line.quantity)}</span>
							</li>
						))}
					</ul>
					{order.discountCents > 0 ? (
						<p className="mt-1 flex justify-between gap-4 border-t border-dough pt-1">
							<span>Discount ({order.promoCode})</span>
							<span>−{formatPrice(order.discountCents)}</span>
						</p>
					) : null}
					{order.taxCents > 0 ? (
						<p className="mt-1 flex justify-between gap-4 border-t border-dough pt-1">
							<span>Tax</span>
							<span>{formatPrice(order.taxCents)}</span>
						</p>
					) : null}
					{order.tipCents > 0 ? (
						<p className="mt-1 flex justify-between gap-4 border-t border-dough pt-1">
							<span>Tip</span>
							<span>{formatPrice(order.tipCents)}</span>
						</p>
					) : null}
					<p className="mt-1 flex justify-between gap-4 border-t border-dough pt-1 font-semibold">
						<span>Total</span>
						<span>{formatPrice(order.totalCents)}</span>
					</p>
					{order.walletCents > 0 ? (
						<>
							<p className="mt-1 flex justify-between gap-4">
								<span>Gift card and store credit</span>
								<span>−{formatPrice(order.walletCents)}</span>
							</p>
							<p className="mt-1 flex justify-between gap-4">
								<span>Paid by card</span>
								<span>{formatPrice(order.totalCents - order.walletCents)}</span>
							</p>
						</>
					) : null}
				</div>
			</div>
			<OrderNotes allergyNote={order.allergyNote} customerNote={order.customerNote} className="mt-3" />
			{canReady || canPickUp || refundable ? (
				<div className="mt-4 flex flex-wrap items-center gap-3">
					{canReady ? (
						<StepButton order={order} step="ready">
							Mark as ready
						</StepButton>
					) : null}
					{canPickUp ? (
						<StepButton order={order} step="picked-up">
							{owedAtPickup ? 'Paid at the counter & picked up' : 'Mark as picked up'}
						</StepButton>
					) : null}
					{movable && !change ? (
						<Link to={changeLink} className={secondaryButtonClass}>
							Change pickup
							<VisuallyHidden>: order {order.number}</VisuallyHidden>
						</Link>
					) : null}
					{refundable ? (
						<DeleteForm
							id={order.id}
							intent="refund"
							question={owedAtPickup ? CANCEL_UNPAID_QUESTION : REFUND_QUESTION}
							busyLabel={owedAtPickup ? 'Cancelling...' : 'Refunding...'}
						>
							{owedAtPickup ? 'Cancel order' : 'Cancel & refund'}
							<VisuallyHidden>: order {order.number}</VisuallyHidden>
						</DeleteForm>
					) : null}
				</div>
			) : null}
			{change ? <ChangePickupForm order={order} change={change} timeZone={timeZone} /> : null}
			{confirming && refundable ? (
				<ConfirmDeletePanel
					id={order.id}
					intent="refund"
					question={owedAtPickup ? CANCEL_UNPAID_QUESTION : REFUND_QUESTION}
					confirmLabel={`Yes, cancel ${owedAtPickup ? '' : 'and refund '}order ${order.number}`}
					keepLabel="Keep the order"
				/>
			) : null}
		</AdminCard>
	)
}
