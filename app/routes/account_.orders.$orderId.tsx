import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useId } from 'react'
import { z } from 'zod'
import { FormStatus } from '~/components/ui/forms'
import { buttonClass, outlineButtonClass } from '~/components/ui/button-classes'
import { PageIntro } from '~/components/page-intro'
import { useBusiness } from '~/config/business'
import {
	cancelCustomerOrder,
	changeCustomerOrderPickup,
	customerOrderPage,
	isCustomerOrder,
} from '~/domain/customers/my-orders.server'
import { orderAgainHeader } from '~/domain/customers/order-again.server'
import { ORDER_STATUS_LABELS } from '~/domain/customers/order-status-labels'
import { requireCustomer } from '~/domain/customers/session.server'
import { lineOptionsText } from '~/domain/menu/item-options'
import { orderNumber } from '~/domain/orders/index.server'
import { getPickupSettings } from '~/domain/pickup/index.server'
import { formatBakeryDateTime } from '~/domain/pickup/bakery-time'
import { formatPickupAt, formatPickupDateLong, formatWallTime } from '~/domain/pickup/pickup-display'
import { readForm } from '~/utils/body.server'
import { localizedPath, type MessageKey } from '~/utils/i18n'
import { useLocale, useLocalizedPath, useT } from '~/utils/i18n-react'
import { requestLocale } from '~/utils/i18n.server'
import { formatPrice } from '~/utils/money'
import { withOutagePolicy } from '~/utils/outage.server'
import { metaTranslator, pageMeta } from '~/utils/seo'

/**
 * A signed-in customer's own order (decision 065): what they ordered, and while its lock time allows, "Change
 * pickup" and "Cancel order" (a confirmation step, `?cancel`, that works without JavaScript); "Order again" on
 * any order. Another customer's order, or one that does not exist, is a 404.
 */

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('account.orderTitle'), description: t('account.orderTitle'), noindex: true })
}

const PRIVATE = { 'Cache-Control': 'private, no-store' } as const

const notFound = () => new Response('Order not found', { status: 404, headers: PRIVATE })

export async function loader({ request, params }: LoaderFunctionArgs) {
	const locale = requestLocale(request)
	const customer = await requireCustomer(request, localizedPath('/account/sign-in', locale))
	const [page, settings] = await withOutagePolicy(() =>
		Promise.all([customerOrderPage(customer.id, params.orderId ?? ''), getPickupSettings()]),
	)
	if (!page) throw notFound()
	const when = (at: Date) => formatPickupAt(at, settings.timeZone, locale)
	const { order, window, days } = page
	return data(
		{
			id: order.id,
			number: orderNumber(order.id),
			status: order.status,
			placed: formatBakeryDateTime(order.placedAt, locale),
			pickup: order.pickupAt ? when(order.pickupAt) : null,
			totalCents: order.totalCents,
			taxCents: order.taxCents,
			discountCents: order.discountCents,
			promoCode: order.promoCode,
			tipCents: order.tipCents,
			walletCents: order.walletCents,
			/** Whether a card was charged: the customer may take that part as store credit instead (decision 086). */
			cardRefundable: order.status !== 'pay-at-pickup' && order.totalCents > order.walletCents,
			items: order.items.map((item) => ({ ...item, options: lineOptionsText(item.options) })),
			changeable: window.changeable,
			/** Until when it may change (changeable), or since when it may not (locked). */
			until: 'until' in window ? when(window.until) : null,
			days,
			itemNames: page.itemNames,
			confirmingCancel: window.changeable && new URL(request.url).searchParams.has('cancel'),
		},
		{ headers: PRIVATE },
	)
}

const slotSchema = z.string().datetime({ offset: true })

