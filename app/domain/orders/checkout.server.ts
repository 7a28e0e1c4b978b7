import { getBusiness } from '~/config/business.server'
import { grantTextConsent, optInConsent } from '~/domain/texts/index.server'
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
import { tipChoiceOf, type CheckoutPreviewRequest, type CheckoutRequest } from './checkout'
import { customerPromoHistory, findPromoCode } from '~/domain/promotions/index.server'
import {
	allocateCents,
	discountLines,
	maxTipCents,
	normalizePromoCode,
	tipCents,
	type PromoProblem,
	type TipChoice,
} from '~/domain/promotions/promo-pricing'
import { formatPickupAt } from '~/domain/pickup/pickup-display'
import { checkPickupSlot, localDateOf, type LocalDate, type PickupCheck } from '~/domain/pickup/pickup-schedule'
import { lineOptionsText, priceChoices, type ChosenOption, type OptionProblem } from '~/domain/menu/item-options'
import { localizedPath, type Locale } from '~/utils/i18n'
import { translator } from '~/utils/i18n.server'
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
import { paymentProvider, siteEventId, SWEEP_GRACE_MS, type PaymentProvider } from '~/domain/payments/index.server'
import { stockLevel, type StockLevel } from '~/domain/pickup/pickup-display'
import {
	giftCardForPayment,
	planWalletSpends,
	spendableStoreCredit,
	type WalletSource,
	type WalletSpend,
} from '~/domain/wallet/index.server'

const CURRENCY = 'usd'

/** Why a cart line cannot be charged as sent (the customer updates the cart); `name` is the menu's, in the order's language. */
export type LineRefusal =
	| { menuItemId: string; problem: 'off-menu' }
	| { menuItemId: string; problem: 'sold-out' | 'not-orderable'; name: string }
	| { menuItemId: string; problem: 'option'; name: string; option: OptionProblem }
	| { menuItemId: string; problem: 'price-changed'; name: string; unitPriceCents: number }

/**
 * Why no payment page was opened. The pickup refusals are about the chosen time; their `item` is the cart's item
 * that decided it, by name (null when the cart does not name it).
 */
export type CheckoutRefusal =
	| { reason: 'ordering-off' }
	| { reason: 'cart-changed'; lines: LineRefusal[] }
	| { reason: 'slot-taken' }
	/** Never the live count (decision 058): only whether it is sold out, a few are left, or fewer than asked. */
	| { reason: 'item-limit'; item: string | null; stock: StockLevel; date: LocalDate }
	| { reason: 'too-soon' }
	| { reason: 'item-needs-notice'; item: string | null }
	| { reason: 'outside-window'; item: string | null }
	| { reason: 'closed' }
	| { reason: 'pickup-unavailable' }
	| { reason: 'payment-failed' }
	/** The promo code gives nothing on this order, and why (decision 080). */
	| ({ reason: 'promo' } & PromoProblem)
	| { reason: 'tip-too-large'; maxTipCents: number }
	/** The gift card code pays nothing: not a card that can pay (malformed, unknown, void: one answer), or empty. */
	| { reason: 'gift-card'; problem: 'unknown' | 'empty' }
	/** A gift card or the credit was spent meanwhile (another checkout): what it holds now, to price again. */
	| { reason: 'wallet-changed'; source: WalletSource; balanceCents: number }
	/** Stripe Tax works the tax out on the payment page: the wallet's part could not be known (decision 086). */
	| { reason: 'wallet-unavailable' }

export type StartCheckoutResult = { ok: true; url: string; orderId: string } | ({ ok: false } & CheckoutRefusal)

const refused = <R extends CheckoutRefusal>(refusal: R) => ({ ok: false as const, ...refusal })

/**
 * What an order is made of, whoever enters it: the online checkout's form (`checkoutRequestSchema`) or a phone order
 * staff typed (decision 075). Only ids, quantities and choices: every price comes from the database.
 */
