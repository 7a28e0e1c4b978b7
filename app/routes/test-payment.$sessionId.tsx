import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { OrderLines } from '~/components/checkout/order-lines'
import { buttonClass } from '~/components/ui/button-classes'
import { applyCakePaymentEvent, findCakePaymentBySessionId } from '~/domain/cake-quotes/models/cake-quote.server'
import { applyCheckoutEvent, findOrderBySessionId } from '~/domain/orders/models/order.server'
import { bodyProblems, readForm } from '~/utils/body.server'
import { quotePath } from '~/domain/cake-quotes/cake-quote-token.server'
import { isLocale, localizedPath } from '~/utils/i18n'
import { formatPrice } from '~/utils/money'
import { paymentMode, testSessionExpired } from '~/domain/payments/index.server'
import { applyGiftCardPurchaseEvent } from '~/domain/wallet/index.server'
import { findGiftCardPurchaseBySessionId } from '~/domain/wallet/models/gift-card-purchases.server'
import { cancelTestClubPage, completeTestClubPage, testClubPage } from '~/domain/club/club.server'

export const meta: MetaFunction = () => [{ title: 'Test payment' }, { name: 'robots', content: 'noindex' }]

/** Only exists while the built-in test provider stands in for Stripe (never in production). */
async function requireTestOrder(sessionId: string | undefined) {
	if (paymentMode() !== 'test' || !sessionId) throw new Response('Not found', { status: 404 })
	const order = await findOrderBySessionId(sessionId)
	if (!order) throw new Response('Not found', { status: 404 })
	return order
}

/** Like a Stripe session, a test session can be paid for CHECKOUT_SESSION_MINUTES only (its pickup hold lapses). */
const SESSION_EXPIRED_MESSAGE = 'This payment page has expired. Please check out again.'

/** A cake quote's deposit or balance paid through the test provider (decision 041), or null. */
async function findTestCakePayment(sessionId: string | undefined) {
	if (paymentMode() !== 'test' || !sessionId) return null
	return findCakePaymentBySessionId(sessionId)
}

/** A gift card bought online through the test provider (decision 078), or null. */
async function findTestGiftCardPurchase(sessionId: string | undefined) {
	if (paymentMode() !== 'test' || !sessionId) return null
	return findGiftCardPurchaseBySessionId(sessionId)
}

