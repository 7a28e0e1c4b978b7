/**
 * Custom cakes from request to pickup (decision 041): the owner's quote, the customer's
 * deposit and balance. Every status change is one conditional update from its move's statuses
 * (CAKE_REQUEST_MOVES; a refused one changes nothing); the database allows only the legal transitions and
 * writes the history itself (prisma/sql/custom_cake_status_guard.sql, custom_cake_status_history.sql), with the
 * actor this module sets for the transaction.
 */
import type { CakePaymentKind, CakeRequestStatus, Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { addLocalDays, type LocalDate } from '~/domain/pickup/pickup-schedule'
import { enqueueMail } from '~/domain/mail/index.server'
import { enqueueText } from '~/domain/texts/index.server'
import { type CheckoutEvent, type FulfillmentOutcome } from '~/domain/orders/index.server'
import { dateColumn, dateFromColumn, releasePickupSlotIn, takePickupSlotIn } from '~/domain/pickup/index.server'
import { claimProviderEvent, siteEventId, type ChargedAmounts } from '~/domain/payments/index.server'
import {
	findWalletHolds,
	holdWalletAmount,
	listSpentHolds,
	planWalletSpends,
	settleWalletHolds,
	walletAccountBalance,
	type HoldReference,
} from '~/domain/wallet/index.server'
import { canMove } from '~/utils/state-machine'
import { CAKE_REQUEST_MOVES } from '../cake-request-states'
import { adminRequestFields } from './request-fields.server'

type Tx = Prisma.TransactionClient

/** Who changed a request, as the history shows it: `owner:<email>`, `customer`, `payment`, `system`. */
export type QuoteActor = `owner:${string}` | 'customer' | 'payment' | 'system'

export const DEFAULT_DEPOSIT_PERCENT = 50

const DAY_MS = 24 * 60 * 60 * 1000

/** No cap: a deposit paid after its quote expired is kept and takes its slot again. */
const UNLIMITED_SLOT = 2_147_483_647

async function setActor(tx: Tx, actor: QuoteActor) {
	await tx.$executeRaw`SELECT set_config('bakery.actor', ${actor}, true)`
}

// --- Settings ---

export interface CakeQuoteSettings {
	depositPercent: number
	cancellationPolicy: string
	/** At most this many cakes quoted or booked per pickup date; null: no limit. */
	cakesPerDay: number | null
}

export async function getCakeQuoteSettings(): Promise<CakeQuoteSettings> {
	const row = await prisma.cakeQuoteSettings.findUnique({
		where: { id: 1 },
		select: { depositPercent: true, cancellationPolicy: true, cakesPerDay: true },
	})
	return row ?? { depositPercent: DEFAULT_DEPOSIT_PERCENT, cancellationPolicy: '', cakesPerDay: null }
}

export async function saveCakeQuoteSettings(settings: CakeQuoteSettings) {
	await prisma.cakeQuoteSettings.upsert({ where: { id: 1 }, create: { id: 1, ...settings }, update: settings })
}

// --- Slot holds (an order's place in the slot, through the same database functions as orders) ---

/** Counts one cake on the day, if the owner's daily limit (null: none) has room; false when full. */
async function holdCakeDay(tx: Tx, pickupDate: LocalDate, cakesPerDay: number | null) {
	const rows = await tx.$queryRaw<Array<{ cakes: number }>>`
		INSERT INTO "CakeDayUsage" ("pickupDate", "cakes")
		SELECT ${pickupDate}::date, 1 WHERE ${cakesPerDay}::int IS NULL OR ${cakesPerDay}::int >= 1
		ON CONFLICT ("pickupDate") DO UPDATE SET "cakes" = "CakeDayUsage"."cakes" + 1
			WHERE ${cakesPerDay}::int IS NULL OR "CakeDayUsage"."cakes" < ${cakesPerDay}::int
		RETURNING "cakes"`
	return rows.length > 0
}

/**
 * Gives the request's slot and its place on the day back, exactly once (the flag flips only if it was set), and its
 * production minutes with them (`cake_production_hold` recounts its days without it; decision 089). `recount: false`
 * leaves the recount to the caller, which passes the returned days to its own hold (a changed quote gives the old
 * days back in the same ordered pass that holds the new ones).
 */
export async function releaseSlotIn(tx: Tx, requestId: string, { recount = true }: { recount?: boolean } = {}) {
	const held = recount ? [] : await heldProductionDays(tx, requestId)
	const released = await tx.$queryRaw<Array<{ pickupAt: Date | null; pickupDate: LocalDate | null }>>`
		UPDATE "CustomCakeRequest" SET "slotHeld" = false WHERE "id" = ${requestId} AND "slotHeld"
		RETURNING "pickupAt", "pickupDate"::text AS "pickupDate"`
	const slot = released[0]?.pickupAt
	if (slot) await releasePickupSlotIn(tx, slot)
	const day = released[0]?.pickupDate
	if (day) await tx.$executeRaw`UPDATE "CakeDayUsage" SET "cakes" = "cakes" - 1 WHERE "pickupDate" = ${day}::date`
	if (released[0] && recount) await holdCakeProduction(tx, requestId, false)
	return { released: Boolean(released[0]), days: released[0] ? held : [] }
}

/** A resource's production day a cake's step falls on. */
interface ResourceDay {
	resourceId: string
	productionDate: LocalDate
}

/** The resource days the request's steps hold now (none unless it holds its slot). */
function heldProductionDays(tx: Tx, requestId: string) {
	return tx.$queryRaw<ResourceDay[]>`
		SELECT c."resourceId", (r."pickupDate" - c."daysBefore")::text AS "productionDate"
		FROM "CakeProductionStep" c JOIN "CustomCakeRequest" r ON r."id" = c."requestId"
		WHERE r."id" = ${requestId} AND r."slotHeld" AND r."pickupDate" IS NOT NULL`
}

/** A production day the cake would fill past its resource's minutes: the database's BK003 (decision 089). */
class ProductionFull extends Error {
	constructor(
		readonly resourceId: string,
		readonly productionDate: LocalDate,
	) {
		super(`production of ${resourceId} on ${productionDate} is full`)
	}
}

/** Postgres's error behind a raw query's P2010, as the driver adapter reports it. */
function postgresError(error: unknown) {
	const cause = (error as { meta?: { driverAdapterError?: { cause?: Record<string, unknown> } } } | null)?.meta
		?.driverAdapterError?.cause
	return cause?.kind === 'postgres' ? (cause as { code?: string; detail?: string; hint?: string }) : null
}

/**
 * Recounts the production days of the request's steps and of `released` (`cake_production_hold`, one ordered pass
 * after the slot); with `enforce`, throws ProductionFull for a day the cake would fill past its resource's minutes.
 */
async function holdCakeProduction(tx: Tx, requestId: string, enforce: boolean, released: readonly ResourceDay[] = []) {
	try {
		await tx.$executeRaw`SELECT cake_production_hold(${requestId}, ${enforce},
			${released.map((day) => day.resourceId)}::text[], ${released.map((day) => day.productionDate)}::date[])`
	} catch (error) {
		const refused = postgresError(error)
		if (refused?.code === 'BK003' && refused.detail && refused.hint) {
			throw new ProductionFull(refused.detail, refused.hint as LocalDate)
		}
		throw error
	}
}

/** Thrown inside a transaction to roll it back with an outcome. */
class Refused extends Error {
	constructor(readonly reason: QuoteRefusal) {
		super(reason)
	}
}

export type QuoteRefusal = 'missing' | 'wrong-status' | 'slot-full' | 'day-full'
/** 'production-full': a resource's production day has no room for the cake's minutes (decision 089). */
export type QuoteOutcome =
	| { ok: true }
	| { ok: false; reason: QuoteRefusal }
	| { ok: false; reason: 'production-full'; resourceId: string; productionDate: LocalDate }

async function refusedAsOutcome(run: () => Promise<void>): Promise<QuoteOutcome> {
	try {
		await run()
		return { ok: true }
	} catch (error) {
		if (error instanceof Refused) return { ok: false, reason: error.reason }
		if (error instanceof ProductionFull) {
			return {
				ok: false,
				reason: 'production-full',
				resourceId: error.resourceId,
				productionDate: error.productionDate,
			}
		}
		throw error
	}
}

/** The row, locked for this transaction, or a refusal. */
async function lockRequest(tx: Tx, requestId: string) {
	const rows = await tx.$queryRaw<Array<{ status: CakeRequestStatus; quoteVersion: number }>>`
		SELECT "status", "quoteVersion" FROM "CustomCakeRequest" WHERE "id" = ${requestId} FOR UPDATE`
	if (!rows[0]) throw new Refused('missing')
	return rows[0]
}

// --- The owner's quote ---

export interface QuoteInput {
	quoteCents: number
	depositCents: number
	/** The slot's start. */
	pickupAt: Date
	pickupDate: LocalDate
	notes: string
	validUntil: Date
	/** The schedule's ordersPerSlot: the slot must have room. */
	ordersPerSlot: number
	/** The owner's cakes per day (null: no limit): the day must have room. */
	cakesPerDay: number | null
	/** The work the cake needs, one step per resource (none: it holds no production minutes). */
	production?: readonly CakeStepInput[]
}

/** A cake's work on one resource: its minutes, on the day `daysBefore` (0–7) its pickup. */
export interface CakeStepInput {
	resourceId: string
	minutes: number
	daysBefore: number
}

/**
 * Sends (or changes) the quote: from REQUESTED, QUOTED (an edit), DECLINED or EXPIRED. The slot's
 * place is taken (the old one given back first), then the production minutes of its steps (the old quote's days
 * recounted in the same pass; decision 089), the version goes up, so earlier links stop working,
 * and the customer's mail is queued, all in one transaction. A full slot, day or production day changes nothing.
 */
export function sendQuote(requestId: string, quote: QuoteInput, actor: QuoteActor): Promise<QuoteOutcome> {
	return refusedAsOutcome(() =>
		prisma.$transaction(async (tx) => {
			await setActor(tx, actor)
			const { from, to } = CAKE_REQUEST_MOVES.quote
			const current = await lockRequest(tx, requestId)
			if (!canMove(CAKE_REQUEST_MOVES.quote, current.status)) throw new Refused('wrong-status')
			// Its own place first, so a quote kept in its slot never counts against itself; its old production days are
			// recounted below, with the new ones, in the one locking order.
			const { days: releasedDays } = await releaseSlotIn(tx, requestId, { recount: false })
			if (!(await takePickupSlotIn(tx, quote.pickupAt, quote.ordersPerSlot))) throw new Refused('slot-full')
			if (!(await holdCakeDay(tx, quote.pickupDate, quote.cakesPerDay))) throw new Refused('day-full')
			await tx.cakeProductionStep.deleteMany({ where: { requestId } })
			await tx.cakeProductionStep.createMany({
				data: (quote.production ?? []).map((step) => ({ requestId, ...step })),
			})
			const quoteVersion = current.quoteVersion + 1
			const { count } = await tx.customCakeRequest.updateMany({
				where: { id: requestId, status: { in: [...from] } },
				data: {
					status: to,
					quoteCents: quote.quoteCents,
					depositCents: quote.depositCents,
					pickupAt: quote.pickupAt,
					pickupDate: dateColumn(quote.pickupDate),
					slotHeld: true,
					quoteNotes: quote.notes,
					quoteValidUntil: quote.validUntil,
					quoteVersion,
					quotedAt: new Date(),
				},
			})
			if (count === 0) throw new Refused('wrong-status')
			await holdCakeProduction(tx, requestId, true, releasedDays)
			await enqueueMail(tx, { kind: 'cake-quote-sent', requestId, quoteVersion })
			await enqueueText(tx, { kind: 'cake-quote-sent', requestId, quoteVersion })
			// Scheduled with the quote (pg-boss startAfter); each is composed only if still true when due.
			const dayBefore = new Date(quote.validUntil.getTime() - DAY_MS)
			if (dayBefore > new Date()) {
				await enqueueMail(tx, { kind: 'cake-quote-expiring', requestId, quoteVersion }, { startAfter: dayBefore })
			}
			await enqueueMail(
				tx,
				{ kind: 'cake-quote-expired-owner', requestId, quoteVersion },
				{ startAfter: quote.validUntil },
			)
		}),
	)
}

/**
 * A conditional move (CAKE_REQUEST_MOVES) that also gives the slot back; a new quote version when
 * `newVersion` (the old link stops working). Refused (nothing changes) when the status is not in its `from`.
 */
function moveReleasing(
	requestId: string,
	move: 'withdraw' | 'cancel' | 'decline' | 'expire',
	actor: QuoteActor,
	{ newVersion = false, where = {} }: { newVersion?: boolean; where?: Prisma.CustomCakeRequestWhereInput } = {},
): Promise<QuoteOutcome> {
	const { from, to } = CAKE_REQUEST_MOVES[move]
	return refusedAsOutcome(() =>
		prisma.$transaction(async (tx) => {
			await setActor(tx, actor)
			const { count } = await tx.customCakeRequest.updateMany({
				where: { ...where, id: requestId, status: { in: [...from] } },
				data: { status: to, ...(newVersion ? { quoteVersion: { increment: 1 } } : {}) },
			})
			if (count === 0) {
				const exists = await tx.customCakeRequest.count({ where: { id: requestId } })
				throw new Refused(exists ? 'wrong-status' : 'missing')
			}
			await releaseSlotIn(tx, requestId)
		}),
	)
}

/** The owner takes the quote back before the deposit: the request waits for a new quote; the link stops working. */
export function withdrawQuote(requestId: string, actor: QuoteActor) {
	return moveReleasing(requestId, 'withdraw', actor, { newVersion: true })
}

/** The owner cancels (a paid deposit is refunded by the owner in Stripe); the slot is given back. */
export function cancelCakeRequest(requestId: string, actor: QuoteActor) {
	return moveReleasing(requestId, 'cancel', actor)
}

/** The customer declines an open quote of this version. */
export function declineQuote(requestId: string, quoteVersion: number, now = new Date()) {
	return moveReleasing(requestId, 'decline', 'customer', {
		where: { quoteVersion, quoteValidUntil: { gt: now } },
	})
}

/** A quote whose time ran out: EXPIRED, its slot given back. Refused when it is not an overdue quote. */
export function expireQuote(requestId: string, now = new Date()) {
	return moveReleasing(requestId, 'expire', 'system', { where: { quoteValidUntil: { lte: now } } })
}

/** Expires every overdue quote (the pages call it before showing quotes); how many expired. */
export async function expireOverdueQuotes(now = new Date()) {
	const overdue = await prisma.customCakeRequest.findMany({
		where: { status: { in: [...CAKE_REQUEST_MOVES.expire.from] }, quoteValidUntil: { lte: now } },
		select: { id: true },
	})
	let expired = 0
	for (const { id } of overdue) if ((await expireQuote(id, now)).ok) expired += 1
	return expired
}

/** The balance taken in the shop (cash or card): recorded as a payment, the request PAID_IN_FULL. */
export function markBalancePaidInShop(requestId: string, actor: QuoteActor): Promise<QuoteOutcome> {
	return refusedAsOutcome(() =>
		prisma.$transaction(async (tx) => {
			await setActor(tx, actor)
			const request = await tx.customCakeRequest.findUnique({
				where: { id: requestId },
				select: { status: true, quoteCents: true, paidCents: true, quoteVersion: true },
			})
			if (!request) throw new Refused('missing')
			const { from, to } = CAKE_REQUEST_MOVES['balance-paid']
			if (!canMove(CAKE_REQUEST_MOVES['balance-paid'], request.status) || request.quoteCents === null) {
				throw new Refused('wrong-status')
			}
			const { count } = await tx.customCakeRequest.updateMany({
				where: { id: requestId, status: { in: [...from] }, paidCents: request.paidCents },
				data: { status: to, paidCents: request.quoteCents },
			})
			if (count === 0) throw new Refused('wrong-status')
			const now = new Date()
			await tx.cakePayment.create({
				data: {
					requestId,
					kind: 'BALANCE',
					method: 'IN_SHOP',
					status: 'PAID',
					amountCents: request.quoteCents - request.paidCents,
					quoteVersion: request.quoteVersion,
					paidAt: now,
				},
			})
		}),
	)
}

/** The customer collected the cake (paid in full). */
export function markCakePickedUp(requestId: string, actor: QuoteActor): Promise<QuoteOutcome> {
	return refusedAsOutcome(() =>
		prisma.$transaction(async (tx) => {
			await setActor(tx, actor)
			const { from, to } = CAKE_REQUEST_MOVES['picked-up']
			const { count } = await tx.customCakeRequest.updateMany({
				where: { id: requestId, status: { in: [...from] } },
				data: { status: to },
			})
			if (count === 0) {
				throw new Refused((await tx.customCakeRequest.count({ where: { id: requestId } })) ? 'wrong-status' : 'missing')
			}
		}),
	)
}

// --- Reading ---

const quoteFields = {
	...adminRequestFields,
	status: true,
	quoteCents: true,
	depositCents: true,
	paidCents: true,
	pickupAt: true,
	pickupDate: true,
	quoteNotes: true,
	quoteValidUntil: true,
	quoteVersion: true,
	quotedAt: true,
	slotHeld: true,
} as const

/** Custom cakes counted on a pickup day (quotes holding it and booked cakes), for the owner's day limit. */
export async function countCakesOn(pickupDate: LocalDate) {
	const row = await prisma.cakeDayUsage.findUnique({ where: { pickupDate: dateColumn(pickupDate) } })
	return row?.cakes ?? 0
}

function withDate<T extends { pickupDate: Date | null }>(row: T) {
	return { ...row, pickupDate: row.pickupDate ? dateFromColumn(row.pickupDate) : null }
}

/** The request with its quote, history (oldest first) and payments, for the owner's page. */
export async function findCakeRequestForOwner(requestId: string) {
	const row = await prisma.customCakeRequest.findUnique({
		where: { id: requestId },
		select: {
			...quoteFields,
			/** The account it belongs to: the owner's page links to the customer (decision 067). */
			customerId: true,
			/** The work the quote states, held while the slot is (decision 089). */
			productionSteps: {
				select: { resourceId: true, minutes: true, daysBefore: true, resource: { select: { name: true } } },
				orderBy: [{ daysBefore: 'desc' }, { resource: { sortOrder: 'asc' } }, { resource: { name: 'asc' } }],
			},
			statusChanges: {
				select: { id: true, fromStatus: true, toStatus: true, actor: true, quoteVersion: true, createdAt: true },
				orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
			},
			payments: {
				where: { status: { in: ['PAID', 'NOT_APPLIED'] } },
				select: {
					id: true,
					kind: true,
					method: true,
					status: true,
					amountCents: true,
					walletCents: true,
					heldChargeCents: true,
					paidAt: true,
				},
				orderBy: { createdAt: 'asc' },
			},
		},
	})
	if (!row) return null
	// What a gift card and store credit spent of each payment (decision 087), its late holds included.
	const spent = await listSpentHolds(
		row.payments.flatMap((payment) => [cakePaymentHoldReference(payment.id), lateHoldReference(payment.id)]),
	)
	const spentOn = (paymentId: string, kind: WalletPart) =>
		spent
			.filter(
				(hold) =>
					hold.kind === kind &&
					(hold.reference === cakePaymentHoldReference(paymentId) || hold.reference === lateHoldReference(paymentId)),
			)
			.reduce((sum, hold) => sum + hold.amountCents, 0)
	return withDate({
		...row,
		payments: row.payments.map((payment) => ({
			...payment,
			giftCardCents: spentOn(payment.id, 'GIFT_CARD'),
			storeCreditCents: spentOn(payment.id, 'STORE_CREDIT'),
		})),
	})
}

export type OwnerCakeRequest = NonNullable<Awaited<ReturnType<typeof findCakeRequestForOwner>>>

/** The request as its quote page shows it (the caller has checked the link's version). */
export async function findCakeQuote(requestId: string) {
	const row = await prisma.customCakeRequest.findUnique({ where: { id: requestId }, select: quoteFields })
	return row ? withDate(row) : null
}

export type CakeQuote = NonNullable<Awaited<ReturnType<typeof findCakeQuote>>>

// --- Payments ---

/** A cake payment's holds on the wallet's ledger (decision 087). */
export function cakePaymentHoldReference(paymentId: string): HoldReference {
	return `cake-payment:${paymentId}`
}

/** The holds taken again when a payment is paid after its first holds were released (decision 087). */
function lateHoldReference(paymentId: string): HoldReference {
	return `cake-payment:${paymentId}:late`
}

/** What the customer chose to spend of the wallet: accounts the caller found (a typed code, the signed-in customer). */
export interface CakeWalletChoice {
	giftCardAccountId?: string | null
	storeCreditAccountId?: string | null
}

export type WalletPart = 'GIFT_CARD' | 'STORE_CREDIT'

export type StartPaymentRefusal =
	| { ok: false; reason: 'not-payable' | 'payments-off' | 'gift-card-invalid' }
	| { ok: false; reason: 'gift-card-balance' | 'store-credit-balance'; balanceCents: number }

export type StartPaymentOutcome =
	| {
			ok: true
			paymentId: string
			amountCents: number
			/** What the wallet holds of it; the provider's session charges the rest. */
			walletCents: number
			/** Which kinds of wallet account pay a part, gift card first. */
			walletParts: WalletPart[]
			/** The wallet paid it all: recorded paid already, no session to open. */
			paid: boolean
			customerEmail: string
	  }
	| StartPaymentRefusal

/** Thrown inside a payment's transaction to roll it back (the payment, its holds) with an outcome. */
class PaymentRefused extends Error {
	constructor(readonly outcome: StartPaymentRefusal) {
		super(outcome.reason)
	}
}

function byAccountId<T extends { accountId: string }>(a: T, b: T) {
	return a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0
}

/**
 * A pending payment for what is due now (the deposit of an open quote of this version, or the balance
 * after the deposit), priced from the stored quote, and its wallet holds (decision 087), in one transaction with
 * the request's row locked: the gift card pays what it can, then the store credit, amounts decided here from their
 * balances, holds taken in account id order. A hold refused (spent by another checkout meanwhile) rolls it all back
 * with the balance now. When the wallet pays it all, the payment is recorded paid in the same transaction, as a
 * paid webhook records it; otherwise the caller opens the provider's session for the rest (`sessionPossible`
 * false: there is no provider, so only a payment the wallet covers can start).
 */
export async function startCakePayment(
	requestId: string,
	quoteVersion: number,
	kind: CakePaymentKind,
	now = new Date(),
	{ wallet = {}, sessionPossible = true }: { wallet?: CakeWalletChoice; sessionPossible?: boolean } = {},
): Promise<StartPaymentOutcome> {
	try {
		return await prisma.$transaction(async (tx) => {
			await tx.$executeRaw`SELECT 1 FROM "CustomCakeRequest" WHERE "id" = ${requestId} FOR UPDATE`
			const request = await tx.customCakeRequest.findUnique({
				where: { id: requestId },
				select: {
					status: true,
					quoteVersion: true,
					quoteCents: true,
					depositCents: true,
					paidCents: true,
					quoteValidUntil: true,
					email: true,
				},
			})
			if (!request || request.quoteVersion !== quoteVersion || request.quoteCents === null) {
				throw new PaymentRefused({ ok: false, reason: 'not-payable' })
			}
			const amountCents =
				kind === 'DEPOSIT'
					? request.status === 'QUOTED' && request.quoteValidUntil && request.quoteValidUntil > now
						? request.depositCents
						: null
					: canMove(CAKE_REQUEST_MOVES['balance-paid'], request.status)
						? request.quoteCents - request.paidCents
						: null
			if (!amountCents || amountCents <= 0) throw new PaymentRefused({ ok: false, reason: 'not-payable' })
			const parts = await walletParts(tx, wallet, amountCents)
			const walletCents = parts.reduce((sum, part) => sum + part.amountCents, 0)
			if (walletCents < amountCents && !sessionPossible) {
				throw new PaymentRefused({ ok: false, reason: 'payments-off' })
			}
			const payment = await tx.cakePayment.create({
				data: { requestId, kind, method: 'ONLINE', amountCents, walletCents, quoteVersion },
				select: { id: true },
			})
			for (const part of [...parts].sort(byAccountId)) {
				const held = await holdWalletAmount(
					{ accountId: part.accountId, reference: cakePaymentHoldReference(payment.id), amountCents: part.amountCents },
					tx,
				)
				if (held.outcome === 'held') continue
				if (held.outcome === 'insufficient') {
					throw new PaymentRefused({
						ok: false,
						reason: part.kind === 'GIFT_CARD' ? 'gift-card-balance' : 'store-credit-balance',
						balanceCents: held.balanceCents,
					})
				}
				// Voided meanwhile: a card reads as a code that does not work; credit, as a quote to look at again.
				throw new PaymentRefused({ ok: false, reason: part.kind === 'GIFT_CARD' ? 'gift-card-invalid' : 'not-payable' })
			}
			let paid = false
			if (walletCents === amountCents) {
				const event = { eventId: siteEventId('wallet-paid', 'cake-payment', payment.id), type: 'wallet.paid' }
				// Only what the request takes is paid by the wallet: anything else takes nothing from it.
				if (!(await claimProviderEvent(tx, event)) || (await recordCakePaymentPaid(tx, payment.id)) !== 'paid') {
					throw new PaymentRefused({ ok: false, reason: 'not-payable' })
				}
				paid = true
			}
			return {
				ok: true as const,
				paymentId: payment.id,
				amountCents,
				walletCents,
				walletParts: parts.map((part) => part.kind),
				paid,
				customerEmail: request.email,
			}
		})
	} catch (error) {
		if (error instanceof PaymentRefused) return error.outcome
		throw error
	}
}

/**
 * How much each chosen account pays of `amountCents` (the wallet's one plan, `planWalletSpends`: the gift card what
 * it can, then the credit the rest), from balances read in the payment's transaction.
 */
async function walletParts(tx: Tx, wallet: CakeWalletChoice, amountCents: number) {
	let giftCard: { accountId: string; balanceCents: number; last4: string } | null = null
	if (wallet.giftCardAccountId) {
		const card = await walletAccountBalance(wallet.giftCardAccountId, tx)
		if (!card || card.kind !== 'GIFT_CARD' || !card.active) {
			throw new PaymentRefused({ ok: false, reason: 'gift-card-invalid' })
		}
		if (card.balanceCents <= 0) throw new PaymentRefused({ ok: false, reason: 'gift-card-balance', balanceCents: 0 })
		giftCard = { accountId: wallet.giftCardAccountId, balanceCents: card.balanceCents, last4: '' }
	}
	let storeCredit: { accountId: string; balanceCents: number } | null = null
	if (wallet.storeCreditAccountId) {
		const credit = await walletAccountBalance(wallet.storeCreditAccountId, tx)
		// Credit spent elsewhere since the page showed it: the card pays that part.
		if (credit && credit.kind === 'STORE_CREDIT' && credit.active && credit.balanceCents > 0) {
			storeCredit = { accountId: wallet.storeCreditAccountId, balanceCents: credit.balanceCents }
		}
	}
	return planWalletSpends(amountCents, giftCard, storeCredit).map((spend) => ({
		accountId: spend.accountId,
		kind: (spend.source === 'gift-card' ? 'GIFT_CARD' : 'STORE_CREDIT') as WalletPart,
		amountCents: spend.amountCents,
	}))
}

export async function attachCakePaymentSession(paymentId: string, sessionId: string) {
	await prisma.cakePayment.update({ where: { id: paymentId }, data: { providerSessionId: sessionId } })
}

/** The provider could not open a session: the pending payment is closed and its wallet holds given back. */
export async function markCakePaymentFailed(paymentId: string) {
	await prisma.$transaction((tx) => expirePendingPayment(tx, paymentId))
}

/** A pending payment closed unpaid (expired, cancelled, failed), its holds released with it: true when it moved. */
async function expirePendingPayment(tx: Tx, paymentId: string) {
	const { count } = await tx.cakePayment.updateMany({
		where: { id: paymentId, status: 'PENDING' },
		data: { status: 'EXPIRED' },
	})
	if (count) await settleWalletHolds(cakePaymentHoldReference(paymentId), 'release', tx)
	return count > 0
}

/** Gives back the wallet holds of every payment of a request (none paid: it is being deleted), in its transaction. */
export async function releaseCakePaymentHoldsIn(tx: Tx, requestId: string) {
	const payments = await tx.cakePayment.findMany({ where: { requestId, walletCents: { gt: 0 } }, select: { id: true } })
	for (const { id } of payments) await settleWalletHolds(cakePaymentHoldReference(id), 'release', tx)
}

/**
 * Online payments still pending without a session after `olderThan` (the server stopped between the payment and its
 * session): closed, their wallet holds given back. How many.
 */
export async function expireSessionlessCakePayments(olderThan: Date) {
	const rows = await prisma.cakePayment.findMany({
		where: { status: 'PENDING', method: 'ONLINE', providerSessionId: null, createdAt: { lt: olderThan } },
		select: { id: true },
		take: 100,
	})
	let expired = 0
	for (const { id } of rows) if (await prisma.$transaction((tx) => expirePendingPayment(tx, id))) expired += 1
	return expired
}

/** A cake payment by its provider session (the test payment page, the quote page's return). */
export function findCakePaymentBySessionId(sessionId: string) {
	return prisma.cakePayment.findUnique({
		where: { providerSessionId: sessionId },
		select: {
			id: true,
			kind: true,
			status: true,
			amountCents: true,
			walletCents: true,
			createdAt: true,
			quoteVersion: true,
			request: { select: { id: true, name: true, type: true, size: true, quoteVersion: true, locale: true } },
		},
	})
}

/** Online payments still pending after `olderThan`: their webhook was lost and the customer never came back. */
export async function listLapsedCakePayments(olderThan: Date, take = 100) {
	const rows = await prisma.cakePayment.findMany({
		where: { status: 'PENDING', method: 'ONLINE', providerSessionId: { not: null }, createdAt: { lt: olderThan } },
		select: { providerSessionId: true },
		orderBy: { createdAt: 'asc' },
		take,
	})
	return rows.flatMap((row) => (row.providerSessionId ? [row.providerSessionId] : []))
}

/**
 * The checkout events of a cake payment's session (the same webhook, /test-payment): null when the
 * session is not a cake payment's. Exactly once: the event id is claimed first, the payment moves from
 * PENDING with a conditional update, and the request moves with another (QUOTED or EXPIRED → DEPOSIT_PAID,
 * DEPOSIT_PAID → PAID_IN_FULL). A payment the request no longer needs (a second deposit) is kept as
 * NOT_APPLIED for the owner to refund: one payment counts, however often the customer pays. So is one whose
 * charged amount differs from what the card was to pay (with `heldChargeCents` and the owner's alert; decision
 * 058). Its wallet holds (decision 087) are captured when it is paid and released when it lapses, in the same
 * transaction.
 */
export async function applyCakePaymentEvent(event: CheckoutEvent): Promise<FulfillmentOutcome | null> {
	const payment = await prisma.cakePayment.findUnique({
		where: { providerSessionId: event.sessionId },
		select: { id: true },
	})
	if (!payment) return null
	return prisma.$transaction(async (tx) => {
		if (!(await claimProviderEvent(tx, event))) return 'duplicate'
		if (event.kind === 'ignored') return 'unchanged'
		if (event.kind !== 'paid') return (await expirePendingPayment(tx, payment.id)) ? 'applied' : 'unchanged'
		return (await recordCakePaymentPaid(tx, payment.id, event.charged)) === 'unchanged' ? 'unchanged' : 'applied'
	})
}

/**
 * A paid cake payment, whatever told us (a webhook, the return page, the sweep, the wallet paying it all), inside
 * the caller's transaction after it claimed its event: 'paid' (the request took it), 'not-applied' (kept for the
 * owner to refund), 'held' (charged amount differs, or the wallet's part is gone: the owner's alert), 'unchanged'
 * (recorded already).
 */
async function recordCakePaymentPaid(
	tx: Tx,
	paymentId: string,
	charged?: ChargedAmounts,
): Promise<'paid' | 'not-applied' | 'held' | 'unchanged'> {
	await setActor(tx, 'payment')
	// Claims the payment (its row lock orders a replay behind this one): recorded as paid but not applied
	// until the request takes it below.
	const claimedPayment = await tx.cakePayment.updateMany({
		where: { id: paymentId, status: { in: ['PENDING', 'EXPIRED'] }, paidAt: null },
		data: { status: 'NOT_APPLIED', paidAt: new Date() },
	})
	if (claimedPayment.count === 0) return 'unchanged'
	const pending = await tx.cakePayment.findUniqueOrThrow({
		where: { id: paymentId },
		select: { requestId: true, kind: true, amountCents: true, walletCents: true, quoteVersion: true },
	})
	const cardCents = pending.amountCents - pending.walletCents
	// The wallet's part, spent now; gone (released when the payment lapsed, then spent elsewhere): the card paid
	// less than the cake costs, held for the owner like a charge that differs, the wallet paying nothing.
	if (!(await spendWalletPart(tx, paymentId, pending.walletCents))) {
		await tx.cakePayment.update({
			where: { id: paymentId },
			data: { walletCents: 0, heldChargeCents: charged?.totalCents ?? cardCents },
		})
		await enqueueMail(tx, { kind: 'cake-payment-held-owner', paymentId })
		return 'held'
	}
	// Charged another amount than the card was to pay (decision 058): kept NOT_APPLIED for the owner, the request
	// unmoved.
	if (charged && charged.totalCents !== cardCents) {
		await tx.cakePayment.update({ where: { id: paymentId }, data: { heldChargeCents: charged.totalCents } })
		await enqueueMail(tx, { kind: 'cake-payment-held-owner', paymentId })
		return 'held'
	}
	const applied = await applyToRequest(tx, pending)
	if (!applied) return 'not-applied'
	await tx.cakePayment.update({ where: { id: paymentId }, data: { status: 'PAID' } })
	if (pending.kind === 'DEPOSIT') {
		await enqueueMail(tx, [
			{ kind: 'cake-deposit-received', requestId: pending.requestId },
			{ kind: 'cake-deposit-owner', requestId: pending.requestId },
		])
		const { pickupAt } = await tx.customCakeRequest.findUniqueOrThrow({
			where: { id: pending.requestId },
			select: { pickupAt: true },
		})
		const reminderAt = pickupAt ? new Date(pickupAt.getTime() - 2 * DAY_MS) : null
		if (reminderAt && reminderAt > new Date()) {
			await enqueueMail(tx, { kind: 'cake-balance-reminder', requestId: pending.requestId }, { startAfter: reminderAt })
			await enqueueText(tx, { kind: 'cake-balance-reminder', requestId: pending.requestId }, { startAfter: reminderAt })
		}
	}
	return 'paid'
}

/**
 * Captures a paid payment's wallet holds. Released already (the payment had lapsed): the same amounts are held
 * again on the same accounts, in id order, under the late reference and captured at once, all or none (a savepoint):
 * false when a balance no longer covers its part (nothing spent).
 */
async function spendWalletPart(tx: Tx, paymentId: string, walletCents: number) {
	if (walletCents === 0) return true
	const reference = cakePaymentHoldReference(paymentId)
	const holds = await findWalletHolds(reference, tx)
	if (holds.every((hold) => hold.status === 'HELD')) {
		await settleWalletHolds(reference, 'capture', tx)
		return true
	}
	// A payment's holds settle together; should one still be held, it is given back first so all are taken again.
	await settleWalletHolds(reference, 'release', tx)
	const late = lateHoldReference(paymentId)
	await tx.$executeRaw`SAVEPOINT cake_wallet_late`
	for (const hold of holds) {
		const held = await holdWalletAmount(
			{ accountId: hold.accountId, reference: late, amountCents: hold.amountCents },
			tx,
		)
		if (held.outcome !== 'held') {
			await tx.$executeRaw`ROLLBACK TO SAVEPOINT cake_wallet_late`
			return false
		}
	}
	await settleWalletHolds(late, 'capture', tx)
	await tx.$executeRaw`RELEASE SAVEPOINT cake_wallet_late`
	return true
}

async function applyToRequest(
	tx: Tx,
	payment: { requestId: string; kind: CakePaymentKind; amountCents: number; quoteVersion: number },
) {
	if (payment.kind === 'DEPOSIT') {
		const { from, to } = CAKE_REQUEST_MOVES['deposit-paid']
		const { count } = await tx.customCakeRequest.updateMany({
			where: {
				id: payment.requestId,
				status: { in: [...from] },
				quoteVersion: payment.quoteVersion,
				depositCents: payment.amountCents,
			},
			data: { status: to, paidCents: payment.amountCents },
		})
		if (count === 0) return false
		// Paid after the quote expired (the session was opened in time): the slot is taken again, without the cap.
		const request = await tx.customCakeRequest.findUniqueOrThrow({
			where: { id: payment.requestId },
			select: { slotHeld: true, pickupAt: true, pickupDate: true },
		})
		if (!request.slotHeld && request.pickupAt) {
			await takePickupSlotIn(tx, request.pickupAt, UNLIMITED_SLOT)
			if (request.pickupDate) await holdCakeDay(tx, dateFromColumn(request.pickupDate), null)
			await tx.customCakeRequest.update({ where: { id: payment.requestId }, data: { slotHeld: true } })
			await holdCakeProduction(tx, payment.requestId, false)
		}
		return true
	}
	const { from, to } = CAKE_REQUEST_MOVES['balance-paid']
	const rows = await tx.$queryRaw<Array<{ id: string }>>`
		UPDATE "CustomCakeRequest" SET "status" = ${to}::"CakeRequestStatus", "paidCents" = "quoteCents", "updatedAt" = now()
		WHERE "id" = ${payment.requestId} AND "status"::text = ANY(${[...from]}::text[])
			AND "quoteVersion" = ${payment.quoteVersion} AND "quoteCents" - "paidCents" = ${payment.amountCents}
		RETURNING "id"`
	return rows.length > 0
}

/**
 * A full refund of a cake payment (the owner's decision, made in Stripe): the request is CANCELLED and its
 * slot given back, exactly once. Refunding a payment that was never applied (a second deposit) changes
 * nothing. Null when the session is not a cake payment's (the refund is an order's).
 */
export async function applyCakeRefundEvent(event: {
	eventId: string
	type: string
	sessionId: string | null
}): Promise<FulfillmentOutcome | null> {
	if (!event.sessionId) return null
	const payment = await prisma.cakePayment.findUnique({
		where: { providerSessionId: event.sessionId },
		select: { requestId: true, status: true },
	})
	if (!payment) return null
	return prisma.$transaction(async (tx) => {
		if (!(await claimProviderEvent(tx, event))) return 'duplicate'
		if (payment.status !== 'PAID') return 'unchanged'
		await setActor(tx, 'payment')
		const { from, to } = CAKE_REQUEST_MOVES.refunded
		const { count } = await tx.customCakeRequest.updateMany({
			where: { id: payment.requestId, status: { in: [...from] } },
			data: { status: to },
		})
		if (count === 0) return 'unchanged'
		await releaseSlotIn(tx, payment.requestId)
		return 'applied'
	})
}

/**
 * The cakes whose quote holds its slot with work on `productionDate` (decision 089): one row per cake and resource,
 * for the bake sheet's schedule; the step's day is the pickup date less its days before (0–7).
 */
export async function listHeldCakeSteps(productionDate: LocalDate) {
	const rows = await prisma.cakeProductionStep.findMany({
		where: {
			request: {
				slotHeld: true,
				pickupDate: { gte: dateColumn(productionDate), lte: dateColumn(addLocalDays(productionDate, 7)) },
			},
		},
		select: {
			resourceId: true,
			minutes: true,
			daysBefore: true,
			request: { select: { id: true, name: true, type: true, size: true, pickupAt: true, pickupDate: true } },
		},
	})
	return rows.filter(
		(row) =>
			row.request.pickupDate !== null &&
			addLocalDays(dateFromColumn(row.request.pickupDate), -row.daysBefore) === productionDate,
	)
}

/** The custom cakes booked (deposit paid or later) for a pickup date, by pickup time: the owner's day view and prep list. */
export async function listCakesForPickupDate(date: LocalDate) {
	return prisma.customCakeRequest.findMany({
		where: { pickupDate: dateColumn(date), status: { in: ['DEPOSIT_PAID', 'PAID_IN_FULL', 'PICKED_UP'] } },
		select: {
			id: true,
			name: true,
			phone: true,
			type: true,
			size: true,
			message: true,
			quoteNotes: true,
			status: true,
			pickupAt: true,
			quoteCents: true,
			paidCents: true,
		},
		orderBy: [{ pickupAt: 'asc' }, { id: 'asc' }],
	})
}
