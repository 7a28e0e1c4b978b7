import crypto from 'node:crypto'
import Stripe from 'stripe'
import { getEnv } from '~/utils/env.server'
import type { Locale } from '~/utils/i18n'
import type { TaxCategory } from '~/domain/orders/sales-tax'
import { findTestSession, type SessionKind } from './models/test-sessions.server'

export type { SessionKind }

interface CheckoutLine {
	name: string
	/** The chosen options in words, shown under the name on the payment page. */
	description?: string
	unitAmountCents: number
	quantity: number
	taxCategory: TaxCategory
}

interface CreateSessionInput {
	/** The order's id, or the cake payment's: Stripe's client reference, `metadata.orderId` and idempotency key. */
	orderId: string
	lines: CheckoutLine[]
	/** Sales tax worked out by the shop (a configured rate): charged as its own 'Sales tax' line. */
	taxCents: number
	/** A promo code's discount (decision 080): an ad-hoc coupon of this amount, shown by Stripe as a discount. */
	discount?: { code: string; amountCents: number }
	/**
	 * What a gift card or store credit pays of it (decision 086), held on the wallet's ledger already: Stripe charges
	 * only the rest. Stripe takes one discount per session, so this and `discount` are one coupon, named after both.
	 */
	wallet?: { name: string; amountCents: number }
	/** The customer's tip: its own line, never taxed (Stripe Tax's Nontaxable code). */
	tip?: { name: string; amountCents: number }
	/** Stripe Tax works the tax out instead (STRIPE_TAX=true). */
	automaticTax: boolean
	currency: string
	/** Missing: a phone order without an e-mail (decision 075); the payment page asks for one. */
	customerEmail?: string
	successUrl: string
	cancelUrl: string
	/** The chosen pickup, ISO instant, recorded in the session's metadata. */
	pickupAt?: string
	/** Said on the hosted payment page beside the Pay button, e.g. 'Pickup Tue, Nov 24 at 9:00 AM …'. */
	pickupText?: string
	/** The customer's language: the hosted page opens in it (missing: Stripe guesses from the browser). */
	locale?: Locale
	/** More of the session's metadata (a cake quote's payment names its request and part). */
	metadata?: Record<string, string>
}

interface SessionState {
	id: string
	paid: boolean
	status: 'open' | 'complete' | 'expired'
	/** What it charged (Stripe: amount_total and Stripe Tax's amount_tax). */
	charged?: ChargedAmounts
}

export interface ChargedAmounts {
	totalCents: number
	taxCents: number
}

/** The amount and tax a Stripe session charged (Stripe Tax's tax is known only once paid). */
export function chargedAmounts(session: Stripe.Checkout.Session): ChargedAmounts | undefined {
	if (typeof session.amount_total !== 'number') return undefined
	return { totalCents: session.amount_total, taxCents: session.total_details?.amount_tax ?? 0 }
}

/**
 * Stripe in production; a local test page with the same contract where no Stripe key is set. The only way
 * to open, read, close and refund a hosted payment session, for orders and cake payments alike: get one
 * with `paymentProvider(kind)` (or `providerOfSession` for a payment taken earlier). Decision 054.
 */
export interface PaymentProvider {
	readonly kind: 'stripe' | 'test'
	createCheckoutSession(input: CreateSessionInput): Promise<{ sessionId: string; url: string }>
	/** Null when the provider has no such session. Throws when it cannot be asked. */
	retrieveSession(sessionId: string): Promise<SessionState | null>
	/**
	 * Closes an unpaid session so it can no longer be paid: true once it cannot be (closed now or already),
	 * false when it was paid or the provider could not be reached.
	 */
	expireSession(sessionId: string): Promise<boolean>
	/** Refunds the whole payment of a session; throws `RefundFailed` (nothing refunded) when it cannot. */
	refundPayment(input: RefundInput): Promise<void>
}

interface RefundInput {
	sessionId: string
	/** The order's (or cake payment's) id: the refund's metadata and idempotency key. */
	orderId: string
}

/** The provider did not refund: `message` says why, in the provider's words. */
export class RefundFailed extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'RefundFailed'
	}
}

/** The 30 minutes, Stripe's minimum: the pickup hold lasts as long as the session can be paid. */
export const CHECKOUT_SESSION_MINUTES = 30
/** Stripe measures `expires_at` from when it receives the request: a little slack keeps it at 30 minutes or more. */
const EXPIRY_SLACK_SECONDS = 15

/** A pending payment is settled by a sweep once its session has certainly lapsed (its lifetime and a minute). */
export const SWEEP_GRACE_MS = (CHECKOUT_SESSION_MINUTES + 1) * 60_000

/** The Unix time a new session expires. */
export function checkoutSessionExpiresAt(now = Date.now()) {
	return Math.floor(now / 1000) + CHECKOUT_SESSION_MINUTES * 60 + EXPIRY_SLACK_SECONDS
}

