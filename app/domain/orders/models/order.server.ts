import crypto from 'node:crypto'
import type { Prisma } from '~/generated/prisma/client'
import type { TaxCategory } from '~/generated/prisma/enums'
import { readLineOptions, type LineOption } from '~/domain/menu/item-options'
import { prisma } from '~/utils/db.server'
import type { Locale } from '~/utils/i18n'
import type { LocalDate } from '~/domain/pickup/pickup-schedule'
import { type ChargedAmounts, claimProviderEvent } from '~/domain/payments/index.server'
import { enqueueMail } from '~/domain/mail/index.server'
import { enqueueText } from '~/domain/texts/index.server'
import {
	holdItemsJson,
	pickupRefusal,
	releasePickupCapacityIn,
	reservePickupCapacity,
	type HoldRefusalRow,
	type PickupRefusal,
	dateFromColumn,
} from '~/domain/pickup/index.server'
import { ORDER_MOVES, type OrderMove } from '../order-states'
import { retakePromoCodeUseIn } from '~/domain/promotions/index.server'
import { settleWalletHolds } from '~/domain/wallet/index.server'

type Tx = Prisma.TransactionClient

export { PAID_ORDER_STATUSES } from '../order-states'

export interface NewOrder {
	/** The order's id when the caller recorded it first (a waitlist offer claims its entry with it); default a new one. */
	id?: string
	/** `email` empty: a phone order whose customer gave only a phone number (decision 075). */
	customer: { name: string; email: string; phone?: string }
	/** A phone or walk-in order staff entered (decision 075); missing: the online checkout. */
	entry?: { enteredBy: string; payAtPickup: boolean }
	/** A bread club box (decision 093): its source, and no cap on the customer's unpaid holds (it is paid at once). */
	club?: boolean
	/** Who started the checkout, as the rate limits know them (a digest is stored); missing: only the e-mail's cap. */
	client?: string
	currency: string
	/** The language the customer ordered in (default English): their mails follow it. */
	locale?: Locale
	lines: Array<{
		menuItemId: string
		name: string
		unitPriceCents: number
		quantity: number
		/** Defaults: no options, a bakery item, no tax. */
		options?: LineOption[]
		taxCategory?: TaxCategory
		taxCents?: number
		/** The line's share of the promo code's discount (decision 080); default none. */
		discountCents?: number
		/** The name and options as the customer saw them, in `locale` (kept for their mails); default: the English. */
		localized?: { name: string; options: LineOption[] }
	}>
	/** What the customer wrote for the bakery and about allergies (decision 077); missing: none. */
	notes?: { customerNote?: string; allergyNote?: string }
	/** The promo code whose use the order takes (decision 081); its discount is the lines' `discountCents`. */
	promo?: { id: string; code: string }
	/** The customer's tip (online pickup orders), never taxed. */
	tipCents?: number
	/**
	 * What gift cards and store credit pay (decision 086), each held under `order:<id>` in the statement that places
	 * the order. Paying all of it (`paysAll`): the order is paid in that statement, its session `walletSessionId`.
	 */
	wallet?: { spends: Array<{ accountId: string; amountCents: number }>; paysAll: boolean }
}

export interface PendingPickup {
	/** The slot's start instant. */
	slotStart: Date
	/** The bakery-local date of `slotStart`. */
	pickupDate: LocalDate
	ordersPerSlot: number
	/** Each menu item's daily limit (missing or null: unlimited). */
	dailyLimits: ReadonlyMap<string, number | null>
}

/**
 * Live unpaid holds one client, and one e-mail, may have at once (decision 058): a customer who retries keeps
 * going (their oldest hold makes room), one who collects checkouts cannot take a slot or a day's stock.
 */
const LIVE_HOLDS_PER_CUSTOMER = 2

/** A club box replaces none of its customer's unpaid checkouts: it is no hold they collect. */
const UNCAPPED_HOLDS = 2_147_483_647

/** The stored form of a client key: enough to compare two checkouts, not the address itself. */
function holdClientDigest(client: string) {
	return crypto.createHash('sha256').update(`hold-client:${client}`).digest('base64url').slice(0, 22)
}

/** Two checkouts that released each other's slots at the same moment: Postgres aborts one, which runs once more. */
function isDeadlock(error: unknown) {
	return error instanceof Error && /40P01|deadlock detected/.test(`${error.message} ${JSON.stringify(error)}`)
}

