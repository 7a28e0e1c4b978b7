import { getBusiness } from '~/config/business.server'
import { streetAddressLine } from '~/config/business'
import {
	applyCheckoutEvent,
	attachCheckoutSession,
	expireAbandonedOrder,
	findOrderBySessionId,
	listAbandonedCheckouts,
	markOrderCheckoutFailed,
	PAID_ORDER_STATUSES,
	placePendingOrder,
} from '~/domain/orders/models/order.server'
import { checkoutRequestSchema, type CheckoutRequest } from './checkout'
import { formatPickupAt, formatPickupDate } from '~/domain/pickup/pickup-display'
import { checkPickupSlot, localDateOf, type LocalDate, type PickupCheck } from '~/domain/pickup/pickup-schedule'
import { lineOptionsText, optionProblemMessage, priceChoices, type ChosenOption } from '~/domain/menu/item-options'
import { formatPrice } from '~/utils/money'
import { localizedPath, type Locale, type Translate } from '~/utils/i18n'
import { messageTranslator, translator } from '~/utils/i18n.server'
import { taxOrder, type TaxPolicy } from './sales-tax'
import { taxPolicy } from './sales-tax.server'
import { localizedLine } from '~/domain/content/localized-content'
import {
	getCheckoutRules,
	type CheckoutMenuItem,
	type PickupRefusal,
	cartPickupItems,
	nothingHeld,
} from '~/domain/pickup/index.server'
import {
	CHECKOUT_SESSION_MINUTES,
	createTestProvider,
	getStripe,
	paymentMode,
	stripeProvider,
	type PaymentProvider,
} from '~/domain/payments/index.server'

const CURRENCY = 'usd'

export type StartCheckoutResult =
	| { ok: true; url: string; orderId: string }
	| {
			ok: false
			status: number
			error: string
			unavailableIds?: string[]
			/** The form field the error belongs to ('pickupAt': choose another time; the rest of the form stays). */
			field?: 'pickupAt'
	  }

const testProvider = createTestProvider(async (sessionId) => {
	const order = await findOrderBySessionId(sessionId)
	if (!order) return null
	const paid = (PAID_ORDER_STATUSES as readonly string[]).includes(order.status)
	const status = paid
		? 'complete'
		: order.status === 'PENDING' && !testSessionExpired(order.createdAt)
			? 'open'
			: 'expired'
	return { id: sessionId, paid, status }
})

/** The test provider's sessions last as long as Stripe's: past that they can no longer be paid. */
export function testSessionExpired(createdAt: Date, now = new Date()) {
	return now.getTime() - createdAt.getTime() > CHECKOUT_SESSION_MINUTES * 60_000
}

export function getPaymentProvider(): PaymentProvider | null {
	const mode = paymentMode()
	if (mode === 'stripe') return stripeProvider
	if (mode === 'test') return testProvider
	return null
}

/**
 * Prices an order from the database only, checks the chosen pickup slot against the schedule and the
 * cart's item rules, then records the pending order and holds its slot and item quantities in one
 * transaction, and only then (no row locks held) opens a hosted checkout session for it. Any provider
 * failure cancels the order and gives its hold back; nothing is charged. Decision 030.
 */