const SALES_TAX_LINE = 'Sales tax'
/** Stripe Tax's "Nontaxable" product tax code: a tip is the staff's, not a sale (decision 080). */
const NONTAXABLE_TAX_CODE = 'txcd_00000000'

/** The session's lines: the order's, each with its options and tax code, and the shop's tax as one more line. */
function stripeLineItems(input: CreateSessionInput): Stripe.Checkout.SessionCreateParams.LineItem[] {
	const env = getEnv()
	const taxCodes: Record<TaxCategory, string> = {
		BAKERY: env.STRIPE_TAX_CODE_BAKERY,
		PREPARED_FOOD: env.STRIPE_TAX_CODE_PREPARED_FOOD,
	}
	const lines: Stripe.Checkout.SessionCreateParams.LineItem[] = input.lines.map((line) => ({
		quantity: line.quantity,
		price_data: {
			currency: input.currency,
			unit_amount: line.unitAmountCents,
			product_data: {
				name: line.name,
				...(line.description ? { description: line.description } : {}),
				...(input.automaticTax ? { tax_code: taxCodes[line.taxCategory] } : {}),
			},
			...(input.automaticTax ? { tax_behavior: 'exclusive' as const } : {}),
		},
	}))
	if (input.taxCents > 0) {
		lines.push({
			quantity: 1,
			price_data: { currency: input.currency, unit_amount: input.taxCents, product_data: { name: SALES_TAX_LINE } },
		})
	}
	if (input.tip) {
		lines.push({
			quantity: 1,
			price_data: {
				currency: input.currency,
				unit_amount: input.tip.amountCents,
				product_data: {
					name: input.tip.name,
					...(input.automaticTax ? { tax_code: NONTAXABLE_TAX_CODE } : {}),
				},
				...(input.automaticTax ? { tax_behavior: 'exclusive' as const } : {}),
			},
		})
	}
	return lines
}

/**
 * The promo code's discount and the wallet's part as Stripe shows discounts: a one-off coupon for exactly the amount
 * the server priced, named after what makes it up, usable once (its idempotency key is the order's: a retry makes no
 * second coupon). The shop's own tax is a line of the session, so the coupon never changes the tax charged.
 */
async function discountCoupon(input: CreateSessionInput) {
	const parts = [
		...(input.discount ? [{ name: input.discount.code, amountCents: input.discount.amountCents }] : []),
		...(input.wallet ? [input.wallet] : []),
	].filter((part) => part.amountCents > 0)
	if (parts.length === 0) return []
	const coupon = await getStripe().coupons.create(
		{
			amount_off: parts.reduce((sum, part) => sum + part.amountCents, 0),
			currency: input.currency,
			duration: 'once',
			max_redemptions: 1,
			// Stripe shows at most 40 characters of a coupon's name.
			name: parts
				.map((part) => part.name)
				.join(' + ')
				.slice(0, 40),
			metadata: { orderId: input.orderId },
		},
		{ idempotencyKey: `coupon-${input.orderId}` },
	)
	return [{ coupon: coupon.id }]
}

let stripeClient: Stripe | undefined

export function getStripe() {
	const env = getEnv()
	if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set')
	stripeClient ??= new Stripe(env.STRIPE_SECRET_KEY, {
		timeout: env.STRIPE_TIMEOUT_MS,
		maxNetworkRetries: 2, // safe: every create carries an idempotency key
		host: env.STRIPE_API_HOST,
		port: env.STRIPE_API_PORT,
		protocol: env.STRIPE_API_PROTOCOL,
		appInfo: { name: 'bakery-website' },
	})
	return stripeClient
}