/**
 * `walletSessionId`: the order was paid with the wallet alone, at once; its /success address reads it by this
 * unguessable id, as a card payment's by its provider session.
 */
export type PlacedOrder = { ok: true; orderId: string; replacedSessionIds: string[]; walletSessionId: string | null }

/** A gift card or the store credit could not pay its part (spent meanwhile, or voided): its balance now. */
export type WalletRefusal = { ok: false; reason: 'wallet-changed'; accountId: string; balanceCents: number }

/** The database refused the promo code's use (decision 081): used up meanwhile, this customer's limit, not a first order. */
export type PromoRefusal = { ok: false; reason: 'promo'; problem: 'used-up' | 'customer-limit' | 'first-order' }

const promoRefusals = {
	'promo-unavailable': 'used-up',
	'promo-customer-limit': 'customer-limit',
	'promo-first-order': 'first-order',
} as const

type PlaceRow = Omit<HoldRefusalRow, 'refusal'> & {
	refusal: HoldRefusalRow['refusal'] | keyof typeof promoRefusals | 'wallet-changed'
	walletAccountId: string | null
	walletBalanceCents: number | null
}

/** The address part of an order paid with the wallet alone: as unguessable as a provider's session id. */
const WALLET_SESSION_PREFIX = 'wallet_'

/**
 * The checkout's pending order, with snapshots of each line's name and unit price, and its pickup hold:
 * all or nothing, in one statement (the database function `place_pending_order`, which takes the hold
 * with `pickup_hold`; decision 029). A refusal leaves nothing behind. The same client's or e-mail's oldest
 * live holds beyond LIVE_HOLDS_PER_CUSTOMER are cancelled in that statement (decision 058): their sessions
 * come back in `replacedSessionIds` for the provider to close.
 */
export async function placePendingOrder(
	{ id, customer, client, currency, lines, locale = 'en', notes, entry, club, promo, tipCents = 0, wallet }: NewOrder,
	pickup: PendingPickup,
): Promise<PlacedOrder | PickupRefusal | PromoRefusal | WalletRefusal> {
	const orderId = id ?? crypto.randomUUID()
	const walletSessionId = wallet?.paysAll
		? `${WALLET_SESSION_PREFIX}${crypto.randomBytes(18).toString('base64url')}`
		: null
	const order = JSON.stringify({
		id: orderId,
		customerName: customer.name,
		customerEmail: customer.email,
		customerPhone: customer.phone ?? null,
		currency,
		locale,
		holdClient: client ? holdClientDigest(client) : null,
		customerNote: notes?.customerNote ?? null,
		allergyNote: notes?.allergyNote ?? null,
		...(entry ? { source: 'PHONE', enteredBy: entry.enteredBy, payAtPickup: entry.payAtPickup } : {}),
		...(club ? { source: 'SUBSCRIPTION' } : {}),
		...(promo ? { promoCodeId: promo.id, promoCode: promo.code } : {}),
		tipCents,
		...(wallet && wallet.spends.length > 0 ? { wallet: wallet.spends, walletSessionId } : {}),
	})
	const holdLines = lines.map(({ localized, ...line }) => ({
		...line,
		// Stored only where the customer's words differ from the owner's (an English order stores none).
		localizedName: localized && localized.name !== line.name ? localized.name : null,
		localizedOptions:
			localized && JSON.stringify(localized.options) !== JSON.stringify(line.options ?? []) ? localized.options : null,
		dailyLimit: pickup.dailyLimits.get(line.menuItemId) ?? null,
	}))
	const placeIn = (db: Tx) => db.$queryRaw<PlaceRow[]>`
		SELECT * FROM place_pending_order(${order}::jsonb, ${holdItemsJson(holdLines)}::jsonb,
			${pickup.slotStart}::timestamptz, ${pickup.pickupDate}::date, ${pickup.ordersPerSlot}::int,
			${club ? UNCAPPED_HOLDS : LIVE_HOLDS_PER_CUSTOMER}::int)`
	// An order the wallet pays in full is paid in that statement: it is announced in the same transaction.
	const place = () =>
		walletSessionId
			? prisma.$transaction(async (tx) => {
					const placed = await placeIn(tx)
					const paid = await tx.order.findUnique({ where: { id: orderId }, select: { paidAt: true } })
					if (paid?.paidAt) await announceConfirmedOrder(tx, orderId)
					return placed
				})
			: placeIn(prisma)
	const rows = await place().catch((error: unknown) => {
		if (isDeadlock(error)) return place()
		throw error
	})
	const refused = rows.find((row) => row.refusal !== null)
	if (refused?.refusal === 'wallet-changed') {
		return {
			ok: false,
			reason: 'wallet-changed',
			accountId: refused.walletAccountId ?? '',
			balanceCents: refused.walletBalanceCents ?? 0,
		}
	}
	if (refused?.refusal && refused.refusal in promoRefusals) {
		return { ok: false, reason: 'promo', problem: promoRefusals[refused.refusal as keyof typeof promoRefusals] }
	}
	if (refused?.refusal) {
		return pickupRefusal(
			{ ...refused, refusal: refused.refusal as NonNullable<HoldRefusalRow['refusal']> },
			pickup.pickupDate,
		)
	}
	return {
		ok: true,
		orderId,
		replacedSessionIds: rows.flatMap((row) => (row.replacedSessionId ? [row.replacedSessionId] : [])),
		walletSessionId,
	}
}