export async function action({ request, params }: ActionFunctionArgs) {
	const locale = requestLocale(request)
	const customer = await requireCustomer(request, localizedPath('/account/sign-in', locale))
	const orderId = params.orderId ?? ''
	const body = await readForm(request)
	if (!body.ok) return data({ problem: 'unreadable' as const }, { status: 400, headers: PRIVATE })
	const form = body.value
	const intent = form.get('intent')
	if (intent === 'change-pickup') {
		const slot = slotSchema.safeParse(form.get('slot'))
		if (!slot.success) return data({ change: 'no-slot' as const, slot: null }, { status: 400, headers: PRIVATE })
		const [result, settings] = await withOutagePolicy(() =>
			Promise.all([changeCustomerOrderPickup(customer.id, orderId, slot.data), getPickupSettings()]),
		)
		if (result.outcome === 'not-found') throw notFound()
		return data(
			{
				change: result.outcome,
				slot: slot.data,
				slotText: formatPickupAt(slot.data, settings.timeZone, locale),
				...(result.outcome === 'item-limit' ? { menuItemId: result.menuItemId } : {}),
			},
			{ status: result.outcome === 'moved' ? 200 : 409, headers: PRIVATE },
		)
	}
	if (intent === 'cancel') {
		const refundTo = form.get('refundTo') === 'store-credit' ? 'store-credit' : 'card'
		const result = await withOutagePolicy(() => cancelCustomerOrder(customer.id, orderId, { refundTo }))
		if (!result) throw notFound()
		return data(
			{ cancel: result.outcome, refundTo },
			{ status: result.outcome === 'refunded' || result.outcome === 'cancelled-unpaid' ? 200 : 409, headers: PRIVATE },
		)
	}
	if (intent === 'order-again') {
		if (!(await withOutagePolicy(() => isCustomerOrder(customer.id, orderId)))) throw notFound()
		return redirect(localizedPath('/cart', locale), { headers: { 'Set-Cookie': await orderAgainHeader(orderId) } })
	}
	return data({ problem: 'unreadable' as const }, { status: 400, headers: PRIVATE })
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>
type Answer = NonNullable<ReturnType<typeof useActionData<typeof action>>>

const CHANGE_WORDS = {
	moved: 'account.changeMoved',
	'slot-full': 'account.changeSlotFull',
	'slot-not-offered': 'account.changeNotOffered',
	'item-limit': 'account.changeItemLimit',
	locked: 'account.changeLocked',
	'not-movable': 'account.changeNotChangeable',
	'same-slot': 'account.changeSameSlot',
	'no-slot': 'account.changeChooseTime',
} as const satisfies Record<Extract<Answer, { change: unknown }>['change'], MessageKey>

const CANCEL_WORDS = {
	refunded: 'account.cancelRefunded',
	'cancelled-unpaid': 'account.cancelNothingCharged',
	'refunded-order-moved': 'account.cancelRefundedMoved',
	'refund-failed': 'account.cancelRefundFailed',
	'not-refundable': 'account.cancelNotChangeable',
	locked: 'account.changeLocked',
} as const satisfies Record<Extract<Answer, { cancel: unknown }>['cancel'], MessageKey>

/** What happened, in words: the page's current data (after the action, the loader ran again) fills them in. */
function useAnswerText(order: Loaded, answer: Answer | undefined) {
	const t = useT()
	const locale = useLocale()
	const business = useBusiness()
	if (!answer) return null
	const values = {
		number: order.number,
		pickup: order.pickup ?? '',
		until: order.until ?? '',
		amount: formatPrice(order.totalCents, locale),
		phone: business.phone,
		email: business.email,
		item: 'menuItemId' in answer && answer.menuItemId ? (order.itemNames[answer.menuItemId] ?? '') : '',
		chosen: 'slotText' in answer ? answer.slotText : '',
	}
	if ('problem' in answer) return { ok: false, text: t('account.formUnreadable') }
	if ('cancel' in answer) {
		const credited = answer.cancel === 'refunded' && answer.refundTo === 'store-credit'
		return {
			ok: answer.cancel === 'refunded' || answer.cancel === 'cancelled-unpaid',
			text: t(credited ? 'account.cancelCredited' : CANCEL_WORDS[answer.cancel], values),
		}
	}
	return { ok: answer.change === 'moved', text: t(CHANGE_WORDS[answer.change], values) }
}

export default function AccountOrder() {
	const order = useLoaderData<typeof loader>()
	const answer = useActionData<typeof action>()
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	const business = useBusiness()
	const said = useAnswerText(order, answer)
	const locked = !order.changeable && order.until !== null
	return (
		<>
			<PageIntro id="order-heading" title={t('account.orderNumber', { number: order.number })}>
				{t(ORDER_STATUS_LABELS[order.status])}
				{order.pickup ? ` · ${t('account.pickupAt', { when: order.pickup })}` : null}
			</PageIntro>
			<div className="mx-auto grid max-w-3xl gap-10 px-4 py-12">
				<p>
					<Link to={localize('/account')} className="font-semibold text-cinnamon underline underline-offset-4">
						{t('account.backToAccount')}
					</Link>
				</p>
				{said ? <FormStatus tone={said.ok ? 'success' : 'error'}>{said.text}</FormStatus> : null}
				<section aria-labelledby="order-lines-heading">
					<h2 id="order-lines-heading" className="font-display text-3xl font-bold">
						{t('account.orderLinesHeading')}
					</h2>
					<p className="mt-2">{t('account.orderPlaced', { when: order.placed })}</p>
					<ul className="mt-4 divide-y divide-dough rounded-2xl bg-white px-4 shadow ring-1 ring-dough">
						{order.items.map((item, index) => (
							<li key={index} className="flex flex-wrap justify-between gap-2 py-3">
								<span>
									{t('account.itemLine', { name: item.name, quantity: item.quantity })}
									{item.options ? <span className="block text-sm text-cocoa/80">{item.options}</span> : null}
								</span>
								<span className="font-semibold">{formatPrice(item.unitPriceCents * item.quantity, locale)}</span>
							</li>
						))}
					</ul>
					{order.discountCents > 0 ? (
						<p className="mt-2 text-right">
							{t('account.promoOrderDiscount', {
								code: order.promoCode ?? '',
								amount: formatPrice(order.discountCents, locale),
							})}
						</p>
					) : null}
					{order.taxCents > 0 ? (
						<p className="mt-2 text-right">{t('account.orderTax', { amount: formatPrice(order.taxCents, locale) })}</p>
					) : null}
					{order.tipCents > 0 ? (
						<p className="mt-2 text-right">
							{t('account.promoOrderTip', { amount: formatPrice(order.tipCents, locale) })}
						</p>
					) : null}
					<p className="mt-2 text-right font-semibold">
						{t('account.orderTotal', { amount: formatPrice(order.totalCents, locale) })}
					</p>
				</section>
				{order.changeable ? (
					<>
						<ChangePickup order={order} answer={answer} />
						<CancelOrder order={order} />
					</>
				) : locked ? (
					<section aria-labelledby="order-locked-heading">
						<h2 id="order-locked-heading" className="font-display text-3xl font-bold">
							{t('account.changeHeading')}
						</h2>
						<p className="mt-2">
							{t('account.changeLocked', { until: order.until ?? '', phone: business.phone, email: business.email })}
						</p>
					</section>
				) : null}
				<section aria-labelledby="order-again-heading">
					<h2 id="order-again-heading" className="font-display text-3xl font-bold">
						{t('account.orderAgainHeading')}
					</h2>
					<p className="mt-2">{t('account.orderAgainIntro')}</p>
					<Form method="post" className="mt-4">
						<button type="submit" name="intent" value="order-again" className={buttonClass}>
							{t('account.orderAgain')}
						</button>
					</Form>
				</section>
			</div>
		</>
	)
}

function ChangePickup({ order, answer }: { order: Loaded; answer: Answer | undefined }) {
	const t = useT()
	const locale = useLocale()
	const selectId = useId()
	const busy = useNavigation().formData?.get('intent') === 'change-pickup'
	// A refused choice stays chosen while it is still offered; a slot that filled meanwhile is no longer listed.
	const chosen = answer && 'slot' in answer && answer.change !== 'moved' ? (answer.slot ?? '') : ''
	return (
		<section aria-labelledby="order-change-heading">
			<h2 id="order-change-heading" className="font-display text-3xl font-bold">
				{t('account.changeHeading')}
			</h2>
			<p className="mt-2">{t('account.changeUntil', { until: order.until ?? '' })}</p>
			{order.days.length === 0 ? (
				<p className="mt-2">{t('account.changeNoTimes')}</p>
			) : (
				<Form method="post" className="mt-4 grid max-w-md gap-3" key={`${order.pickup}|${chosen}`}>
					<label htmlFor={selectId} className="font-semibold">
						{t('account.changeNewTime')}
					</label>
					<select
						id={selectId}
						name="slot"
						required
						defaultValue={chosen}
						className="block w-full rounded-lg border border-cocoa/30 bg-white px-3 py-2 text-cocoa shadow-sm focus:border-cinnamon"
					>
						<option value="">{t('account.changeChoose')}</option>
						{order.days.map((day) => (
							<optgroup key={day.date} label={formatPickupDateLong(day.date, locale)}>
								{day.slots.map((slot) => (
									<option key={slot.start} value={slot.start}>
										{formatPickupDateLong(day.date, locale)}, {formatWallTime(slot.time, locale)}
									</option>
								))}
							</optgroup>
						))}
					</select>
					<div>
						<button type="submit" name="intent" value="change-pickup" className={buttonClass} disabled={busy}>
							{t('account.changeSubmit')}
						</button>
					</div>
				</Form>
			)}
		</section>
	)
}

function CancelOrder({ order }: { order: Loaded }) {
	const t = useT()
	const locale = useLocale()
	const localize = useLocalizedPath()
	const path = localize(`/account/orders/${order.id}`)
	const busy = useNavigation().formData?.get('intent') === 'cancel'
	const amount = formatPrice(order.totalCents, locale)
	return (
		<section aria-labelledby="order-cancel-heading">
			<h2 id="order-cancel-heading" className="font-display text-3xl font-bold">
				{t('account.cancelHeading')}
			</h2>
			{order.confirmingCancel ? (
				<Form
					method="post"
					action={`${path}?cancel`}
					className="mt-4 rounded-2xl border-2 border-cinnamon bg-white p-4"
				>
					<p className="font-semibold">{t('account.cancelConfirm', { number: order.number, amount })}</p>
					{order.cardRefundable ? (
						<fieldset className="mt-3">
							<legend className="font-semibold">{t('account.refundToLegend')}</legend>
							{(['card', 'store-credit'] as const).map((to) => (
								<label key={to} className="mt-2 flex items-center gap-2">
									<input
										type="radio"
										name="refundTo"
										value={to}
										defaultChecked={to === 'card'}
										className="h-5 w-5 accent-cinnamon"
									/>
									{t(to === 'card' ? 'account.refundToCard' : 'account.refundToCredit')}
								</label>
							))}
						</fieldset>
					) : null}
					<div className="mt-4 flex flex-wrap items-center gap-4">
						<button type="submit" name="intent" value="cancel" className={buttonClass} disabled={busy}>
							{t('account.cancelYes')}
						</button>
						<Link to={path} className="font-semibold text-cinnamon underline underline-offset-4">
							{t('account.cancelKeep')}
						</Link>
					</div>
				</Form>
			) : (
				<>
					<p className="mt-2">{t('account.cancelIntro', { amount, until: order.until ?? '' })}</p>
					<Link to={`${path}?cancel`} className={`${outlineButtonClass} mt-4 inline-block px-6 py-3`}>
						{t('account.cancelOrder')}
					</Link>
				</>
			)}
		</section>
	)
}