const stripeProvider: PaymentProvider = {
	kind: 'stripe',
	async createCheckoutSession(input) {
		const discounts = await discountCoupon(input)
		const session = await getStripe().checkout.sessions.create(
			{
				mode: 'payment',
				line_items: stripeLineItems(input),
				...(discounts.length > 0 ? { discounts } : {}),
				...(input.automaticTax ? { automatic_tax: { enabled: true } } : {}),
				...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
				client_reference_id: input.orderId,
				metadata: {
					...input.metadata,
					orderId: input.orderId,
					...(input.pickupAt ? { pickupAt: input.pickupAt } : {}),
				},
				payment_intent_data: { metadata: { orderId: input.orderId } },
				...(input.pickupText ? { custom_text: { submit: { message: input.pickupText } } } : {}),
				success_url: input.successUrl,
				cancel_url: input.cancelUrl,
				expires_at: checkoutSessionExpiresAt(),
				locale: input.locale ? STRIPE_LOCALES[input.locale] : 'auto',
			},
			// A retried request for the same order returns the same session instead of a second one.
			{ idempotencyKey: `checkout-session-${input.orderId}` },
		)
		if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`)
		return { sessionId: session.id, url: session.url }
	},
	async retrieveSession(sessionId): Promise<SessionState | null> {
		if (!/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return null
		try {
			const session = await getStripe().checkout.sessions.retrieve(sessionId)
			return {
				id: session.id,
				paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
				status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
				charged: chargedAmounts(session),
			}
		} catch (error) {
			if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
			throw error
		}
	},
	async expireSession(sessionId) {
		try {
			await getStripe().checkout.sessions.expire(sessionId)
			return true
		} catch (error) {
			// Already expired is as good; paid (complete) or unreachable is not.
			const state = await stripeProvider.retrieveSession(sessionId).catch(() => null)
			if (state?.status === 'expired') return true
			console.error(`Could not expire checkout session ${sessionId}: ${String(error)}`)
			return false
		}
	},
	async refundPayment({ sessionId, orderId }) {
		try {
			const session = await getStripe().checkout.sessions.retrieve(sessionId)
			const paymentIntent =
				typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id
			if (!paymentIntent) throw new RefundFailed('Stripe has no payment for this order.')
			await getStripe().refunds.create(
				{ payment_intent: paymentIntent, metadata: { orderId } },
				// A retried or double-clicked refund is the same refund.
				{ idempotencyKey: `refund-${orderId}` },
			)
		} catch (error) {
			if (error instanceof RefundFailed) throw error
			// Refunded already (e.g. in Stripe's dashboard): the money is back, which is what was asked.
			if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return
			if (error instanceof Stripe.errors.StripeError) throw new RefundFailed(error.message)
			throw error
		}
	},
}

/** Stripe Checkout's language for each of the site's (Latin American Spanish, Brazilian Portuguese). */
export const STRIPE_LOCALES = {
	en: 'en',
	es: 'es-419',
	'pt-BR': 'pt-BR',
} as const satisfies Record<Locale, Stripe.Checkout.SessionCreateParams.Locale>

const TEST_SESSION_PREFIX = 'test_cs_'

/** The test provider's sessions last as long as Stripe's: past that they can no longer be paid. */
export function testSessionExpired(createdAt: Date, now = new Date()) {
	return now.getTime() - createdAt.getTime() > CHECKOUT_SESSION_MINUTES * 60_000
}

/**
 * Development stand-in for Stripe: the "hosted page" is /test-payment/<id> on this site. Its sessions' state is
 * the row of the session's kind (the order, or the cake payment), so each kind has its own test provider.
 */
function createTestProvider(kind: SessionKind): PaymentProvider {
	async function retrieveSession(sessionId: string): Promise<SessionState | null> {
		const row = await findTestSession(kind, sessionId)
		if (!row) return null
		const status = row.paid ? 'complete' : row.pending && !testSessionExpired(row.createdAt) ? 'open' : 'expired'
		return { id: sessionId, paid: row.paid, status }
	}
	return {
		kind: 'test',
		async createCheckoutSession(input) {
			const sessionId = `${TEST_SESSION_PREFIX}${crypto.randomBytes(12).toString('hex')}`
			const url = new URL(`/test-payment/${sessionId}`, input.successUrl)
			return { sessionId, url: url.toString() }
		},
		retrieveSession,
		// Nothing to close: the page takes no payment once its order or cake payment has left PENDING.
		async expireSession(sessionId) {
			return !(await retrieveSession(sessionId))?.paid
		},
		// Nothing was charged: there is nothing to give back.
		async refundPayment() {},
	}
}

const testProviders: Record<SessionKind, PaymentProvider> = {
	order: createTestProvider('order'),
	'cake-payment': createTestProvider('cake-payment'),
	'gift-card': createTestProvider('gift-card'),
}

export type PaymentMode = 'stripe' | 'test' | 'disabled'

export function paymentMode(): PaymentMode {
	const env = getEnv()
	if (env.PAYMENTS_DISABLED) return 'disabled'
	if (env.STRIPE_SECRET_KEY) return 'stripe'
	// The env schema refuses production without Stripe keys, so this is never production.
	return env.NODE_ENV === 'production' ? 'disabled' : 'test'
}

/** The provider set up here for a new payment of this kind (null: payments are off). */
export function paymentProvider(kind: SessionKind): PaymentProvider | null {
	const mode = paymentMode()
	if (mode === 'stripe') return stripeProvider
	if (mode === 'test') return testProviders[kind]
	return null
}

/**
 * The id under which the site records what it learnt of a session itself (the success page, the sweep), once per
 * source, kind and session: an order's and a cake payment's never claim each other's (issue 35). 'wallet-paid': a
 * payment the wallet paid in full, which has no session (decision 087), under its payment's id.
 */
export function siteEventId(
	source: 'success' | 'sweep-paid' | 'sweep-expired' | 'wallet-paid',
	kind: SessionKind,
	sessionId: string,
) {
	return `${source}:${kind}:${sessionId}`
}

/** The provider that opened `sessionId` (refunding a payment taken earlier), if it is the one set up here. */
export function providerOfSession(kind: SessionKind, sessionId: string): PaymentProvider | null {
	const provider = paymentProvider(kind)
	const isTestSession = sessionId.startsWith(TEST_SESSION_PREFIX)
	return provider && isTestSession === (provider.kind === 'test') ? provider : null
}