/**
 * Every checkout runs it: raw SQL costs the client a third of an `update`. A phone order keeps its payment page's
 * address too, for the link staff read out and the mail sends (decision 075), and so does a waitlist's offer
 * (`keepUrl`, decision 091: the link is mailed); an online one needs it no more.
 */
export async function attachCheckoutSession(orderId: string, sessionId: string, url: string, { keepUrl = false } = {}) {
	await prisma.$executeRaw`
		UPDATE "Order" SET "providerSessionId" = ${sessionId},
			"paymentUrl" = CASE WHEN "source" = 'PHONE' OR ${keepUrl} THEN ${url} END, "updatedAt" = timezone('UTC', now())
		WHERE "id" = ${orderId}`
}

/** The payment provider refused or failed: the order is cancelled and its pickup hold given back, together. */
export function markOrderCheckoutFailed(orderId: string) {
	return moveReleasing(orderId, 'cancel')
}

/** A move that ends the order's checkout (cancel, expire): the status changes and the pickup hold is given back, together. */
function moveReleasing(orderId: string, move: 'cancel' | 'expire') {
	return prisma.$transaction(async (tx) => {
		const { from, to } = ORDER_MOVES[move]
		const { count } = await tx.order.updateMany({
			where: { id: orderId, status: { in: [...from] } },
			data: { status: to },
		})
		if (count > 0) await releasePickupCapacityIn(tx, orderId)
		return count > 0
	})
}

export type CheckoutEventKind = 'paid' | 'payment_failed' | 'expired' | 'cancelled' | 'ignored'

export interface CheckoutEvent {
	/** The provider's event id (or a synthetic one such as `success:<session>`): processed at most once. */
	eventId: string
	type: string
	kind: CheckoutEventKind
	sessionId: string
	/** What the provider charged, when it says: Stripe Tax's tax is known only once the customer has paid. */
	charged?: ChargedAmounts
}

/** The move each event makes (ORDER_MOVES): only from its statuses, so a late or replayed event never regresses a paid order. */
const eventMoves = {
	paid: 'pay',
	payment_failed: 'cancel',
	expired: 'expire',
	cancelled: 'cancel',
} as const satisfies Record<Exclude<CheckoutEventKind, 'ignored'>, OrderMove>

export type FulfillmentOutcome = 'applied' | 'unchanged' | 'duplicate'

/** No cap: a payment that arrives after its hold was released is kept and counted again (decision 030). */
const UNLIMITED_SLOT = 2_147_483_647

/**
 * The one fulfillment function (webhooks, /success, /cancel, the test payment page, the sweep). Exactly
 * once under concurrency: the event id is claimed with ON CONFLICT DO NOTHING, and the status changes
 * with a conditional update inside the same transaction. An expired, cancelled or failed session gives
 * its pickup hold back in that transaction. A payment is never lost: one recorded for a session already
 * expired or cancelled by us (never paid) still makes the order paid and takes its pickup hold again.
 * A payment queues the owner's alert and the customer's receipt in the same transaction.
 */
