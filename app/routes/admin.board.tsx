import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { AdminFrame } from '~/components/admin/admin-frame'
import { AdminHeading, StatusRegion, VisuallyHidden } from '~/components/admin/admin-ui'
import { listCakesForPickupDate } from '~/domain/cake-quotes/index.server'
import { readAdminBody, refuseAdminAction } from '~/domain/admin-auth/admin-actions.server'
import { requireAdmin } from '~/domain/admin-auth/auth.server'
import { lineOptionsText } from '~/domain/menu/item-options'
import { orderNumber } from '~/domain/orders/models/order.server'
import {
	countUncollected,
	listBoardOrders,
	markNoShow,
	markUncollectedAsNoShow,
	type NoShowOutcome,
} from '~/domain/orders/models/order-board.server'
import { advanceOrder } from '~/domain/orders/models/owner-orders.server'
import { ORDER_MOVES } from '~/domain/orders/order-states'
import { ownerDay } from '~/domain/pickup/owner-day.server'
import { formatPickupDateLong, formatWallTime } from '~/domain/pickup/pickup-display'
import { wallTimeOf } from '~/domain/pickup/pickup-schedule'
import { adminMeta, adminResponseHeaders } from '~/utils/admin-route'
import { canMove } from '~/utils/state-machine'
import { OrderNotes } from '~/components/admin/order-notes'

export { headers } from '~/utils/admin-route'
export { AdminErrorBoundary as ErrorBoundary } from '~/components/admin/admin-error-boundary'

export const meta = adminMeta('Order board')