export async function startCheckout(
	body: unknown,
	{ origin, now = new Date(), locale = 'en' }: { origin: string; now?: Date; locale?: Locale },
): Promise<StartCheckoutResult> {
	// Every refusal is said in the customer's language (the page's; the action decides it from the URL).
	const t = translator(locale)
	const parsed = checkoutRequestSchema.safeParse(body)
	if (!parsed.success) {
		const message = parsed.error.issues[0]?.message
		return { ok: false, status: 400, error: message ? messageTranslator(locale)(message) : 'Invalid checkout request.' }
	}
	const provider = getPaymentProvider()
	if (!provider) return { ok: false, status: 503, error: t('shop.orderingOff') }

	const { items: cart, pickupAt } = parsed.data
	const { schedule, menuItems } = await getCheckoutRules([...new Set(cart.map((line) => line.id))], now, locale)
	const policy = taxPolicy()
	const words: Words = { t, locale }
	const priced = priceCart(cart, menuItems, policy, words)
	if (!priced.ok) return priced

	const pickupItems = cartPickupItems(
		cart,
		menuItems.map((item) => item.pickupRules),
	)
	const check = checkPickupSlot(schedule, pickupItems, nothingHeld, now, pickupAt)
	if (!check.ok) return pickupRefused(check, localDateOf(pickupAt, schedule.timeZone), priced.lines, words)

	// Each line in the customer's language: on the payment page, and kept on the order for their mails (what they
	// saw and paid for, whatever the menu says later). The order's own names stay English, the owner's.
	const lines = priced.lines.map((line) => ({
		...line,
		localized: localizedLine(
			menuItems.find((item) => item.id === line.menuItemId),
			line,
			locale,
		),
	}))
	const slotStart = new Date(pickupAt)
	const placed = await placePendingOrder(
		{ customer: parsed.data.customer, currency: CURRENCY, lines, locale },
		{
			slotStart,
			pickupDate: check.date,
			ordersPerSlot: schedule.ordersPerSlot,
			dailyLimits: new Map(pickupItems.map((item) => [item.menuItemId, item.dailyLimit])),
		},
	)
	if (!placed.ok) return holdRefused(placed, check.date, priced.lines, words)

	const business = getBusiness()
	try {
		const session = await provider.createCheckoutSession({
			orderId: placed.orderId,
			currency: CURRENCY,
			customerEmail: parsed.data.customer.email,
			lines: lines.map(({ localized, unitPriceCents, quantity, taxCategory }) => ({
				name: localized.name,
				description: lineOptionsText(localized.options) || undefined,
				unitAmountCents: unitPriceCents,
				quantity,
				taxCategory,
			})),
			taxCents: priced.taxCents,
			automaticTax: policy.mode === 'stripe',
			// The payment page opens in the customer's language and comes back to the page in it.
			locale,
			successUrl: `${origin}${localizedPath('/success', locale)}?session_id={CHECKOUT_SESSION_ID}`,
			cancelUrl: `${origin}${localizedPath('/cancel', locale)}?session_id={CHECKOUT_SESSION_ID}`,
			pickupAt: slotStart.toISOString(),
			pickupText: t('shop.pickupNotice', {
				when: formatPickupAt(slotStart, schedule.timeZone, locale),
				place: `${business.name}, ${streetAddressLine(business)}`,
			}),
		})
		await attachCheckoutSession(placed.orderId, session.sessionId)
		return { ok: true, url: session.url, orderId: placed.orderId }
	} catch (error) {
		console.error(
			`Checkout failed for order ${placed.orderId}: ${error instanceof Error ? error.message : String(error)}`,
		)
		await markOrderCheckoutFailed(placed.orderId)
		return { ok: false, status: 502, error: t('shop.checkoutFailed') }
	}
}

type PricedLine = { menuItemId: string; name: string }

/** The refusal's language: its translator, and its locale for the dates it names. */
interface Words {
	t: Translate
	locale: Locale
}

/** A schema message is a key (one schema for every language); any other text (Zod's own) passes unchanged. */
function nameOf(lines: readonly PricedLine[], menuItemId: string | undefined, t: Translate) {
	return lines.find((line) => line.menuItemId === menuItemId)?.name ?? t('shop.anItemInCart')
}

const pickupConflict = (error: string) => ({ ok: false as const, status: 409, error, field: 'pickupAt' as const })

/** 'Only 3 Tres Leches Slice left for Tue, Nov 24 — please lower the quantity or choose another day.' */
function itemLimitMessage(name: string, left: number, date: LocalDate, { t, locale }: Words) {
	const day = formatPickupDate(date, locale)
	return left <= 0 ? t('shop.itemSoldOutForDay', { name, day }) : t('shop.itemLimitLeft', { name, left, day })
}