export async function applyCheckoutEvent(event: CheckoutEvent): Promise<FulfillmentOutcome> {
	return prisma.$transaction(async (tx) => {
		if (!(await claimProviderEvent(tx, event))) return 'duplicate'
		if (event.kind === 'ignored') return 'unchanged'
		if (event.kind === 'paid')
			return (await recordPayment(tx, event.sessionId, event.charged)) ? 'applied' : 'unchanged'
		const { from, to } = ORDER_MOVES[eventMoves[event.kind]]
		const order = await tx.order.findUnique({ where: { providerSessionId: event.sessionId }, select: { id: true } })
		if (!order) return 'unchanged'
		const { count } = await tx.order.updateMany({
			where: { id: order.id, status: { in: [...from] } },
			data: { status: to },
		})
		if (count === 0) return 'unchanged'
		await releasePickupCapacityIn(tx, order.id)
		return 'applied'
	})
}

/**
 * An order the bakery now owes, paid online or confirmed to be paid at pickup (decision 075), announced once in the
 * transaction that confirms it: the owner's alert, the customer's receipt (when they gave an e-mail) and their
 * "order confirmed" text (when their number has a standing consent, decision 074). It joins the account with its
 * e-mail at once (decision 085), not at that account's next sign-in.
 */
export async function announceConfirmedOrder(tx: Tx, orderId: string) {
	await attachToAccount(tx, orderId)
	await enqueueMail(tx, [
		{ kind: 'order-paid-owner', orderId },
		{ kind: 'order-receipt', orderId },
	])
	await enqueueText(tx, { kind: 'order-confirmed', orderId })
}

/**
 * A confirmed order joins the account whose (verified) address it was placed with, as sign-in attaches earlier ones
 * (decision 063): compared with lower() and equality, never LIKE.
 */
async function attachToAccount(tx: Tx, orderId: string) {
	await tx.$executeRaw`
		UPDATE "Order" o SET "customerId" = c."id"
		FROM "Customer" c
		WHERE o."id" = ${orderId} AND o."customerId" IS NULL AND c."email" = lower(btrim(o."customerEmail"))`
}

/**
 * Stripe Tax (decision 039) adds its tax on the payment page: the order records the tax and the total
 * actually charged. With the shop's own rate the tax is a line of the order already and Stripe reports none.
 */
function chargedTax(charged: ChargedAmounts | undefined, walletCents: number) {
	return charged && charged.taxCents > 0
		? { taxCents: charged.taxCents, totalCents: charged.totalCents + walletCents }
		: {}
}

/**
 * Whether the provider charged what the order was priced at (decision 058). Stripe Tax adds its tax on the payment
 * page (the order holds none yet); the shop's own tax is a line of the order and Stripe reports none. Unknown
 * (the test provider, which charges nothing) passes.
 */
function chargedAsPriced(pricedTotalCents: number, charged: ChargedAmounts | undefined) {
	return !charged || charged.totalCents - charged.taxCents === pricedTotalCents
}

/**
 * Records a payment once. Charged as priced: PAID with what was charged, the owner's alert and the customer's
 * receipt. Charged otherwise: still PAID (the money is taken, the hold kept) but held for the owner
 * (`heldChargeCents`, decision 058): the owner's payment-held alert instead, and no receipt that says all is well.
 */