export interface OrderRequest {
	customer: { name: string; email?: string; phone?: string }
	items: CheckoutRequest['items']
	pickupAt: string
	/** The customer's note and allergy note (decision 077); a phone order's note is the customer's, taken down. */
	customerNote?: string
	allergyNote?: string
	/** Online orders only (decision 080): a promo code as typed (upper case) and the tip. */
	promoCode?: string
	tip?: TipChoice
	/** Online orders only (decision 086): a gift card code as typed, and the signed-in customer's store credit. */
	wallet?: WalletRequest
}

/** What the customer asks the wallet to pay: a gift card's code, and their account's credit (its customer). */
export interface WalletRequest {
	giftCardCode?: string
	storeCreditOf?: string
}

/**
 * A bread club box (decision 093): priced at the subscription's box price (the menu's prices less the club's
 * discount, spread over the lines), paid by the subscription, so no code, tip, wallet or cap on unpaid holds.
 */
export interface ClubBox {
	priceCents: number
}

/** A phone or walk-in order: who entered it, and whether it is confirmed to be paid at the counter. */
export interface StaffEntry {
	enteredBy: string
	payAtPickup: boolean
}

/**
 * Prices an order from the database only, checks the chosen pickup slot against the schedule and the
 * cart's item rules, then records the order and holds its slot and item quantities in one statement
 * (decision 030): the online checkout and staff's phone orders both take this one path, so they race for the same
 * places under the same database rules. A refusal leaves nothing behind. `client` caps an online customer's live
 * unpaid holds (decision 058); `entry` marks a phone order (a pay-at-pickup one is confirmed in that statement).
 */
export async function placeOrder(
	request: OrderRequest,
	{
		now,
		locale,
		client,
		entry,
		orderId,
		club,
	}: { now: Date; locale: Locale; client?: string; entry?: StaffEntry; orderId?: string; club?: ClubBox },
) {
	const { items: cart, pickupAt, customer, customerNote, allergyNote } = request
	const { schedule, menuItems } = await getCheckoutRules([...new Set(cart.map((line) => line.id))], now, locale)
	const policy = taxPolicy()
	// Staff take no code or tip on a phone order (decision 080): the form has neither, and none is read here.
	// The code's per-customer and first-order rules are the database's to decide here (place_pending_order, decision
	// 081), with the same words; the preview asks them beforehand.
	const priceable = entry || club ? { ...request, promoCode: undefined, tip: undefined, wallet: undefined } : request
	const priced = await priceOrder(priceable, menuItems, {
		policy,
		now,
		customerChecks: false,
		clubPriceCents: club?.priceCents,
	})
	if (!priced.ok) return priced
	const { wallet } = priced

	const pickupItems = cartPickupItems(
		cart,
		menuItems.map((item) => item.pickupRules),
	)
	const check = checkPickupSlot(schedule, pickupItems, nothingHeld, now, pickupAt)
	if (!check.ok) return pickupRefused(check, localDateOf(pickupAt, schedule.timeZone), priced.lines)

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
		{
			...(orderId ? { id: orderId } : {}),
			customer: { ...customer, email: customer.email ?? '' },
			client,
			currency: CURRENCY,
			lines,
			locale,
			notes: { customerNote, allergyNote },
			...(entry ? { entry } : {}),
			...(club ? { club: true } : {}),
			...(priced.promo ? { promo: priced.promo } : {}),
			tipCents: priced.tipCents,
			...(wallet.spends.length > 0 ? { wallet: { spends: wallet.spends, paysAll: wallet.dueCents === 0 } } : {}),
		},
		{
			slotStart,
			pickupDate: check.date,
			ordersPerSlot: schedule.ordersPerSlot,
			dailyLimits: new Map(pickupItems.map((item) => [item.menuItemId, item.dailyLimit])),
		},
	)
	if (!placed.ok) {
		if (placed.reason === 'promo') return refused(placed)
		if (placed.reason === 'wallet-changed') {
			const source = wallet.spends.find((spend) => spend.accountId === placed.accountId)?.source ?? 'gift-card'
			return refused({ reason: 'wallet-changed', source, balanceCents: placed.balanceCents })
		}
		return holdRefused(placed, check.date, priced.lines)
	}
	return {
		ok: true as const,
		orderId: placed.orderId,
		replacedSessionIds: placed.replacedSessionIds,
		/** Set when the wallet paid it all: the order is paid, and /success reads it by this. */
		walletSessionId: placed.walletSessionId,
		payment: {
			lines,
			taxCents: priced.taxCents,
			discount: priced.promo ? { code: priced.promo.code, cents: priced.discountCents } : null,
			tipCents: priced.tipCents,
			wallet: wallet.spends,
			automaticTax: policy.mode === 'stripe',
			slotStart,
			schedule,
		},
	}
}

