import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { useCart } from '~/components/cart-provider'
import { OrderLines } from '~/components/checkout/order-lines'
import { PickupDetails } from '~/components/checkout/pickup-details'
import { LoyaltyCard } from '~/components/loyalty-card'
import { customerLoyaltyCard } from '~/domain/loyalty/index.server'
import { orderNumber } from '~/domain/orders/models/order.server'
import { arrivalPath } from '~/domain/orders/order-arrival-token.server'
import { requestLocale } from '~/utils/i18n.server'
import { getPickupSettings } from '~/domain/pickup/models/pickup-schedule.server'
import { confirmCheckoutSession } from '~/domain/orders/checkout.server'
import { mailTransportKind } from '~/domain/mail/mailer.server'
import { outageHeaders, withOutagePolicy } from '~/utils/outage.server'
import { metaTranslator, pageMeta } from '~/utils/seo'
import { useLocalizedPath, useT } from '~/utils/i18n-react'

export const meta: MetaFunction = (args) => {
	const t = metaTranslator(args.matches)
	return pageMeta(args, { title: t('shop.successTitle'), description: t('shop.successDescription'), noindex: true })
}

export const headers = outageHeaders

/** Shows a confirmation only for a session the payment provider reports as paid — never a fake one. */
export async function loader({ request }: LoaderFunctionArgs) {
	const sessionId = new URL(request.url).searchParams.get('session_id') ?? ''
	const locale = requestLocale(request)
	const found = sessionId
		? await withOutagePolicy(async () => {
				const order = await confirmCheckoutSession(sessionId)
				if (!order) return null
				const [settings, loyalty] = await Promise.all([
					getPickupSettings(),
					customerLoyaltyCard(order.customerId, locale),
				])
				return { order, timeZone: settings.timeZone, loyalty }
			})
		: null
	const view = found && {
		number: orderNumber(found.order.id),
		// "Save your details for next time": sign-in with the order's address filled in (decision 063).
		email: found.order.customerEmail,
		// Charged another amount than priced (decision 058): the page says it was received, not that all is well.
		held: found.order.heldChargeCents !== null,
		totalCents: found.order.totalCents,
		taxCents: found.order.taxCents,
		adjustments: {
			discountCents: found.order.discountCents,
			promoCode: found.order.promoCode,
			tipCents: found.order.tipCents,
			walletCents: found.order.walletCents,
		},
		items: found.order.items.map(({ name, quantity, unitPriceCents, options }) => ({
			name,
			quantity,
			unitPriceCents,
			options,
		})),
		// The "I'm here" page for the pickup day (decision 070).
		arrivalHref: arrivalPath(found.order.id, locale),
		// The stamp card (decision 085): the account's card, or how to start one, when this order earns a stamp.
		loyalty: found.loyalty && {
			card: found.loyalty,
			onAccount: found.order.customerId !== null,
			// A tip buys no stamp (decision 085).
			earnsStamp: found.order.totalCents - found.order.tipCents >= found.loyalty.minOrderCents,
		},
		pickup: found.order.pickupAt && {
			at: found.order.pickupAt.toISOString(),
			timeZone: found.timeZone,
			calendarHref: `/order-pickup.ics?session_id=${encodeURIComponent(sessionId)}`,
		},
	}
	// The receipt mail is queued with the payment; with mail turned off (EMAIL_DISABLED) the page is the receipt.
	const receiptByEmail = mailTransportKind() !== 'disabled'
	return data({ order: view, receiptByEmail }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function Success() {
	const { order, receiptByEmail } = useLoaderData<typeof loader>()
	const { forgetStash } = useCart()
	const t = useT()
	const localize = useLocalizedPath()
	useEffect(() => {
		if (order) forgetStash()
	}, [order, forgetStash])
	if (!order) {
		return (
			<section className="mx-auto max-w-2xl px-4 py-16 text-center">
				<h1 className="font-display text-4xl font-bold">{t('shop.notConfirmedHeading')}</h1>
				<p className="mt-4 text-lg">{t('shop.notConfirmedText')}</p>
				<Link to={localize('/contact')} className="mt-6 inline-block font-semibold text-cinnamon underline">
					{t('shop.contactUs')}
				</Link>
			</section>
		)
	}
	return (
		<section className="mx-auto max-w-2xl px-4 py-16">
			<h1 className="text-center font-display text-4xl font-bold">
				{order.held ? t('shop.paymentHeldHeading') : t('shop.successHeading')}
			</h1>
			<p className="mt-4 text-center text-lg">
				{order.held
					? t('shop.paymentHeldText')
					: receiptByEmail
						? t('shop.successReceiptEmail')
						: t('shop.successReceiptPage')}
			</p>
			<div className="mt-8 rounded-2xl bg-white p-6 shadow-md ring-1 ring-dough">
				<h2 className="font-display text-xl font-bold">{t('shop.orderNumber', { number: order.number })}</h2>
				{order.pickup ? <PickupDetails {...order.pickup} /> : null}
				<p className="mt-4">
					<Link to={order.arrivalHref} className="font-semibold text-cinnamon underline underline-offset-4">
						{t('shop.hereLink')}
					</Link>
				</p>
				<OrderLines
					lines={order.items.map((line, index) => ({ ...line, key: String(index) }))}
					totalCents={order.totalCents}
					taxCents={order.taxCents}
					adjustments={order.adjustments}
				/>
			</div>
			{order.loyalty?.onAccount ? (
				<div className="mt-8">
					<LoyaltyCard
						card={order.loyalty.card}
						note={order.loyalty.earnsStamp ? t('common.loyaltyThisOrder') : undefined}
					/>
				</div>
			) : null}
			<section aria-labelledby="save-details-heading" className="mt-8 rounded-2xl bg-dough/60 p-6 text-center">
				<h2 id="save-details-heading" className="font-display text-xl font-bold">
					{t('shop.saveDetailsHeading')}
				</h2>
				<p className="mt-2">{t('shop.saveDetailsText', { email: order.email })}</p>
				{order.loyalty && !order.loyalty.onAccount && order.loyalty.earnsStamp ? (
					<p className="mt-2">{t('common.loyaltyJoin', { email: order.email })}</p>
				) : null}
				<Link
					to={`${localize('/account/sign-in')}?email=${encodeURIComponent(order.email)}`}
					className="mt-3 inline-block font-semibold text-cinnamon underline"
				>
					{t('shop.saveDetailsLink')}
				</Link>
			</section>
			<p className="mt-8 text-center">
				<Link to={localize('/menu')} className="font-semibold text-cinnamon underline">
					{t('shop.backToMenu')}
				</Link>
			</p>
		</section>
	)
}