/**
 * A day's orders and cakes for the counter's tablet (decision 070): today, or `?date=` (tomorrow's, to plan);
 * live through /admin/board/events.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request, 'staff')
	const now = new Date()
	const { date, today, tomorrow, timeZone } = await ownerDay(new URL(request.url).searchParams.get('date'), now)
	const [orders, cakes, uncollected] = await Promise.all([
		listBoardOrders(date),
		listCakesForPickupDate(date),
		countUncollected(date, now),
	])
	return data(
		{
			adminName: admin.name,
			adminRole: admin.role,
			date,
			today,
			tomorrow,
			timeZone,
			now: now.toISOString(),
			uncollected,
			orders: orders.map((order) => ({ ...order, number: orderNumber(order.id) })),
			cakes,
		},
		{ headers: adminResponseHeaders },
	)
}

type BoardActionData = { message: string; problem?: boolean }

function reply(body: BoardActionData, status = 200) {
	return data(body, { status, headers: adminResponseHeaders })
}

const noShowWords: Record<Exclude<NoShowOutcome, 'marked'>, string> = {
	'too-early': 'its pickup time has not passed yet',
	'not-open': 'it is no longer waiting to be collected',
	'not-found': 'it no longer exists',
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request, 'staff')
	const { form, intent, problemReply } = await readAdminBody(request)
	if (!form) return problemReply
	if (intent === 'close-day') {
		const { date } = await ownerDay(String(form.get('date') ?? ''))
		const marked = await markUncollectedAsNoShow(date)
		return reply({
			message: marked === 1 ? '1 order is marked as a no-show.' : `${marked} orders are marked as no-shows.`,
		})
	}
	const id = String(form.get('id') ?? '')
	if (!id) refuseAdminAction('Missing order')
	const number = orderNumber(id)
	if (intent === 'ready' || intent === 'picked-up') {
		const outcome = await advanceOrder(id, intent)
		if (outcome.changed) {
			return reply({
				message:
					intent === 'ready'
						? `Order ${number} is ready; the customer gets the “ready” mail.`
						: `Order ${number} is picked up.`,
			})
		}
		return reply({ message: `Order ${number} was not changed: someone moved it on meanwhile.`, problem: true }, 409)
	}
	if (intent === 'no-show') {
		const outcome = await markNoShow(id)
		if (outcome === 'marked') return reply({ message: `Order ${number} is marked as a no-show.` })
		return reply(
			{ message: `Order ${number} was not marked as a no-show: ${noShowWords[outcome]}.`, problem: true },
			409,
		)
	}
	refuseAdminAction()
}

type BoardData = ReturnType<typeof useLoaderData<typeof loader>>
type BoardOrder = BoardData['orders'][number]
type Column = 'to-make' | 'ready' | 'arrived' | 'done'

const COLUMNS: readonly { id: Column; title: string; empty: string }[] = [
	{ id: 'to-make', title: 'To make', empty: 'Nothing left to make.' },
	{ id: 'ready', title: 'Ready', empty: 'Nothing waiting on the shelf.' },
	{ id: 'arrived', title: 'Arrived', empty: 'Nobody waiting.' },
	{ id: 'done', title: 'Picked up', empty: 'Nothing handed over yet.' },
]

function columnOf(order: BoardOrder): Column {
	if (order.status === 'PICKED_UP' || order.status === 'NO_SHOW') return 'done'
	if (order.arrivedAt) return 'arrived'
	return order.status === 'READY' ? 'ready' : 'to-make'
}

const SPOT_WORDS = { CURB: 'at the curb', INSIDE: 'inside' } as const

export default function OrderBoard() {
	const { adminName, adminRole, date, today, tomorrow, timeZone, now, uncollected, orders, cakes } =
		useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const message = actionData && 'message' in actionData ? actionData.message : undefined
	const problem = actionData !== undefined && 'problem' in actionData && actionData.problem === true
	const live = useLiveBoard(date === today ? null : date)
	const byColumn = new Map<Column, BoardOrder[]>(COLUMNS.map(({ id }) => [id, []]))
	for (const order of orders) byColumn.get(columnOf(order))!.push(order)
	return (
		<AdminFrame adminName={adminName} adminRole={adminRole}>
			<AdminHeading title="Order board">
				<div className="flex flex-wrap items-center gap-3 text-lg">
					<p role="status" data-live={live.connected ? 'yes' : 'no'} className="font-semibold">
						{live.connected ? 'Live' : 'Reconnecting…'}
					</p>
					<ChimeToggle enabled={live.chime} onToggle={live.toggleChime} />
				</div>
			</AdminHeading>
			<div className="-mt-4 mb-4 flex flex-wrap items-baseline gap-4 text-xl">
				<p>{formatPickupDateLong(date)}</p>
				<Link to="/admin/orders/new" className="font-semibold underline underline-offset-4">
					New phone order
				</Link>
				{date === today ? (
					<Link to={`/admin/board?date=${tomorrow}`} className="font-semibold underline underline-offset-4">
						Tomorrow’s board
					</Link>
				) : (
					<Link to="/admin/board" className="font-semibold underline underline-offset-4">
						Today’s board
					</Link>
				)}
			</div>
			{problem ? (
				<div role="alert" className="mb-4 rounded-lg border border-red-800 bg-red-50 p-3 text-lg text-red-900">
					{message}
				</div>
			) : null}
			<StatusRegion message={problem ? undefined : message} />
			<nav aria-label="Board columns" className="mb-4">
				<ul className="flex flex-wrap gap-2 text-lg">
					{COLUMNS.map(({ id, title }) => (
						<li key={id}>
							<a
								href={`#${id}`}
								className="inline-block rounded-full border border-cocoa px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2"
							>
								{title} ({byColumn.get(id)!.length})
							</a>
						</li>
					))}
				</ul>
			</nav>
			{uncollected > 0 ? <CloseDayOffer count={uncollected} date={date} /> : null}
			<div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
				{COLUMNS.map(({ id, title, empty }) => (
					<section key={id} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4">
						<h2 id={`${id}-heading`} className="mb-3 font-display text-2xl font-bold">
							{title} <span className="text-lg font-normal">({byColumn.get(id)!.length})</span>
						</h2>
						{byColumn.get(id)!.length === 0 ? (
							<p className="text-lg">{empty}</p>
						) : (
							<ol className="space-y-3">
								{byColumn.get(id)!.map((order) => (
									<li key={order.id}>
										<OrderCard order={order} timeZone={timeZone} now={now} />
									</li>
								))}
							</ol>
						)}
					</section>
				))}
			</div>
			{cakes.length > 0 ? (
				<section aria-labelledby="cakes-heading" className="mt-8">
					<h2 id="cakes-heading" className="mb-3 font-display text-2xl font-bold">
						Custom cakes today ({cakes.length})
					</h2>
					<ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-4">
						{cakes.map((cake) => (
							<li key={cake.id} className="rounded-xl border border-cocoa/30 bg-white p-4 text-lg">
								<p className="font-bold">
									{cake.pickupAt ? formatWallTime(wallTimeOf(cake.pickupAt, timeZone)) : 'No time'} · {cake.name}
								</p>
								<p>
									{cake.type}, {cake.size}
									{cake.status === 'PICKED_UP' ? ' · picked up' : ''}
								</p>
								{cake.message ? <p>Request: “{cake.message}”</p> : null}
								{cake.quoteNotes ? <p>Notes: {cake.quoteNotes}</p> : null}
							</li>
						))}
					</ul>
				</section>
			) : null}
		</AdminFrame>
	)
}

function OrderCard({ order, timeZone, now }: { order: BoardOrder; timeZone: string; now: string }) {
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === order.id
	const pickupTime = order.pickupAt ? formatWallTime(wallTimeOf(order.pickupAt, timeZone)) : 'No time'
	const status = order.status
	const afterPickup = order.pickupAt !== null && new Date(order.pickupAt) <= new Date(now)
	const arrived = order.arrivedAt !== null && (status === 'PAID' || status === 'READY')
	return (
		<article
			aria-labelledby={`order-${order.id}`}
			data-order={order.number}
			className={`rounded-xl border-2 bg-white p-4 text-lg ${arrived ? 'border-amber-700 bg-amber-50' : 'border-cocoa/30'}`}
		>
			<h3 id={`order-${order.id}`} className="text-xl font-bold">
				{pickupTime} · {order.customerName} <span className="font-normal">#{order.number}</span>
			</h3>
			{arrived ? (
				<p className="mt-1 font-bold text-amber-900">
					Here since {formatWallTime(wallTimeOf(order.arrivedAt!, timeZone))}
					{order.arrivalSpot ? `, ${SPOT_WORDS[order.arrivalSpot]}` : ''}
					{order.arrivalCar ? ` · ${order.arrivalCar}` : ''}
				</p>
			) : null}
			{status === 'NO_SHOW' ? <p className="mt-1 font-bold">No-show</p> : null}
			<ul className="mt-2 space-y-1">
				{order.items.map((line) => (
					<li key={line.id}>
						<span className="font-semibold">{line.quantity} ×</span> {line.name}
						{line.options.length > 0 ? <span className="block text-base">{lineOptionsText(line.options)}</span> : null}
					</li>
				))}
			</ul>
			{order.payAtPickup && order.paidAt === null ? (
				<p className="mt-2 font-bold text-amber-900">Pay at pickup · unpaid</p>
			) : null}
			{order.source === 'PHONE' ? <p className="text-base">Phone order</p> : null}
			{order.source === 'SUBSCRIPTION' ? <p className="text-base">Bread club</p> : null}
			<OrderNotes allergyNote={order.allergyNote} customerNote={order.customerNote} />
			{order.customerPhone ? <p className="mt-2 text-base">Phone: {order.customerPhone}</p> : null}
			<div className="mt-3 flex flex-wrap gap-2">
				{canMove(ORDER_MOVES.ready, status) ? (
					<StepButton orderId={order.id} intent="ready" label="Ready" number={order.number} busy={busy} />
				) : null}
				{canMove(ORDER_MOVES['picked-up'], status) ? (
					<StepButton
						orderId={order.id}
						intent="picked-up"
						label={order.payAtPickup && order.paidAt === null ? 'Paid & picked up' : 'Picked up'}
						number={order.number}
						busy={busy}
					/>
				) : null}
				{canMove(ORDER_MOVES['no-show'], status) && afterPickup ? (
					<StepButton orderId={order.id} intent="no-show" label="No-show" number={order.number} busy={busy} />
				) : null}
			</div>
		</article>
	)
}

function StepButton({
	orderId,
	intent,
	label,
	number,
	busy,
}: {
	orderId: string
	intent: 'ready' | 'picked-up' | 'no-show'
	label: string
	number: string
	busy: boolean
}) {
	return (
		<Form method="post" preventScrollReset>
			<input type="hidden" name="id" value={orderId} />
			<button
				type="submit"
				name="intent"
				value={intent}
				disabled={busy}
				className="min-h-12 rounded-full bg-cocoa px-5 py-2 text-lg font-semibold text-cream hover:bg-cinnamon focus-visible:outline-3 focus-visible:outline-offset-2 disabled:opacity-60"
			>
				{label}
				<VisuallyHidden> (order {number})</VisuallyHidden>
			</button>
		</Form>
	)
}

function CloseDayOffer({ count, date }: { count: number; date: string }) {
	return (
		<Form
			method="post"
			className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-cocoa/40 p-4 text-lg"
		>
			<input type="hidden" name="date" value={date} />
			<p>
				{count === 1
					? '1 order was not collected by its pickup time.'
					: `${count} orders were not collected by their pickup time.`}
			</p>
			<button
				type="submit"
				name="intent"
				value="close-day"
				className="min-h-12 rounded-full border-2 border-cocoa px-5 py-2 font-semibold hover:bg-cocoa hover:text-cream focus-visible:outline-3 focus-visible:outline-offset-2"
			>
				{count === 1 ? 'Closing: mark it as a no-show' : `Closing: mark all ${count} as no-shows`}
			</button>
		</Form>
	)
}

function ChimeToggle({ enabled, onToggle }: { enabled: boolean; onToggle: () => void }) {
	return (
		<button
			type="button"
			aria-pressed={enabled}
			onClick={onToggle}
			className="min-h-12 rounded-full border-2 border-cocoa px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 aria-pressed:bg-cocoa aria-pressed:text-cream"
		>
			Chime for new orders and arrivals
		</button>
	)
}

const CHIME_SETTING = 'bakery-board-chime'
const RECONNECT_MS = 2_000

/** A short two-note chime, made in the browser (no file to fetch); only after a tap allowed sound. */
function playChime(audio: AudioContext) {
	const start = audio.currentTime
	for (const [offset, frequency] of [
		[0, 880],
		[0.18, 1320],
	] as const) {
		const oscillator = audio.createOscillator()
		const gain = audio.createGain()
		oscillator.frequency.value = frequency
		gain.gain.setValueAtTime(0.0001, start + offset)
		gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02)
		gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.4)
		oscillator.connect(gain).connect(audio.destination)
		oscillator.start(start + offset)
		oscillator.stop(start + offset + 0.45)
	}
}