/** The engine's refusal of the chosen slot, in the customer's words, on the pickup field. */
function pickupRefused(
	check: Extract<PickupCheck, { ok: false }>,
	date: LocalDate,
	lines: readonly PricedLine[],
	words: Words,
) {
	const { t } = words
	switch (check.reason) {
		case 'fully-booked':
			return pickupConflict(t('shop.slotTaken'))
		case 'item-limit':
			return pickupConflict(itemLimitMessage(nameOf(lines, check.menuItemId, t), check.left ?? 0, date, words))
		case 'too-soon':
			return pickupConflict(
				check.menuItemId
					? t('shop.itemNeedsNotice', { name: nameOf(lines, check.menuItemId, t) })
					: t('shop.pickupTooSoon'),
			)
		case 'outside-window':
			return pickupConflict(t('shop.itemNotThatDay', { name: nameOf(lines, check.menuItemId, t) }))
		case 'closed':
			return pickupConflict(t('shop.pickupClosed'))
		default:
			return pickupConflict(t('shop.pickupUnavailable'))
	}
}

/** The capacity counters refused: the slot filled, or an item's daily limit, while the customer chose. */
function holdRefused(refusal: PickupRefusal, date: LocalDate, lines: readonly PricedLine[], words: Words) {
	if (refusal.reason === 'slot-full') return pickupConflict(words.t('shop.slotTaken'))
	return pickupConflict(itemLimitMessage(nameOf(lines, refusal.menuItemId, words.t), refusal.left, date, words))
}

/**
 * Prices the cart from the database's rows only: each line is the item's price plus its chosen options'
 * deltas (decision 038), taxed by the shop's policy (decision 039). Refuses items no longer for sale,
 * answers the item no longer offers (naming them) and a line whose price differs from what the customer saw.
 */
export function priceCart(
	items: CheckoutRequest['items'],
	menuItems: readonly CheckoutMenuItem[],
	policy: TaxPolicy,
	words: Words = { t: translator('en'), locale: 'en' },
) {
	const found = new Map(menuItems.map((item) => [item.id, item]))
	const problems: string[] = []
	const unavailableIds: string[] = []
	const lines = []
	for (const { id, quantity, choices, unitPriceCents: seen } of items) {
		const problem = lineProblem(found.get(id), choices, seen, words)
		if (typeof problem === 'string') {
			problems.push(problem)
			unavailableIds.push(id)
			continue
		}
		const { menuItem, priced } = problem
		lines.push({
			menuItemId: id,
			name: menuItem.name,
			unitPriceCents: priced.unitPriceCents,
			quantity,
			options: priced.options,
			taxCategory: menuItem.taxCategory,
		})
	}
	if (problems.length > 0) {
		const error = words.t('shop.updateCart', { problems: problems.join(' ') })
		return { ok: false as const, status: 409, error, unavailableIds }
	}
	return { ok: true as const, ...taxOrder(lines, policy) }
}

/** Why a cart line cannot be charged, in the customer's words; or the item and its priced answers. */
function lineProblem(
	menuItem: CheckoutMenuItem | undefined,
	choices: readonly ChosenOption[],
	seenUnitPriceCents: number | undefined,
	{ t, locale }: Words,
) {
	if (!menuItem) return t('shop.itemOffMenu')
	const { name } = menuItem
	if (menuItem.soldOut) return t('shop.itemSoldOut', { name })
	if (!menuItem.orderable) return t('shop.itemNotOrderable', { name })
	const priced = priceChoices(menuItem.priceCents, menuItem.optionGroups, choices)
	if (!priced.ok) return optionProblemMessage(name, priced.problem, t)
	if (seenUnitPriceCents !== undefined && seenUnitPriceCents !== priced.unitPriceCents) {
		return t('shop.itemPriceChanged', { name, price: formatPrice(priced.unitPriceCents, locale) })
	}
	return { menuItem, priced }
}

/**
 * /success: asks the provider about the session and, if it is paid, runs the same fulfillment as
 * the webhook (whichever arrives first moves the order; the other finds nothing to do).
 */