type PlacedForPayment = Extract<Awaited<ReturnType<typeof placeOrder>>, { ok: true }>

/** The wallet's part as the payment page names it: 'Gift card', 'Store credit', or both. */
function walletName(spends: readonly WalletSpend[], t: ReturnType<typeof translator>) {
	return spends
		.map((spend) => t(spend.source === 'gift-card' ? 'shop.walletGiftCard' : 'shop.walletStoreCredit'))
		.join(' + ')
}

/**
 * Opens the hosted payment page for an order just placed, in the order's language, and attaches it to the order
 * (with its address, which a phone order's and a waitlist offer's (`keepUrl`) link mail reads). Any provider failure cancels the order and gives its
 * hold back; nothing is charged.
 */
export async function openPaymentPage(
	provider: PaymentProvider,
	{ orderId, payment }: PlacedForPayment,
	{
		origin,
		locale,
		customerEmail,
		keepUrl = false,
	}: { origin: string; locale: Locale; customerEmail?: string; keepUrl?: boolean },
) {
	const { lines, taxCents, discount, tipCents, wallet, automaticTax, slotStart, schedule } = payment
	const walletCents = wallet.reduce((sum, spend) => sum + spend.amountCents, 0)
	const business = getBusiness()
	// The payment page's own words, in the order's language.
	const t = translator(locale)
	try {
		const session = await provider.createCheckoutSession({
			orderId,
			currency: CURRENCY,
			...(customerEmail ? { customerEmail } : {}),
			lines: lines.map(({ localized, unitPriceCents, quantity, taxCategory }) => ({
				name: localized.name,
				description: lineOptionsText(localized.options) || undefined,
				unitAmountCents: unitPriceCents,
				quantity,
				taxCategory,
			})),
			taxCents,
			...(discount ? { discount: { code: discount.code, amountCents: discount.cents } } : {}),
			...(tipCents > 0 ? { tip: { name: t('shop.promoTipLine'), amountCents: tipCents } } : {}),
			...(walletCents > 0 ? { wallet: { name: walletName(wallet, t), amountCents: walletCents } } : {}),
			automaticTax,
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
		await attachCheckoutSession(orderId, session.sessionId, session.url, { keepUrl })
		return { ok: true as const, url: session.url, orderId }
	} catch (error) {
		console.error(`Checkout failed for order ${orderId}: ${error instanceof Error ? error.message : String(error)}`)
		await markOrderCheckoutFailed(orderId)
		return refused({ reason: 'payment-failed' })
	}
}

/**
 * The online checkout: the order placed and held (`placeOrder`), and only then (no row locks held) its hosted
 * checkout session opened (decision 030).
 * `request` is the checkout form as the action parsed it (`checkoutRequestSchema`); a refusal is an outcome
 * whose words and status the route picks. `locale` is the order's language: its lines, its mails and the
 * payment page are in it. `client` is who asks, as the rate limits know them: with the e-mail, it caps their live
 * unpaid holds (decision 058; their oldest makes room, and its payment page is closed).
 */
export async function startCheckout(
	request: CheckoutRequest,
	{
		origin,
		now = new Date(),
		locale = 'en',
		client,
		userAgent,
		customerId,
	}: {
		origin: string
		now?: Date
		locale?: Locale
		client?: string
		userAgent?: string | null
		/** The signed-in customer (their store credit may pay, decision 086). */
		customerId?: string
	},
): Promise<StartCheckoutResult> {
	const provider = paymentProvider('order')
	if (!provider) return refused({ reason: 'ordering-off' })
	const placed = await placeOrder(
		{ ...request, tip: tipChoiceOf(request), wallet: walletRequestOf(request, customerId) },
		{ now, locale, client },
	)
	if (!placed.ok) return placed
	const { phone } = request.customer
	const consent =
		request.textsOptIn && phone
			? optInConsent({ phone, channel: request.textsChannel, locale, source: 'checkout', client, userAgent })
			: null
	if (consent) await grantTextConsent(consent)
	await closeReplacedSessions(provider, placed.replacedSessionIds)
	// Paid with gift cards and credit alone (decision 086): no payment page, straight to the receipt.
	if (placed.walletSessionId) {
		const url = `${origin}${localizedPath('/success', locale)}?session_id=${placed.walletSessionId}`
		return { ok: true, url, orderId: placed.orderId }
	}
	return openPaymentPage(provider, placed, { origin, locale, customerEmail: request.customer.email })
}

type PricedLine = { menuItemId: string; name: string }

/** The cart's item a refusal names, by its name (null: not one of the cart's priced lines). */
function itemOf(lines: readonly PricedLine[], menuItemId: string | undefined) {
	return lines.find((line) => line.menuItemId === menuItemId)?.name ?? null
}

/** The engine's refusal of the chosen slot. */
function pickupRefused(check: Extract<PickupCheck, { ok: false }>, date: LocalDate, lines: readonly PricedLine[]) {
	switch (check.reason) {
		case 'fully-booked':
			return refused({ reason: 'slot-taken' })
		case 'item-limit':
			return refused({
				reason: 'item-limit',
				item: itemOf(lines, check.menuItemId),
				stock: stockLevel(check.left ?? 0),
				date,
			})
		case 'too-soon':
			return check.menuItemId
				? refused({ reason: 'item-needs-notice', item: itemOf(lines, check.menuItemId) })
				: refused({ reason: 'too-soon' })
		case 'outside-window':
			return refused({ reason: 'outside-window', item: itemOf(lines, check.menuItemId) })
		case 'closed':
			return refused({ reason: 'closed' })
		default:
			return refused({ reason: 'pickup-unavailable' })
	}
}

/** The capacity counters refused: the slot filled, or an item's daily limit, while the customer chose. */
function holdRefused(refusal: PickupRefusal, date: LocalDate, lines: readonly PricedLine[]) {
	if (refusal.reason === 'slot-full') return refused({ reason: 'slot-taken' })
	return refused({
		reason: 'item-limit',
		item: itemOf(lines, refusal.menuItemId),
		stock: stockLevel(refusal.left),
		date,
	})
}

/**
 * The payment pages of the holds a new checkout replaced (decision 058) can no longer be paid. Best effort: one the
 * provider cannot close now lapses with its session, and a payment made meanwhile is still kept (decision 030).
 */
export async function closeReplacedSessions(provider: PaymentProvider, sessionIds: readonly string[]) {
	for (const sessionId of sessionIds) {
		if (!(await provider.expireSession(sessionId).catch(() => false))) {
			console.error(`Could not close the replaced checkout session ${sessionId}`)
		}
	}
}

/**
 * Prices an order from the database's rows only (`priceCart`), then its promo code's discount spread over the
 * lines, each line's tax on what is left of it (decisions 039 and 080) and the tip on the discounted lines, never
 * taxed. The total is subtotal − discount + tax + tip. The code's limits are checked here for the customer's
 * sake; the database checks them again when it takes the use (place_pending_order).
 */
async function priceOrder(
	request: Pick<OrderRequest, 'items' | 'promoCode' | 'tip' | 'wallet'> & { customer: { email?: string } },
	menuItems: readonly CheckoutMenuItem[],
	{
		policy,
		now,
		customerChecks,
		clubPriceCents,
	}: { policy: TaxPolicy; now: Date; customerChecks: boolean; clubPriceCents?: number },
) {
	const priced = priceCart(request.items, menuItems)
	if (!priced.ok) return priced
	const email = customerChecks ? request.customer.email : undefined
	const promo = request.promoCode ? await promoDiscount(request.promoCode, priced.lines, email, now) : null
	if (promo && !promo.ok) return refused({ ...promo, reason: 'promo' as const })
	const lineDiscounts =
		clubPriceCents === undefined ? promo?.lineDiscounts : clubDiscounts(priced.lines, clubPriceCents)
	const taxed = taxOrder(
		priced.lines.map((line, index) => ({ ...line, discountCents: lineDiscounts?.[index] ?? 0 })),
		policy,
	)
	const discountedSubtotal = taxed.subtotalCents - taxed.discountCents
	const tip = tipCents(request.tip ?? { kind: 'none' }, discountedSubtotal)
	if (tip === 'too-large') return refused({ reason: 'tip-too-large', maxTipCents: maxTipCents(discountedSubtotal) })
	const totalCents = taxed.totalCents + tip
	const wallet = await walletPart(request.wallet, totalCents, policy, request.customer.email)
	if (!wallet.ok) return wallet
	return {
		...taxed,
		ok: true as const,
		promo: promo ? { id: promo.id, code: promo.code } : null,
		tipCents: tip,
		totalCents,
		wallet,
	}
}

/**
 * A club box's discount on each line: what the menu's prices come to above the box price, spread over the lines in
 * proportion (none when the menu has become cheaper than the box: the customer never pays more than the menu).
 */
function clubDiscounts(lines: ReadonlyArray<{ unitPriceCents: number; quantity: number }>, priceCents: number) {
	const amounts = lines.map((line) => line.unitPriceCents * line.quantity)
	const subtotal = amounts.reduce((sum, amount) => sum + amount, 0)
	return allocateCents(Math.max(0, subtotal - priceCents), amounts)
}

/** With Stripe Tax the total is known only on the payment page: no part of it can be paid beforehand (decision 086). */
function walletCanPay(policy: TaxPolicy) {
	return policy.mode !== 'stripe'
}

/** The store credit the checkout offers a signed-in customer ("Use my store credit"), in cents; 0: none to offer. */
export async function storeCreditOffer(customerId: string | undefined) {
	if (!customerId || !walletCanPay(taxPolicy())) return 0
	return (await spendableStoreCredit(customerId))?.balanceCents ?? 0
}

/**
 * What the gift card and then the store credit pay of `totalCents` (decision 086), from the balances read now; the
 * database holds them when it places the order, and refuses one spent meanwhile.
 */
async function walletPart(
	request: WalletRequest | undefined,
	totalCents: number,
	policy: TaxPolicy,
	email: string | undefined,
) {
	const none = { ok: true as const, spends: [] as WalletSpend[], dueCents: totalCents }
	if (!request?.giftCardCode && !request?.storeCreditOf) return none
	if (!walletCanPay(policy)) return refused({ reason: 'wallet-unavailable' })
	const giftCard = request.giftCardCode ? await giftCardForPayment(request.giftCardCode, email) : null
	if (request.giftCardCode && !giftCard) return refused({ reason: 'gift-card', problem: 'unknown' })
	if (giftCard && giftCard.balanceCents <= 0) return refused({ reason: 'gift-card', problem: 'empty' })
	const credit = request.storeCreditOf ? await spendableStoreCredit(request.storeCreditOf, email) : null
	const spends = planWalletSpends(totalCents, giftCard, credit)
	return { ok: true as const, spends, dueCents: totalCents - spends.reduce((sum, spend) => sum + spend.amountCents, 0) }
}

/** The checkout form's wallet fields as the pricing reads them: the credit only for a signed-in customer who asked. */
function walletRequestOf(
	request: { giftCardCode?: string; useStoreCredit?: 'on' },
	customerId: string | undefined,
): WalletRequest | undefined {
	const storeCreditOf = request.useStoreCredit === 'on' ? customerId : undefined
	if (!request.giftCardCode && !storeCreditOf) return undefined
	return {
		...(request.giftCardCode ? { giftCardCode: request.giftCardCode } : {}),
		...(storeCreditOf ? { storeCreditOf } : {}),
	}
}

/**
 * The code's discount on these lines, or why it gives none (unknown, out of its window, used up, and with `email`
 * this customer's uses and first order).
 */
async function promoDiscount(
	code: string,
	lines: Parameters<typeof discountLines>[0],
	email: string | undefined,
	now: Date,
) {
	const rule = await findPromoCode(normalizePromoCode(code))
	if (!rule) return { ok: false as const, problem: 'unknown' as const }
	const discount = discountLines(lines, rule, now)
	if (!discount.ok) return discount
	const customerEmail = email?.trim().toLowerCase()
	if (customerEmail && (rule.maxUsesPerCustomer !== null || rule.firstOrderOnly)) {
		const history = await customerPromoHistory(rule.id, customerEmail)
		if (rule.maxUsesPerCustomer !== null && history.uses >= rule.maxUsesPerCustomer) {
			return { ok: false as const, problem: 'customer-limit' as const }
		}
		if (rule.firstOrderOnly && history.hasPaidOrder) return { ok: false as const, problem: 'first-order' as const }
	}
	return { ...discount, id: rule.id, code: rule.code }
}

/**
 * What the checkout's preview shows before the customer pays (the Apply button): the order priced exactly as
 * `placeOrder` will price it, with nothing held or recorded.
 */
export async function previewCheckout(
	request: CheckoutPreviewRequest,
	{ now = new Date(), locale = 'en' as Locale, customerId }: { now?: Date; locale?: Locale; customerId?: string } = {},
) {
	const { menuItems } = await getCheckoutRules([...new Set(request.items.map((line) => line.id))], now, locale)
	const wallet = walletRequestOf(request, customerId)
	const priced = await priceOrder({ ...request, tip: tipChoiceOf(request), wallet }, menuItems, {
		policy: taxPolicy(),
		now,
		customerChecks: true,
	})
	if (!priced.ok) return priced
	const { subtotalCents, discountCents, taxCents, tipCents, totalCents, promo } = priced
	const paidBy = (source: WalletSource) => priced.wallet.spends.find((spend) => spend.source === source) ?? null
	const giftCard = paidBy('gift-card')
	const storeCredit = paidBy('store-credit')
	return {
		ok: true as const,
		subtotalCents,
		discountCents,
		taxCents,
		tipCents,
		totalCents,
		promoCode: promo?.code ?? null,
		giftCard: giftCard
			? {
					last4: giftCard.last4 ?? '',
					cents: giftCard.amountCents,
					leftCents: giftCard.balanceCents - giftCard.amountCents,
				}
			: null,
		storeCreditCents: storeCredit?.amountCents ?? 0,
		dueCents: priced.wallet.dueCents,
	}
}

/**
 * The cart's lines from the database's rows only: each line is the item's price plus its chosen options'
 * deltas (decision 038). Refuses items no longer for sale, answers the item no longer offers (naming them) and a
 * line whose price differs from what the customer saw.
 */
function priceCart(items: CheckoutRequest['items'], menuItems: readonly CheckoutMenuItem[]) {
	const found = new Map(menuItems.map((item) => [item.id, item]))
	const problems: LineRefusal[] = []
	const lines = []
	for (const { id, quantity, choices, unitPriceCents: seen } of items) {
		const problem = lineProblem(id, found.get(id), choices, seen)
		if ('problem' in problem) {
			problems.push(problem)
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
			category: menuItem.category,
		})
	}
	if (problems.length > 0) return refused({ reason: 'cart-changed', lines: problems })
	return { ok: true as const, lines }
}

/** Why a cart line cannot be charged; or the item and its priced answers. */
function lineProblem(
	menuItemId: string,
	menuItem: CheckoutMenuItem | undefined,
	choices: readonly ChosenOption[],
	seenUnitPriceCents: number | undefined,
): LineRefusal | { menuItem: CheckoutMenuItem; priced: Extract<ReturnType<typeof priceChoices>, { ok: true }> } {
	if (!menuItem) return { menuItemId, problem: 'off-menu' }
	const { name } = menuItem
	if (menuItem.soldOut) return { menuItemId, problem: 'sold-out', name }
	if (!menuItem.orderable) return { menuItemId, problem: 'not-orderable', name }
	const priced = priceChoices(menuItem.priceCents, menuItem.optionGroups, choices)
	if (!priced.ok) return { menuItemId, problem: 'option', name, option: priced.problem }
	if (seenUnitPriceCents !== undefined && seenUnitPriceCents !== priced.unitPriceCents) {
		return { menuItemId, problem: 'price-changed', name, unitPriceCents: priced.unitPriceCents }
	}
	return { menuItem, priced }
}

/**
 * /success: the session's order, if it is paid. The provider is asked only about a session this site opened for an
 * order that is not paid yet and whose payment page may still be open (issue 35: an unknown or stale `session_id`
 * costs no provider call); if it reports it paid, the same fulfillment as the webhook runs (whichever arrives first
 * moves the order; the other finds nothing to do).
 */
export async function confirmCheckoutSession(sessionId: string, now = new Date()) {
	const provider = paymentProvider('order')
	if (!provider || !sessionId) return null
	const known = await findOrderBySessionId(sessionId)
	if (!known) return null
	const stillPayable = known.paidAt === null && now.getTime() - known.createdAt.getTime() < SWEEP_GRACE_MS
	if (stillPayable) {
		const session = await provider.retrieveSession(sessionId).catch((error: unknown) => {
			// The webhook may already have recorded the payment: fall back to what the database knows.
			console.error(`Could not retrieve checkout session ${sessionId}: ${String(error)}`)
			return null
		})
		if (session?.paid) {
			await applyCheckoutEvent({
				eventId: siteEventId('success', 'order', session.id),
				type: 'checkout.session.completed',
				kind: 'paid',
				sessionId: session.id,
				charged: session.charged,
			})
		}
	}
	const order = stillPayable ? await findOrderBySessionId(sessionId) : known
	return order && (PAID_ORDER_STATUSES as readonly string[]).includes(order.status) ? order : null
}

export type CancelOutcome = 'cancelled' | 'not-pending' | 'kept'

/**
 * /cancel?session_id=…: the customer left the payment page. The session's pending order is cancelled
 * and its pickup hold given back, once (a reload finds nothing pending). The provider closes the session
 * first so it can no longer be paid; if it cannot (Stripe unreachable), the hold stays and the sweep settles
 * it once the session has lapsed.
 */
export async function cancelCheckoutSession(sessionId: string): Promise<CancelOutcome> {
	const provider = paymentProvider('order')
	if (!provider || !sessionId) return 'not-pending'
	const order = await findOrderBySessionId(sessionId)
	if (!order || order.status !== 'PENDING') return 'not-pending'
	if (!(await provider.expireSession(sessionId))) return 'kept'
	const outcome = await applyCheckoutEvent({
		eventId: `cancel:${sessionId}`,
		type: 'checkout.session.cancel_return',
		kind: 'cancelled',
		sessionId,
	})
	return outcome === 'applied' ? 'cancelled' : 'not-pending'
}

/**
 * The periodic sweep for missed webhooks: each pending order still holding capacity past its session's
 * lifetime is settled by asking the provider. Expired or unknown → expired and its hold released;
 * paid → fulfilled (it keeps its hold); unreachable or still open → left for the next sweep.
 * Returns how many holds it released.
 */
export async function sweepAbandonedCheckouts(now = new Date()) {
	const provider = paymentProvider('order')
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
				eventId: siteEventId('sweep-paid', 'order', sessionId),
				type: 'sweep.paid',
				kind: 'paid',
				sessionId,
				charged: session.charged,
			})
			continue
		}
		const outcome = await applyCheckoutEvent({
			eventId: siteEventId('sweep-expired', 'order', sessionId),
			type: 'sweep.expired',
			kind: 'expired',
			sessionId,
		})
		if (outcome === 'applied') released += 1
	}
	return released
}