async function recordPayment(tx: Tx, sessionId: string, charged?: ChargedAmounts) {
	const priced = await tx.order.findUnique({
		where: { providerSessionId: sessionId },
		select: { id: true, totalCents: true, walletCents: true, paidAt: true },
	})
	if (!priced || priced.paidAt) return false
	// The gift card's and credit's part is spent with the payment (decision 086). One given back meanwhile (the
	// session lapsed, then was paid) is not taken again: the card paid less than the order, which the owner settles.
	const walletSpent = priced.walletCents === 0 || (await spendOrderWallet(tx, priced.id)) === priced.walletCents
	const asPriced = walletSpent && chargedAsPriced(priced.totalCents - priced.walletCents, charged)
	// Never paid before: a payment is applied once, whichever of the move's statuses the order is in.
	const { from, to } = ORDER_MOVES.pay
	const { count } = await tx.order.updateMany({
		where: { providerSessionId: sessionId, status: { in: [...from] }, paidAt: null },
		data: {
			status: to,
			paidAt: new Date(),
			...(asPriced ? chargedTax(charged, priced.walletCents) : { heldChargeCents: charged?.totalCents ?? null }),
		},
	})
	if (count === 0) return false
	const order = await tx.order.findUniqueOrThrow({
		where: { providerSessionId: sessionId },
		select: {
			id: true,
			capacityHeld: true,
			pickupAt: true,
			pickupDate: true,
			items: { select: { menuItemId: true, quantity: true } },
		},
	})
	// The owner's alert and the customer's receipt commit with the payment, once (the update above
	// matches only once per order).
	if (asPriced) await announceConfirmedOrder(tx, order.id)
	else await enqueueMail(tx, [{ kind: 'order-payment-held-owner', orderId: order.id }])
	if (!order.capacityHeld && order.pickupAt && order.pickupDate) {
		// The code's use was given back with the hold: the discount was charged, so it counts again.
		await retakePromoCodeUseIn(tx, order.id)
		await reservePickupCapacity(tx, {
			orderId: order.id,
			slotStart: order.pickupAt,
			pickupDate: dateFromColumn(order.pickupDate),
			ordersPerSlot: UNLIMITED_SLOT,
			items: order.items.flatMap(({ menuItemId, quantity }) =>
				menuItemId ? [{ menuItemId, quantity, dailyLimit: null }] : [],
			),
		})
	}
	return true
}

/** Spends the order's wallet holds (their capture); the cents of its holds now spent, this call's or before. */
async function spendOrderWallet(tx: Tx, orderId: string) {
	const reference = `order:${orderId}` as const
	await settleWalletHolds(reference, 'capture', tx)
	const holds = await tx.walletHold.findMany({
		where: { reference, status: 'CAPTURED' },
		select: { amountCents: true },
	})
	return holds.reduce((sum, hold) => sum + hold.amountCents, 0)
}

/**
 * The sweep found no live session for a pending order (the provider forgot it, or it was never
 * attached): expired, its hold released, in one transaction. False when it is no longer pending.
 */
export function expireAbandonedOrder(orderId: string) {
	return moveReleasing(orderId, 'expire')
}

/** Pending orders still holding pickup capacity, created before `olderThan` (past their session's lifetime). */
export function listAbandonedCheckouts(olderThan: Date, take = 100) {
	return prisma.order.findMany({
		where: { status: 'PENDING', capacityHeld: true, createdAt: { lt: olderThan } },
		select: { id: true, providerSessionId: true },
		orderBy: { createdAt: 'asc' },
		take,
	})
}

/** An order line's columns as its customer and the owner read it. */
export const orderLineFields = {
	name: true,
	unitPriceCents: true,
	quantity: true,
	options: true,
	localizedName: true,
	localizedOptions: true,
} as const

type StoredLine = Prisma.OrderItemGetPayload<{ select: typeof orderLineFields }>

/** A line as its customer ordered it: the names they saw (their language, stored with the order), else the English. */
export function customerLine({ localizedName, localizedOptions, ...line }: StoredLine) {
	return { ...line, name: localizedName ?? line.name, options: readLineOptions(localizedOptions ?? line.options) }
}

/** A line as the owner reads it: the English names. */
export function ownerLine({ localizedName: _name, localizedOptions: _options, ...line }: StoredLine) {
	return { ...line, options: readLineOptions(line.options) }
}

const orderSummary = {
	id: true,
	status: true,
	totalCents: true,
	taxCents: true,
	discountCents: true,
	tipCents: true,
	promoCode: true,
	walletCents: true,
	currency: true,
	customerName: true,
	customerEmail: true,
	customerId: true,
	createdAt: true,
	paidAt: true,
	pickupAt: true,
	locale: true,
	heldChargeCents: true,
	items: { select: orderLineFields, orderBy: { id: 'asc' as const } },
} as const

/**
 * The session's order for its customer (/success, its calendar file): each line with its name and options as
 * ordered, in the customer's language (names and prices then, whatever the menu says now).
 */
export async function findOrderBySessionId(sessionId: string) {
	const order = await prisma.order.findUnique({ where: { providerSessionId: sessionId }, select: orderSummary })
	return order && { ...order, items: order.items.map(customerLine) }
}

/** A short, human order number derived from the id (shown on /success and in the admin). */
export function orderNumber(orderId: string) {
	return orderId.slice(-8).toUpperCase()
}