export async function confirmCheckoutSession(sessionId: string) {
	const provider = getPaymentProvider()
	if (!provider || !sessionId) return null
	const session = await provider.retrieveSession(sessionId).catch((error: unknown) => {
		// The webhook may already have recorded the payment: fall back to what the database knows.
		console.error(`Could not retrieve checkout session ${sessionId}: ${String(error)}`)
		return null
	})
	if (session?.paid) {
		await applyCheckoutEvent({
			eventId: `success:${session.id}`,
			type: 'checkout.session.completed',
			kind: 'paid',
			sessionId: session.id,
			charged: session.charged,
		})
	}
	const order = await findOrderBySessionId(sessionId)
	return order && (PAID_ORDER_STATUSES as readonly string[]).includes(order.status) ? order : null
}

export type CancelOutcome = 'cancelled' | 'not-pending' | 'kept'

/**
 * /cancel?session_id=…: the customer left the payment page. The session's pending order is cancelled
 * and its pickup hold given back, once (a reload finds nothing pending). With Stripe the session is
 * expired first so it can no longer be paid; if Stripe cannot be reached, the hold stays and the
 * sweep settles it once the session has lapsed.
 */
export async function cancelCheckoutSession(sessionId: string): Promise<CancelOutcome> {
	const provider = getPaymentProvider()
	if (!provider || !sessionId) return 'not-pending'
	const order = await findOrderBySessionId(sessionId)
	if (!order || order.status !== 'PENDING') return 'not-pending'
	if (provider.kind === 'stripe') {
		try {
			await getStripe().checkout.sessions.expire(sessionId)
		} catch (error) {
			// Already expired is as good; paid (complete) or unreachable is not.
			const state = await provider.retrieveSession(sessionId).catch(() => null)
			if (state?.status !== 'expired') {
				console.error(`Could not expire checkout session ${sessionId}: ${String(error)}`)
				return 'kept'
			}
		}
	}
	const outcome = await applyCheckoutEvent({
		eventId: `cancel:${sessionId}`,
		type: 'checkout.session.cancel_return',
		kind: 'cancelled',
		sessionId,
	})
	return outcome === 'applied' ? 'cancelled' : 'not-pending'
}

/** A pending order is settled by the sweep once its session has certainly lapsed (its lifetime and a minute). */
export const SWEEP_GRACE_MS = (CHECKOUT_SESSION_MINUTES + 1) * 60_000

/**
 * The periodic sweep for missed webhooks: each pending order still holding capacity past its session's
 * lifetime is settled by asking the provider. Expired or unknown → expired and its hold released;
 * paid → fulfilled (it keeps its hold); unreachable or still open → left for the next sweep.
 * Returns how many holds it released.
 */
export async function sweepAbandonedCheckouts(now = new Date()) {
	const provider = getPaymentProvider()
	let released = 0
	for (const order of await listAbandonedCheckouts(new Date(now.getTime() - SWEEP_GRACE_MS))) {
		const sessionId = order.providerSessionId
		if (!sessionId) {
			// The session was never attached (the process stopped between the hold and the provider's answer).
			if (await expireAbandonedOrder(order.id)) released += 1
			continue
		}
		if (!provider) continue
		const session = await provider.retrieveSession(sessionId).catch((error: unknown) => {
			console.error(`Sweep could not retrieve checkout session ${sessionId}: ${String(error)}`)
			return undefined
		})
		if (session === undefined || session?.status === 'open') continue
		if (session?.paid) {
			await applyCheckoutEvent({
				eventId: `sweep-paid:${sessionId}`,
				type: 'sweep.paid',
				kind: 'paid',
				sessionId,
				charged: session.charged,
			})
			continue
		}
		const outcome = await applyCheckoutEvent({
			eventId: `sweep-expired:${sessionId}`,
			type: 'sweep.expired',
			kind: 'expired',
			sessionId,
		})
		if (outcome === 'applied') released += 1
	}
	return released
}