export async function loader({ params }: LoaderFunctionArgs) {
	const club = await testClubPage(params.sessionId)
	if (club) {
		const cake = {
			heading: 'Join the bread club',
			label: `${club.planName}: ${formatPrice(club.priceCents)} a box, charged at each box's cutoff (nothing today)`,
			amountCents: 0,
			walletCents: 0,
			expired: !club.open || testSessionExpired(club.createdAt),
		}
		return data({ order: null, cake }, { headers: { 'Cache-Control': 'private, no-store' } })
	}
	const giftCard = await findTestGiftCardPurchase(params.sessionId)
	if (giftCard) {
		const cake = {
			label: 'Gift card',
			heading: 'Pay for your gift card',
			amountCents: giftCard.amountCents,
			walletCents: 0,
			expired:
				giftCard.status === 'EXPIRED' || (giftCard.status === 'PENDING' && testSessionExpired(giftCard.createdAt)),
		}
		return data({ order: null, cake }, { headers: { 'Cache-Control': 'private, no-store' } })
	}
	const cakePayment = await findTestCakePayment(params.sessionId)
	if (cakePayment) {
		const cake = {
			heading: 'Pay for your cake',
			label: `${cakePayment.kind === 'DEPOSIT' ? 'Deposit' : 'Balance'}: custom cake (${cakePayment.request.type}, ${cakePayment.request.size})`,
			// What the card pays: a gift card or store credit paid the rest (decision 087), as Stripe's coupon takes it off.
			amountCents: cakePayment.amountCents - cakePayment.walletCents,
			walletCents: cakePayment.walletCents,
			expired:
				cakePayment.status === 'EXPIRED' ||
				(cakePayment.status === 'PENDING' && testSessionExpired(cakePayment.createdAt)),
		}
		return data({ order: null, cake }, { headers: { 'Cache-Control': 'private, no-store' } })
	}
	const order = await requireTestOrder(params.sessionId)
	const view = {
		...order,
		createdAt: order.createdAt.toISOString(),
		paidAt: order.paidAt?.toISOString() ?? null,
		pickupAt: order.pickupAt?.toISOString() ?? null,
		expired: order.status === 'EXPIRED' || (order.status === 'PENDING' && testSessionExpired(order.createdAt)),
	}
	return data({ order: view, cake: null }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/** The test page's buttons for a cake payment: the same events Stripe would send, then back to the quote page. */
async function cakePaymentAction(
	cakePayment: NonNullable<Awaited<ReturnType<typeof findTestCakePayment>>>,
	sessionId: string,
	intent: FormDataEntryValue | null,
) {
	// Back to the quote in the customer's language, as their mail's link opens it.
	const locale = isLocale(cakePayment.request.locale) ? cakePayment.request.locale : 'en'
	const quotePage = localizedPath(quotePath(cakePayment.request.id, cakePayment.request.quoteVersion), locale)
	if (cakePayment.status !== 'PENDING') return redirect(quotePage)
	const event = (kind: 'paid' | 'expired' | 'cancelled', name: string) =>
		applyCakePaymentEvent({ eventId: `test-${name}:${sessionId}`, type: `test.payment.${name}`, kind, sessionId })
	if (testSessionExpired(cakePayment.createdAt)) {
		await event('expired', 'expired')
		return data({ error: SESSION_EXPIRED_MESSAGE }, { status: 410 })
	}
	if (intent === 'pay') {
		await event('paid', 'pay')
		return redirect(quotePage)
	}
	await event('cancelled', 'cancel')
	return redirect(quotePage)
}

/** The test page's buttons for a gift card: the events Stripe would send, then back to the thanks page or the form. */
async function giftCardAction(
	purchase: NonNullable<Awaited<ReturnType<typeof findTestGiftCardPurchase>>>,
	sessionId: string,
	intent: FormDataEntryValue | null,
) {
	const locale = isLocale(purchase.locale) ? purchase.locale : 'en'
	const thanks = `${localizedPath('/gift-cards/thanks', locale)}?session_id=${encodeURIComponent(sessionId)}`
	if (purchase.status !== 'PENDING') return redirect(thanks)
	const event = (kind: 'paid' | 'expired' | 'cancelled', name: string) =>
		applyGiftCardPurchaseEvent({ eventId: `test-${name}:${sessionId}`, type: `test.payment.${name}`, kind, sessionId })
	if (testSessionExpired(purchase.createdAt)) {
		await event('expired', 'expired')
		return data({ error: SESSION_EXPIRED_MESSAGE }, { status: 410 })
	}
	if (intent === 'pay') {
		await event('paid', 'pay')
		return redirect(thanks)
	}
	await event('cancelled', 'cancel')
	return redirect(localizedPath('/gift-cards', locale))
}

/** The test page's buttons for a bread club membership: started as Stripe's webhook would, or given up. */
async function clubAction(
	club: NonNullable<Awaited<ReturnType<typeof testClubPage>>>,
	sessionId: string,
	intent: FormDataEntryValue | null,
) {
	if (club.open && testSessionExpired(club.createdAt)) {
		await cancelTestClubPage(sessionId)
		return data({ error: SESSION_EXPIRED_MESSAGE }, { status: 410 })
	}
	if (intent === 'pay') {
		await completeTestClubPage(sessionId)
		return redirect(`${localizedPath('/account/club', club.locale)}?started=${encodeURIComponent(sessionId)}`)
	}
	await cancelTestClubPage(sessionId)
	return redirect(localizedPath('/club', club.locale))
}

export async function action({ params, request }: ActionFunctionArgs) {
	const club = await testClubPage(params.sessionId)
	const giftCard = club ? null : await findTestGiftCardPurchase(params.sessionId)
	const cakePayment = club || giftCard ? null : await findTestCakePayment(params.sessionId)
	const order = club || cakePayment || giftCard ? null : await requireTestOrder(params.sessionId)
	const sessionId = params.sessionId!
	const form = await readForm(request)
	// An unreadable post changes nothing (anything but 'pay' would otherwise cancel the order).
	if (!form.ok) {
		const { status, message } = bodyProblems[form.problem]
		return data({ error: message }, { status })
	}
	const intent = form.value.get('intent')
	if (club) return clubAction(club, sessionId, intent)
	if (giftCard) return giftCardAction(giftCard, sessionId, intent)
	if (cakePayment) return cakePaymentAction(cakePayment, sessionId, intent)
	if (!order) throw new Response('Not found', { status: 404 })
	if (order.status !== 'PENDING')
		return redirect(order.status === 'PAID' ? `/success?session_id=${sessionId}` : '/cancel')
	if (testSessionExpired(order.createdAt)) {
		await applyCheckoutEvent({
			eventId: `test-expired:${sessionId}`,
			type: 'test.session.expired',
			kind: 'expired',
			sessionId,
		})
		return data({ error: SESSION_EXPIRED_MESSAGE }, { status: 410 })
	}
	if (intent === 'pay') {
		await applyCheckoutEvent({
			eventId: `test-pay:${sessionId}`,
			type: 'test.payment.succeeded',
			kind: 'paid',
			sessionId,
		})
		return redirect(`/success?session_id=${encodeURIComponent(sessionId)}`)
	}
	await applyCheckoutEvent({
		eventId: `test-cancel:${sessionId}`,
		type: 'test.payment.cancelled',
		kind: 'cancelled',
		sessionId,
	})
	return redirect(`/cancel?session_id=${encodeURIComponent(sessionId)}`)
}

export default function TestPayment() {
	const { order, cake } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle'
	const expired = order?.expired ?? cake?.expired ?? false
	return (
		<section className="mx-auto max-w-xl px-4 py-12">
			<p className="rounded-lg border-2 border-dashed border-cinnamon bg-dough/60 p-3 font-semibold">
				Test payment — no card is charged. This page stands in for Stripe Checkout because no Stripe key is configured.
			</p>
			<h1 className="mt-6 font-display text-3xl font-bold">
				{order ? 'Pay for your order' : (cake?.heading ?? 'Pay')}
			</h1>
			{order ? (
				<OrderLines
					lines={order.items.map((line, index) => ({ ...line, key: String(index) }))}
					totalCents={order.totalCents}
					taxCents={order.taxCents}
					adjustments={order}
				/>
			) : cake ? (
				<>
					<p className="mt-4 text-lg">
						{cake.label}: {formatPrice(cake.amountCents + cake.walletCents)}
					</p>
					{cake.walletCents > 0 ? (
						<p className="mt-1">
							Gift card or store credit: −{formatPrice(cake.walletCents)}. By card: {formatPrice(cake.amountCents)}
						</p>
					) : null}
				</>
			) : null}
			{actionData?.error || expired ? (
				<p role="alert" className="mt-4 font-semibold text-red-800">
					{actionData?.error ?? SESSION_EXPIRED_MESSAGE}
				</p>
			) : null}
			<div className="mt-6 flex gap-3">
				<Form method="post">
					<button className={buttonClass} name="intent" value="pay" disabled={busy || expired}>
						Pay {formatPrice(order?.totalCents ?? cake?.amountCents)}
					</button>
				</Form>
				<Form method="post">
					<button
						className="rounded-full border border-cocoa px-6 py-3 font-semibold hover:bg-dough"
						name="intent"
						value="cancel"
						disabled={busy}
					>
						Cancel
					</button>
				</Form>
			</div>
		</section>
	)
}