/**
 * Keeps the board current without reloading: each `board` event reads the day again through the loader;
 * so does every reconnect (after sleep or a network drop the browser's EventSource comes back on its own, and
 * whatever was missed meanwhile is in the fresh read), a return to the tab and the network coming back.
 */
function useLiveBoard(date: string | null) {
	const revalidator = useRevalidator()
	const revalidate = useRef(revalidator.revalidate)
	revalidate.current = revalidator.revalidate
	const [connected, setConnected] = useState(false)
	const [chime, setChime] = useState(false)
	const audio = useRef<AudioContext | null>(null)
	const chimeOn = useRef(false)

	useEffect(() => {
		// Sound needs a tap first (autoplay rules): the setting is remembered, the sound starts after a tap.
		if (localStorage.getItem(CHIME_SETTING) === 'on') {
			const resume = () => {
				audio.current ??= new AudioContext()
				void audio.current.resume()
				chimeOn.current = true
				setChime(true)
			}
			window.addEventListener('pointerdown', resume, { once: true })
			return () => window.removeEventListener('pointerdown', resume)
		}
	}, [])

	useEffect(() => {
		let source: EventSource | null = null
		let retry: ReturnType<typeof setTimeout> | undefined
		let opened = false
		const connect = () => {
			source = new EventSource(date ? `/admin/board/events?date=${date}` : '/admin/board/events')
			source.addEventListener('open', () => {
				setConnected(true)
				if (opened) revalidate.current()
				opened = true
			})
			source.addEventListener('error', () => {
				setConnected(false)
				// The browser retries by itself unless it gave up (an error answer): then start again shortly.
				if (source?.readyState === EventSource.CLOSED) {
					clearTimeout(retry)
					retry = setTimeout(connect, RECONNECT_MS)
				}
			})
			source.addEventListener('board', (message) => {
				const { kind } = JSON.parse((message as MessageEvent<string>).data) as { kind: string }
				revalidate.current()
				if ((kind === 'paid' || kind === 'arrived') && chimeOn.current && audio.current) playChime(audio.current)
			})
		}
		connect()
		const catchUp = () => {
			if (document.visibilityState !== 'visible') return
			revalidate.current()
			if (source?.readyState === EventSource.CLOSED) {
				clearTimeout(retry)
				connect()
			}
		}
		// A device that says it is offline has lost the stream even if no error arrived yet: start again when back.
		const lost = () => {
			clearTimeout(retry)
			source?.close()
			setConnected(false)
		}
		document.addEventListener('visibilitychange', catchUp)
		window.addEventListener('online', catchUp)
		window.addEventListener('offline', lost)
		return () => {
			clearTimeout(retry)
			source?.close()
			document.removeEventListener('visibilitychange', catchUp)
			window.removeEventListener('online', catchUp)
			window.removeEventListener('offline', lost)
		}
	}, [date])

	const toggleChime = useCallback(() => {
		const next = !chimeOn.current
		chimeOn.current = next
		setChime(next)
		localStorage.setItem(CHIME_SETTING, next ? 'on' : 'off')
		if (next) {
			audio.current ??= new AudioContext()
			void audio.current.resume()
			playChime(audio.current)
		}
	}, [])

	return { connected, chime, toggleChime }
}
